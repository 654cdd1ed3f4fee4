package gh

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var ghFuzzArgs = [][]string{{"pr", "list"}}

func FuzzGhPrList(f *testing.F) {
	catalogtest.SeedGolden(f, "gh-pr-list", ghFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "gh-pr-list"), raw, ghFuzzArgs, sel, spans)
	})
}
