package tree

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var treeFuzzArgs = [][]string{{}, {"-a"}, {"-d"}, {"-Q", "src", "."}, {"--noreport", "a", "b"}, {"-L", "1"}}

func FuzzTree(f *testing.F) {
	catalogtest.SeedGolden(f, "tree", treeFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "tree")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, treeFuzzArgs, sel, spans)
	})
}
