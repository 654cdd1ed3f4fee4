package apt

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"apt", []string{"list", "--installed"}, catalog.Linux, catalogtest.Accepted},
		{"apt", []string{"list", "-a", "curl", "zlib*"}, catalog.Linux, catalogtest.Accepted},
		{"apt", []string{"search", "--names-only", "^curl"}, catalog.Linux, catalogtest.Accepted},
		{"apt", []string{"list", "--names-only"}, catalog.Linux, catalogtest.Refused},
		{"apt", []string{"list", "--installed"}, catalog.Linux, catalogtest.Reads("apt-list")},
		{"apt", []string{"search", "x"}, catalog.Linux, catalogtest.Reads("apt-search")},
		{"apt", []string{"show", "x"}, catalog.Linux, catalogtest.NoParser},
	})
}
