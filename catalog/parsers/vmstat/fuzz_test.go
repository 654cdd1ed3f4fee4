package vmstat

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzVmstat(f *testing.F) {
	catalogtest.Fuzz(f, []string{"vmstat"}, Parsers(), [][]string{{}, {"-t", "1", "2"}, {"-a", "-S", "M"}})
}
