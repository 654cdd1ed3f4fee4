package ls

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestLsNamesWithNewlines: a long listing's line that does not start like
// an entry is the rest of the name (or link target) before it, as ls
// prints names as they are; the line count stays accounted for.
func TestLsNamesWithNewlines(t *testing.T) {
	raw := "total 0\n" +
		"-rw-r--r-- 1 a b 0 Mar  6 09:23 new\nline\n" +
		"lrwxrwxrwx 1 a b 6 Mar  6 09:23 l -> tgt\nab\n" +
		"lrwxrwxrwx 1 a b 1 Mar  6 09:23 two\nlines -> c\n" +
		"lrwxrwxrwx 1 a b 6 Mar  6 09:23 a -> b -> x -> y\n" +
		"-rw-r--r-- 1 a b 0 Mar  6 09:23 plain\n"
	res := catalogtest.Parse(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	es := res.Value.(*LsResult).Entries
	type nt struct{ name, target string }
	var got []nt
	for _, e := range es {
		got = append(got, nt{e.Name, e.SymlinkTarget})
	}
	want := []nt{{"new\nline", ""}, {"l", "tgt\nab"}, {"two\nlines", "c"}, {"a -> b", "x -> y"}, {"plain", ""}}
	if !slices.Equal(got, want) || len(res.UnreadLines) != 0 || res.JoinedLines != 3 {
		t.Fatalf("got %q unread %v joined %d", got, res.UnreadLines, res.JoinedLines)
	}
	// ls's own message in the same stream is not the rest of a name.
	res = catalogtest.Parse(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\nls: cannot open directory 'd': Permission denied\n", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, es), res.UnreadLines)
	}
	// A line with a mode of a type the parser does not take is an entry
	// it cannot read, not the rest of the name before.
	res = catalogtest.Parse(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\nerw-r--r-- 1 a b 0 Mar  6 09:23 y\n", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, es), res.UnreadLines)
	}
	// A piece of a line where a capture was cut is not the rest of a name.
	res = catalogtest.Parse(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\n-rw", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, es), res.UnreadLines)
	}
	// A line shaped like an entry that does not read is unread alone.
	res = catalogtest.Parse(t, testRegistry(), "ls", []string{"-l"}, catalog.Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\n-rw-r--r-- 1 a b ? Mar  6 09:23 y\n", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, es), res.UnreadLines)
	}
}
