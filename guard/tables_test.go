package guard

import (
	"runtime"
	"slices"
	"testing"
)

// effectiveTables shares a parent's table with a level that adds nothing
// to it: each case here is a level that adds only refusals, only allowed
// flags, or nothing, under a persistent parent and under one that is not,
// so a table shared where it had to be built (or built wrong) shows.
func TestEffectiveTablesSharing(t *testing.T) {
	tool := CommandPolicy{
		Persistent: true,
		Abbrev:     true,
		Flags:      with(bools("--global", "-g")),
		Refuse:     map[string]Refusal{"--remote": denied(detailRunsProgram), "-R": denied(detailRunsProgram)},
		Subcommands: map[string]CommandPolicy{
			// Refuses what the persistent root allows, allows nothing.
			"onlyref": {Abbrev: true, Refuse: map[string]Refusal{"--global": denied(detailWritesFiles), "-g": denied(detailWritesFiles)}},
			// Allows what the root refuses, refuses nothing.
			"onlyallow": {Abbrev: true, Flags: bools("--remote", "-R")},
			// Adds nothing: every table is the root's.
			"nothing": {Abbrev: true},
			// Persistent and refusing: its refusal reaches its leaf.
			"mid": {Persistent: true, Refuse: map[string]Refusal{"--global": denied(detailWritesFiles), "-g": denied(detailWritesFiles)},
				Subcommands: map[string]CommandPolicy{"leaf": {Abbrev: true}}},
			// Not persistent and adding both kinds: its leaf gets only the root's.
			"keep": {Flags: bools("--own", "-o"), Refuse: map[string]Refusal{"--secret": denied(detailRevealsSecrets), "-S": denied(detailRevealsSecrets)},
				Subcommands: map[string]CommandPolicy{"leaf": {}}},
			// Not persistent, refusing only: its leaf does not get the refusal.
			"quiet": {Refuse: map[string]Refusal{"--loud": denied(detailStateChange), "-L": denied(detailStateChange)},
				Subcommands: map[string]CommandPolicy{"leaf": {}}},
		},
	}
	g := mustNew(t, Policy{AllowedCommands: []string{"tool"}, CommandPolicies: map[string]CommandPolicy{"tool": tool}})
	for _, c := range []struct {
		args   []string
		detail string
	}{
		{argv("--global"), ""}, {argv("--glo"), ""}, {argv("-g"), ""}, {argv("--remote"), detailRunsProgram}, {argv("-R"), detailRunsProgram},

		{argv("onlyref", "--global"), detailWritesFiles}, {argv("onlyref", "--glo"), detailWritesFiles}, {argv("onlyref", "-g"), detailWritesFiles},
		{argv("onlyref", "--remote"), detailRunsProgram}, {argv("onlyref", "--rem"), detailRunsProgram}, {argv("onlyref", "-R"), detailRunsProgram},

		{argv("onlyallow", "--remote"), ""}, {argv("onlyallow", "--rem"), ""}, {argv("onlyallow", "-R"), ""},
		{argv("onlyallow", "--global"), ""}, {argv("onlyallow", "-g"), ""},

		{argv("nothing", "--global"), ""}, {argv("nothing", "--glo"), ""}, {argv("nothing", "-g"), ""},
		{argv("nothing", "--remote"), detailRunsProgram}, {argv("nothing", "-R"), detailRunsProgram},

		{argv("mid", "leaf", "--global"), detailWritesFiles}, {argv("mid", "leaf", "--glo"), detailWritesFiles}, {argv("mid", "leaf", "-g"), detailWritesFiles},
		{argv("mid", "leaf", "--remote"), detailRunsProgram},

		{argv("keep", "--own"), ""}, {argv("keep", "-o"), ""}, {argv("keep", "--secret"), detailRevealsSecrets}, {argv("keep", "-S"), detailRevealsSecrets},
		{argv("keep", "leaf", "--own"), detailFlagNotAllowed}, {argv("keep", "leaf", "-o"), detailFlagNotAllowed},
		{argv("keep", "leaf", "--secret"), detailFlagNotAllowed}, {argv("keep", "leaf", "-S"), detailFlagNotAllowed},
		{argv("keep", "leaf", "--global"), ""}, {argv("keep", "leaf", "-R"), detailRunsProgram},

		{argv("quiet", "--loud"), detailStateChange}, {argv("quiet", "-L"), detailStateChange},
		{argv("quiet", "leaf", "--loud"), detailFlagNotAllowed}, {argv("quiet", "leaf", "-L"), detailFlagNotAllowed},
		{argv("quiet", "leaf", "-g"), ""}, {argv("quiet", "leaf", "--remote"), detailRunsProgram},
	} {
		d := g.Check("tool", c.args, "")
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("tool %q: allowed=%v detail=%q (%s), want %q", c.args, d.Allowed, d.Detail, d.Message, c.detail)
		}
	}
	// A level that reads abbreviations under one that does not shares its
	// tables but not its (absent) sorted names.
	plain := CommandPolicy{
		Persistent:  true,
		Flags:       bools("--global"),
		Refuse:      map[string]Refusal{"--remote": denied(detailRunsProgram)},
		Subcommands: map[string]CommandPolicy{"sub": {Abbrev: true}},
	}
	g2 := mustNew(t, Policy{AllowedCommands: []string{"plain"}, CommandPolicies: map[string]CommandPolicy{"plain": plain}})
	for _, c := range []struct {
		args   []string
		detail string
	}{
		{argv("--global"), ""}, {argv("--glo"), detailFlagNotAllowed}, {argv("--rem"), detailFlagNotAllowed},
		{argv("sub", "--glo"), ""}, {argv("sub", "--rem"), detailRunsProgram},
	} {
		d := g2.Check("plain", c.args, "")
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("plain %q: allowed=%v detail=%q (%s), want %q", c.args, d.Allowed, d.Detail, d.Message, c.detail)
		}
	}
	// Describe reads the same tables: a flag is listed as allowed or as
	// refused, never both.
	for _, c := range []struct {
		sub              []string
		allowed, refused []string
	}{
		{[]string{"onlyallow"}, []string{"-R", "-g", "--global", "--remote"}, nil},
		{[]string{"onlyref"}, nil, []string{"--global", "--remote", "-R", "-g"}},
		{[]string{"nothing"}, []string{"-g", "--global"}, []string{"--remote", "-R"}},
		{[]string{"keep", "leaf"}, []string{"-g", "--global"}, []string{"--remote", "-R"}},
	} {
		v := g.Describe("tool", c.sub...)
		var refused []string
		for _, names := range v.Refused {
			refused = append(refused, names...)
		}
		slices.Sort(refused)
		if !slices.Equal(v.Flags, c.allowed) || !slices.Equal(refused, c.refused) {
			t.Errorf("describe tool %q: flags %q refused %q, want %q and %q", c.sub, v.Flags, refused, c.allowed, c.refused)
		}
	}
}

