package engine

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// gitIn runs git in dir with a fixed identity, for building a fixture.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "user.name=T", "-c", "user.email=t@e", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %q: %v\n%s", args, err, out)
	}
}

// TestGitInspectionForms runs the git inspection parsers end to end: the
// guard, the rewrite (blame gets --no-ignore-revs-file), real git, the
// parser.
func TestGitInspectionForms(t *testing.T) {
	needProgram(t, "git")
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "a.txt"), "one\ntwo\n")
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "add", "a.txt")
	gitIn(t, dir, "commit", "-qm", "first")
	gitIn(t, dir, "tag", "-a", "v1", "-m", "Release one")
	writeFile(t, filepath.Join(dir, "a.txt"), "one\nTWO\n")
	gitIn(t, dir, "stash", "push", "-q", "-m", "half done")
	gitIn(t, dir, "config", "blame.ignoreRevsFile", "/etc/passwd") // would make blame die printing its first line

	run := func(args ...string) map[string]any {
		t.Helper()
		env := e.Run(testCtx(t), Request{Cmd: "git", Args: args, Format: "json"})
		wantFailure(t, env, "", "")
		j := asJSON(t, env)
		parsed, _ := j["stdout"].(map[string]any)["parsed"].(map[string]any)
		if parsed == nil {
			t.Fatalf("git %q: nothing parsed: %s", args, mustMarshal(t, env))
		}
		return parsed
	}
	first := func(p map[string]any, key string) map[string]any {
		t.Helper()
		rows, _ := p[key].([]any)
		if len(rows) == 0 {
			t.Fatalf("no %s in %v", key, p)
		}
		return rows[0].(map[string]any)
	}

	if l := first(run("blame", "--porcelain", "a.txt"), "lines"); l["content"] != "one" || fmt.Sprint(l["line"]) != "1" {
		t.Errorf("blame: %v", l)
	}
	if f := first(run("ls-files", "-s"), "files"); f["path"] != "a.txt" || f["mode"] != "100644" {
		t.Errorf("ls-files -s: %v", f)
	}
	if tg := first(run("tag", "-n"), "tags"); tg["name"] != "v1" || tg["message"] != "Release one" {
		t.Errorf("tag -n: %v", tg)
	}
	if s := first(run("stash", "list"), "stashes"); s["message"] != "half done" || s["branch"] != "main" {
		t.Errorf("stash list: %v", s)
	}
	if w := first(run("worktree", "list", "--porcelain"), "worktrees"); w["branch"] != "refs/heads/main" {
		t.Errorf("worktree list: %v", w)
	}
	vals, _ := run("rev-parse", "--is-inside-work-tree", "--abbrev-ref", "HEAD")["values"].([]any)
	if len(vals) != 2 || vals[1].(map[string]any)["value"] != "main" || vals[0].(map[string]any)["arg"] != "--is-inside-work-tree" {
		t.Errorf("rev-parse: %v", vals)
	}
	found := false
	for _, r := range run("config", "--list", "--local", "-z")["entries"].([]any) {
		if m := r.(map[string]any); m["key"] == "blame.ignorerevsfile" {
			found = true
		}
	}
	if !found {
		t.Errorf("config --list -z: no blame.ignorerevsfile entry")
	}

	// Exit 1 of rev-parse --verify -q is an answer.
	wantAnswer(t, e.Run(testCtx(t), Request{Cmd: "git", Args: []string{"rev-parse", "--verify", "-q", "refs/heads/nope"}, Format: "json"}), 1)
	// git config --get exits 1 for a name not set and for an invalid one
	// alike: both stay failures.
	for _, name := range []string{"no.such", "nosection"} {
		env := e.Run(testCtx(t), Request{Cmd: "git", Args: []string{"config", "--get", name}, Format: "json"})
		if env.OK || env.ExitAnswer != "" || env.ExitCode == nil || *env.ExitCode != 1 {
			t.Errorf("git config --get %s: %s", name, mustMarshal(t, env))
		}
	}
}

func TestExitAnswerDiff(t *testing.T) {
	needProgram(t, "diff")
	e, dir := newTestEngine(t, allowing("diff"))
	writeFile(t, filepath.Join(dir, "a.txt"), "alpha\nbeta\n")
	writeFile(t, filepath.Join(dir, "b.txt"), "alpha\nBETA\n")
	writeFile(t, filepath.Join(dir, "c.txt"), "alpha\nbeta\n")

	t.Run("differences are the answer", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "diff", Args: []string{"-u", "a.txt", "b.txt"}, Format: "json"})
		parsed := wantAnswer(t, env, 1)
		files, _ := parsed["files"].([]any)
		if len(files) != 1 {
			t.Fatalf("files = %v", parsed["files"])
		}
		h := files[0].(map[string]any)["hunks"].([]any)[0].(map[string]any)
		if lines := fmt.Sprint(h["lines"]); lines != "[ alpha -beta +BETA]" {
			t.Errorf("lines = %s", lines)
		}
		if !strings.Contains(env.ExitAnswer, "differ") {
			t.Errorf("exit_answer = %q", env.ExitAnswer)
		}
	})
	t.Run("same files", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "diff", Args: []string{"-u", "a.txt", "c.txt"}, Format: "json"})
		if !env.OK || env.ExitAnswer != "" || env.ExitCode == nil || *env.ExitCode != 0 {
			t.Fatalf("ok=%v exit_answer=%q exitCode=%v", env.OK, env.ExitAnswer, env.ExitCode)
		}
	})
	t.Run("trouble is exit 2, a failure", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "diff", Args: []string{"-u", "a.txt", "no-such"}, Format: "json"})
		wantFailure(t, env, KindExec, ReasonNonZeroExit)
		if env.ExitCode == nil || *env.ExitCode != 2 {
			t.Fatalf("exitCode = %v", env.ExitCode)
		}
	})
}
