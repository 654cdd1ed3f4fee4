package lsof

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestLsofArgs: -i [addr] and -g [pgid] take the next argument only when
// it is not an option (OptionalSeparate), as lsof reads them.
func TestLsofArgs(t *testing.T) {
	l := catalog.Linux
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"lsof", []string{"-i", ":8080"}, l, catalogtest.Accepted},
		{"lsof", []string{"-i", "-n", "-P"}, l, catalogtest.Accepted},
		{"lsof", []string{"-ni", "TCP:443"}, l, catalogtest.Accepted},
		{"lsof", []string{"-i", "-t"}, l, catalogtest.Hint("-i").Saying("not verified for -t")},
		{"lsof", []string{"-g", "-F"}, l, catalogtest.Hint("-g").Saying("not verified for -F")},
		{"lsof", []string{"-i", "-s"}, l, catalogtest.Refused.Saying("protocol:state")},
		{"lsof", []string{"-i", "-sTCP:LISTEN"}, l, catalogtest.Accepted},
		{"lsof", []string{"-s", "TCP:LISTEN", "-i"}, l, catalogtest.Accepted},
		{"lsof", []string{"-c", "-t"}, l, catalogtest.Accepted}, // -c takes its value whatever it is
	})
	if a := lsofParser.ReadArgs([]string{"-i", "-l"}); !a.Has("-l") {
		t.Fatal("lsof -i -l: -l read as -i's address")
	}
	if v, _ := lsofParser.ReadArgs([]string{"-i", "@host", "-l"}).Value("-i"); v != "@host" {
		t.Fatalf("-i value %q", v)
	}
}
