package w

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var wFuzzArgs = [][]string{{}, {"-s"}}

func FuzzW(f *testing.F) { catalogtest.Fuzz(f, []string{"w"}, Parsers(), wFuzzArgs) }
