package brew

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var brewFuzzArgs = [][]string{{"list", "--versions"}, {"list"}, {"list", "--cask", "--versions"}}

func FuzzBrewList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"brew-list"}, Parsers(), brewFuzzArgs)
}
