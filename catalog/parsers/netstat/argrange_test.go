package netstat

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"netstat", []string{"-aon"}, catalog.Windows, catalogtest.Accepted},
		{"netstat", []string{"-aonb"}, catalog.Windows, catalogtest.Accepted},
		{"netstat", []string{"-ano", "-t"}, catalog.Windows, catalogtest.Hint("-ano")},
		{"netstat", []string{"-anA"}, catalog.FreeBSD, catalogtest.Accepted},
		{"netstat", []string{"-anT"}, catalog.FreeBSD, catalogtest.Accepted},
		{"netstat", []string{"-anL"}, catalog.FreeBSD, catalogtest.Hint("-an")},

		{"netstat", []string{"-tunap"}, catalog.Linux, catalogtest.Accepted},
		{"netstat", []string{"-an", "--numeric-ports"}, catalog.Linux, catalogtest.Accepted},
		{"netstat", []string{"-tunapo"}, catalog.Linux, catalogtest.Hint("-tunap")},
		{"netstat", []string{"-r"}, catalog.Linux, catalogtest.Refused},
		{"netstat", []string{"-an", "-p", "tcp"}, catalog.Darwin, catalogtest.Accepted},
		{"netstat", []string{"-anv"}, catalog.Darwin, catalogtest.Hint("-an")},
		{"netstat", []string{"-an"}, catalog.Linux, catalogtest.Reads("netstat")},
		{"netstat", []string{"-an"}, catalog.Darwin, catalogtest.Reads("netstat-bsd")},
		{"netstat", []string{"-an"}, catalog.FreeBSD, catalogtest.Reads("netstat-bsd")},
		{"netstat", []string{"-ano"}, catalog.Windows, catalogtest.Reads("netstat-windows")},

		// Routing tables: BSD and macOS netstat -r, Windows netstat -r and
		// route print.
		{"netstat", []string{"-rn"}, catalog.Darwin, catalogtest.Reads("netstat-bsd")},
		{"netstat", []string{"-nr", "-f", "inet6"}, catalog.Darwin, catalogtest.Accepted},
		{"netstat", []string{"-rnW", "-4"}, catalog.FreeBSD, catalogtest.Accepted},
		{"netstat", []string{"-rnl"}, catalog.Darwin, catalogtest.Hint("-rn")},
		{"netstat", []string{"-rn", "-f", "link"}, catalog.FreeBSD, catalogtest.Hint("-rn", "-f", "inet")},
		{"netstat", []string{"-rs"}, catalog.FreeBSD, catalogtest.Refused},
		{"netstat", []string{"-r"}, catalog.Windows, catalogtest.Reads("netstat-windows")},
		{"netstat", []string{"-rn"}, catalog.Windows, catalogtest.Accepted},
		{"netstat", []string{"-ra"}, catalog.Windows, catalogtest.Hint("-r")},
		{"route", []string{"print"}, catalog.Windows, catalogtest.Reads("route-print")},
		{"route", []string{"print", "-6"}, catalog.Windows, catalogtest.Accepted},
		{"route", []string{"print", "10.*"}, catalog.Windows, catalogtest.Accepted},
	})
}
