package deptree

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	npmFuzzArgs   = [][]string{{"ls"}, {"ls", "--all"}, {"list", "--depth=0"}, {"ls", "--unicode=false"}}
	pnpmFuzzArgs  = [][]string{{"list"}, {"-r", "list", "--depth=2"}, {"ls", "--depth=Infinity"}}
	yarnFuzzArgs  = [][]string{{"list"}, {"list", "--depth=0"}}
	cargoFuzzArgs = [][]string{{"tree"}, {"tree", "--prefix", "depth"}, {"tree", "-f", "{p} {f}"}, {"tree", "-e", "features"}, {"tree", "--charset", "ascii"}}
)

func FuzzNpmLs(f *testing.F) {
	catalogtest.Fuzz(f, []string{"npm-ls"}, Parsers(), npmFuzzArgs)
}

func FuzzPnpmList(f *testing.F) {
	catalogtest.SeedGolden(f, "pnpm-list", pnpmFuzzArgs)
	f.Add("Legend: x\n\nweb@1.0.0 /w (PRIVATE)\n\ndependencies:\na 1.0.0  b 2.0.0 peer\n└── c link:../c\n", uint8(0), true)
	p := catalogtest.ByID(f, Parsers(), "pnpm-list")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, pnpmFuzzArgs, sel, spans)
	})
}

func FuzzYarnList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"yarn-list"}, Parsers(), yarnFuzzArgs)
}

func FuzzCargoTree(f *testing.F) {
	catalogtest.Fuzz(f, []string{"cargo-tree"}, Parsers(), cargoFuzzArgs)
}
