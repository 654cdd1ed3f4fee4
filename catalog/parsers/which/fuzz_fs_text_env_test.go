package which

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var whichFuzzArgs = [][]string{{"ls"}, {"-a", "ls", "sh"}, {"-s", "go"}, {"go", "nope"}}

func FuzzWhich(f *testing.F) {
	catalogtest.SeedGolden(f, "which", whichFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "which")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, whichFuzzArgs, sel, spans)
	})
}
