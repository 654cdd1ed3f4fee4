package curl

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"curl", []string{"-sI", "https://example.com"}, catalog.Linux, catalogtest.Accepted},
		{"curl", []string{"-I", "-L", "-H", "Accept: x", "https://example.com"}, catalog.Linux, catalogtest.Accepted},
		{"curl", []string{"https://example.com"}, catalog.Linux, catalogtest.Hint("-I", "https://example.com")},
		{"curl", []string{"-si", "https://example.com"}, catalog.Linux, catalogtest.Hint("-I", "-s", "https://example.com")},
		{"curl", []string{"-sLm", "5", "https://example.com"}, catalog.Linux, catalogtest.Hint("-I", "-sLm", "5", "https://example.com")},
		{"curl", []string{"-sI", "-o", "out", "https://example.com"}, catalog.Linux, catalogtest.Refused},
	})
}
