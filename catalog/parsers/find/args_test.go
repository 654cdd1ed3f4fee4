package find

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestFindArgs: the leading options through the one reader
// (LeadingOptions), the expression through find's own.
func TestFindArgs(t *testing.T) {
	l, d := catalog.Linux, catalog.Darwin
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"find", []string{"-L", "-O3", "-D", "tree", ".", "-name", "*.go"}, l, catalogtest.Accepted},
		{"find", []string{"-H", "src", "-type", "f"}, l, catalogtest.Accepted},
		{"find", []string{"-name", "x"}, l, catalogtest.Accepted}, // no starting point: the expression at once
		{"find", []string{"-HL", "."}, l, catalogtest.Refused.Saying("-HL is not a primary")},
		{"find", []string{"-Dtree", "."}, l, catalogtest.Refused.Saying("-Dtree is not a primary")},
		{"find", []string{"-O12", "."}, l, catalogtest.Refused.Saying("-O12 is not a primary")},
		{"find", []string{"-D"}, l, catalogtest.Refused.Saying("-D is not a primary")},
		{"find", []string{"-d", "."}, d, catalogtest.Accepted},   // BSD's -d is an option
		{"find", []string{"-d", "."}, l, catalogtest.Accepted},   // GNU's a primary (-depth): no starting point
		{"find", []string{"-f", "src"}, d, catalogtest.Accepted}, // BSD -f path: a starting point
		{"find", []string{"-f", "src"}, l, catalogtest.Refused.Saying("-f is not a primary")},
		{"find", []string{".", "-name", "--help"}, l, catalogtest.Accepted}, // a name to find, not an option
		{"find", []string{".", "--help"}, l, catalogtest.Refused.Saying("--help is not a primary")},
		{"find", []string{".", "-printf", "%p\n"}, l, catalogtest.Hint(".", "-print").Saying("custom format")},
		{"find", []string{"--", "-H"}, l, catalogtest.Refused.Saying("-H is not a primary")}, // after "--" an operand
	})
	fa, perr := findRead(findParserDef.ReadArgs([]string{"-f", "a", "-x", "b", "c", "-print0"}), d)
	if perr != nil || len(fa.starts) != 3 || fa.starts[0] != "a" || !fa.print0 {
		t.Fatalf("%+v %v", fa, perr)
	}
}
