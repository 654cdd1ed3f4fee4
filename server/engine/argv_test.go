package engine

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/executor"
)

// confinement is confinementFor of args read afresh (guard.ReadArgv), for
// the tests that ask about an argv no Check read.
func (e *Engine) confinement(cmd string, args []string, cwd string) (*executor.Confinement, *CommandSandbox) {
	return e.confinementFor(cmd, guard.ReadArgv(cmd, args), cwd)
}

// TestRecordScopeReadsGuardArgv: a retained git run records the
// repository and the prefix of the directory its global options chose
// (-C, --work-tree), as the guard read them, not the working directory's.
func TestRecordScopeReadsGuardArgv(t *testing.T) {
	needProgram(t, "git")
	e, dir := newTestEngine(t, nil)
	ctx := WithOwner(context.Background(), "s")
	repo := filepath.Join(dir, "repo")
	writeFile(t, filepath.Join(repo, "sub", "a.txt"), "one\n")
	gitIn(t, repo, "init", "-q")
	other := filepath.Join(dir, "other")
	writeFile(t, filepath.Join(other, "x.txt"), "x\n")
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args          []string
		scope, prefix string
	}{
		{[]string{"-C", repo, "status", "--porcelain"}, real, ""},
		{[]string{"--no-pager", "-C", "../repo", "-C", "sub", "status", "--porcelain"}, real, "sub"},
		{[]string{"-C", repo, "--namespace", "n", "log", "-C", "x"}, real, ""},
	} {
		env := e.Run(ctx, Request{Cmd: "git", Args: c.args, Cwd: other, Retain: true})
		if env.ResultID == "" {
			t.Fatalf("git %q: not retained: %s", c.args, mustMarshal(t, env))
		}
		r, err := e.store.Get("s", env.ResultID)
		if err != nil {
			t.Fatal(err)
		}
		if r.Scope != c.scope || r.GitPrefix != c.prefix {
			t.Errorf("git %q from %s: scope %q prefix %q, want %q %q", c.args, other, r.Scope, r.GitPrefix, c.scope, c.prefix)
		}
	}
}
