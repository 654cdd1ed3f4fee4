package tree

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"tree", []string{"-a", "-L", "2", "src"}, catalog.Linux, catalogtest.Accepted},
		{"tree", []string{"-d", "--noreport", "-I", "node_modules"}, catalog.Linux, catalogtest.Accepted},
		{"tree", []string{"-J"}, catalog.Linux, catalogtest.Refused},
		{"tree", []string{"-p"}, catalog.Linux, catalogtest.Hint("-J", "-p")},
		{"tree", []string{"-aL", "2"}, catalog.Linux, catalogtest.Accepted},
		{"tree", []string{"-La", "2"}, catalog.Linux, catalogtest.Refused},
	})
}
