package free

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"free", []string{"-b"}, catalog.Linux, catalogtest.Accepted},
		{"free", []string{"-hw", "--si"}, catalog.Linux, catalogtest.Accepted},
		{"free", []string{"-b", "-s", "1"}, catalog.Linux, catalogtest.Hint("-b")},
		{"free", []string{"-bc", "3"}, catalog.Linux, catalogtest.Hint("-b")},
		{"free", []string{"-L"}, catalog.Linux, catalogtest.Hint()},
	})
}
