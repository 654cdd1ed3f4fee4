package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A repository's own .git/config may name programs git runs on its own
// (core.fsmonitor on status). The child's environment overrides them, so
// inspecting an untrusted repository runs nothing of its choosing.
func TestRepositoryConfigCannotRunPrograms(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	e, dir := newTestEngine(t, nil)
	marker := filepath.Join(t.TempDir(), "ran")
	hook := filepath.Join(dir, "hook.sh")
	if err := os.WriteFile(hook, []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("config", "core.fsmonitor", hook)

	// Proof the trap works: plain git runs the hook.
	c := exec.Command("git", "status")
	c.Dir = dir
	_ = c.Run()
	if _, err := os.Stat(marker); err != nil {
		t.Skip("this git does not run core.fsmonitor on status; nothing to prove")
	}
	os.Remove(marker)

	env := e.Run(context.Background(), Request{Cmd: "git", Args: []string{"status"}})
	wantFailure(t, env, "", "")
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("git status through Parism ran the repository's core.fsmonitor program")
	}
}
