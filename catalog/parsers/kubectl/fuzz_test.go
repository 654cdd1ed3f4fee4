package kubectl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var kubectlFuzzArgs = [][]string{{"get", "pods"}, {"get", "pods", "-o", "wide"}, {"get", "events", "-A"}, {"get", "all"},
	{"get", "deployments"}, {"get", "pods", "-o", "name"}}

func FuzzKubectlGet(f *testing.F) {
	catalogtest.SeedGolden(f, "kubectl-get", kubectlFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "kubectl-get")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, kubectlFuzzArgs, sel, spans)
	})
}
