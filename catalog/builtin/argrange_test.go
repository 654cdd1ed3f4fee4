package builtin

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDialectArgumentRange pins which argument lists the find, lsof, dig,
// journalctl and Windows parsers read and which they refuse, with which
// hint. These parsers' argument dialects are being reworked; their rows
// move to their packages (as every other parser's did) once that lands.
func TestDialectArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"find", []string{".", "-name", "*.go", "-type", "f"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{"-L", "src", "docs", "-maxdepth", "2", "-newermt", "2026-01-01", "-print0"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{".", "(", "-name", "a", "-o", "-name", "b", ")", "!", "-empty"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{".", "-size", "-10k", "-mtime", "-5", "-perm", "-u+x"}, catalog.Linux, catalogtest.Accepted},
		{"find", []string{"-s", ".", "-Bmin", "5"}, catalog.Darwin, catalogtest.Accepted},
		{"find", []string{".", "-printf", "%p %s\n"}, catalog.Linux, catalogtest.Hint(".", "-print")},
		{"find", []string{".", "-name", "x", "-ls"}, catalog.Linux, catalogtest.Hint(".", "-name", "x", "-print")},
		{"find", []string{".", "-print", "-print0"}, catalog.Linux, catalogtest.Hint(".", "-print0", "-print0")},
		{"find", []string{".", "-exec", "rm", "{}", ";"}, catalog.Linux, catalogtest.Refused},
		{"find", []string{".", "-bogus"}, catalog.Linux, catalogtest.Refused},

		{"lsof", []string{"-i", "-n", "-P"}, catalog.Linux, catalogtest.Accepted},
		{"lsof", []string{"-i", ":8080"}, catalog.Linux, catalogtest.Accepted},
		{"lsof", []string{"-iTCP", "-sTCP:LISTEN", "-nP"}, catalog.Linux, catalogtest.Accepted},
		{"lsof", []string{"-i", "-t"}, catalog.Linux, catalogtest.Hint("-i")},
		{"lsof", []string{"-i", "-F"}, catalog.Linux, catalogtest.Hint("-i")}, // -i takes no value that starts with "-"
		{"lsof", []string{"-i", "-s"}, catalog.Linux, catalogtest.Refused},
		{"dig", []string{"example.com"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"@1.1.1.1", "+short", "example.com", "MX"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"+noall", "+answer", "example.com"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"-p", "5353", "+tries=1", "+time=2", "x.test"}, catalog.Linux, catalogtest.Accepted},
		{"dig", []string{"+yaml", "example.com"}, catalog.Linux, catalogtest.Hint("example.com")},
		{"dig", []string{"+trace", "example.com"}, catalog.Linux, catalogtest.Hint("example.com")},
		{"dig", []string{"+noall", "+answer", "+authority", "example.com"}, catalog.Linux, catalogtest.Refused},
		{"dig", []string{"+short", "a.test", "b.test"}, catalog.Linux, catalogtest.Hint("+noall", "+answer", "a.test", "b.test")},
		{"dig", []string{"+qr", "+dnssec", "+nsid", "@192.0.2.53", "a.test", "b.test"}, catalog.Linux, catalogtest.Accepted},
		{"journalctl", []string{"-o", "short-iso", "-n", "100"}, catalog.Linux, catalogtest.Accepted},
		{"journalctl", []string{"-b", "-1", "--output=short-iso-precise", "-u", "nginx"}, catalog.Linux, catalogtest.Accepted},
		{"journalctl", []string{"-ocat"}, catalog.Linux, catalogtest.Hint("-o", "short-iso")},
		{"journalctl", []string{"-u", "nginx", "-n", "50"}, catalog.Linux, catalogtest.Hint("-o", "short-iso", "-u", "nginx", "-n", "50")},
		{"journalctl", []string{"-b", "-1", "-o", "json"}, catalog.Linux, catalogtest.Hint("-b", "-1", "-o", "short-iso")},
		{"journalctl", []string{"-o", "short-iso", "-x"}, catalog.Linux, catalogtest.Hint("-o", "short-iso")},
	})
	// The Windows commands' arguments read the same whatever OS the output
	// is said to come from.
	win := []catalogtest.ArgCase{
		{"dir", nil, catalog.Windows, catalogtest.Accepted},
		{"dir", []string{"/a"}, catalog.Windows, catalogtest.Accepted},
		{"dir", []string{"/s", "/b"}, catalog.Windows, catalogtest.Accepted},
		{"dir", []string{"/B/S", "C:\\Program Files"}, catalog.Windows, catalogtest.Accepted},
		{"dir", []string{"/o:-d", "/T:C", "/-c", "*.txt"}, catalog.Windows, catalogtest.Accepted},
		{"dir", []string{"/w"}, catalog.Windows, catalogtest.Hint()},
		{"dir", []string{"/w", "/s"}, catalog.Windows, catalogtest.Hint("/s")},
		{"dir", []string{"/b/W", "C:\\"}, catalog.Windows, catalogtest.Hint("/b", "C:\\")},
		{"dir", []string{"/p"}, catalog.Windows, catalogtest.Hint()},
		{"dir", []string{"/q", "/s", "C:\\src"}, catalog.Windows, catalogtest.Hint("/s", "C:\\src")},
		{"dir", []string{"/x"}, catalog.Windows, catalogtest.Hint()},
		{"dir", []string{"/t:z"}, catalog.Windows, catalogtest.Hint()},
		{"dir", []string{"-l"}, catalog.Windows, catalogtest.Refused},

		{"tasklist", nil, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/v"}, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/FO", "CSV", "/NH"}, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/fi", "STATUS eq running", "/fo", "list"}, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/svc"}, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/m", "ntdll.dll"}, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/s", "srv01", "/u", "CORP\\admin", "/p", "secret"}, catalog.Windows, catalogtest.Accepted},
		{"tasklist", []string{"/nh"}, catalog.Windows, catalogtest.Hint()},
		{"tasklist", []string{"/fo", "table", "/nh"}, catalog.Windows, catalogtest.Hint("/fo", "table")},
		{"tasklist", []string{"/fo", "xml"}, catalog.Windows, catalogtest.Hint("/fo", "csv")},
		{"tasklist", []string{"/apps", "/v"}, catalog.Windows, catalogtest.Hint("/v")},
		{"tasklist", []string{"/v", "/svc"}, catalog.Windows, catalogtest.Refused},
		{"tasklist", []string{"notepad.exe"}, catalog.Windows, catalogtest.Refused},

		{"ipconfig", nil, catalog.Windows, catalogtest.Accepted},
		{"ipconfig", []string{"/all"}, catalog.Windows, catalogtest.Accepted},
		{"ipconfig", []string{"/ALL"}, catalog.Windows, catalogtest.Accepted},
		{"ipconfig", []string{"/displaydns"}, catalog.Windows, catalogtest.Hint("/all")},
		{"ipconfig", []string{"/allcompartments", "/all"}, catalog.Windows, catalogtest.Hint("/all")},

		{"systeminfo", nil, catalog.Windows, catalogtest.Accepted},
		{"systeminfo", []string{"/fo", "csv"}, catalog.Windows, catalogtest.Accepted},
		{"systeminfo", []string{"/FO", "LIST", "/s", "srv01", "/u", "CORP\\admin", "/p"}, catalog.Windows, catalogtest.Accepted},
		{"systeminfo", []string{"/fo", "table"}, catalog.Windows, catalogtest.Hint("/fo", "list")},
		{"systeminfo", []string{"/x"}, catalog.Windows, catalogtest.Refused},
		{"systeminfo", []string{"/fo", "csv", "/nh"}, catalog.Windows, catalogtest.Hint("/fo", "csv")},
	}
	for _, os := range []catalog.OS{catalog.Windows, catalog.Linux} {
		for i := range win {
			win[i].OS = os
		}
		catalogtest.ArgCases(t, Parsers(), win)
	}
}
