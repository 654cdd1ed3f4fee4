package helm

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"helm", []string{"list", "--kubeconfig", "k.yaml", "--kube-context", "prod"}, catalog.Linux, catalogtest.Accepted},
		{"helm", []string{"list", "-A", "--no-headers"}, catalog.Linux, catalogtest.Accepted},
		{"helm", []string{"ls", "-q"}, catalog.Linux, catalogtest.Accepted},
		{"helm", []string{"list", "-o", "yaml"}, catalog.Linux, catalogtest.Hint("list", "-o", "json")},
		{"helm", []string{"list", "--time-format", "2006", "-A"}, catalog.Linux, catalogtest.Hint("list", "-A")},
	})
}

// TestJSONPassthrough: the JSON form the parser refuses comes through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "helm", Args: []string{"list", "-o", "json"}, Raw: `{"items": [{"number": 1}]}` + "\n"},
	})
}