// The compiled default policies stay small: levels share their parent's
// tables, empty tables are nil, the own tables are dropped once the
// children are built, a rule's value limits are behind a pointer and only
// levels that read abbreviations keep sorted names. They retained 2221 KB
// before that, 1037 KB after; the budget leaves room for new policies, not
// for copies again.
func TestCompiledDefaultsHeap(t *testing.T) {
	policies := DefaultCommandPolicies()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	nodes, err := compileAll(policies)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(nodes)
	runtime.KeepAlive(policies) // what is measured is the compiled form alone
	kb := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / 1024
	t.Logf("the compiled default policies retain %d KB", kb)
	const budget = 1300
	if kb > budget {
		t.Errorf("the compiled default policies retain %d KB, budget %d KB", kb, budget)
	}
}

// newLimits keeps a flag's value limits whichever one of them it has
// alone: most rules have none and share no storage for them.
func TestValueLimitsAlone(t *testing.T) {
	p := CommandPolicy{Flags: map[string]Flag{
		"--max":    {Arg: ArgNumber, Max: ptr(10.0)},
		"--min":    {Arg: ArgNumber, Min: ptr(2.0)},
		"--deny":   {Arg: ArgText, Deny: []string{"bad"}},
		"--values": {Arg: ArgText, Values: []string{"a", "b"}},
		"--free":   {Arg: ArgText},
	}}
	g := mustNew(t, Policy{AllowedCommands: []string{"x"}, CommandPolicies: map[string]CommandPolicy{"x": p}})
	for _, c := range []struct {
		args    []string
		allowed bool
	}{
		{argv("--max", "10"), true}, {argv("--max", "11"), false},
		{argv("--min", "2"), true}, {argv("--min", "1"), false},
		{argv("--deny", "good"), true}, {argv("--deny", "bad"), false},
		{argv("--values", "a"), true}, {argv("--values", "c"), false},
		{argv("--free", "bad"), true}, {argv("--free", "c"), true},
	} {
		d := g.Check("x", c.args, "")
		if d.Allowed != c.allowed || (!d.Allowed && d.Detail != detailFlagValueNotAllowed) {
			t.Errorf("x %q: allowed=%v detail=%q (%s), want allowed=%v", c.args, d.Allowed, d.Detail, d.Message, c.allowed)
		}
	}
}
