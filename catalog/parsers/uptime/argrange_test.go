package uptime

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"uptime", []string{}, catalog.Linux, catalogtest.Accepted},
		{"uptime", []string{"-p"}, catalog.Linux, catalogtest.Accepted},
		{"uptime", []string{"--since"}, catalog.Linux, catalogtest.Accepted},
		{"uptime", []string{"-x"}, catalog.Linux, catalogtest.Refused},
	})
}
