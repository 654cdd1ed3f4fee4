package env

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"env", []string{}, catalog.Linux, catalogtest.Accepted},
		{"env", []string{"-0", "-u", "PAGER", "A=1"}, catalog.Linux, catalogtest.Accepted},
		{"env", []string{"A=1", "ls"}, catalog.Linux, catalogtest.Hint("A=1")},
		{"env", []string{"A=1", "ls", "-l"}, catalog.Linux, catalogtest.Refused},
		{"env", []string{"-S", "ls"}, catalog.Linux, catalogtest.Refused},
	})
}
