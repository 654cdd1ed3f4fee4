package diff

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDiffHints: a diff form the parser does not read is refused with the
// unified form of the same comparison as the hint.
func TestDiffHints(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	for _, tc := range []struct{ args, hint []string }{
		{[]string{"-c", "a", "b"}, []string{"-u", "a", "b"}},
		{[]string{"a", "b"}, []string{"-u", "a", "b"}},
	} {
		res := r.Parse(catalog.Input{Cmd: "diff", Args: tc.args, Raw: "x\n", OS: catalog.Linux})
		if res.Err == nil || res.Err.Reason != catalog.ReasonUnsupportedFormat {
			t.Errorf("diff %q: %+v, want unsupported_format", tc.args, res.Err)
			continue
		}
		if res.Err.Hint == nil || !slices.Equal(res.Err.Hint.Args, tc.hint) {
			t.Errorf("diff %q: hint %+v, want %q", tc.args, res.Err.Hint, tc.hint)
		}
	}
}
