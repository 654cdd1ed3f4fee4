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

// The root list becomes the answer when it fills most of the stack, and is
// copied off it otherwise: either way the roots after it, and the
// directories that end at a root line, nest where tree drew them.
func TestTreeRootsAfterALongRootList(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	for _, c := range []struct{ raw, want string }{
		{ // the first root's list is most of the lines: handed over
			"a\n├── 1\n├── 2\n├── 3\n├── 4\n├── 5\n└── 6\nb\n└── x\n    └── y\nc\n└── z\n",
			`{"root":"a","tree":[{"name":"1"},{"name":"2"},{"name":"3"},{"name":"4"},{"name":"5"},{"name":"6"}],` +
				`"other_roots":[{"name":"b","children":[{"name":"x","children":[{"name":"y"}]}]},{"name":"c","children":[{"name":"z"}]}]}`,
		},
		{ // a short root list over a deep branch: copied
			"a\n└── 1\n    ├── 2\n    │   └── 3\n    │       └── 4\n    └── 5\nb\n├── x\n└── y\n",
			`{"root":"a","tree":[{"name":"1","children":[{"name":"2","children":[{"name":"3","children":[{"name":"4"}]}]},{"name":"5"}]}],` +
				`"other_roots":[{"name":"b","children":[{"name":"x"},{"name":"y"}]}]}`,
		},
		{ // deeper than a span template's four indices: pointers as text
			"a\nb\n└── 1\n    └── 2\n        └── 3\n            └── 4 -> x\n                └── 5  [error opening dir]\n",
			`{"root":"a","tree":[],"other_roots":[{"name":"b","children":[{"name":"1","children":[{"name":"2","children":[{"name":"3",` +
				`"children":[{"name":"4","symlink_target":"x","children":[{"name":"5","error":"error opening dir"}]}]}]}]}]}]}`,
		},
	} {
		res := catalogtest.Parse(t, r, "tree", nil, catalog.Linux, c.raw, 0)
		if got := catalogtest.JsonOf(t, res.Value); got != c.want {
			t.Errorf("%q:\ngot  %s\nwant %s", c.raw, got, c.want)
		}
	}
}
