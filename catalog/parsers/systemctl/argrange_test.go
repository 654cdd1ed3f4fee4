package systemctl

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"systemctl", []string{"list-units", "--no-pager", "--type=service", "--all"}, catalog.Linux, catalogtest.Accepted},
		{"systemctl", []string{"--user", "list-units", "--failed"}, catalog.Linux, catalogtest.Accepted},
		{"systemctl", []string{"--no-pager"}, catalog.Linux, catalogtest.Accepted},
		{"systemctl", []string{"status", "nginx"}, catalog.Linux, catalogtest.Refused},
		{"systemctl", []string{"list-units", "-o", "json"}, catalog.Linux, catalogtest.Refused},
		{"systemctl", []string{"list-units"}, catalog.Linux, catalogtest.Reads("systemctl-list-units")},
		{"systemctl", []string{"--type", "service", "list-units"}, catalog.Linux, catalogtest.Reads("systemctl-list-units")},
		{"systemctl", []string{"--all"}, catalog.Linux, catalogtest.Reads("systemctl")},
	})
}

// TestJSONPassthrough: the JSON form the parser refuses comes through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "systemctl", Args: []string{"list-units", "-o", "json"}, Raw: `[{"unit":"a.service"}]`},
	})
}
