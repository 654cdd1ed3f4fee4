package guard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The tests of this file pin behaviour that hand-introduced bugs (issue 14)
// and the mutation pass over paths.go and grammar.go showed no other test
// to hold. Each names the mutation it catches.

// TestResolveKeepsTheRestAfterALink catches "after a symlink, the rest of
// the path dropped": link-in -> src, so link-in/../../outside is outside,
// while src alone would be inside.
func TestResolveKeepsTheRestAfterALink(t *testing.T) {
	f := newFixture(t)
	g := mustNew(t, policy(paths(f.proj)))
	for _, c := range []struct {
		arg  string
		want string
	}{
		{"link-in/../../outside/secret.txt", detailOutsidePaths},
		{"link-in/../../../etc/passwd", detailOutsidePaths},
		{"link-in/../link-out", detailOutsidePaths},
		{"link-in/../notes.txt", ""},
		{"link-in/main.go", ""},
		{"projlink-missing/../notes.txt", ""},
	} {
		d := g.Check("cat", []string{c.arg}, f.proj)
		if d.Allowed != (c.want == "") || d.Detail != c.want {
			t.Errorf("cat %s: allowed=%v detail=%q (%s), want %q", c.arg, d.Allowed, d.Detail, d.Message, c.want)
		}
	}
	// The walk itself, against the resolved form.
	if r, fail := resolve(f.proj, "link-in/../../outside/a"); fail != resolvedOK || r != f.outside+"/a" {
		t.Errorf("resolve(link-in/../../outside/a) = %q, %v; want %q", r, fail, f.outside+"/a")
	}
}

// TestRefusedValueFlagIsNotTurnedOff catches "--refused-flag=false accepted
// for a refused flag that takes a value": for a switch, "=false" turns it
// off (pflag), but for an option taking a value, "false" is the value.
func TestRefusedValueFlagIsNotTurnedOff(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"a value named false", detailRevealsSecrets, [][]string{argv("curl", "--netrc-file=false", "https://e.com")}},
		{"a value named false (send)", detailNetworkSend, [][]string{
			argv("kubectl", "get", "pods", "--token=false"), argv("kubectl", "get", "pods", "--server=false"),
		}},
		{"a value named false (unbounded)", detailUnbounded, [][]string{argv("tail", "--pid=false", "x")}},
		{"a switch turned off", "", [][]string{
			argv("kubectl", "get", "pods", "--watch=false"), argv("curl", "--netrc=false", "https://e.com"),
		}},
	})
}

// TestBuildOnlyCommandsComplete catches "pnpm missing from the build-only
// commands": every npm sibling runs scripts whatever its arguments.
func TestBuildOnlyCommandsComplete(t *testing.T) {
	g := mustNew(t, policy(allowCmds("pnpm", "pnpx", "bun", "bunx", "deno", "node", "npx", "yarn")))
	for _, c := range [][]string{
		{"pnpm"}, {"pnpm", "ls"}, {"pnpm", "--version"}, {"pnpx", "x"}, {"bun", "x.ts"}, {"bunx", "x"},
		{"deno", "run", "x.ts"}, {"node", "x.js"}, {"npx", "x"}, {"yarn", "list"}, {"cargo", "tree"}, {"terraform", "fmt"},
	} {
		if !BuildOnly(c[0], c[1:]) {
			t.Errorf("BuildOnly(%q) = false", c)
		}
		if c[0] == "cargo" || c[0] == "terraform" {
			continue
		}
		if d := g.Check(c[0], c[1:], ""); d.Allowed || d.Detail != detailProfileBuildNeeded {
			t.Errorf("readonly %q: allowed=%v detail=%q, want profile_build_required", c, d.Allowed, d.Detail)
		}
	}
}

// TestNumericBoundsAreExact catches "a value one above a flag's numeric
// maximum accepted" (and one below the minimum).
func TestNumericBoundsAreExact(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"at the bounds", "", [][]string{
			argv("ping", "-c", "100", "h"), argv("ping", "-c", "1", "h"), argv("ping", "-c3", "-i", "0.2", "h"),
			argv("ping", "-c3", "-i", "60", "h"), argv("curl", "--retry", "5", "https://e.com"), argv("curl", "--retry=0", "https://e.com"),
			argv("free", "-c", "10"), argv("curl", "--max-redirs", "-1", "https://e.com"), argv("dig", "+time=30", "e.com"),
			argv("kubectl", "logs", "p", "--tail=100000"),
		}},
		{"one past the bounds", detailFlagValueNotAllowed, [][]string{
			argv("ping", "-c", "101", "h"), argv("ping", "-c", "0", "h"), argv("ping", "-c", "100.5", "h"),
			argv("curl", "--retry", "6", "https://e.com"), argv("curl", "--retry=-1", "https://e.com"), argv("free", "-c", "11"),
			argv("free", "-c", "0"), argv("curl", "--max-redirs", "-2", "https://e.com"), argv("dig", "+time=31", "e.com"),
			argv("kubectl", "logs", "p", "--tail=100001"),
		}},
		{"interval below the minimum", detailUnbounded, [][]string{argv("ping", "-c3", "-i", "0.19", "h")}},
	})
}

