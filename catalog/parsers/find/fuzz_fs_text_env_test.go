package find

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var findFuzzArgs = [][]string{{"."}, {".", "-print0"}, {"src", "docs/", "-type", "f"}, {}, {"/", "-name", "x"}}

func FuzzFind(f *testing.F) {
	catalogtest.SeedGolden(f, "find", findFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "find"), raw, findFuzzArgs, sel, spans)
	})
}
