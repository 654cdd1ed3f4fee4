package lscpu

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzLscpu(f *testing.F) {
	catalogtest.Fuzz(f, []string{"lscpu"}, Parsers(), [][]string{{}})
}
