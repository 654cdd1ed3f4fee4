package uname

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"uname", []string{"-a"}, catalog.Linux, catalogtest.Accepted},
		{"uname", []string{"-r"}, catalog.Linux, catalogtest.Accepted},
		{"uname", []string{"-sr"}, catalog.Linux, catalogtest.Hint("-a")},
		{"uname", []string{"-s", "-r"}, catalog.Linux, catalogtest.Hint("-a")},
		{"uname", []string{"--kernel-release"}, catalog.Linux, catalogtest.Accepted},
		{"uname", []string{}, catalog.Linux, catalogtest.Accepted},
	})
}
