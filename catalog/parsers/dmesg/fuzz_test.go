package dmesg

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzDmesg(f *testing.F) {
	catalogtest.Fuzz(f, []string{"dmesg"}, Parsers(), [][]string{{}, {"-T"}, {"-x"}, {"-t"}, {"-x", "-T"}})
}
