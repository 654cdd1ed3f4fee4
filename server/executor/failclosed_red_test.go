package executor

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFailClosedBeatsArgv: the environment a refused repository gets
// (the scan failed, an include outside, a stray core.worktree) must stop
// git even when the argv names both the git directory and the work tree,
// which outrank GIT_DIR and GIT_WORK_TREE.
func TestFailClosedBeatsArgv(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(ctx, git, "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, s := range []repoScan{{failed: true}, {outside: "/x"}, {strayWorktree: "/y"}} {
		env := s.result(SafeEnv(os.Environ()))
		for _, args := range [][]string{{"status"}, {"--git-dir=.git", "--work-tree=.", "status"}, {"--git-dir=.git", "--work-tree=.", "log"}} {
			cmd := exec.CommandContext(ctx, git, args...)
			cmd.Dir, cmd.Env = dir, env
			out, err := cmd.CombinedOutput()
			if err == nil || !strings.Contains(string(out), "parism-") {
				t.Errorf("%+v: git %q ran (err %v): %s", s, args, err, out)
			}
		}
	}
}
