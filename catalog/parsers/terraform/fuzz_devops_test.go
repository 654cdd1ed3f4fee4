package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var terraformFuzzArgs = [][]string{{"plan", "-no-color"}, {"plan"}}

func FuzzTerraformPlan(f *testing.F) {
	catalogtest.SeedGolden(f, "terraform-plan", terraformFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "terraform-plan"), raw, terraformFuzzArgs, sel, spans)
	})
}
