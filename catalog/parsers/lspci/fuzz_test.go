package lspci

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzLspci(f *testing.F) {
	catalogtest.Fuzz(f, []string{"lspci"}, Parsers(), [][]string{{}, {"-mm"}, {"-k"}})
}
