package brew

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestBrewArgs: list found and -l/-t/-r read from c.Args; what follows
// "--" is operands, never options.
func TestBrewArgs(t *testing.T) {
	d := catalog.Darwin
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"brew", []string{"list", "--versions", "--cask"}, d, catalogtest.Accepted},
		{"brew", []string{"--pinned", "ls", "-1q"}, d, catalogtest.Accepted},
		{"brew", []string{"list", "-1lt", "git"}, d, catalogtest.Hint("list", "--versions", "git").Saying("brew list -1lt prints a long listing")},
		{"brew", []string{"list", "wget"}, d, catalogtest.Hint("list", "--versions", "wget").Saying("brew list wget lists the files")},
		{"brew", []string{"list", "--", "--versions"}, d, catalogtest.Hint("list", "--versions", "--", "--versions").Saying("brew list -- lists the files")},
		{"brew", []string{"--", "list"}, d, catalogtest.Hint("list", "--versions").Saying("only brew list")},
		{"brew", []string{"info", "git"}, d, catalogtest.Hint("list", "--versions").Saying("only brew list")},
	})
}
