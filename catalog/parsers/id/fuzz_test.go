package id

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var idFuzzArgs = [][]string{{}, {"root"}}

func FuzzID(f *testing.F) { catalogtest.Fuzz(f, []string{"id"}, Parsers(), idFuzzArgs) }
