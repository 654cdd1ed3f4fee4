package dig

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDigArgs: +options read by the one reader (PlusOptions) and judged
// with dig's own wording and hint (ChecksUndeclared).
func TestDigArgs(t *testing.T) {
	l := catalog.Linux
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"dig", []string{"+short", "example.com"}, l, catalogtest.Accepted},
		{"dig", []string{"+tries=1", "+time=2", "-p", "53", "@192.0.2.1", "a.test"}, l, catalogtest.Accepted},
		{"dig", []string{"+trace", "example.com"}, l, catalogtest.Hint("example.com").Saying("dig +trace changes the output form")},
		{"dig", []string{"example.com", "+yaml=1"}, l, catalogtest.Hint("example.com").Saying("dig +yaml=1 changes")},
		{"dig", []string{"+sho", "example.com"}, l, catalogtest.Hint("example.com").Saying("dig +sho changes")}, // abbreviations not expanded
		{"dig", []string{"-z", "+trace", "x"}, l, catalogtest.Refused.Saying("not verified for -z")},            // an undeclared -flag first
		{"dig", []string{"+noall", "+answer", "+authority", "x"}, l, catalogtest.Refused.Saying("mixes the sections")},
		{"dig", []string{"+short", "a.test", "b.test"}, l, catalogtest.Hint("+noall", "+answer", "a.test", "b.test").Saying("several names")},
		{"dig", []string{"+short", "-x", "192.0.2.1", "a.test"}, l, catalogtest.Hint("+noall", "+answer", "-x", "192.0.2.1", "a.test").Saying("several names")},
		{"dig", []string{"+short", "a.test", "MX", "IN"}, l, catalogtest.Accepted}, // a type and a class are not names
		// +words after "--" are still options (as dig's parser always read them).
		{"dig", []string{"x", "--", "+trace"}, l, catalogtest.Hint("x", "--").Saying("dig +trace changes")},
		// -x's value is the next argument whatever it looks like, as dig reads it.
		{"dig", []string{"-x", "+trace"}, l, catalogtest.Accepted},
	})
	a := digParser.ReadArgs([]string{"+noall", "+answer", "a.test", "-q", "b.test", "@s"})
	if m := digReadOptions(a); !m.noComments || m.short || digNames(a) != 2 {
		t.Fatalf("mode %+v, %d names", m, digNames(a))
	}
}
