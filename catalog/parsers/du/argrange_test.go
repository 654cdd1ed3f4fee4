package du

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"du", []string{"-sh", "."}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"-ac", "--max-depth=2", "--exclude", "*.o"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"-B1", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"-d", "1", "-k"}, catalog.Darwin, catalogtest.Accepted},
		{"du", []string{"-sg"}, catalog.FreeBSD, catalogtest.Accepted},
		{"du", []string{"-s", "."}, catalog.Darwin, catalogtest.Accepted},
		{"du", []string{"-B", "4K", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"-BM", "--apparent-size", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"--block-size=1MiB", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"-B", "1024", "-s"}, catalog.FreeBSD, catalogtest.Accepted},
		{"du", []string{"-B", "4K", "-s"}, catalog.FreeBSD, catalogtest.Hint("-s", "-k")},
		{"du", []string{"-B", "'1K", "-s"}, catalog.Linux, catalogtest.Hint("-s", "-k")},
		{"du", []string{"-B", "3X", "-s"}, catalog.Linux, catalogtest.Hint("-s", "-k")},
		{"du", []string{"-sg"}, catalog.Linux, catalogtest.Hint("-s", "-k")},
		{"du", []string{"--time", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"--time=ctime", "--time-style=full-iso", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"du", []string{"--time", "--time-style=iso", "-s"}, catalog.Linux, catalogtest.Hint("--time", "-s", "--time-style=full-iso")},
		{"du", []string{"--time=birth", "-s"}, catalog.Linux, catalogtest.Hint("-s", "-k")},
	})
}
