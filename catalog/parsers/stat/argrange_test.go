package stat

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"stat", []string{"a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"stat", []string{"-L", "-t", "a"}, catalog.Linux, catalogtest.Accepted},
		{"stat", []string{"-c", "%s %Y %n", "a"}, catalog.Linux, catalogtest.Accepted},
		{"stat", []string{"--format=%y %n", "a"}, catalog.Linux, catalogtest.Accepted},
		{"stat", []string{"-c", "%n %s", "a"}, catalog.Linux, catalogtest.Hint("a")},
		{"stat", []string{"-c", "size=%s", "a"}, catalog.Linux, catalogtest.Hint("a")},
		{"stat", []string{"--printf", "%s\n", "-L", "a"}, catalog.Linux, catalogtest.Hint("-L", "a")},
		{"stat", []string{"-f", "/"}, catalog.Linux, catalogtest.Refused},
		{"stat", []string{"a"}, catalog.Darwin, catalogtest.Accepted},
		{"stat", []string{"-x", "-L", "a"}, catalog.Darwin, catalogtest.Accepted},
		{"stat", []string{"-f", "%z", "a"}, catalog.Darwin, catalogtest.Hint("-x", "a")},
		{"stat", []string{"-L", "-s", "a"}, catalog.FreeBSD, catalogtest.Hint("-x", "-L", "a")},
		{"stat", []string{"-t", "%s", "a"}, catalog.Darwin, catalogtest.Hint("-x", "a")},
		{"stat", []string{"-c", "%s", "a"}, catalog.Darwin, catalogtest.Refused},
	})
}
