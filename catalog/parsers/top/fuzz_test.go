package top

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzTop(f *testing.F) {
	catalogtest.Fuzz(f, []string{"top"}, Parsers(), [][]string{{"-b", "-n", "1"}})
}
