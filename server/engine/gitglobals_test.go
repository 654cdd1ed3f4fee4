package engine

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/guard"
)

// TestGitGlobalTablesAgree: the catalog (which depends on no other module)
// keeps its own table of git's global options that take a value; the
// server reads git command lines with the guard's. Both must find the same
// subcommand, or the parser read and the policy checked differ.
func TestGitGlobalTablesAgree(t *testing.T) {
	cat, g := catalog.GitGlobalValueOptions(), guard.GitGlobalValueOptions()
	slices.Sort(cat)
	slices.Sort(g)
	if !slices.Equal(cat, g) {
		t.Errorf("git global options with a value differ:\ncatalog %q\nguard   %q", cat, g)
	}
}
