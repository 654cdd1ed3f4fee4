package head

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"head", []string{"-n", "5", "a"}, catalog.Linux, catalogtest.Accepted},
		{"head", []string{"-20", "a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"head", []string{"-c", "100", "a"}, catalog.Linux, catalogtest.Refused},
		{"head", []string{"-z", "a", "b"}, catalog.Linux, catalogtest.Hint("a", "b")},
		{"tail", []string{"-n", "+3", "a"}, catalog.Linux, catalogtest.Accepted},
		{"tail", []string{"-r", "a"}, catalog.FreeBSD, catalogtest.Accepted},
		{"tail", []string{"-f", "a"}, catalog.Linux, catalogtest.Refused},
		{"tail", []string{"-r", "a"}, catalog.Linux, catalogtest.Refused},
		{"cat", []string{"-n", "a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"cat", []string{"-A", "a"}, catalog.Linux, catalogtest.Accepted},
	})
}
