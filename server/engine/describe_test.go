package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/guard"
)

func TestDryRun(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	writeFile(t, dir+"/victim", "x")

	pass := e.DryRun("ls", []string{"-la"}, "")
	if got, want := mustMarshal(t, pass), `{"would_pass":true,"reason":null,"message":null}`; got != want {
		t.Errorf("passing dry_run = %s, want %s", got, want)
	}

	block := asJSON(t, e.DryRun("rm", []string{"victim"}, ""))
	want := map[string]any{"would_pass": false, "reason": "command_not_allowed",
		"message": "Command 'rm' is not in the allowed list", "detail": "not_in_allowlist"}
	if fmt.Sprint(block) != fmt.Sprint(want) {
		t.Errorf("blocked dry_run = %v, want %v", block, want)
	}

	inj := e.DryRun("grep", []string{"-r", "x", "a|b"}, "")
	if inj.WouldPass || *inj.Reason != "injection_pattern" || inj.ArgIndex == nil || *inj.ArgIndex != 2 {
		t.Errorf("injection dry_run = %s", mustMarshal(t, inj))
	}
	// Nothing ran.
	if env := e.Run(t.Context(), Request{Cmd: "cat", Args: []string{"victim"}}); raw(t, env) != "x" {
		t.Errorf("victim changed: %s", mustMarshal(t, env))
	}
}

func TestDescribe(t *testing.T) {
	e, _ := newTestEngine(t, allowing("echo"))
	o := e.Describe()
	if o.Version != Version || o.Version == "" {
		t.Errorf("version = %q", o.Version)
	}
	if o.OS == "" {
		t.Error("os empty")
	}
	wantCmds := slices.Sorted(slices.Values(append(guard.DefaultAllowedCommands(), "echo")))
	if !slices.Equal(o.AllowedCommands, wantCmds) || !slices.IsSorted(o.AllowedCommands) {
		t.Errorf("allowed_commands = %q, want %q", o.AllowedCommands, wantCmds)
	}
	// The catalog's built-ins are listed, once each.
	for _, p := range []string{"ls"} {
		if !slices.Contains(o.AvailableParsers, p) {
			t.Errorf("available_parsers %q lacks %q", o.AvailableParsers, p)
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(o.AvailableParsers)))) != len(o.AvailableParsers) {
		t.Errorf("available_parsers has duplicates: %q", o.AvailableParsers)
	}
	gs := o.GuardSummary
	if gs.Profile != "readonly" || gs.TimeoutMs != 10000 || gs.MaxOutputBytes != 102400 || gs.MaxItems != 500 ||
		gs.DefaultPageSize != 100 || gs.MaxPageSize != 1000 || !slices.Equal(gs.BlockPatterns, guard.DefaultBlockPatterns()) {
		t.Errorf("guard_summary = %+v", gs)
	}

	m := asJSON(t, o)
	for _, k := range []string{"version", "allowed_commands", "available_parsers", "guard_summary", "telemetry_enabled"} {
		if _, ok := m[k]; !ok {
			t.Errorf("describe() lacks %q", k)
		}
	}
	g := m["guard_summary"].(map[string]any)
	if ap, ok := g["allowed_paths"].([]any); !ok || len(ap) != 0 {
		t.Errorf("allowed_paths = %v, want [] (not null)", g["allowed_paths"])
	}
	for _, k := range []string{"profile", "timeout_ms", "max_output_bytes", "max_items", "default_page_size", "max_page_size", "block_patterns"} {
		if _, ok := g[k]; !ok {
			t.Errorf("guard_summary lacks %q", k)
		}
	}
	// Describe hands out copies: changing the answer changes nothing.
	o.AllowedCommands[0] = "rm"
	o.GuardSummary.BlockPatterns[0] = "zzz"
	if e.Describe().AllowedCommands[0] == "rm" || e.DryRun("rm", nil, "").WouldPass || !slices.Equal(e.Describe().GuardSummary.BlockPatterns, guard.DefaultBlockPatterns()) {
		t.Error("mutating describe() output changed the engine")
	}
}

