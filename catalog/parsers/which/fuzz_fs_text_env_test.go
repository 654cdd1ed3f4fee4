package which

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var whichFuzzArgs = [][]string{{"ls"}, {"-a", "ls", "sh"}, {"-s", "go"}, {"go", "nope"}}

func FuzzWhich(f *testing.F) {
	catalogtest.SeedGolden(f, "which", whichFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "which"), raw, whichFuzzArgs, sel, spans)
	})
}
