package wc

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"wc", []string{"-l", "a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"wc", []string{"--total=never", "-lwcmL", "a"}, catalog.Linux, catalogtest.Accepted},
		{"wc", []string{"-L", "a"}, catalog.Darwin, catalogtest.Refused},
		{"wc", []string{"--total=sometimes", "a"}, catalog.Linux, catalogtest.Refused},
	})
}
