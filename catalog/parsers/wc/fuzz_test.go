package wc

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var wcFuzzArgs = [][]string{{"a"}, {"a", "b"}, {"-l", "a", "b"}, {"-lwmcL", "a", "b"}, {}, {"--total=only", "a", "b"}, {"--files0-from", "f"}, {"-c", "-m", "a", "b"}}

func FuzzWc(f *testing.F) {
	catalogtest.SeedGolden(f, "wc", wcFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "wc")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, wcFuzzArgs, sel, spans)
	})
}
