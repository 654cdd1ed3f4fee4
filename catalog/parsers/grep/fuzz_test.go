package grep

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var grepFuzzArgs = [][]string{{"-n", "x", "f"}, {"-rn", "x", "."}, {"-rnZ", "x", "."}, {"x", "f"}, {"-n", "x", "a", "b"}, {"-c", "x", "a", "b"}, {"-rl", "x"}, {"-rn", "-C1", "x", "src"}, {"-nb", "x", "f"}, {"-rn", "x", "f"}, {"-h", "x", "a", "b"}}

func FuzzGrep(f *testing.F) {
	catalogtest.Fuzz(f, []string{"grep"}, Parsers(), grepFuzzArgs)
}
