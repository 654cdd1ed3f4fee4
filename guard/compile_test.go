package guard

import (
	"errors"
	"testing"
)

// mustCommand is g's compiled policy of cmd (nil when it has none),
// failing t when the defaults did not compile.
func mustCommand(t testing.TB, g *Guard, cmd string) *node {
	t.Helper()
	n, ok := g.command(cmd)
	if !ok {
		t.Fatal("the default command policies did not compile")
	}
	return n
}

// TestDefaultPoliciesCompile: every shipped policy compiles (New no longer
// waits for them, so nothing else would report a broken one before the
// first check refused every command).
func TestDefaultPoliciesCompile(t *testing.T) {
	defs, err := compileAll(DefaultCommandPolicies())
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) < 90 {
		t.Fatalf("%d default policies", len(defs))
	}
	for _, cmd := range []string{"ls", "git", "ps", "find"} {
		if !HasDefaultPolicy(cmd) {
			t.Errorf("%s: no shipped policy", cmd)
		}
	}
	if HasDefaultPolicy("no-such-command") {
		t.Error("a shipped policy for no-such-command")
	}
}

// TestBrokenDefaultsRefuse: were the shipped policies not to compile,
// every command would be refused, one with a policy of the config's own
// too, not let through without its grammar.
func TestBrokenDefaultsRefuse(t *testing.T) {
	saved := defaultNodes
	t.Cleanup(func() { defaultNodes = saved })
	defaultNodes = func() (map[string]*node, error) { return nil, errors.New("broken") }
	g, err := New(Policy{
		AllowedCommands: []string{"ls", "mytool"},
		AllowedPaths:    []string{t.TempDir()},
		CommandPolicies: map[string]CommandPolicy{"mytool": {}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"ls", "mytool"} {
		d := g.Check(cmd, nil, "")
		if d.Allowed || d.Detail != detailPoliciesInvalid {
			t.Errorf("%s: allowed %v, detail %q; want refused, %s", cmd, d.Allowed, d.Detail, detailPoliciesInvalid)
		}
	}
}
