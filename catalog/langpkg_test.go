package catalog

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestLangPkgArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		hint []string // nil: accepted; non-nil: refused with this hint ([] = no hint)
	}{
		{"npm", []string{"ls"}, nil},
		{"npm", []string{"list", "--all"}, nil},
		{"npm", []string{"ls", "--depth=2", "--omit=dev", "is-number"}, nil},
		{"npm", []string{"--prefix", "web", "ls", "--unicode=false"}, nil},
		{"npm", []string{"ls", "--unicode", "--all"}, nil},
		{"npm", []string{"ls", "-g", "--depth", "0"}, nil},
		{"npm", []string{"ls", "-w", "@acme/pkg-a", "--all"}, nil},
		{"npm", []string{"ls", "--color=always", "--all"}, []string{"ls", "--no-color", "--all"}},
		{"npm", []string{"ls", "--long"}, []string{"ls", "--json", "--long"}},
		{"npm", []string{"ls", "--parseable"}, []string{"ls", "--json"}},

		{"pnpm", []string{"list"}, nil},
		{"pnpm", []string{"ls", "--depth", "Infinity", "--prod"}, nil},
		{"pnpm", []string{"-r", "list", "--depth=2"}, nil},
		{"pnpm", []string{"--filter", "web", "list"}, nil},
		{"pnpm", []string{"list", "react"}, nil},
		{"pnpm", []string{"install"}, []string{}},
		{"pnpm", []string{"--depth=1"}, []string{"list", "--depth=1"}},
		{"pnpm", []string{"ll"}, []string{"list", "--json", "--long"}},
		{"pnpm", []string{"list", "--color=always"}, []string{"list", "--no-color"}},
		{"pnpm", []string{"list", "--long"}, []string{"--json", "--long", "list"}},

		{"yarn", []string{"list"}, nil},
		{"yarn", []string{"list", "--depth=0", "--pattern", "react"}, nil},
		{"yarn", []string{"--cwd", "web", "list", "--prod"}, nil},
		{"yarn", []string{"why", "react"}, []string{}},

		{"cargo", []string{"tree"}, nil},
		{"cargo", []string{"tree", "--offline", "-p", "app", "-e", "features", "--charset", "ascii"}, nil},
		{"cargo", []string{"--manifest-path", "x/Cargo.toml", "tree", "-i", "serde", "--prefix", "depth"}, nil},
		{"cargo", []string{"tree", "-f", "{p} {f}", "--depth", "1"}, nil},
		{"cargo", []string{"tree", "--format={p}"}, nil},
		{"cargo", []string{"tree", "--prefix", "none"}, []string{"tree", "--prefix", "depth"}},
		{"cargo", []string{"tree", "--prefix=none", "-d"}, []string{"tree", "--prefix", "depth", "-d"}},
		{"cargo", []string{"tree", "-f", "{p} {l}"}, []string{"tree", "-f", "{p} {f}"}},
		{"cargo", []string{"tree", "--color", "always"}, []string{"tree", "--color", "never"}},
		{"cargo", []string{"tree", "serde"}, []string{}},
	}
	for _, tc := range tests {
		res := r.Parse(Input{Cmd: tc.cmd, Args: tc.args, OS: Linux, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ")
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
		var got []string
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) && !(len(got) == 0 && len(tc.hint) == 0) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

func TestLangPkgJSONPassthrough(t *testing.T) {
	raw := `{"version":"2.3.4","name":"rich-app","dependencies":{"is-odd":{"version":"3.0.1"}}}` + "\n"
	for _, in := range []Input{
		{Cmd: "npm", Args: []string{"ls", "--json"}, Raw: raw},
		{Cmd: "pnpm", Args: []string{"list", "--json"}, Raw: "[" + raw + "]"},
		{Cmd: "yarn", Args: []string{"list", "--json"}, Raw: raw},
	} {
		res := Default().Parse(in)
		if !res.Passthrough || res.Err != nil {
			t.Errorf("%s %v: not passed through: %+v", in.Cmd, in.Args, res.Err)
		}
	}
}

func lpDeps(t *testing.T, cmd string, args []string, raw string) *PkgTreeResult {
	t.Helper()
	res := parseWith(t, cmd, args, Linux, raw)
	if res.Err != nil {
		t.Fatalf("%s: %v", cmd, res.Err)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Fatal(err)
	}
	return res.Value.(*PkgTreeResult)
}

func TestNpmLabels(t *testing.T) {
	raw := "app@1.0.0 /srv/my app\r\n" +
		"├── UNMET OPTIONAL DEPENDENCY fsevents@^2.3.2\r\n" +
		"├─┬ alias@npm:@scope/real@2.0.0 deduped invalid: \"^3\" from the root project overridden\r\n" +
		"│ └── x@1.0.0 -> ../x y\r\n" +
		"└── weird@1.0.0 something else\r\n"
	res := parseWith(t, "npm", []string{"ls", "--all"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	v := res.Value.(*PkgTreeResult)
	if v.Project == nil || v.Project.Name != "app" || v.Project.Path != "/srv/my app" {
		t.Fatalf("project %+v", v.Project)
	}
	want := []PkgDependency{
		{Name: "fsevents", Spec: "^2.3.2", Missing: true, Optional: true},
		{Name: "alias", AliasOf: "@scope/real", Version: "2.0.0", Deduped: true, Invalid: true, InvalidDetail: `"^3" from the root project`, Overridden: true},
		{Name: "x", Version: "1.0.0", Depth: 1, Parent: "alias", Path: "../x y"},
	}
	if !slices.Equal(v.Dependencies, want) {
		t.Fatalf("got %+v", v.Dependencies)
	}
	if !slices.Equal(res.UnreadLines, []int{5}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Fatal(err)
	}
}

func TestPnpmColumns(t *testing.T) {
	// pnpm lays more than ten direct dependencies out in columns on a terminal.
	raw := "Legend: production dependency, optional only, dev only\n\n" +
		"web@1.0.0 /w (PRIVATE)\n\n" +
		"dependencies:\n" +
		"a 1.0.0           d 4.0.0           g link:../g       \n" +
		"b 2.0.0 peer      e 5.0.0 skipped   h 8.0.0           \n" +
		"c 3.0.0           f 6.0.0           \n"
	v := lpDeps(t, "pnpm", []string{"list", "--depth=0"}, raw)
	var names []string
	for _, d := range v.Dependencies {
		names = append(names, d.Name)
	}
	if strings.Join(names, "") != "adgbehcf" || !v.Dependencies[3].Peer || !v.Dependencies[4].Skipped || v.Dependencies[2].Path != "../g" {
		t.Fatalf("got %+v", v.Dependencies)
	}
	if !v.Project.Private || v.Dependencies[0].Kind != "prod" {
		t.Fatalf("project %+v, kind %q", v.Project, v.Dependencies[0].Kind)
	}
}

func TestLangPkgDepthJump(t *testing.T) {
	// A row two levels below its predecessor has no parent: not read.
	raw := "yarn list v1.22.22\n├─ a@1.0.0\n│  │  └─ c@1.0.0\n└─ b@2.0.0\nDone in 0.05s.\n"
	res := parseWith(t, "yarn", []string{"list"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := len(res.Value.(*PkgTreeResult).Dependencies); got != 2 || !slices.Equal(res.UnreadLines, []int{3}) {
		t.Fatalf("%d rows, unread %v", got, res.UnreadLines)
	}
	if res := parseWith(t, "yarn", []string{"list"}, Linux, "error An unexpected error occurred\n"); res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
		t.Fatalf("garbage: %+v", res)
	}
}

func TestCargoTreeLabels(t *testing.T) {
	raw := "a v1.0.0 (/p/a) \n" +
		"├── b v2.0.0 (/p/with ) paren) f1,f2 (*)\n" +
		"├── c v0.1.0 (git+https://x/y#abc) \n" +
		"└── d v1.0.0 (proc-macro)  (*)\n"
	res := parseWith(t, "cargo", []string{"tree", "-f", "{p} {f}"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c := res.Value.(*CargoTreeResult).Crates
	if len(c) != 4 || c[1].Path != "/p/with ) paren" || !slices.Equal(c[1].Features, []string{"f1", "f2"}) || !c[1].Deduped ||
		c[2].Source != "git+https://x/y#abc" || !c[3].ProcMacro || !c[3].Deduped || c[3].Parent != "a" {
		b, _ := json.Marshal(c)
		t.Fatalf("got %s (unread %v)", b, res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Fatal(err)
	}
}
