package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestRepositoryDriversDoNotRun: a repository an agent inspects may ship a
// .git/config whose clean filter or textconv driver runs a program; git
// status, diff, log and show through the engine must not run it.
func TestRepositoryDriversDoNotRun(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	e, dir := newTestEngine(t, nil)
	marker := filepath.Join(t.TempDir(), "ran")
	sh := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sh("init", "-q")
	write("a.txt", "one\n")
	sh("add", "a.txt")
	sh("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first")
	write(".gitattributes", "* filter=x diff=y\n")
	sh("config", "filter.x.clean", "touch "+marker+"; cat")
	sh("config", "filter.x.process", "touch "+marker)
	sh("config", "diff.y.textconv", "touch "+marker+"; cat")
	write("a.txt", "two\n")

	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, args := range [][]string{{"status"}, {"diff"}, {"diff", "--stat"}, {"log", "-p"}, {"show"}} {
		os.Chtimes(filepath.Join(dir, "a.txt"), old, old) // stat-dirty: git must read the contents
		env := e.Run(context.Background(), Request{Cmd: "git", Args: args, Format: "json"})
		if !env.OK {
			t.Errorf("git %v: failure %+v guard %+v", args, env.Failure, env.GuardError)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("git %v ran a driver from the repository's own config", args)
		}
	}
}
