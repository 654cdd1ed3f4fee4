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
	w := catalog.Windows
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"dir", []string{"/B/S", "C:\\src"}, w, catalogtest.Accepted},
		{"dir", []string{"/a:d", "/AD", "/o-d", "/T:A", "/-C"}, w, catalogtest.Accepted},
		{"dir", []string{"/b/W", "C:\\"}, w, catalogtest.Hint("/b", "C:\\").Saying("dir /w is not read")},
		{"dir", []string{"/-N"}, w, catalogtest.Hint().Saying("old short format")},
		{"dir", []string{"/t:z"}, w, catalogtest.Hint().Saying("dir /t:z is not a known time field")},
		{"dir", []string{"/zz"}, w, catalogtest.Refused.Saying("dir /zz is not a switch")},
		{"dir", []string{"/-a"}, w, catalogtest.Refused.Saying("dir /-a is not a switch")},
		{"dir", []string{"-l"}, w, catalogtest.Refused.Saying("not verified for -l")},
		{"tasklist", []string{"/FO", "CSV", "/NH"}, w, catalogtest.Accepted},
		{"tasklist", []string{"/m", "/fo", "csv"}, w, catalogtest.Accepted}, // /m without a pattern
		{"tasklist", []string{"/m", "ntdll.dll"}, w, catalogtest.Accepted},
		{"tasklist", []string{"/s", "srv", "/u", "me", "/p"}, w, catalogtest.Accepted},
		{"tasklist", []string{"/fo", "xml"}, w, catalogtest.Hint("/fo", "csv").Saying("/fo xml is not a format")},
		{"tasklist", []string{"/fo"}, w, catalogtest.Refused.Saying("/fo needs a format")},
		{"tasklist", []string{"/fo:csv"}, w, catalogtest.Refused.Saying("tasklist /fo:csv is not a switch")},
		{"tasklist", []string{"/fo/nh", "csv"}, w, catalogtest.Refused.Saying("tasklist /fo/nh is not a switch")},
		{"tasklist", []string{"/nh", "/v"}, w, catalogtest.Hint("/v").Saying("read only with /fo csv")},
		{"tasklist", []string{"/s", "/NH", "/nh"}, w, catalogtest.Hint("/s", "/NH").Saying("read only with /fo csv")}, // /NH is /s's value
		{"tasklist", []string{"notepad.exe"}, w, catalogtest.Refused.Saying("takes no operand")},
		{"tasklist", []string{"/fi", "-l"}, w, catalogtest.Accepted}, // -l is /fi's value
		{"ipconfig", []string{"/ALL"}, w, catalogtest.Accepted},
		{"ipconfig", []string{"/all/all"}, w, catalogtest.Hint("/all").Saying("not /all/all")},
		{"ipconfig", []string{"--", "/all"}, w, catalogtest.Hint("/all").Saying("not --")},
		{"ipconfig", []string{"/displaydns"}, w, catalogtest.Hint("/all").Saying("not /displaydns")},
		{"systeminfo", []string{"/FO", "CSV", "/s", "srv", "/p"}, w, catalogtest.Accepted},
		{"systeminfo", []string{"/fo", "table"}, w, catalogtest.Hint("/fo", "list").Saying("one very wide row")},
		{"systeminfo", []string{"/NH"}, w, catalogtest.Hint().Saying("without their labels")},
		{"systeminfo", []string{"/X"}, w, catalogtest.Refused.Saying("systeminfo /X is not a switch")},
		{"systeminfo", []string{"/s"}, w, catalogtest.Refused.Saying("systeminfo /s needs a value")},
	})
	a := dirParserDef.ReadArgs([]string{"/B", "/T:C", "/s/-s"})
	if o := dirOptions(a); !o.bare || o.recursive || o.timeField != "created_at" {
		t.Fatalf("dir options %+v", o)
	}
}
