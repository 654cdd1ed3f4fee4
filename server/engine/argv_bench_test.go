package engine

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/parism-go/parism/server/executor"
)

// BenchmarkGitPreExec is the engine's work on a git argv between the
// request and the spawn, the part the guard's reading (Decision.Argv)
// feeds: the guard, the repository's directories, the rewrite, the
// drivers' environment (cached) and the confinement.
func BenchmarkGitPreExec(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	e, dir := newTestEngine(b, nil)
	repo := filepath.Join(dir, "repo")
	writeFile(b, filepath.Join(repo, "sub", "a.txt"), "one\n")
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		b.Fatalf("git init: %v: %s", err, out)
	}
	// A configuration changed within the last second is read again on the
	// next call (executor.GitDrivers): let the repository settle.
	time.Sleep(1100 * time.Millisecond)
	ctx := context.Background()
	args := []string{"--no-pager", "-C", "repo", "-C", "sub", "log", "--oneline", "-n", "5"}
	b.ReportAllocs()
	for b.Loop() {
		d := e.guard.Check("git", args, dir)
		if !d.Allowed {
			b.Fatal(d.Message)
		}
		if len(executor.GitReadDirs(dir, d.Argv)) == 0 {
			b.Fatal("no repository")
		}
		run := d.Argv.Rewrite()
		env, _ := e.gitCfg.EnvDirs(ctx, "git", dir, d.Argv, e.env)
		c, _ := e.confinementFor("git", d.Argv, dir)
		if len(run) != len(args)+2 || len(env) == 0 || c == nil {
			b.Fatal("wrong pipeline")
		}
	}
}
