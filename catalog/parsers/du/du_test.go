package du

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestDuTotalAndNull(t *testing.T) {
	// A directory named total is an entry; only the last line is the total.
	raw := "8\t./total\n4\t./a b\n12\t.\n12\ttotal\n"
	res := catalogtest.Parse(t, testRegistry(), "du", []string{"-c", "."}, catalog.Linux, raw, 0)
	d := res.Value.(*DuResult)
	if len(d.Entries) != 3 || d.Entries[0].Path != "./total" || d.Total == nil || *d.Total.SizeBytes != 12*1024 || d.Total.Path != "" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, d))
	}
	// A path holding newlines is kept whole by the line shape: the lines
	// that do not start with a size continue the path before.
	res = catalogtest.Parse(t, testRegistry(), "du", []string{"-a"}, catalog.Linux, "4\t./ok\n4\t./new\nline\nthree\n8\t.\n", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 3 || d.Entries[1].Path != "./new\nline\nthree" ||
		*d.Entries[1].SizeBytes != 4096 || d.Entries[2].Path != "." || len(res.UnreadLines) != 0 || len(res.Warnings) != 1 {
		t.Fatalf("got %s unread %v warnings %v", catalogtest.JsonOf(t, d), res.UnreadLines, res.Warnings)
	}
	// du's own message in the same stream is not the rest of a path.
	res = catalogtest.Parse(t, testRegistry(), "du", []string{"-a"}, catalog.Linux, "4\t./ok\ndu: cannot read directory './x': Permission denied\n8\t.\n", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 2 || d.Entries[0].Path != "./ok" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, d), res.UnreadLines)
	}
	// A piece of a line where a capture was cut is not the rest of a path.
	res = catalogtest.Parse(t, testRegistry(), "du", []string{"-a"}, catalog.Linux, "4\t./ok\n12", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 1 || d.Entries[0].Path != "./ok" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, d), res.UnreadLines)
	}
	// Text before any entry is not a path.
	res = catalogtest.Parse(t, testRegistry(), "du", []string{"-a"}, catalog.Linux, "du: cannot read\n4\t./ok\n", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 1 || !slices.Equal(res.UnreadLines, []int{1}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, d), res.UnreadLines)
	}
	// Without -c, "total" is just a path.
	res = catalogtest.Parse(t, testRegistry(), "du", []string{"-s", "total"}, catalog.Linux, "8\ttotal\n", 0)
	if d := res.Value.(*DuResult); d.Total != nil || len(d.Entries) != 1 {
		t.Fatalf("got %s", catalogtest.JsonOf(t, d))
	}
	// -0 keeps newlines in names; max_items applies before the total.
	res = catalogtest.Parse(t, testRegistry(), "du", []string{"-0ac"}, catalog.Linux, "4\ta\nb\x004\tc\x008\t.\x008\ttotal\x00", 1)
	d = res.Value.(*DuResult)
	if len(d.Entries) != 1 || d.Entries[0].Path != "a\nb" || d.Total == nil || res.RowsOmitted != 2 {
		t.Fatalf("got %s omitted %d", catalogtest.JsonOf(t, d), res.RowsOmitted)
	}
}
