package deptree

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var npmFuzzArgs = [][]string{{"ls"}, {"ls", "--all"}, {"list", "--depth=0"}, {"ls", "--unicode=false"}}

var pnpmFuzzArgs = [][]string{{"list"}, {"-r", "list", "--depth=2"}, {"ls", "--depth=Infinity"}}

var yarnFuzzArgs = [][]string{{"list"}, {"list", "--depth=0"}}

var cargoFuzzArgs = [][]string{{"tree"}, {"tree", "--prefix", "depth"}, {"tree", "-f", "{p} {f}"}, {"tree", "-e", "features"}, {"tree", "--charset", "ascii"}}

func FuzzNpmLs(f *testing.F) {
	catalogtest.Fuzz(f, []string{"npm-ls"}, parseNpmLs, npmFuzzArgs)
}

func FuzzPnpmList(f *testing.F) {
	f.Add("Legend: x\n\nweb@1.0.0 /w (PRIVATE)\n\ndependencies:\na 1.0.0  b 2.0.0 peer\n└── c link:../c\n", uint8(0), true)
	catalogtest.Fuzz(f, []string{"pnpm-list"}, parsePnpmList, pnpmFuzzArgs)
}

func FuzzYarnList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"yarn-list"}, parseYarnList, yarnFuzzArgs)
}

func FuzzCargoTree(f *testing.F) {
	catalogtest.Fuzz(f, []string{"cargo-tree"}, parseCargoTree, cargoFuzzArgs)
}
