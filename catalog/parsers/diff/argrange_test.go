package diff

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange: a diff form the parser does not read is refused with
// the unified form of the same comparison as the hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"diff", []string{"-u", "a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"diff", []string{"-c", "a", "b"}, catalog.Linux, catalogtest.Hint("-u", "a", "b")},
		{"diff", []string{"a", "b"}, catalog.Linux, catalogtest.Hint("-u", "a", "b")},
	})
}
