package gh

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var ghFuzzArgs = [][]string{{"pr", "list"}}

func FuzzGhPrList(f *testing.F) {
	catalogtest.SeedGolden(f, "gh-pr-list", ghFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "gh-pr-list")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, ghFuzzArgs, sel, spans)
	})
}
