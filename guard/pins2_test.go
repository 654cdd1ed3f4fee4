package guard

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// More tests from the mutation pass over grammar.go: each group names the
// code it pins.

// compileNode's validation: every rule has both a failing and a passing
// side.
func TestPolicyValidationBothWays(t *testing.T) {
	f := func(fl Flag) map[string]CommandPolicy {
		return map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-a": fl}}}
	}
	bad := []struct {
		name  string
		p     map[string]CommandPolicy
		field string
	}{
		{"optional without kind", f(Flag{Optional: true}), "command_policies[x].flags[-a]"},
		{"deny without kind", f(Flag{Deny: []string{"x"}}), "command_policies[x].flags[-a]"},
		{"min without kind", f(Flag{Min: ptr(1.0)}), "command_policies[x].flags[-a]"},
		{"max without kind", f(Flag{Max: ptr(1.0)}), "command_policies[x].flags[-a]"},
		{"max on text", f(Flag{Arg: ArgText, Max: ptr(1.0)}), "command_policies[x].flags[-a]"},
		{"min on path", f(Flag{Arg: ArgPath, Min: ptr(1.0)}), "command_policies[x].flags[-a]"},
		{"chdir on text", f(Flag{Arg: ArgText, Chdir: true}), "command_policies[x].flags[-a]"},
		{"base on text", f(Flag{Arg: ArgText, Base: true}), "command_policies[x].flags[-a]"},
		{"lists_paths on text", f(Flag{Arg: ArgText, ListsPaths: true}), "command_policies[x].flags[-a]"},
		{"glob on text", f(Flag{Arg: ArgText, Glob: true}), "command_policies[x].flags[-a]"},
		{"chdir without kind", f(Flag{Chdir: true}), "command_policies[x].flags[-a]"},
		{"short flag twice", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-a": bare, "-a,-b": bare}}}, "command_policies[x].flags[-a,-b]"},
		{"-NUM twice", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-NUM": bare, "-NUM,-x": bare}}}, "command_policies[x].flags[-NUM,-x]"},
		{"non-ASCII letter", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-\x80": bare}}}, "command_policies[x].flags[-\x80]"},
		{"empty subcommand", map[string]CommandPolicy{"x": {Subcommands: map[string]CommandPolicy{"": {}}}}, "command_policies[x].subcommands"},
		{"dash subcommand", map[string]CommandPolicy{"x": {Subcommands: map[string]CommandPolicy{"-y": {}}}}, "command_policies[x].subcommands"},
		{"BSD key of two letters", map[string]CommandPolicy{"x": {BSDFlags: map[string]Flag{"ab": bare}}}, "command_policies[x].bsd_flags[ab]"},
		{"BSD key not a letter", map[string]CommandPolicy{"x": {BSDFlags: map[string]Flag{"1": bare}}}, "command_policies[x].bsd_flags[1]"},
		{"BSD bad kind", map[string]CommandPolicy{"x": {BSDFlags: map[string]Flag{"o": {Arg: "file"}}}}, "command_policies[x].bsd_flags[o].arg"},
		{"BSD refusal of two letters", map[string]CommandPolicy{"x": {BSDRefuse: map[string]Refusal{"ab": denied(detailRevealsSecrets)}}}, "command_policies[x].bsd_refuse[ab]"},
		{"BSD refusal also allowed", map[string]CommandPolicy{"x": {BSDFlags: bools("e"), BSDRefuse: map[string]Refusal{"e": denied(detailRevealsSecrets)}}}, "command_policies[x].bsd_refuse[e]"},
		{"BSD refusal without detail", map[string]CommandPolicy{"x": {BSDRefuse: map[string]Refusal{"e": {}}}}, "command_policies[x].bsd_refuse[e].detail"},
	}
	for _, tt := range bad {
		_, err := New(Policy{CommandPolicies: tt.p})
		var pe *PolicyError
		if !errors.As(err, &pe) || pe.Field != tt.field {
			t.Errorf("%s: err %v, want a *PolicyError on %s", tt.name, err, tt.field)
		}
	}
	good := map[string]map[string]CommandPolicy{
		"min on size":                  f(Flag{Arg: ArgSize, Min: ptr(1.0)}),
		"max on number":                f(Flag{Arg: ArgNumber, Max: ptr(1.0)}),
		"chdir on any":                 f(Flag{Arg: ArgAny, Chdir: true}),
		"glob on path":                 f(Flag{Arg: ArgPath, Glob: true}),
		"dash word":                    {"x": {Subcommands: map[string]CommandPolicy{"-": {}}}},
		"only BSD refuse":              {"x": {BSDRefuse: map[string]Refusal{"e": denied(detailRevealsSecrets)}}},
		"require a single-dash option": {"x": {SingleDashLong: true, Flags: bools("-a"), Require: &Requirement{Flags: []string{"-a"}}}},
		"require a plus option":        {"x": {PlusOptions: true, Flags: bools("+a"), Require: &Requirement{Flags: []string{"+a"}}}},
	}
	for name, p := range good {
		if _, err := New(Policy{CommandPolicies: p}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The compiled forms behave.
	g := mustNew(t, Policy{AllowedCommands: []string{"x", "y"}, CommandPolicies: map[string]CommandPolicy{
		"x": good["only BSD refuse"]["x"],
		"y": good["require a single-dash option"]["x"],
	}})
	for _, c := range []struct {
		cmd    string
		args   []string
		detail string
	}{
		{"x", argv("e"), detailRevealsSecrets}, {"x", argv("a"), detailFlagNotAllowed},
		{"y", nil, detailFlagRequired}, {"y", argv("-a"), ""},
	} {
		d := g.Check(c.cmd, c.args, "")
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("%s %q: allowed=%v detail=%q, want %q", c.cmd, c.args, d.Allowed, d.Detail, c.detail)
		}
	}
}

// inheritFrom: a persistent level passes its own and inherited entries
// down; a level that is not persistent passes only what it inherited.
func TestPersistentInheritance(t *testing.T) {
	tool := CommandPolicy{
		Persistent: true,
		Flags:      with(bools("--g", "-g", "-NUM")),
		Refuse:     map[string]Refusal{"--bad": denied(detailRunsProgram), "-B": denied(detailRunsProgram)},
		Subcommands: map[string]CommandPolicy{"mid": {
			Flags:       bools("--m", "-m"),
			Refuse:      map[string]Refusal{"--mbad": denied(detailWritesFiles), "-M": denied(detailWritesFiles)},
			Subcommands: map[string]CommandPolicy{"leaf": {Positionals: textArgs}},
		}},
	}
	g := mustNew(t, Policy{AllowedCommands: []string{"tool"}, CommandPolicies: map[string]CommandPolicy{"tool": tool}})
	for _, c := range []struct {
		args   []string
		detail string
	}{
		{argv("mid", "leaf", "--g"), ""}, {argv("mid", "leaf", "-g"), ""}, {argv("mid", "leaf", "-5"), ""},
		{argv("mid", "--m"), ""}, {argv("mid", "-m"), ""}, {argv("mid", "-7"), ""},
		{argv("mid", "leaf", "--bad"), detailRunsProgram}, {argv("mid", "leaf", "-B"), detailRunsProgram},
		{argv("mid", "leaf", "--m"), detailFlagNotAllowed}, {argv("mid", "leaf", "-m"), detailFlagNotAllowed},
		{argv("mid", "leaf", "--mbad"), detailFlagNotAllowed}, {argv("mid", "leaf", "-M"), detailFlagNotAllowed},
		{argv("mid", "--mbad"), detailWritesFiles}, {argv("mid", "-M"), detailWritesFiles},
	} {
		d := g.Check("tool", c.args, "")
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("tool %q: allowed=%v detail=%q (%s), want %q", c.args, d.Allowed, d.Detail, d.Message, c.detail)
		}
	}
	// A level that is not persistent keeps its own -NUM from its children.
	own := CommandPolicy{Flags: bools("-NUM"), Subcommands: map[string]CommandPolicy{"leaf": {}}}
	g2 := mustNew(t, Policy{AllowedCommands: []string{"own"}, CommandPolicies: map[string]CommandPolicy{"own": own}})
	if d := g2.Check("own", argv("-5"), ""); !d.Allowed {
		t.Errorf("own -5 refused: %s", d.Message)
	}
	if d := g2.Check("own", argv("leaf", "-5"), ""); d.Allowed {
		t.Error("own leaf -5 allowed: -NUM passed down from a level that is not persistent")
	}
}

// hasSubSlot: a level with refused subcommands only still reads its first
// positional as a subcommand.
func TestOnlyRefusedSubcommands(t *testing.T) {
	p := CommandPolicy{Refuse: map[string]Refusal{"rm": denied(detailStateChange)}, Positionals: textArgs}
	g := mustNew(t, Policy{AllowedCommands: []string{"x"}, CommandPolicies: map[string]CommandPolicy{"x": p}})
	if d := g.Check("x", argv("rm"), ""); d.Allowed || d.Detail != detailStateChange {
		t.Errorf("x rm: %+v, want state_change", d)
	}
}

// longOption and lookupLong: "=false", "=true", values at the end,
// abbreviations of aliases, "+" options, hints of valued refusals.
func TestLongOptionReading(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(proj, "--")))
	checkSpellings(t, g, proj, []spelled{
		{"a switch turned off neither follows links nor counts", "", [][]string{
			argv("grep", "--dereference-recursive=false", "x", "."), argv("ls", "--dereference=false"),
			argv("kubectl", "get", "pods", "--no-headers=true"), argv("kubectl", "get", "pods", "--no-headers=false"),
			argv("docker", "stats", "--no-stream=true"),
		}},
		{"a switch turned off does not satisfy a requirement", detailUnbounded, [][]string{argv("docker", "stats", "--no-stream=false")}},
		{"a switch given another value", detailFlagValueNotAllowed, [][]string{argv("kubectl", "get", "pods", "--no-headers=yes")}},
		{"a value missing at the end", "", [][]string{argv("grep", "--regexp"), argv("git", "log", "--author"), argv("ps", "-o")}},
		{"abbreviations of aliases and plus options", "", [][]string{
			argv("ls", "--colo=never"), argv("dig", "+shor", "e.com"), argv("dig", "+tim=3", "e.com"),
		}},
		{"empty long names", detailFlagNotAllowed, [][]string{argv("ls", "--=x"), argv("dig", "+=x", "e.com")}},
		{"a word after -- is a path", detailOutsidePaths, [][]string{argv("cat", "--", "--")}},
		{"find's -H does not start the expression", "", [][]string{argv("find", "-H", ".", "-name", "x")}},
		{"find operators", detailPositionalNotAllowed, [][]string{argv("find", ",", "src"), argv("find", ")", "src")}},
		{"-NUM bounds", "", [][]string{argv("head", "-0", "main.go"), argv("head", "-9", "main.go"), argv("head", "-12", "main.go")}},
		{"not a number", detailFlagNotAllowed, [][]string{argv("head", "-.", "main.go"), argv("head", "-/", "main.go")}},
		{"BSD PID lists", "", [][]string{argv("ps", "x0"), argv("ps", "x9"), argv("ps", "")}},
	})
	for _, c := range []struct {
		args []string
		hint []string
	}{
		{argv("get", "pods", "--token"), argv("get", "pods")},
		{argv("get", "--token=x", "pods"), argv("get", "pods")},
		{argv("get", "--token", "x", "pods"), argv("get", "pods")},
	} {
		d := g.Check("kubectl", c.args, proj)
		if d.Hint == nil || !slices.Equal(d.Hint.Args, c.hint) {
			t.Errorf("kubectl %q: hint %+v, want %q", c.args, d.Hint, c.hint)
		}
	}
	if d := g.Check("git", argv("diff", "--outp=x"), proj); !strings.Contains(d.Message, "read as '--output'") ||
		!strings.Contains(d.Message, "makes 'git diff' write files") {
		t.Errorf("git diff --outp=x: message %q", d.Message)
	}
	// Single-dash long options are not abbreviated, even at an abbreviating
	// level.
	p := CommandPolicy{SingleDashLong: true, Abbrev: true, Flags: flagSet{"-name": val(ArgText)}}
	g2 := mustNew(t, Policy{AllowedCommands: []string{"x"}, CommandPolicies: map[string]CommandPolicy{"x": p}})
	if d := g2.Check("x", argv("-na", "y"), ""); d.Allowed {
		t.Error("x -na y allowed: a single-dash option abbreviated")
	}
	for c, want := range map[byte]bool{'a': true, 'z': true, 'A': true, 'Z': true, 'm': true, '@': false, '[': false, '`': false, '{': false, '0': false} {
		if isLetter(c) != want {
			t.Errorf("isLetter(%q) = %v", c, !want)
		}
	}
}
