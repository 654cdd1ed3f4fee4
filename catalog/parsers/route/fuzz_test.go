package route

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzRoute(f *testing.F) {
	catalogtest.Fuzz(f, []string{"route"}, Parsers(), [][]string{{"-n"}, {"-ee"}})
}
