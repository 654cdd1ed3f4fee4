package env

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var envFuzzArgs = [][]string{{}, {"-0"}, {"-i", "A=1"}}

func FuzzEnv(f *testing.F) {
	catalogtest.Fuzz(f, []string{"env"}, Parsers(), envFuzzArgs)
}
