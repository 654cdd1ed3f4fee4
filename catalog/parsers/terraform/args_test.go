package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestTerraformArgs: Go flags read by the one reader (GoFlags): one or
// two dashes, "=value" or the next argument for a value flag.
func TestTerraformArgs(t *testing.T) {
	none := []string{}
	l := catalog.Linux
	catalogtest.ArgCases(t, catalogtest.Registry(Parsers()), []catalogtest.ArgCase{
		{"terraform", []string{"plan", "--no-color", "-input=false", "-var", "a=1"}, l, nil, ""},
		{"terraform", []string{"plan", "-lock-timeout", "-x"}, l, nil, ""}, // a value flag takes the next argument
		{"terraform", []string{"plan", "--json"}, l, []string{"plan", "-no-color"}, "-json writes JSON lines"},
		{"terraform", []string{"plan", "-json=true"}, l, []string{"plan", "-no-color"}, "-json writes JSON lines"},
		{"terraform", []string{"plan", "-no-color", "x"}, l, none, "no positional argument"},
		{"terraform", []string{"plan", "-no-color", "--", "x"}, l, nil, ""},
		{"terraform", []string{"plan", "-var", "--", "x"}, l, none, "no positional argument"}, // "--" is -var's value
	})
}
