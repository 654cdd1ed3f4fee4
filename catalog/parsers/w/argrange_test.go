package w

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"w", []string{}, catalog.Linux, catalogtest.Accepted},
		{"w", []string{"-s", "alice"}, catalog.Linux, catalogtest.Accepted},
		{"w", []string{"-hs"}, catalog.Linux, catalogtest.Hint("-s")},
	})
}
