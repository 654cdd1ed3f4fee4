package wc

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var wcFuzzArgs = [][]string{{"a"}, {"a", "b"}, {"-l", "a", "b"}, {"-lwmcL", "a", "b"}, {}, {"--total=only", "a", "b"}, {"--files0-from", "f"}, {"-c", "-m", "a", "b"}}

func FuzzWc(f *testing.F) {
	catalogtest.Fuzz(f, []string{"wc"}, Parsers(), wcFuzzArgs)
}
