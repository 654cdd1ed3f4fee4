package ls

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestLsTimeForms(t *testing.T) {
	tests := []struct {
		line, want string
		inferred   bool
	}{
		{"-rw-r--r-- 1 a b 5 Mar  6 09:23 x", "2026-03-06T09:23:00+00:00", true},
		{"-rw-r--r-- 1 a b 5 Nov 30 11:59 x", "2026-11-30T11:59:00+00:00", true}, // within a day ahead
		{"-rw-r--r-- 1 a b 5 Dec  1 09:00 x", "2025-12-01T09:00:00+00:00", true}, // more than a day ahead
		{"-rw-r--r-- 1 a b 5 Mar  6  2024 x", "2024-03-06T00:00:00+00:00", false},
		{"-rw-r--r-- 1 a b 5 2026-03-06 09:23 x", "2026-03-06T09:23:00+00:00", false},
		{"-rw-r--r-- 1 a b 5 2026-03-06 09:23:45.123456789 +0530 x", "2026-03-06T09:23:45.123456789+05:30", false},
		{"-rw-r--r-- 1 a b 5 2026-03-06 09:23:45 -0800 x", "2026-03-06T09:23:45-08:00", false},
		{"-rw-r--r-- 1 a b 5 Mar  6 09:23:45 2026 x", "2026-03-06T09:23:45+00:00", false},
		{"-rw-r--r-- 1 a b 5 03-06 09:23 x", "2026-03-06T09:23:00+00:00", true},
		{"-rw-r--r-- 1 a b 5 2024-03-06  x", "2024-03-06T00:00:00+00:00", false},
		{"-rw-r--r-- 1 a b 5 Feb 29  2024 x", "2024-02-29T00:00:00+00:00", false},
	}
	for _, tc := range tests {
		res := catalogtest.ParseWith(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, tc.line+"\n")
		if res.Err != nil {
			t.Errorf("%q: %v", tc.line, res.Err)
			continue
		}
		ls := res.Value.(*LsResult)
		if len(ls.Entries) != 1 || ls.Entries[0].ModifiedAt != tc.want || ls.Entries[0].Name != "x" {
			t.Errorf("%q: got %+v, want %s", tc.line, ls.Entries, tc.want)
			continue
		}
		if ls.YearInferred != tc.inferred {
			t.Errorf("%q: year_inferred %v", tc.line, ls.YearInferred)
		}
	}
	// Impossible dates are not guessed at.
	for _, line := range []string{
		"-rw-r--r-- 1 a b 5 Feb 30  2024 x",
		"-rw-r--r-- 1 a b 5 Feb 29  2025 x",
		"-rw-r--r-- 1 a b 5 Feb 29 10:00 x", // neither 2026 nor 2025 has one
		"-rw-r--r-- 1 a b 5 Mar  6 24:00 x",
		"-rw-r--r-- 1 a b 5 2026-13-06 09:23 x",
	} {
		res := catalogtest.ParseWith(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, line+"\n")
		if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
			t.Errorf("%q: got %+v", line, res.Value)
		}
	}
}

func TestLsNames(t *testing.T) {
	raw := "total 0\n" +
		"lrwxrwxrwx 1 a b 6 Mar  6 09:23 my link -> a -> b\n" + // 6: the target's length
		"-rw-r--r-- 1 a b 5 Mar  6 09:23 not -> a link\n" +
		"-rw-r--r-- 1 a b 5 Mar  6 09:23  lead and trail  \n" +
		"crw-rw-rw- 1 root root 1,   3 Mar  6 09:23 null\n" +
		"brw-rw---- 1 root disk 259, 0x00000101 Mar  6 09:23 nvme\n" +
		"crw-rw-rw- 1 root wheel 0x17 Mar  6 09:23 bsdnull\n"
	res := catalogtest.ParseWith(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*LsResult).Entries
	if len(e) != 6 {
		t.Fatalf("%d entries", len(e))
	}
	if e[0].Name != "my link" || e[0].SymlinkTarget != "a -> b" {
		t.Errorf("symlink split on the first arrow: %q -> %q", e[0].Name, e[0].SymlinkTarget)
	}
	if e[1].Name != "not -> a link" || e[1].SymlinkTarget != "" {
		t.Errorf("arrow in a file name: %+v", e[1])
	}
	if e[2].Name != " lead and trail  " {
		t.Errorf("spaces not kept: %q", e[2].Name)
	}
	if d := e[3].Device; d == nil || *d.Major != 1 || *d.Minor != 3 || e[3].SizeBytes != nil {
		t.Errorf("device: %+v", e[3])
	}
	if d := e[4].Device; d == nil || *d.Major != 259 || *d.Minor != 257 {
		t.Errorf("hex minor: %+v", e[4].Device)
	}
	if d := e[5].Device; d == nil || d.Number == nil || *d.Number != 0x17 || d.Major != nil {
		t.Errorf("single device number: %+v", e[5].Device)
	}
	// -Q reads names with newlines exactly.
	res = catalogtest.ParseWith(t, testRegistry(), "ls", []string{"-lQ"}, catalog.Linux, `-rw-r--r-- 1 a b 5 Mar  6 09:23 "new\nline \"q\" \303\251"`+"\n"+
		`lrwxrwxrwx 1 a b 5 Mar  6 09:23 "l -> x" -> "t -> y"`+"\n")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e = res.Value.(*LsResult).Entries
	if e[0].Name != "new\nline \"q\" é" || e[1].Name != "l -> x" || e[1].SymlinkTarget != "t -> y" {
		t.Errorf("quoted names: %q %q %q", e[0].Name, e[1].Name, e[1].SymlinkTarget)
	}
}