func TestDescribeCommand(t *testing.T) {
	e, dir := newTestEngine(t, nil)

	ls := e.DescribeCommand("ls")
	b, _ := Marshal(ls)
	if len(b) > describeLimit {
		t.Errorf("describe(ls) is %d bytes, limit %d", len(b), describeLimit)
	}
	if !ls.Policy.Allowed || ls.Policy.Profile != "readonly" || ls.PathRestricted {
		t.Errorf("describe(ls).policy = %+v", ls.Policy)
	}
	if !slices.ContainsFunc(ls.Parsers, func(p ParserInfo) bool { return p.ID == "ls" && len(p.Fields) > 0 }) {
		t.Errorf("describe(ls).parsers = %+v, want the ls parser with its fields", ls.Parsers)
	}
	if len(ls.Examples) == 0 {
		t.Error("describe(ls) has no examples")
	}
	for _, ex := range ls.Examples {
		if d := e.Guard().Check("ls", ex, dir); !d.Allowed {
			t.Errorf("example %q does not pass the guard: %s", ex, d.Message)
		}
	}

	rm := e.DescribeCommand("rm")
	if rm.Policy.Allowed {
		t.Error("describe(rm): allowed")
	}
	m := asJSON(t, rm)
	for _, k := range []string{"parsers", "examples"} {
		if l, ok := m[k].([]any); !ok || len(l) != 0 {
			t.Errorf("describe(rm).%s = %v, want []", k, m[k])
		}
	}

	// Every allowed command, whatever its parsers, fits the bound.
	for _, c := range e.Describe().AllowedCommands {
		info := e.DescribeCommand(c)
		if b, _ := Marshal(info); len(b) > describeLimit {
			t.Errorf("describe(%s) is %d bytes", c, len(b))
		}
		if !info.Policy.Allowed {
			t.Errorf("describe(%s): not allowed", c)
		}
	}
}

// TestDescribeCommandFits registers a parser with far too much to say and
// checks that describe trims it under 2 KB and says so.
func TestDescribeCommandFits(t *testing.T) {
	type row struct {
		Name string `json:"name"`
		Size int    `json:"size_bytes"`
	}
	type result struct {
		Entries []row  `json:"entries"`
		Total   int    `json:"total"`
		Skip    string `json:"-"`
	}
	flags := catalog.Flags{}
	alts := map[string][]string{}
	var examples [][]string
	for i := range 60 {
		flags[fmt.Sprintf("--very-long-flag-name-%02d", i)] = catalog.Bool
		alts[fmt.Sprintf("--unsupported-%02d", i)] = []string{"--very-long-flag-name-00"}
		examples = append(examples, []string{fmt.Sprintf("--very-long-flag-name-%02d", i)})
	}
	examples = append(examples, []string{"a;b"}) // would not pass the guard
	r := catalog.NewRegistry()
	if err := r.Register(&catalog.Parser{ID: "big", Command: "ls", Format: "ls -l", Flags: flags, Alternatives: alts,
		Examples: examples, Result: result{}, MaxPositionals: -1,
		Parse: func(*catalog.Context) (any, error) { return nil, nil }}); err != nil {
		t.Fatal(err)
	}
	e, _ := newTestEngine(t, nil, WithRegistry(r))
	info := e.DescribeCommand("ls")
	b, _ := Marshal(info)
	if len(b) > describeLimit || !info.Truncated {
		t.Errorf("describe is %d bytes, truncated=%v", len(b), info.Truncated)
	}
	for _, ex := range info.Examples {
		if slices.Contains(ex, "a;b") {
			t.Error("an example that fails the guard is listed")
		}
	}
	if len(info.Parsers) != 1 || !slices.Contains(expandFields(info.Parsers[0].Fields), "entries[].name") || slices.Contains(info.Parsers[0].Fields, "Skip") {
		t.Errorf("parsers = %+v", info.Parsers)
	}
	if !json.Valid(b) || !strings.Contains(string(b), `"truncated":true`) {
		t.Errorf("describe = %s", b)
	}
}

// "git status" describes one subcommand: its policy and its parser only.
func TestDescribeSubcommand(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	info := e.DescribeCommand("git status")
	if info.Cmd != "git" || len(info.Parsers) != 1 || info.Parsers[0].ID != "git-status" {
		t.Fatalf("describe(git status) = %s", mustMarshal(t, info))
	}
	if b, _ := Marshal(info); len(b) > describeLimit {
		t.Errorf("describe(git status) is %d bytes", len(b))
	}
}
