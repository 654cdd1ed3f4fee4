package find

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestFindShapes(t *testing.T) {
	// -print0 keeps every byte, newlines included; a stray empty record is
	// reported, not dropped silently.
	res := catalogtest.Parse(t, testRegistry(), "find", []string{".", "-print0"}, catalog.Linux, "./a\x00./new\nline\x00\x00./b c", 0)
	if got := res.Value.(*FindResult).Paths; !slices.Equal(got, []string{"./a", "./new\nline", "./b c"}) {
		t.Fatalf("print0: %q", got)
	}
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("empty record: unread %v", res.UnreadLines)
	}
	// A line outside every starting point continues the path before it.
	res = catalogtest.Parse(t, testRegistry(), "find", []string{"src", "docs/", "-type", "f"}, catalog.Linux, "src/a\nb\ndocs/x\ndocs/y\n", 0)
	if got := res.Value.(*FindResult).Paths; !slices.Equal(got, []string{"src/a\nb", "docs/x", "docs/y"}) {
		t.Fatalf("continuation: %q", got)
	}
	if len(res.Warnings) != 1 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// max_items counts what is left out.
	res = catalogtest.Parse(t, testRegistry(), "find", []string{"."}, catalog.Linux, ".\n./a\n./b\n./c\n", 2)
	if got := res.Value.(*FindResult).Paths; len(got) != 2 || res.RowsOmitted != 2 {
		t.Fatalf("max items: %q omitted %d", got, res.RowsOmitted)
	}
	// Empty output is an empty list.
	res = catalogtest.Parse(t, testRegistry(), "find", []string{".", "-name", "x"}, catalog.Linux, "", 0)
	if catalogtest.JsonOf(t, res.Value) != `{"paths":[]}` {
		t.Fatalf("empty: %s", catalogtest.JsonOf(t, res.Value))
	}
}
