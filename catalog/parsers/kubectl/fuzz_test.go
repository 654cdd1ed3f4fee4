package kubectl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var kubectlFuzzArgs = [][]string{{"get", "pods"}, {"get", "pods", "-o", "wide"}, {"get", "events", "-A"}, {"get", "all"},
	{"get", "deployments"}, {"get", "pods", "-o", "name"}}

func FuzzKubectlGet(f *testing.F) {
	catalogtest.Fuzz(f, []string{"kubectl-get"}, Parsers(), kubectlFuzzArgs)
}
