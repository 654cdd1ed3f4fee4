package lsof

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var lsofFuzzArgs = [][]string{{"-i", "-n", "-P"}, {"-i"}, {"-p", "1"}}

func FuzzLsof(f *testing.F) { catalogtest.Fuzz(f, []string{"lsof"}, Parsers(), lsofFuzzArgs) }
