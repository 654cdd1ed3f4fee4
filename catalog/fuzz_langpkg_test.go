package catalog

import "testing"

var (
	npmFuzzArgs   = [][]string{{"ls"}, {"ls", "--all"}, {"list", "--depth=0"}, {"ls", "--unicode=false"}}
	pnpmFuzzArgs  = [][]string{{"list"}, {"-r", "list", "--depth=2"}, {"ls", "--depth=Infinity"}}
	yarnFuzzArgs  = [][]string{{"list"}, {"list", "--depth=0"}}
	cargoFuzzArgs = [][]string{{"tree"}, {"tree", "--prefix", "depth"}, {"tree", "-f", "{p} {f}"}, {"tree", "-e", "features"}, {"tree", "--charset", "ascii"}}
)

func FuzzNpmLs(f *testing.F) {
	seedGolden(f, "npm-ls", npmFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseNpmLs, raw, npmFuzzArgs, sel, spans)
	})
}

func FuzzPnpmList(f *testing.F) {
	seedGolden(f, "pnpm-list", pnpmFuzzArgs)
	f.Add("Legend: x\n\nweb@1.0.0 /w (PRIVATE)\n\ndependencies:\na 1.0.0  b 2.0.0 peer\n└── c link:../c\n", uint8(0), true)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parsePnpmList, raw, pnpmFuzzArgs, sel, spans)
	})
}

func FuzzYarnList(f *testing.F) {
	seedGolden(f, "yarn-list", yarnFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseYarnList, raw, yarnFuzzArgs, sel, spans)
	})
}

func FuzzCargoTree(f *testing.F) {
	seedGolden(f, "cargo-tree", cargoFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseCargoTree, raw, cargoFuzzArgs, sel, spans)
	})
}
