package lscpu

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzLscpu(f *testing.F) {
	catalogtest.InspectFuzz(f, []string{"lscpu"}, Parsers(), [][]string{{}})
}
