package mpstat

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzMpstat(f *testing.F) {
	catalogtest.Fuzz(f, []string{"mpstat"}, Parsers(), [][]string{{}, {"-P", "ALL"}})
}
