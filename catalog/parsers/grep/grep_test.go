package grep

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestGrepNames(t *testing.T) {
	// With explicit file operands the name is the operand, even one holding
	// ":<digits>:"; the text keeps every colon.
	raw := "a:5:b.txt:1:x 12:30:45\nplain.txt:2:y\n"
	res := catalogtest.Parse(t, testRegistry(), "grep", []string{"-n", "x", "a:5:b.txt", "plain.txt"}, catalog.Linux, raw, 0)
	m := res.Value.(*GrepResult).Matches
	if len(m) != 2 || m[0].File != "a:5:b.txt" || *m[0].LineNumber != 1 || m[0].Text != "x 12:30:45" || m[1].File != "plain.txt" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, m))
	}
	if len(res.Warnings) != 0 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// Recursively the first split is taken, and the ambiguity is said.
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-rn", "x", "."}, catalog.Linux, "./a:5:b.txt:1:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; m[0].File != "./a" || len(res.Warnings) != 1 {
		t.Fatalf("got %s %q", catalogtest.JsonOf(t, m), res.Warnings)
	}
	// -Z splits exactly, context lines included; "--" separates groups.
	raw = "./a:5:b.txt\x001:x\n./a:5:b.txt\x002-next\n--\n./c\x009:x\n"
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-rnZ", "-A1", "x", "."}, catalog.Linux, raw, 0)
	m = res.Value.(*GrepResult).Matches
	if len(m) != 3 || m[0].File != "./a:5:b.txt" || !m[1].Context || m[1].Text != "next" || m[2].File != "./c" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, m))
	}
	// Context lines without file names.
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-n", "-B", "1", "x", "f"}, catalog.Linux, "4-before\n5:x\n--\n9-b\n10:x\n", 0)
	m = res.Value.(*GrepResult).Matches
	if len(m) != 4 || !m[0].Context || m[1].Context || *m[3].LineNumber != 10 {
		t.Fatalf("got %s", catalogtest.JsonOf(t, m))
	}
	// Empty matching lines count without -n; with -n an empty line is
	// reported.
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"^$", "f"}, catalog.Linux, "\n\n", 0)
	if m := res.Value.(*GrepResult).Matches; len(m) != 2 || m[0].Text != "" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, m))
	}
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-n", "x", "f"}, catalog.Linux, "1:x\n\n", 0)
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("unread %v", res.UnreadLines)
	}
	// -r with one operand: names appear only when it is a directory.
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-rn", "x", "src"}, catalog.Linux, "src/a.go:3:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; m[0].File != "src/a.go" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, m))
	}
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-rn", "x", "a.go"}, catalog.Linux, "3:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; m[0].File != "" || *m[0].LineNumber != 3 {
		t.Fatalf("got %s", catalogtest.JsonOf(t, m))
	}
	// A file name holding a newline: the line after the broken one names
	// only the tail, so it is reported too.
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-n", "x", "a", "new\nline"}, catalog.Linux, "a:1:x\nnew\nline:2:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; len(m) != 1 || !slices.Equal(res.UnreadLines, []int{2, 3}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, m), res.UnreadLines)
	}
	// Lines that read as nothing at all.
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-n", "x", "f"}, catalog.Linux, "no number here\n", 0)
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
}

func TestGrepCountsAndFiles(t *testing.T) {
	res := catalogtest.Parse(t, testRegistry(), "grep", []string{"-c", "x", "a:1", "b"}, catalog.Linux, "a:1:3\nb:0\n", 0)
	c := res.Value.(*GrepResult).Counts
	if len(c) != 2 || c[0].File != "a:1" || c[0].Count != 3 || c[1].Count != 0 {
		t.Fatalf("got %s", catalogtest.JsonOf(t, c))
	}
	if got := catalogtest.JsonOf(t, res.Value); got != `{"counts":[{"file":"a:1","count":3},{"file":"b","count":0}]}` {
		t.Fatalf("only counts are present: %s", got)
	}
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-lZ", "x", "a", "b"}, catalog.Linux, "new\nline\x00b\x00", 0)
	if f := res.Value.(*GrepResult).Files; !slices.Equal(f, []string{"new\nline", "b"}) {
		t.Fatalf("got %q", f)
	}
	res = catalogtest.Parse(t, testRegistry(), "grep", []string{"-l", "x", "a"}, catalog.Linux, "", 0)
	if got := catalogtest.JsonOf(t, res.Value); got != `{"files":[]}` {
		t.Fatalf("got %s", got)
	}
}
