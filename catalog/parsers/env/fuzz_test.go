package env

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var envFuzzArgs = [][]string{{}, {"-0"}, {"-i", "A=1"}}

func FuzzEnv(f *testing.F) {
	catalogtest.SeedGolden(f, "env", envFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "env")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, envFuzzArgs, sel, spans)
	})
}
