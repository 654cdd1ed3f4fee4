package pip

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzPipList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"pip-list", "pip3-list"}, Parsers(), [][]string{{"list"}, {"list", "--format=freeze"}})
}

func FuzzPipFreeze(f *testing.F) {
	catalogtest.Fuzz(f, []string{"pip-freeze", "pip3-freeze"}, Parsers(), [][]string{{"freeze"}})
}

func FuzzPipShow(f *testing.F) {
	catalogtest.Fuzz(f, []string{"pip-show", "pip3-show"}, Parsers(), [][]string{{"show", "x"}})
}
