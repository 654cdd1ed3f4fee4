package who

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzWho(f *testing.F) {
	catalogtest.Fuzz(f, []string{"who"}, Parsers(), [][]string{{}, {"-u"}})
}
