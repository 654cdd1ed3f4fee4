package deptree

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

// benchNpm is an `npm ls --all` tree of at least 1 MB: nested levels,
// scoped names, deduped and linked rows.
func benchNpm() string {
	var b strings.Builder
	b.WriteString("big-app@1.0.0 /srv/big-app\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "├─┬ @scope/pkg-%d@%d.%d.%d\n", i, i%7, i%13, i%5)
		fmt.Fprintf(&b, "│ ├─┬ dep-%d@1.0.%d\n", i, i%10)
		fmt.Fprintf(&b, "│ │ └── leaf-%d@2.3.%d deduped\n", i, i%10)
		fmt.Fprintf(&b, "│ ├── linked-%d@0.1.0 -> ./packages/linked-%d\n", i, i)
		fmt.Fprintf(&b, "│ └── other-%d@3.1.4 invalid: \"^4.0.0\" from node_modules/@scope/pkg-%d\n", i, i)
	}
	b.WriteString("└── last@1.0.0\n")
	return b.String()
}

// benchCargo is a `cargo tree` of at least 1 MB.
func benchCargo() string {
	var b strings.Builder
	b.WriteString("app v0.1.0 (/srv/app)\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "├── crate-%d v1.%d.%d\n", i, i%9, i%4)
		fmt.Fprintf(&b, "│   ├── inner-%d v0.%d.0 (/srv/app/inner-%d)\n", i, i%7, i)
		fmt.Fprintf(&b, "│   │   └── macro-%d v1.0.0 (proc-macro) (*)\n", i)
		fmt.Fprintf(&b, "│   [build-dependencies]\n")
		fmt.Fprintf(&b, "│   └── cc v1.1.%d\n", i%10)
	}
	b.WriteString("└── last v1.0.0\n")
	return b.String()
}

func BenchmarkLangPkg(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		{Name: "npm-ls", Parser: catalogtest.ByID(b, Parsers(), "npm-ls"), Args: []string{"ls", "--all"}, Raw: benchNpm()},
		{Name: "cargo-tree", Parser: catalogtest.ByID(b, Parsers(), "cargo-tree"), Args: []string{"tree"}, Raw: benchCargo()},
	})
}
