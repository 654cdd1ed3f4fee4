package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestTerraformDetailedExitCode: with -detailed-exitcode, status 2 says
// the plan has changes (an answer); without it, 2 stays a failure, and 1
// is always one.
func TestTerraformDetailedExitCode(t *testing.T) {
	p := catalogtest.ByID(t, Parsers(), "terraform-plan")
	if _, ok := p.ExitAnswer([]string{"plan", "-no-color", "-detailed-exitcode"}, 2, catalog.Linux, "Plan: 1 to add"); !ok {
		t.Error("plan -detailed-exitcode exit 2 is not an answer")
	}
	if _, ok := p.ExitAnswer([]string{"plan", "-no-color"}, 2, catalog.Linux, "x"); ok {
		t.Error("exit 2 without -detailed-exitcode is an answer")
	}
	if _, ok := p.ExitAnswer([]string{"plan", "-detailed-exitcode"}, 1, catalog.Linux, "x"); ok {
		t.Error("exit 1 (an error) is an answer")
	}
}
