package tree

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var treeFuzzArgs = [][]string{{}, {"-a"}, {"-d"}, {"-Q", "src", "."}, {"--noreport", "a", "b"}, {"-L", "1"}}

func FuzzTree(f *testing.F) {
	catalogtest.Fuzz(f, []string{"tree"}, Parsers(), treeFuzzArgs)
}
