package lsblk

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"lsblk", []string{}, catalog.Linux, catalogtest.Accepted},
		{"lsblk", []string{"-f", "-b", "/dev/sda"}, catalog.Linux, catalogtest.Accepted},
		{"lsblk", []string{"-o", "NAME,SIZE,MOUNTPOINTS"}, catalog.Linux, catalogtest.Accepted},
		{"lsblk", []string{"-o", "NAME,ROTA,SIZE"}, catalog.Linux, catalogtest.Hint("-o", "NAME,SIZE")},
		{"lsblk", []string{"-P"}, catalog.Linux, catalogtest.Hint()},
	})
}

// TestJSONPassthrough: the JSON form the parser refuses comes through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "lsblk", Args: []string{"-J"}, Raw: `{"blockdevices": [{"name": "vda", "size": "256G"}]}` + "\n"},
	})
}
