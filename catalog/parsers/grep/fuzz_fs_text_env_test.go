package grep

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var grepFuzzArgs = [][]string{{"-n", "x", "f"}, {"-rn", "x", "."}, {"-rnZ", "x", "."}, {"x", "f"}, {"-n", "x", "a", "b"}, {"-c", "x", "a", "b"}, {"-rl", "x"}, {"-rn", "-C1", "x", "src"}, {"-nb", "x", "f"}, {"-rn", "x", "f"}, {"-h", "x", "a", "b"}}

func FuzzGrep(f *testing.F) {
	catalogtest.SeedGolden(f, "grep", grepFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "grep")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, grepFuzzArgs, sel, spans)
	})
}
