package find

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var findFuzzArgs = [][]string{{"."}, {".", "-print0"}, {"src", "docs/", "-type", "f"}, {}, {"/", "-name", "x"}}

func FuzzFind(f *testing.F) {
	catalogtest.SeedGolden(f, "find", findFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "find")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, findFuzzArgs, sel, spans)
	})
}
