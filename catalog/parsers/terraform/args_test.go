package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestTerraformArgs: Go flags read by the one reader (GoFlags): one or
// two dashes, "=value" or the next argument for a value flag.
func TestTerraformArgs(t *testing.T) {
	l := catalog.Linux
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"terraform", []string{"plan", "--no-color", "-input=false", "-var", "a=1"}, l, catalogtest.Accepted},
		{"terraform", []string{"plan", "-lock-timeout", "-x"}, l, catalogtest.Accepted}, // a value flag takes the next argument
		{"terraform", []string{"plan", "--json"}, l, catalogtest.Hint("plan", "-no-color").Saying("-json writes JSON lines")},
		{"terraform", []string{"plan", "-json=true"}, l, catalogtest.Hint("plan", "-no-color").Saying("-json writes JSON lines")},
		{"terraform", []string{"plan", "-no-color", "x"}, l, catalogtest.Refused.Saying("no positional argument")},
		{"terraform", []string{"plan", "-no-color", "--", "x"}, l, catalogtest.Accepted},
		{"terraform", []string{"plan", "-var", "--", "x"}, l, catalogtest.Refused.Saying("no positional argument")}, // "--" is -var's value
	})
}
