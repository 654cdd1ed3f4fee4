package dig

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists dig reads and which it
// refuses, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"dig", []string{"example.com"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"@1.1.1.1", "+short", "example.com", "MX"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"+noall", "+answer", "example.com"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"-p", "5353", "+tries=1", "+time=2", "x.test"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"+yaml", "example.com"}, catalog.Linux, catalogtest.Hint("example.com")},
		{"dig", []string{"+trace", "example.com"}, catalog.Linux, catalogtest.Hint("example.com")},
		{"dig", []string{"+noall", "+answer", "+authority", "example.com"}, catalog.Linux, catalogtest.Refused},
		{"dig", []string{"+short", "a.test", "b.test"}, catalog.Linux, catalogtest.Hint("+noall", "+answer", "a.test", "b.test")},
		{"dig", []string{"+qr", "+dnssec", "+nsid", "@192.0.2.53", "a.test", "b.test"}, catalog.Linux, catalogtest.Accepted},
	})
}
