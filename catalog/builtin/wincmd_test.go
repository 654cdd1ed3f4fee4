package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
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
		for _, os := range []catalog.OS{catalog.Windows, catalog.Linux} {
			res := r.Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: os, Raw: "x\r\n"})
			name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(os) + ")"
			refused := res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat
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

// TestLangPkgWindowsExamples: every example a parser shows is one it reads.
func TestLangPkgWindowsExamples(t *testing.T) {
	r := Default()
	for _, id := range []string{"npm-ls", "npm-list", "pnpm-list", "yarn-list", "cargo-tree", "dir", "tasklist", "ipconfig", "systeminfo"} {
		p := findParser(t, id)
		if len(p.Examples) == 0 {
			t.Errorf("%s: no examples", id)
		}
		for _, ex := range p.Examples {
			res := r.Parse(catalog.Input{Cmd: p.Command, Args: ex, OS: catalog.Windows, Raw: ""})
			if res.Parser != p || res.Err != nil {
				t.Errorf("%s: example %q: parser %v, err %v", id, ex, res.Parser, res.Err)
			}
		}
	}
}
