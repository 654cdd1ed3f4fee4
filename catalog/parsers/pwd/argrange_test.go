package pwd

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"pwd", []string{"-P"}, catalog.Linux, catalogtest.Accepted},
		{"pwd", []string{"x"}, catalog.Linux, catalogtest.Refused},
	})
}
