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
	catalogtest.ArgCases(t, catalogtest.Registry(Parsers()), []catalogtest.ArgCase{
		{"brew", []string{"list", "--versions", "--cask"}, d, nil, ""},
		{"brew", []string{"--pinned", "ls", "-1q"}, d, nil, ""},
		{"brew", []string{"list", "-1lt", "git"}, d, []string{"list", "--versions", "git"}, "brew list -1lt prints a long listing"},
		{"brew", []string{"list", "wget"}, d, []string{"list", "--versions", "wget"}, "brew list wget lists the files"},
		{"brew", []string{"list", "--", "--versions"}, d, []string{"list", "--versions", "--", "--versions"}, "brew list -- lists the files"},
		{"brew", []string{"--", "list"}, d, []string{"list", "--versions"}, "only brew list"},
		{"brew", []string{"info", "git"}, d, []string{"list", "--versions"}, "only brew list"},
	})
}
