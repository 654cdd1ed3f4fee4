package lsof

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestLsofArgs: -i [addr] and -g [pgid] take the next argument only when
// it is not an option (OptionalSeparate), as lsof reads them.
func TestLsofArgs(t *testing.T) {
	none := []string{}
	l := catalog.Linux
	r := catalogtest.Registry(Parsers())
	catalogtest.ArgCases(t, r, []catalogtest.ArgCase{
		{"lsof", []string{"-i", ":8080"}, l, nil, ""},
		{"lsof", []string{"-i", "-n", "-P"}, l, nil, ""},
		{"lsof", []string{"-ni", "TCP:443"}, l, nil, ""},
		{"lsof", []string{"-i", "-t"}, l, []string{"-i"}, "not verified for -t"},
		{"lsof", []string{"-g", "-F"}, l, []string{"-g"}, "not verified for -F"},
		{"lsof", []string{"-i", "-s"}, l, none, "protocol:state"},
		{"lsof", []string{"-i", "-sTCP:LISTEN"}, l, nil, ""},
		{"lsof", []string{"-s", "TCP:LISTEN", "-i"}, l, nil, ""},
		{"lsof", []string{"-c", "-t"}, l, nil, ""}, // -c takes its value whatever it is
	})
	if a := lsofParser.ReadArgs([]string{"-i", "-l"}); !a.Has("-l") {
		t.Fatal("lsof -i -l: -l read as -i's address")
	}
	if v, _ := lsofParser.ReadArgs([]string{"-i", "@host", "-l"}).Value("-i"); v != "@host" {
		t.Fatalf("-i value %q", v)
	}
}
