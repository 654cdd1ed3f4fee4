package tree

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var treeFuzzArgs = [][]string{{}, {"-a"}, {"-d"}, {"-Q", "src", "."}, {"--noreport", "a", "b"}, {"-L", "1"}}

func FuzzTree(f *testing.F) {
	catalogtest.SeedGolden(f, "tree", treeFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "tree"), raw, treeFuzzArgs, sel, spans)
	})
}
