package journalctl

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists journalctl reads and which it
// refuses, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"journalctl", []string{"-o", "short-iso", "-n", "100"}, catalog.Linux, catalogtest.Accepted},
		{"journalctl", []string{"-b", "-1", "--output=short-iso-precise", "-u", "nginx"}, catalog.Linux, catalogtest.Accepted},
		{"journalctl", []string{"-ocat"}, catalog.Linux, catalogtest.Hint("-o", "short-iso")},
		{"journalctl", []string{"-u", "nginx", "-n", "50"}, catalog.Linux, catalogtest.Hint("-o", "short-iso", "-u", "nginx", "-n", "50")},
		{"journalctl", []string{"-b", "-1", "-o", "json"}, catalog.Linux, catalogtest.Hint("-b", "-1", "-o", "short-iso")},
		{"journalctl", []string{"-o", "short-iso", "-x"}, catalog.Linux, catalogtest.Hint("-o", "short-iso")},
	})
}
