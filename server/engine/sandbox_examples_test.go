package engine

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/guard"
)

// TestAllowedExamplesRunConfined runs, for every parser of a command in
// the default allowlist, each of its examples the readonly guard admits,
// through the confined engine in an empty workspace, and fails when the
// program was denied something by the sandbox (a read, an exec of its own
// helper): the kernel's grants per command (commandNeeds) must cover what
// the shipped commands need for the forms the guard lets through (dpkg -l
// runs dpkg-query, which reads /var/lib/dpkg). Programs missing here are
// skipped; commands that need the network (none here) are left out.
func TestAllowedExamplesRunConfined(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	if !e.sandbox.Enforced {
		t.Skipf("sandbox not enforced here: %s", e.sandbox.Reason)
	}
	allowed := guard.DefaultAllowedCommands()
	network := map[string]bool{"ping": true, "ping6": true, "curl": true, "dig": true, "kubectl": true, "docker": true,
		"gh": true, "helm": true, "npm": true, "brew": true, "terraform": true, "cargo": true}
	denied := []string{"Permission denied", "Operation not permitted"}
	ran := 0
	for _, p := range builtin.Default().Parsers() {
		if !slices.Contains(allowed, p.Command) || network[p.Command] {
			continue
		}
		if _, err := exec.LookPath(p.Command); err != nil {
			continue
		}
		for _, ex := range p.Examples {
			env := e.Run(testCtx(t), Request{Cmd: p.Command, Args: ex, Format: "json"})
			if env.Failure != nil && env.Failure.Kind == KindGuard {
				continue
			}
			ran++
			for _, d := range denied {
				if strings.Contains(env.Stderr, d) {
					t.Errorf("%s %q: the sandbox denied it something: %s", p.Command, ex, env.Stderr)
				}
			}
		}
	}
	if ran < 20 {
		t.Fatalf("only %d examples ran: the test checks too little", ran)
	}
	t.Logf("%d examples ran confined", ran)
}
