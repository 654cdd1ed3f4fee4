package find

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists find reads and which it
// refuses, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"find", []string{".", "-name", "*.go", "-type", "f"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{"-L", "src", "docs", "-maxdepth", "2", "-newermt", "2026-01-01", "-print0"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{".", "(", "-name", "a", "-o", "-name", "b", ")", "!", "-empty"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{".", "-size", "-10k", "-mtime", "-5", "-perm", "-u+x"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{"-s", ".", "-Bmin", "5"}, catalog.Darwin, catalogtest.Accepted},
		{"find", []string{".", "-printf", "%p %s\n"}, catalog.Linux, catalogtest.Hint(".", "-print")},
		{"find", []string{".", "-name", "x", "-ls"}, catalog.Linux, catalogtest.Hint(".", "-name", "x", "-print")},
		{"find", []string{".", "-print", "-print0"}, catalog.Linux, catalogtest.Hint(".", "-print0", "-print0")},
		{"find", []string{".", "-exec", "rm", "{}", ";"}, catalog.Linux, catalogtest.Refused},
		{"find", []string{".", "-bogus"}, catalog.Linux, catalogtest.Refused},
	})
}
