package head

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var headFuzzArgs = [][]string{{"-n", "5", "a"}, {"-3", "a", "b"}, {"-v", "a"}, {"-q", "a", "b"}, {"-z", "a"}, {"a", "-", "missing"}}

var catFuzzArgs = [][]string{{"a"}, {"-n", "a"}, {"-b", "a"}, {"-A", "a"}}

func FuzzHead(f *testing.F) {
	catalogtest.SeedGolden(f, "head", headFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "head"), raw, headFuzzArgs, sel, spans)
	})
}

func FuzzTail(f *testing.F) {
	catalogtest.SeedGolden(f, "tail", headFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "tail"), raw, headFuzzArgs, sel, spans)
	})
}

func FuzzCat(f *testing.F) {
	catalogtest.SeedGolden(f, "cat", catFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "cat"), raw, catFuzzArgs, sel, spans)
	})
}
