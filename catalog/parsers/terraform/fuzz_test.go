package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var terraformFuzzArgs = [][]string{{"plan", "-no-color"}, {"plan"}}

func FuzzTerraformPlan(f *testing.F) {
	catalogtest.SeedGolden(f, "terraform-plan", terraformFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "terraform-plan")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, terraformFuzzArgs, sel, spans)
	})
}
