package id

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"id", []string{}, catalog.Linux, catalogtest.Accepted},
		{"id", []string{"alice"}, catalog.Linux, catalogtest.Accepted},
		{"id", []string{"-un"}, catalog.Linux, catalogtest.Hint()},
		{"id", []string{"-G", "alice"}, catalog.Linux, catalogtest.Hint("alice")},
	})
}
