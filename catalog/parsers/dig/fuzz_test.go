package dig

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var digFuzzArgs = [][]string{{"example.com"}, {"+short", "example.com"}, {"+noall", "+answer", "x"}, {"+qr", "a", "b"}}

func FuzzDig(f *testing.F) { catalogtest.Fuzz(f, []string{"dig"}, Parsers(), digFuzzArgs) }
