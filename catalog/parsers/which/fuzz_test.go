package which

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var whichFuzzArgs = [][]string{{"ls"}, {"-a", "ls", "sh"}, {"-s", "go"}, {"go", "nope"}}

func FuzzWhich(f *testing.F) {
	catalogtest.Fuzz(f, []string{"which"}, Parsers(), whichFuzzArgs)
}
