package head

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	headFuzzArgs = [][]string{{"-n", "5", "a"}, {"-3", "a", "b"}, {"-v", "a"}, {"-q", "a", "b"}, {"-z", "a"}, {"a", "-", "missing"}}
	catFuzzArgs  = [][]string{{"a"}, {"-n", "a"}, {"-b", "a"}, {"-A", "a"}}
)

func FuzzHead(f *testing.F) {
	catalogtest.Fuzz(f, []string{"head"}, Parsers(), headFuzzArgs)
}

func FuzzTail(f *testing.F) {
	catalogtest.Fuzz(f, []string{"tail"}, Parsers(), headFuzzArgs)
}

func FuzzCat(f *testing.F) {
	catalogtest.Fuzz(f, []string{"cat"}, Parsers(), catFuzzArgs)
}
