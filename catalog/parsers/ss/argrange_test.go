package ss

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"ss", []string{"-tunap"}, catalog.Linux, catalogtest.Accepted},
		{"ss", []string{"-t", "state", "established", "dport", "=", ":443"}, catalog.Linux, catalogtest.Accepted},
		{"ss", []string{"-tlnH"}, catalog.Linux, catalogtest.Hint("-tln")},
		{"ss", []string{"-s"}, catalog.Linux, catalogtest.Refused},
		{"ss", []string{"-tie"}, catalog.Linux, catalogtest.Accepted},
		{"ss", []string{"-tulpen"}, catalog.Linux, catalogtest.Accepted},
		{"ss", []string{"-tm"}, catalog.Linux, catalogtest.Accepted},
		{"ss", []string{"-to"}, catalog.Linux, catalogtest.Hint("-t")},
	})
}