// TestCustomBuildLeaf catches "a custom policy's build-only leaf
// subcommand allowed in readonly": the profile of any level, however deep,
// is enforced.
func TestCustomBuildLeaf(t *testing.T) {
	tool := CommandPolicy{
		Subcommands: map[string]CommandPolicy{
			"show": {Positionals: textArgs},
			"dev": {Subcommands: map[string]CommandPolicy{
				"lint": {},
				"test": {Profile: ProfileBuild, Open: true},
			}},
			"run": {Profile: ProfileBuild, Open: true},
		},
	}
	mk := func(pr Profile) *Guard {
		return mustNew(t, policy(allowCmds("tool"), profile(pr), func(p *Policy) {
			p.CommandPolicies = map[string]CommandPolicy{"tool": tool}
		}))
	}
	ro, build := mk(ProfileReadonly), mk(ProfileBuild)
	for _, c := range []struct {
		args  []string
		build bool
	}{
		{argv("show", "x"), false}, {argv("dev", "lint"), false},
		{argv("dev", "test"), true}, {argv("dev", "test", "--all"), true}, {argv("run"), true},
	} {
		d := ro.Check("tool", c.args, "")
		if c.build && (d.Allowed || d.Detail != detailProfileBuildNeeded) {
			t.Errorf("readonly tool %q: allowed=%v detail=%q, want profile_build_required", c.args, d.Allowed, d.Detail)
		}
		if !c.build && !d.Allowed {
			t.Errorf("readonly tool %q refused: %s", c.args, d.Message)
		}
		if d := build.Check("tool", c.args, ""); !d.Allowed {
			t.Errorf("build tool %q refused: %s", c.args, d.Message)
		}
	}
}

// TestResolveBounds catches off-by-one mutants of the walk's bounds: a
// chain of exactly maxLinks links and a path of exactly maxSteps
// components resolve, one more does not (Linux follows 40 links).
func TestResolveBounds(t *testing.T) {
	f := newFixture(t)
	chain := func(n int) string {
		dir := filepath.Join(f.proj, "chain"+itoa(n))
		must(t, os.Mkdir(dir, 0o755))
		for i := 1; i <= n; i++ {
			target := "l" + itoa(i+1)
			if i == n {
				target = f.proj
			}
			must(t, os.Symlink(target, filepath.Join(dir, "l"+itoa(i))))
		}
		return filepath.Join(dir, "l1")
	}
	if r, fail := resolve("/", chain(maxLinks)); fail != resolvedOK || r != f.proj {
		t.Errorf("a chain of %d links: %q, %v; want %q", maxLinks, r, fail, f.proj)
	}
	if _, fail := resolve("/", chain(maxLinks+1)); fail != failLoop {
		t.Errorf("a chain of %d links: %v, want failLoop", maxLinks+1, fail)
	}
	if _, fail := resolve(f.proj, strings.Repeat("a/", maxSteps)); fail != resolvedOK {
		t.Errorf("%d components: %v, want resolved", maxSteps, fail)
	}
	if _, fail := resolve(f.proj, strings.Repeat("a/", maxSteps+1)); fail != failLoop {
		t.Errorf("%d components: %v, want failLoop", maxSteps+1, fail)
	}
}

// TestPathHelpers pins the small helpers of paths.go on their own, where a
// mutant is hidden by /proc's own links (self -> <pid>) or by callers that
// never pass an empty directory.
func TestPathHelpers(t *testing.T) {
	for comp, want := range map[string]bool{
		"self": true, "thread-self": true, "1": true, "4242": true,
		"": false, "cpuinfo": false, "1a": false, "a1": false, "1.2": false, "-1": false, "/": false, "selfish": false, "1:": false,
	} {
		if got := isProcSelf(comp); got != want {
			t.Errorf("isProcSelf(%q) = %v, want %v", comp, got, want)
		}
	}
	for _, c := range []struct{ dir, comp, want string }{
		{"", "a", "a"}, {"/", "a", "/a"}, {"/x", "a", "/x/a"}, {"/x/", "a", "/x/a"},
	} {
		if got := joinComp(c.dir, c.comp); got != c.want {
			t.Errorf("joinComp(%q, %q) = %q, want %q", c.dir, c.comp, got, c.want)
		}
	}
}

