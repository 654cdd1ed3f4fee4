package windows

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists dir, tasklist, ipconfig and
// systeminfo read and which they refuse, with which hint: the same
// whatever OS the output is said to come from.
func TestArgumentRange(t *testing.T) {
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
