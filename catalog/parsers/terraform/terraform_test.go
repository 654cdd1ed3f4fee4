package terraform

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestTerraformStripsColour(t *testing.T) {
	raw := "\x1b[1m  # aws_instance.web\x1b[0m will be \x1b[1m\x1b[31mdestroyed\x1b[0m\n"
	res := catalogtest.ParseWith(t, testRegistry(), "terraform", []string{"plan"}, catalog.Linux, "Terraform will perform the following actions:\n\n"+raw)
	rs := res.Value.(*TerraformPlanResult).Resources
	if len(rs) != 1 || rs[0].Address != "aws_instance.web" || rs[0].Action != "destroy" {
		t.Fatalf("got %+v", rs)
	}
}
