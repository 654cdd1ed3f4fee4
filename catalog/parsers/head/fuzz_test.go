package head

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var headFuzzArgs = [][]string{{"-n", "5", "a"}, {"-3", "a", "b"}, {"-v", "a"}, {"-q", "a", "b"}, {"-z", "a"}, {"a", "-", "missing"}}

var catFuzzArgs = [][]string{{"a"}, {"-n", "a"}, {"-b", "a"}, {"-A", "a"}}

func FuzzHead(f *testing.F) {
	catalogtest.SeedGolden(f, "head", headFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "head")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, headFuzzArgs, sel, spans)
	})
}

func FuzzTail(f *testing.F) {
	catalogtest.SeedGolden(f, "tail", headFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "tail")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, headFuzzArgs, sel, spans)
	})
}

func FuzzCat(f *testing.F) {
	catalogtest.SeedGolden(f, "cat", catFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "cat")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, catFuzzArgs, sel, spans)
	})
}
