package deptree

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func lpDeps(t *testing.T, cmd string, args []string, raw string) *PkgTreeResult {
	t.Helper()
	res := catalogtest.ParseWith(t, testRegistry(), cmd, args, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatalf("%s: %v", cmd, res.Err)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
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
	res := catalogtest.ParseWith(t, testRegistry(), "npm", []string{"ls", "--all"}, catalog.Linux, raw)
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
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
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
	res := catalogtest.ParseWith(t, testRegistry(), "yarn", []string{"list"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := len(res.Value.(*PkgTreeResult).Dependencies); got != 2 || !slices.Equal(res.UnreadLines, []int{3}) {
		t.Fatalf("%d rows, unread %v", got, res.UnreadLines)
	}
	if res := catalogtest.ParseWith(t, testRegistry(), "yarn", []string{"list"}, catalog.Linux, "error An unexpected error occurred\n"); res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("garbage: %+v", res)
	}
}

func TestCargoTreeLabels(t *testing.T) {
	raw := "a v1.0.0 (/p/a) \n" +
		"├── b v2.0.0 (/p/with ) paren) f1,f2 (*)\n" +
		"├── c v0.1.0 (git+https://x/y#abc) \n" +
		"└── d v1.0.0 (proc-macro)  (*)\n"
	res := catalogtest.ParseWith(t, testRegistry(), "cargo", []string{"tree", "-f", "{p} {f}"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c := res.Value.(*CargoTreeResult).Crates
	if len(c) != 4 || c[1].Path != "/p/with ) paren" || !slices.Equal(c[1].Features, []string{"f1", "f2"}) || !c[1].Deduped ||
		c[2].Source != "git+https://x/y#abc" || !c[3].ProcMacro || !c[3].Deduped || c[3].Parent != "a" {
		b, _ := json.Marshal(c)
		t.Fatalf("got %s (unread %v)", b, res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Fatal(err)
	}
}
