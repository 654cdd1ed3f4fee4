package guard

import "testing"

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
