package builtin

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestLangPkgWindowsExamples: every example a parser shows is one it reads.
func TestLangPkgWindowsExamples(t *testing.T) {
	r := Default()
	for _, id := range []string{"npm-ls", "npm-list", "pnpm-list", "yarn-list", "cargo-tree", "dir", "tasklist", "ipconfig", "systeminfo"} {
		p := findParser(t, id)
		if len(p.Examples) == 0 {
			t.Errorf("%s: no examples", id)
		}
		for _, ex := range p.Examples {
			res := r.Parse(catalog.Input{Cmd: p.Command, Args: ex, OS: catalog.Windows, Raw: ""})
			if res.Parser != p || res.Err != nil {
				t.Errorf("%s: example %q: parser %v, err %v", id, ex, res.Parser, res.Err)
			}
		}
	}
}
