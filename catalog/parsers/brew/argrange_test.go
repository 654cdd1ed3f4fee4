package brew

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"brew", []string{"list", "--versions"}, catalog.Darwin, catalogtest.Accepted},
		{"brew", []string{"ls", "--cask", "--versions", "firefox"}, catalog.Darwin, catalogtest.Accepted},
		{"brew", []string{"list", "-l"}, catalog.Darwin, catalogtest.Hint("list", "--versions")},
		{"brew", []string{"list", "wget"}, catalog.Darwin, catalogtest.Hint("list", "--versions", "wget")},
		{"brew", []string{"list", "--installed-on-request"}, catalog.Darwin, catalogtest.Accepted},
		{"brew", []string{"list", "-lt", "git"}, catalog.Darwin, catalogtest.Hint("list", "--versions", "git")},
		{"brew", []string{"list", "-1q"}, catalog.Darwin, catalogtest.Accepted},
		{"brew", []string{"info", "git"}, catalog.Darwin, catalogtest.Hint("list", "--versions")},
	})
}
