package df

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var dfFuzzArgs = [][]string{{}, {"-h"}, {"-hT"}, {"-i"}, {"-B1"}, {"-P"}, {"--total"}, {"-k"}, {"-BM"}, {"-H"}}

func FuzzDf(f *testing.F) {
	catalogtest.SeedGolden(f, "df", dfFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "df")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, dfFuzzArgs, sel, spans)
	})
}
