package stat

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestStatForms(t *testing.T) {
	// A symlink whose name and target both hold " -> ": the size (the
	// target's length) says where to split.
	raw := "  File: a -> b -> c -> d\n" +
		"  Size: 6         \tBlocks: 0          IO Block: 4096   symbolic link\n" +
		"Device: 254,0\tInode: 12          Links: 1\n" +
		"Access: (0777/lrwxrwxrwx)  Uid: ( 1000/   alice)   Gid: ( 1000/   alice)\n" +
		"Context: unconfined_u:object_r:user_home_t:s0\n" +
		"Access: 2026-11-29 09:41:07.123456789 +0530\n" +
		"Modify: 2026-11-29 09:41:07.123456789 +0530\n" +
		"Change: 2026-11-29 09:41:07.123456789 +0530\n" +
		" Birth: -\n"
	res := catalogtest.Parse(t, testRegistry(), "stat", []string{"a -> b"}, catalog.Linux, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*StatResult).Entries[0]
	if e.File != "a -> b" || e.SymlinkTarget != "c -> d" || e.BornAt != "" || e.SecurityContext == "" ||
		e.AccessedAt != "2026-11-29T09:41:07.123456789+05:30" {
		t.Fatalf("got %+v", e)
	}
	// An unreadable block is reported and the next one still read.
	bad := strings.Replace(raw, "Inode: 12", "Inode: x", 1)
	res = catalogtest.Parse(t, testRegistry(), "stat", []string{"a", "b"}, catalog.Linux, bad+raw, 0)
	if n := len(res.Value.(*StatResult).Entries); n != 1 || !slices.Equal(res.UnreadLines, []int{1}) {
		t.Fatalf("%d entries, unread %v", n, res.UnreadLines)
	}
	// BSD's one line is refused nowhere, but a line that does not follow
	// the documented field order is not guessed at.
	res = catalogtest.Parse(t, testRegistry(), "stat", []string{"f"}, catalog.Darwin, `16777233 1 -rw-r--r-- 1 alice staff 0 12 "Nov 29 09:41:07 2026" f`+"\n", 0)
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("short BSD line: %+v", res)
	}
	// GNU terse lines that read both as GNU and as BusyBox are refused.
	res = catalogtest.Parse(t, testRegistry(), "stat", []string{"-t", "x 5"}, catalog.Linux, "x 18 8 8000 8000 0 65 9 1 0 0 1 2 3 4 4096\n", 0)
	if res.Err == nil {
		t.Fatalf("ambiguous terse line read as %s", catalogtest.JsonOf(t, res.Value))
	}
}

func TestStatNamesWithNewlines(t *testing.T) {
	// BSD's line ends with the name: the line before a broken one is not
	// whole either. GNU -t starts with it: the line after is not.
	line := `16777233 1 -rw-r--r-- 1 alice staff 0 12 "Nov 29 09:41:07 2026" "Nov 29 09:41:07 2026" "Nov 29 09:41:07 2026" "Nov 29 09:41:07 2026" 4096 8 0 `
	res := catalogtest.Parse(t, testRegistry(), "stat", []string{"ok", "new\nline"}, catalog.Darwin, line+"ok\n"+line+"new\nline\n", 0)
	if e := res.Value.(*StatResult).Entries; len(e) != 1 || e[0].File != "ok" || !slices.Equal(res.UnreadLines, []int{2, 3}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, e), res.UnreadLines)
	}
	terse := " 18 8 81a4 0 0 fe00 9 1 0 0 1 2 3 4 4096\n"
	res = catalogtest.Parse(t, testRegistry(), "stat", []string{"-t", "new\nline", "ok"}, catalog.Linux, "new\nline"+terse+"ok"+terse, 0)
	if e := res.Value.(*StatResult).Entries; len(e) != 1 || e[0].File != "ok" || !slices.Equal(res.UnreadLines, []int{1, 2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, e), res.UnreadLines)
	}
}
