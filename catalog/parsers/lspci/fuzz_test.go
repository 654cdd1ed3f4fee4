package lspci

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzLspci(f *testing.F) {
	catalogtest.InspectFuzz(f, []string{"lspci"}, Parsers(), [][]string{{}, {"-mm"}, {"-k"}})
}
