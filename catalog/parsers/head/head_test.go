package head

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestHeadTailCat(t *testing.T) {
	// The header of a missing file never comes; "standard input" names "-".
	raw := "==> a <==\n1\n2\n\n==> standard input <==\nx\n"
	res := catalogtest.Parse(t, testRegistry(), "head", []string{"-n", "2", "a", "missing", "-"}, catalog.Linux, raw, 0)
	f := res.Value.(*TextResult).Files
	if len(f) != 2 || f[0].Path != "a" || !slices.Equal(f[0].Lines, []string{"1", "2"}) || f[1].Path != "standard input" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, f))
	}
	// A section whose file did not end in a newline.
	res = catalogtest.Parse(t, testRegistry(), "tail", []string{"-n", "1", "a", "b"}, catalog.Linux, "==> a <==\nlast\n==> b <==\nz\n", 0)
	f = res.Value.(*TextResult).Files
	if !f[0].NoTrailingNewline || f[1].NoTrailingNewline {
		t.Fatalf("got %s", catalogtest.JsonOf(t, f))
	}
	// -q: no headers at all; -z: NUL-terminated records.
	res = catalogtest.Parse(t, testRegistry(), "head", []string{"-q", "a", "b"}, catalog.Linux, "1\n2\n", 0)
	if l := res.Value.(*TextResult).Lines; !slices.Equal(l, []string{"1", "2"}) {
		t.Fatalf("got %q", l)
	}
	res = catalogtest.Parse(t, testRegistry(), "head", []string{"-z", "-n", "2", "a"}, catalog.Linux, "x\ny\x00z\x00", 0)
	if l := res.Value.(*TextResult).Lines; !slices.Equal(l, []string{"x\ny", "z"}) {
		t.Fatalf("got %q", l)
	}
	// max_items over sections.
	res = catalogtest.Parse(t, testRegistry(), "head", []string{"a", "b"}, catalog.Linux, "==> a <==\n1\n2\n\n==> b <==\n3\n", 2)
	if f := res.Value.(*TextResult).Files; len(f[1].Lines) != 0 || res.RowsOmitted != 1 {
		t.Fatalf("got %s omitted %d", catalogtest.JsonOf(t, f), res.RowsOmitted)
	}
	// cat -n lines past 999999 widen the number; a line without the tab is
	// reported.
	res = catalogtest.Parse(t, testRegistry(), "cat", []string{"-n", "f"}, catalog.Linux, "999999\ta\n1000000\tb\n  bad line\n", 0)
	nl := res.Value.(*TextResult).NumberedLines
	if len(nl) != 2 || *nl[1].LineNumber != 1000000 || !slices.Equal(res.UnreadLines, []int{3}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, nl), res.UnreadLines)
	}
	// Lines that are not UTF-8 are marked so in their spans.
	res = catalogtest.Parse(t, testRegistry(), "cat", []string{"f"}, catalog.Linux, "ok\n\xff\xfe\n", 0)
	if !slices.ContainsFunc(res.Spans, func(s catalog.Span) bool { return s.Pointer == "/lines/1" && s.Transform == "invalidUTF8" }) {
		t.Fatalf("spans %+v", res.Spans)
	}
}
