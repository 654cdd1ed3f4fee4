package ss

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var ssFuzzArgs = [][]string{{"-tunap"}, {"-tln"}, {"-xap"}, {"-t", "state", "established"}, {"-tiem"}}

func FuzzSs(f *testing.F) { catalogtest.Fuzz(f, []string{"ss"}, Parsers(), ssFuzzArgs) }
