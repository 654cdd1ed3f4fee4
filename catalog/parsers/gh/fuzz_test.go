package gh

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var ghFuzzArgs = [][]string{{"pr", "list"}}

func FuzzGhPrList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"gh-pr-list"}, Parsers(), ghFuzzArgs)
}
