package windows

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestWindowsArgs: /switches read by the one reader (Slash:
// case-insensitive, grouped, values separate or attached), judged with
// each program's wording and hints (ChecksUndeclared).
func TestWindowsArgs(t *testing.T) {
	none := []string{}
	w := catalog.Windows
	catalogtest.ArgCases(t, testRegistry(), []catalogtest.ArgCase{
		{"dir", []string{"/B/S", "C:\\src"}, w, nil, ""},
		{"dir", []string{"/a:d", "/AD", "/o-d", "/T:A", "/-C"}, w, nil, ""},
		{"dir", []string{"/b/W", "C:\\"}, w, []string{"/b", "C:\\"}, "dir /w is not read"},
		{"dir", []string{"/-N"}, w, []string{}, "old short format"},
		{"dir", []string{"/t:z"}, w, []string{}, "dir /t:z is not a known time field"},
		{"dir", []string{"/zz"}, w, none, "dir /zz is not a switch"},
		{"dir", []string{"/-a"}, w, none, "dir /-a is not a switch"},
		{"dir", []string{"-l"}, w, none, "not verified for -l"},
		{"tasklist", []string{"/FO", "CSV", "/NH"}, w, nil, ""},
		{"tasklist", []string{"/m", "/fo", "csv"}, w, nil, ""}, // /m without a pattern
		{"tasklist", []string{"/m", "ntdll.dll"}, w, nil, ""},
		{"tasklist", []string{"/s", "srv", "/u", "me", "/p"}, w, nil, ""},
		{"tasklist", []string{"/fo", "xml"}, w, []string{"/fo", "csv"}, "/fo xml is not a format"},
		{"tasklist", []string{"/fo"}, w, none, "/fo needs a format"},
		{"tasklist", []string{"/fo:csv"}, w, none, "tasklist /fo:csv is not a switch"},
		{"tasklist", []string{"/fo/nh", "csv"}, w, none, "tasklist /fo/nh is not a switch"},
		{"tasklist", []string{"/nh", "/v"}, w, []string{"/v"}, "read only with /fo csv"},
		{"tasklist", []string{"/s", "/NH", "/nh"}, w, []string{"/s", "/NH"}, "read only with /fo csv"}, // /NH is /s's value
		{"tasklist", []string{"notepad.exe"}, w, none, "takes no operand"},
		{"tasklist", []string{"/fi", "-l"}, w, nil, ""}, // -l is /fi's value
		{"ipconfig", []string{"/ALL"}, w, nil, ""},
		{"ipconfig", []string{"/all/all"}, w, []string{"/all"}, "not /all/all"},
		{"ipconfig", []string{"--", "/all"}, w, []string{"/all"}, "not --"},
		{"ipconfig", []string{"/displaydns"}, w, []string{"/all"}, "not /displaydns"},
		{"systeminfo", []string{"/FO", "CSV", "/s", "srv", "/p"}, w, nil, ""},
		{"systeminfo", []string{"/fo", "table"}, w, []string{"/fo", "list"}, "one very wide row"},
		{"systeminfo", []string{"/NH"}, w, []string{}, "without their labels"},
		{"systeminfo", []string{"/X"}, w, none, "systeminfo /X is not a switch"},
		{"systeminfo", []string{"/s"}, w, none, "systeminfo /s needs a value"},
	})
	a := dirParserDef.ReadArgs([]string{"/B", "/T:C", "/s/-s"})
	if o := dirOptions(a); !o.bare || o.recursive || o.timeField != "created_at" {
		t.Fatalf("dir options %+v", o)
	}
}
