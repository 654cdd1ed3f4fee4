package ping

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"ping", []string{"-c", "3", "127.0.0.1"}, catalog.Linux, catalogtest.Accepted},
		{"ping", []string{"-c3", "-W1", "-q", "-D", "host"}, catalog.Linux, catalogtest.Accepted},
		{"ping", []string{"-c", "3", "-a", "host"}, catalog.Linux, catalogtest.Hint("-c", "3", "host")},
		{"ping", []string{"a", "b"}, catalog.Linux, catalogtest.Refused},
		{"ping", []string{"-c", "2", "-p", "ff", "-s", "100", "-O", "-A", "-b", "-I", "eth0", "h"}, catalog.Linux, catalogtest.Accepted},
		{"ping", []string{"-c", "2", "-A", "h"}, catalog.Darwin, catalogtest.Refused},
		{"ping", []string{"-c", "2", "-R", "h"}, catalog.Linux, catalogtest.Hint("-c", "2", "h")},
		{"ping6", []string{"-c", "2", "::1"}, catalog.Darwin, catalogtest.Accepted},
		{"ping", []string{"-n", "3", "-l", "64", "-w", "1000", "h"}, catalog.Windows, catalogtest.Accepted},
		{"ping", []string{"-t", "h"}, catalog.Windows, catalogtest.Hint("-n", "4", "h")},
		{"ping6", []string{"-c", "2", "-v", "::1"}, catalog.FreeBSD, catalogtest.Hint("-c", "2", "::1")},
	})
}
