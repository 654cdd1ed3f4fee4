package dig

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDigArgs: +options read by the one reader (PlusOptions) and judged
// with dig's own wording and hint (ChecksUndeclared).
func TestDigArgs(t *testing.T) {
	none := []string{}
	l := catalog.Linux
	catalogtest.ArgCases(t, testRegistry(), []catalogtest.ArgCase{
		{"dig", []string{"+short", "example.com"}, l, nil, ""},
		{"dig", []string{"+tries=1", "+time=2", "-p", "53", "@192.0.2.1", "a.test"}, l, nil, ""},
		{"dig", []string{"+trace", "example.com"}, l, []string{"example.com"}, "dig +trace changes the output form"},
		{"dig", []string{"example.com", "+yaml=1"}, l, []string{"example.com"}, "dig +yaml=1 changes"},
		{"dig", []string{"+sho", "example.com"}, l, []string{"example.com"}, "dig +sho changes"}, // abbreviations not expanded
		{"dig", []string{"-z", "+trace", "x"}, l, none, "not verified for -z"},                   // an undeclared -flag first
		{"dig", []string{"+noall", "+answer", "+authority", "x"}, l, none, "mixes the sections"},
		{"dig", []string{"+short", "a.test", "b.test"}, l, []string{"+noall", "+answer", "a.test", "b.test"}, "several names"},
		{"dig", []string{"+short", "-x", "192.0.2.1", "a.test"}, l, []string{"+noall", "+answer", "-x", "192.0.2.1", "a.test"}, "several names"},
		{"dig", []string{"+short", "a.test", "MX", "IN"}, l, nil, ""}, // a type and a class are not names
		// +words after "--" are still options (as dig's parser always read them).
		{"dig", []string{"x", "--", "+trace"}, l, []string{"x", "--"}, "dig +trace changes"},
		// -x's value is the next argument whatever it looks like, as dig reads it.
		{"dig", []string{"-x", "+trace"}, l, nil, ""},
	})
	a := digParser.ReadArgs([]string{"+noall", "+answer", "a.test", "-q", "b.test", "@s"})
	if m := digReadOptions(a); !m.noComments || m.short || digNames(a) != 2 {
		t.Fatalf("mode %+v, %d names", m, digNames(a))
	}
}
