package ip

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"ip", []string{"addr"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"a"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"-4", "address", "show", "dev", "eth0"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"-family", "inet6", "addr"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"link", "show", "up"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"rule"}, catalog.Linux, catalogtest.Refused}, // ip route and ip neigh have their own parsers (inspect_net.go)
		{"ip", []string{"addr", "add", "10.0.0.1/24", "dev", "eth0"}, catalog.Linux, catalogtest.Hint("addr", "show")},
		{"ip", []string{"-br", "addr"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"-brief", "-4", "address", "show", "dev", "eth0"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"-o", "addr"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"-oneline", "-6", "addr"}, catalog.Linux, catalogtest.Accepted},
		{"ip", []string{"-br", "link"}, catalog.Linux, catalogtest.Refused},
		{"ip", []string{"-d", "addr"}, catalog.Linux, catalogtest.Refused},
		{"ip", []string{}, catalog.Linux, catalogtest.Hint("addr")},
	})
}

// TestJSONPassthrough: the JSON form the parser refuses comes through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "ip", Args: []string{"-j", "addr"}, Raw: `[{"ifindex":1,"ifname":"lo"}]` + "\n"},
	})
}
