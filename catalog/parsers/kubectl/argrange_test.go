package kubectl

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"kubectl", []string{"get", "pods", "-o", "wide", "-A"}, catalog.Linux, catalogtest.Accepted},
		{"kubectl", []string{"-n", "prod", "get", "deploy,svc", "-l", "app=web"}, catalog.Linux, catalogtest.Accepted},
		{"kubectl", []string{"get", "pods", "-owide"}, catalog.Linux, catalogtest.Accepted},
		{"kubectl", []string{"get", "pods", "-o", "custom-columns=NAME:.metadata.name"}, catalog.Linux, catalogtest.Accepted},
		{"kubectl", []string{"get", "-f", "pods.yaml", "-R", "--kubeconfig", "k.yaml", "-v", "6"}, catalog.Linux, catalogtest.Accepted},
		{"kubectl", []string{"get", "pods", "-o", "yaml"}, catalog.Linux, catalogtest.Hint("get", "pods", "-o", "json")},
		{"kubectl", []string{"get", "pods", "--output=yaml", "-n", "x"}, catalog.Linux, catalogtest.Hint("get", "pods", "--output", "json", "-n", "x")},
		{"kubectl", []string{"get", "pods", "-o", "json"}, catalog.Linux, catalogtest.Refused},
		{"kubectl", []string{"get", "pods", "--watch"}, catalog.Linux, catalogtest.Hint("get", "pods")},
	})
}

// TestJSONPassthrough: the JSON form the parser refuses comes through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "kubectl", Args: []string{"get", "pods", "-o", "json"}, Raw: `{"items": [{"number": 1}]}` + "\n"},
	})
}
