package tree

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestTreeShapes(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	raw := ".\n" +
		"├── a\n" +
		"│\u00a0\u00a0 ├── b\n" +
		"│\u00a0\u00a0 │\u00a0\u00a0 └── c.txt\n" +
		"│\u00a0\u00a0 └── locked  [error opening dir]\n" +
		"└── d -> a\n" +
		"\n" +
		"3 directories, 1 file\n"
	res := catalogtest.Parse(t, r, "tree", nil, catalog.Linux, raw, 0)
	want := `{"root":".","tree":[{"name":"a","children":[{"name":"b","children":[{"name":"c.txt"}]},` +
		`{"name":"locked","error":"error opening dir"}]},{"name":"d","symlink_target":"a"}],"total_dirs":3,"total_files":1}`
	if got := catalogtest.JsonOf(t, res.Value); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// A line deeper than its parent allows is reported.
	res = catalogtest.Parse(t, r, "tree", nil, catalog.Linux, ".\n│\u00a0\u00a0 │\u00a0\u00a0 └── x\n", 0)
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("unread %v", res.UnreadLines)
	}
	// -J output passes through as JSON.
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "tree", Args: []string{"-J"}, Raw: `[{"type":"directory","name":".","contents":[]}]`},
	})
}
