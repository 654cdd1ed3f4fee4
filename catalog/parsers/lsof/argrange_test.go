package lsof

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists lsof reads and which it
// refuses, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"lsof", []string{"-i", "-n", "-P"}, catalog.Linux, catalogtest.Accepted},
		{"lsof", []string{"-i", ":8080"}, catalog.Linux, catalogtest.Accepted},
		{"lsof", []string{"-iTCP", "-sTCP:LISTEN", "-nP"}, catalog.Linux, catalogtest.Accepted},
		{"lsof", []string{"-i", "-t"}, catalog.Linux, catalogtest.Hint("-i")},
		{"lsof", []string{"-i", "-F"}, catalog.Linux, catalogtest.Hint("-i")}, // -i takes no value that starts with "-"
		{"lsof", []string{"-i", "-s"}, catalog.Linux, catalogtest.Refused},
	})
}
