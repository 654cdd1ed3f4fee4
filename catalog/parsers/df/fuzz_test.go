package df

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var dfFuzzArgs = [][]string{{}, {"-h"}, {"-hT"}, {"-i"}, {"-B1"}, {"-P"}, {"--total"}, {"-k"}, {"-BM"}, {"-H"}}

func FuzzDf(f *testing.F) {
	catalogtest.Fuzz(f, []string{"df"}, Parsers(), dfFuzzArgs)
}
