package find

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestFindArgs: the leading options through the one reader
// (LeadingOptions), the expression through find's own.
func TestFindArgs(t *testing.T) {
	none := []string{}
	l, d := catalog.Linux, catalog.Darwin
	catalogtest.ArgCases(t, testRegistry(), []catalogtest.ArgCase{
		{"find", []string{"-L", "-O3", "-D", "tree", ".", "-name", "*.go"}, l, nil, ""},
		{"find", []string{"-H", "src", "-type", "f"}, l, nil, ""},
		{"find", []string{"-name", "x"}, l, nil, ""}, // no starting point: the expression at once
		{"find", []string{"-HL", "."}, l, none, "-HL is not a primary"},
		{"find", []string{"-Dtree", "."}, l, none, "-Dtree is not a primary"},
		{"find", []string{"-O12", "."}, l, none, "-O12 is not a primary"},
		{"find", []string{"-D"}, l, none, "-D is not a primary"},
		{"find", []string{"-d", "."}, d, nil, ""},   // BSD's -d is an option
		{"find", []string{"-d", "."}, l, nil, ""},   // GNU's a primary (-depth): no starting point
		{"find", []string{"-f", "src"}, d, nil, ""}, // BSD -f path: a starting point
		{"find", []string{"-f", "src"}, l, none, "-f is not a primary"},
		{"find", []string{".", "-name", "--help"}, l, nil, ""}, // a name to find, not an option
		{"find", []string{".", "--help"}, l, none, "--help is not a primary"},
		{"find", []string{".", "-printf", "%p\n"}, l, []string{".", "-print"}, "custom format"},
		{"find", []string{"--", "-H"}, l, none, "-H is not a primary"}, // after "--" an operand
	})
	fa, perr := findRead(findParserDef.ReadArgs([]string{"-f", "a", "-x", "b", "c", "-print0"}), d)
	if perr != nil || len(fa.starts) != 3 || fa.starts[0] != "a" || !fa.print0 {
		t.Fatalf("%+v %v", fa, perr)
	}
}
