package find

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var findFuzzArgs = [][]string{{"."}, {".", "-print0"}, {"src", "docs/", "-type", "f"}, {}, {"/", "-name", "x"}}

func FuzzFind(f *testing.F) {
	catalogtest.Fuzz(f, []string{"find"}, Parsers(), findFuzzArgs)
}
