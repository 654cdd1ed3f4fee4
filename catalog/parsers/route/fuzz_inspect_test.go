package route

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzRoute(f *testing.F) {
	catalogtest.Fuzz(f, []string{"route"}, parseRoute, [][]string{{"-n"}, {"-ee"}})
}
