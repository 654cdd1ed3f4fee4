package windows

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestWinNumber(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "18,432": 18432, "120,345,678,848": 120345678848, "18.432": 18432, "1\u00a0234": 1234,
		"1\u202f234\u202f567": 1234567, "4294967296": 4294967296,
	} {
		if got, ok := winNumber(in); !ok || got != want {
			t.Errorf("winNumber(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", ",123", "1,23", "12,3456", "1,234,", "12a", "1..234"} {
		if got, ok := winNumber(in); ok {
			t.Errorf("winNumber(%q) = %d, accepted", in, got)
		}
	}
}

func TestDirDates(t *testing.T) {
	// Slash dates read month first unless a first number is above 12; a
	// listing whose dates contradict each other is not read.
	row := func(date string) string {
		return date + "  09:41 AM            18,432 a b.txt\r\n"
	}
	res := catalogtest.ParseWith(t, testRegistry(), "dir", nil, catalog.Windows, row("02/03/2026"))
	if res.Err != nil || res.Value.(*DirResult).Entries[0].ModifiedAt != "2026-02-03T09:41:00+00:00" {
		t.Fatalf("month first: %+v %v", res.Value, res.Err)
	}
	res = catalogtest.ParseWith(t, testRegistry(), "dir", nil, catalog.Windows, row("02/03/2026")+row("13/03/2026"))
	if res.Err != nil || res.Value.(*DirResult).Entries[0].ModifiedAt != "2026-03-02T09:41:00+00:00" || res.Value.(*DirResult).DateFormat != "DD/MM/YYYY" {
		t.Fatalf("day first: %+v %v", res.Value, res.Err)
	}
	res = catalogtest.ParseWith(t, testRegistry(), "dir", nil, catalog.Windows, row("03/13/2026")+row("13/03/2026"))
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("contradicting dates: %+v", res.Value)
	}
	res = catalogtest.ParseWith(t, testRegistry(), "dir", nil, catalog.Windows, row("02/30/2026"))
	if res.Err == nil {
		t.Fatalf("February 30th: %+v", res.Value)
	}
}

func TestTasklistNamesAreNotPadded(t *testing.T) {
	raw := "\r\nImage Name                     PID Session Name        Session#    Mem Usage\r\n" +
		"========================= ======== ================ =========== ============\r\n" +
		"a b.exe                         12                            0          8 K\r\n" +
		"broken line\r\n"
	res := catalogtest.ParseWith(t, testRegistry(), "tasklist", nil, catalog.Windows, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := res.Value.(*TasklistResult).Processes
	if len(p) != 1 || p[0].Name != "a b.exe" || p[0].SessionName != "" || *p[0].MemUsageKiB != 8 || !slices.Equal(res.UnreadLines, []int{5}) {
		t.Fatalf("got %+v unread %v", p, res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Fatal(err)
	}
}
