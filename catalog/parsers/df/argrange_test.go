package df

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"df", []string{"-hT"}, catalog.Linux, catalogtest.Accepted},
		{"df", []string{"-i", "/"}, catalog.Linux, catalogtest.Accepted},
		{"df", []string{"--total", "-x", "tmpfs"}, catalog.Linux, catalogtest.Accepted},
		{"df", []string{"-h"}, catalog.Darwin, catalogtest.Accepted},
		{"df", []string{"-T"}, catalog.FreeBSD, catalogtest.Accepted},
		{"df", []string{"-T", "apfs"}, catalog.Darwin, catalogtest.Hint("apfs")},
		{"df", []string{"-ih"}, catalog.Linux, catalogtest.Hint("-i")},
		{"df", []string{"--output=source,target"}, catalog.Linux, catalogtest.Hint("-T")},
		{"df", []string{"-BM"}, catalog.Linux, catalogtest.Accepted},
		{"df", []string{"--block-size=1KiB", "-P"}, catalog.Linux, catalogtest.Accepted},
		{"df", []string{"-B", "3X", "/"}, catalog.Linux, catalogtest.Hint("-k", "/")},
	})
}
