package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"terraform", []string{"plan", "-no-color", "-var", "a=b", "-var-file=x.tfvars", "-target=aws_instance.web"}, catalog.Linux, catalogtest.Accepted},
		{"terraform", []string{"-chdir=infra", "plan", "-destroy", "-refresh=false", "-lock-timeout=30s"}, catalog.Linux, catalogtest.Accepted},
		{"terraform", []string{"plan", "-json"}, catalog.Linux, catalogtest.Hint("plan", "-no-color")},
		{"terraform", []string{"plan", "-destroy", "-detailed"}, catalog.Linux, catalogtest.Hint("plan", "-destroy", "-no-color")},
		{"terraform", []string{"plan", "-bogus"}, catalog.Linux, catalogtest.Hint("plan", "-no-color")}, // undeclared: the same call without it
	})
}
