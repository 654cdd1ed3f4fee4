package dmesg

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzDmesg(f *testing.F) {
	catalogtest.InspectFuzz(f, []string{"dmesg"}, Parsers(), [][]string{{}, {"-T"}, {"-x"}, {"-t"}, {"-x", "-T"}})
}