// TestBSDWordValues catches mutants of bsdWord's value reading: a value
// letter takes the rest of its word, else the next non-empty argument, and
// a refused letter's hint follows its Refusal.
func TestBSDWordValues(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"the next word is a BSD word when the value is attached", detailRevealsSecrets, [][]string{
			argv("ps", "opid", "e"), argv("ps", "axopid,comm", "ewww"),
		}},
		{"the next word is the value when nothing is attached", "", [][]string{
			argv("ps", "o", "etime"), argv("ps", "ax", "o", "etime,pid"), argv("ps", "o"), argv("ps", "U", "eve"),
		}},
		{"an empty next argument is no value", detailRevealsSecrets, [][]string{argv("ps", "o", "", "e")}},
	})
	pol := CommandPolicy{
		BSDFlags: with(bools("a", "x"), flagSet{"o": val(ArgText)}),
		BSDRefuse: map[string]Refusal{
			"e": {Detail: detailRevealsSecrets},
			"E": {Detail: detailRevealsSecrets, Hint: []string{"x"}},
			"V": {Detail: detailRunsProgram, Drop: true, Value: true},
			"D": {Detail: detailRunsProgram, Drop: true},
		},
		Positionals: textArgs,
	}
	none := []string{"<none>"}
	gp := mustNew(t, policy(allowCmds("bsd"), func(p *Policy) { p.CommandPolicies = map[string]CommandPolicy{"bsd": pol} }))
	for _, c := range []struct {
		args []string
		hint []string // none: no hint
	}{
		{argv("axe"), none},
		{argv("axE"), argv("x", "ax")},
		{argv("aV1"), none},
		{argv("aDx"), argv("ax")},
		{argv("D"), []string{}},
	} {
		d := gp.Check("bsd", c.args, "")
		if d.Allowed {
			t.Errorf("bsd %q allowed", c.args)
			continue
		}
		switch {
		case slices.Equal(c.hint, none):
			if d.Hint != nil {
				t.Errorf("bsd %q: hint %q, want none", c.args, d.Hint.Args)
			}
		case d.Hint == nil || !slices.Equal(d.Hint.Args, c.hint):
			t.Errorf("bsd %q: hint %+v, want %q", c.args, d.Hint, c.hint)
		}
	}
	if d := gp.Check("bsd", argv("a\xff"), ""); d.Allowed || !strings.Contains(d.Message, "Argument 0") {
		t.Errorf("bsd a\\xff: %+v, want a refusal naming the argument", d)
	}
	if d := gp.Check("bsd", argv("ax!"), ""); d.Allowed || !strings.Contains(d.Message, "BSD option '!'") {
		t.Errorf("bsd ax!: %+v, want a refusal naming the letter", d)
	}
}

// TestFindOperatorsStartTheExpression catches option() reading find's "("
// as anything but an operator: a path after it is after the expression.
func TestFindOperatorsStartTheExpression(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"a path after an operator", detailPositionalNotAllowed, [][]string{
			argv("find", "(", "/etc"), argv("find", "!", "src"), argv("find", ".", "(", "-name", "x", ")", "src"),
		}},
		{"operators in the expression", "", [][]string{argv("find", ".", "(", "-name", "x", "-o", "-name", "y", ")")}},
	})
}

// TestFirstBuildLevelIsReported catches enter() overwriting the build form
// with a deeper level: the refusal names the first level that needs build.
func TestFirstBuildLevelIsReported(t *testing.T) {
	tool := CommandPolicy{Subcommands: map[string]CommandPolicy{
		"run": {Profile: ProfileBuild, Subcommands: map[string]CommandPolicy{"fast": {Profile: ProfileBuild}}},
	}}
	g := mustNew(t, policy(allowCmds("tool"), func(p *Policy) { p.CommandPolicies = map[string]CommandPolicy{"tool": tool} }))
	d := g.Check("tool", argv("run", "fast"), "")
	if d.Allowed || d.Detail != detailProfileBuildNeeded || d.ArgIndex != 0 || !strings.Contains(d.Message, "'tool run'") {
		t.Errorf("tool run fast: %+v, want profile_build_required at argument 0 naming 'tool run'", d)
	}
}
