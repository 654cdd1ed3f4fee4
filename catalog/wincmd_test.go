package catalog

import (
	"slices"
	"strings"
	"testing"
)

func TestWindowsArgumentRange(t *testing.T) {
	r := Default()
	none := []string{"<none>"}
	tests := []struct {
		cmd  string
		args []string
		hint []string // nil: accepted; none: refused without a hint; else the hint
	}{
		{"dir", nil, nil},
		{"dir", []string{"/a"}, nil},
		{"dir", []string{"/s", "/b"}, nil},
		{"dir", []string{"/B/S", "C:\\Program Files"}, nil},
		{"dir", []string{"/o:-d", "/T:C", "/-c", "*.txt"}, nil},
		{"dir", []string{"/w"}, []string{}},
		{"dir", []string{"/w", "/s"}, []string{"/s"}},
		{"dir", []string{"/b/W", "C:\\"}, []string{"/b", "C:\\"}},
		{"dir", []string{"/p"}, []string{}},
		{"dir", []string{"/q", "/s", "C:\\src"}, []string{"/s", "C:\\src"}},
		{"dir", []string{"/x"}, []string{}},
		{"dir", []string{"/t:z"}, []string{}},
		{"dir", []string{"-l"}, none},

		{"tasklist", nil, nil},
		{"tasklist", []string{"/v"}, nil},
		{"tasklist", []string{"/FO", "CSV", "/NH"}, nil},
		{"tasklist", []string{"/fi", "STATUS eq running", "/fo", "list"}, nil},
		{"tasklist", []string{"/svc"}, nil},
		{"tasklist", []string{"/m", "ntdll.dll"}, nil},
		{"tasklist", []string{"/s", "srv01", "/u", "CORP\\admin", "/p", "secret"}, nil},
		{"tasklist", []string{"/nh"}, []string{}},
		{"tasklist", []string{"/fo", "table", "/nh"}, []string{"/fo", "table"}},
		{"tasklist", []string{"/fo", "xml"}, []string{"/fo", "csv"}},
		{"tasklist", []string{"/apps", "/v"}, []string{"/v"}},
		{"tasklist", []string{"/v", "/svc"}, none},
		{"tasklist", []string{"notepad.exe"}, none},

		{"ipconfig", nil, nil},
		{"ipconfig", []string{"/all"}, nil},
		{"ipconfig", []string{"/ALL"}, nil},
		{"ipconfig", []string{"/displaydns"}, []string{"/all"}},
		{"ipconfig", []string{"/allcompartments", "/all"}, []string{"/all"}},

		{"systeminfo", nil, nil},
		{"systeminfo", []string{"/fo", "csv"}, nil},
		{"systeminfo", []string{"/FO", "LIST", "/s", "srv01", "/u", "CORP\\admin", "/p"}, nil},
		{"systeminfo", []string{"/fo", "table"}, []string{"/fo", "list"}},
		{"systeminfo", []string{"/x"}, none},
		{"systeminfo", []string{"/fo", "csv", "/nh"}, []string{"/fo", "csv"}},
	}
	for _, tc := range tests {
		for _, os := range []OS{Windows, Linux} {
			res := r.Parse(Input{Cmd: tc.cmd, Args: tc.args, OS: os, Raw: "x\r\n"})
			name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(os) + ")"
			refused := res.Err != nil && res.Err.Reason == ReasonUnsupportedFormat
			if tc.hint == nil {
				if refused {
					t.Errorf("%s: refused: %s", name, res.Err.Message)
				}
				continue
			}
			if !refused {
				t.Errorf("%s: accepted (err %v)", name, res.Err)
				continue
			}
			switch {
			case slices.Equal(tc.hint, none):
				if res.Err.Hint != nil {
					t.Errorf("%s: hint %q, want none", name, res.Err.Hint.Args)
				}
			case res.Err.Hint == nil:
				t.Errorf("%s: no hint, want %q", name, tc.hint)
			case !slices.Equal(res.Err.Hint.Args, tc.hint):
				t.Errorf("%s: hint %q, want %q", name, res.Err.Hint.Args, tc.hint)
			}
		}
	}
}

func TestWinNumber(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "18,432": 18432, "120,345,678,848": 120345678848, "18.432": 18432, "1\u00a0234": 1234,
		"1\u202f234\u202f567": 1234567, "4294967296": 4294967296,
	} {
		if got, ok := winNumber(in); !ok || got != want {
			t.Errorf("winNumber(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", ",123", "1,23", "12,3456", "1,234,", "12a", "1..234"} {
		if got, ok := winNumber(in); ok {
			t.Errorf("winNumber(%q) = %d, accepted", in, got)
		}
	}
}

func TestDirDates(t *testing.T) {
	// Slash dates read month first unless a first number is above 12; a
	// listing whose dates contradict each other is not read.
	row := func(date string) string {
		return date + "  09:41 AM            18,432 a b.txt\r\n"
	}
	res := parseWith(t, "dir", nil, Windows, row("02/03/2026"))
	if res.Err != nil || res.Value.(*DirResult).Entries[0].ModifiedAt != "2026-02-03T09:41:00+00:00" {
		t.Fatalf("month first: %+v %v", res.Value, res.Err)
	}
	res = parseWith(t, "dir", nil, Windows, row("02/03/2026")+row("13/03/2026"))
	if res.Err != nil || res.Value.(*DirResult).Entries[0].ModifiedAt != "2026-03-02T09:41:00+00:00" || res.Value.(*DirResult).DateFormat != "DD/MM/YYYY" {
		t.Fatalf("day first: %+v %v", res.Value, res.Err)
	}
	res = parseWith(t, "dir", nil, Windows, row("03/13/2026")+row("13/03/2026"))
	if res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
		t.Fatalf("contradicting dates: %+v", res.Value)
	}
	res = parseWith(t, "dir", nil, Windows, row("02/30/2026"))
	if res.Err == nil {
		t.Fatalf("February 30th: %+v", res.Value)
	}
}

func TestTasklistNamesAreNotPadded(t *testing.T) {
	raw := "\r\nImage Name                     PID Session Name        Session#    Mem Usage\r\n" +
		"========================= ======== ================ =========== ============\r\n" +
		"a b.exe                         12                            0          8 K\r\n" +
		"broken line\r\n"
	res := parseWith(t, "tasklist", nil, Windows, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := res.Value.(*TasklistResult).Processes
	if len(p) != 1 || p[0].Name != "a b.exe" || p[0].SessionName != "" || *p[0].MemUsageKiB != 8 || !slices.Equal(res.UnreadLines, []int{5}) {
		t.Fatalf("got %+v unread %v", p, res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Fatal(err)
	}
}

// TestLangPkgWindowsExamples: every example a parser shows is one it reads.
func TestLangPkgWindowsExamples(t *testing.T) {
	r := Default()
	for _, id := range []string{"npm-ls", "npm-list", "pnpm-list", "yarn-list", "cargo-tree", "dir", "tasklist", "ipconfig", "systeminfo"} {
		p := findParser(t, id)
		if len(p.Examples) == 0 {
			t.Errorf("%s: no examples", id)
		}
		for _, ex := range p.Examples {
			res := r.Parse(Input{Cmd: p.Command, Args: ex, OS: Windows, Raw: ""})
			if res.Parser != p || res.Err != nil {
				t.Errorf("%s: example %q: parser %v, err %v", id, ex, res.Parser, res.Err)
			}
		}
	}
}
