package grep

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"grep", []string{"-n", "x", "f"}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-rn", "--include=*.go", "-e", "x", "."}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-c", "x", "a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-rlZ", "x"}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-n", "-C2", "x", "f"}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-n", "-3", "x", "f"}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-n3", "x", "f"}, catalog.Linux, catalogtest.Refused},
		{"grep", []string{"x", "f", "--color=auto"}, catalog.Linux, catalogtest.Accepted},
		{"grep", []string{"-r", "x", "."}, catalog.Linux, catalogtest.Hint("-r", "-n", "x", ".")},
		{"grep", []string{"-r", "-e", "x", "--", "-dir"}, catalog.Linux, catalogtest.Hint("-r", "-e", "x", "-n", "--", "-dir")},
		{"grep", []string{"-C", "2", "x", "f"}, catalog.Linux, catalogtest.Hint("-C", "2", "-n", "x", "f")},
		{"grep", []string{"--color=always", "-n", "x", "f"}, catalog.Linux, catalogtest.Hint("-n", "--color=never", "x", "f")},
		{"grep", []string{"-T", "-n", "x", "f"}, catalog.Linux, catalogtest.Hint("-n", "x", "f")},
		{"grep", []string{"-z", "x", "f"}, catalog.Linux, catalogtest.Refused},
	})
}
