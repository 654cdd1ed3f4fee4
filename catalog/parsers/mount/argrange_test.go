package mount

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"mount", []string{}, catalog.Linux, catalogtest.Accepted},
		{"mount", []string{"-t", "ext4"}, catalog.Linux, catalogtest.Accepted},
		{"mount", []string{"/dev/sda1", "/mnt"}, catalog.Linux, catalogtest.Refused},
	})
}
