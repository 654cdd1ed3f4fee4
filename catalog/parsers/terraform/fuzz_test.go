package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var terraformFuzzArgs = [][]string{{"plan", "-no-color"}, {"plan"}}

func FuzzTerraformPlan(f *testing.F) {
	catalogtest.Fuzz(f, []string{"terraform-plan"}, Parsers(), terraformFuzzArgs)
}
