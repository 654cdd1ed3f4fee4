package iostat

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzIostat(f *testing.F) {
	catalogtest.Fuzz(f, []string{"iostat"}, Parsers(), [][]string{{}, {"-x"}, {"-t", "1", "2"}})
}
