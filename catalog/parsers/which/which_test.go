package which

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestWhichMissing: a shell's "not found" on standard output is reported,
// and then which paths belong to which name is unknown: no missing list.
// With -s, which prints nothing: nothing can be called missing.
func TestWhichMissing(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	res := catalogtest.Parse(t, r, "which", []string{"go", "nope"}, catalog.Linux, "/usr/bin/go\nnope not found\n", 0)
	w := res.Value.(*WhichResult)
	if !slices.Equal(w.Paths, []string{"/usr/bin/go"}) || w.Missing != nil || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, w), res.UnreadLines)
	}
	res = catalogtest.Parse(t, r, "which", []string{"-s", "go"}, catalog.Darwin, "", 0)
	if w := res.Value.(*WhichResult); w.Missing != nil {
		t.Fatalf("got %s", catalogtest.JsonOf(t, w))
	}
}
