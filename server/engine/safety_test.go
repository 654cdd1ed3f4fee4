package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/shaper"
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

// TestNpmGetsOnlyItsEnvironment: npm expands ${NAME} in a project's
// .npmrc from its environment, so it gets only the variables it needs: a
// variable no secret pattern names (here one under a harmless name) does
// not reach it; PATH, HOME and the npm settings do. npm is a stand-in
// script on PATH that prints its environment (with the shell's export -p:
// the kernel layer lets npm execute nothing but its own files).
func TestNpmGetsOnlyItsEnvironment(t *testing.T) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "npm"), []byte("#!/bin/sh\nexport -p\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("SHIP_NOTE", "CANARY-UNLISTED-VALUE")
	t.Setenv("npm_config_loglevel", "warn")
	e, dir := newTestEngine(t, nil)
	env := e.Run(context.Background(), Request{Cmd: "npm", Args: []string{"ls"}, Cwd: dir})
	out := mustMarshal(t, env)
	if env.Stdout.Raw == nil || !strings.Contains(*env.Stdout.Raw, "PATH=") {
		t.Fatalf("the stand-in npm did not run: %s", out)
	}
	if strings.Contains(out, "CANARY-UNLISTED-VALUE") {
		t.Errorf("npm got a variable it does not need: %s", out)
	}
	for _, want := range []string{"HOME", "npm_config_loglevel", "npm_config_update_notifier", "GIT_CONFIG_NOSYSTEM"} {
		if !strings.Contains(*env.Stdout.Raw, want) {
			t.Errorf("npm lacks %s: %s", want, *env.Stdout.Raw)
		}
	}
	// Other commands keep the rest of the environment.
	if env := e.Run(context.Background(), Request{Cmd: "env", Cwd: dir}); !strings.Contains(*env.Stdout.Raw, "CANARY-UNLISTED-VALUE") {
		t.Errorf("env lost SHIP_NOTE: %s", mustMarshal(t, env))
	}
}

// TestRequestSizeBounds: a run (and a dry run) with more arguments, more
// bytes of them, or a longer query than any real one is refused before the
// guard reads it; one at the bounds runs.
func TestRequestSizeBounds(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	many := make([]string, maxArgs+1)
	for i := range many {
		many[i] = "x"
	}
	long := []string{strings.Repeat("y", maxArgsBytes+1)}
	for name, req := range map[string]Request{
		"args":   {Cmd: "echo", Args: many},
		"bytes":  {Cmd: "echo", Args: long},
		"filter": {Cmd: "ls", Query: shaper.Query{Filter: strings.Repeat("x", maxFilterLen+1)}},
		"select": {Cmd: "ls", Query: shaper.Query{Select: make([]string, maxQueryList+1)}},
	} {
		req.Cwd = dir
		env := e.Run(context.Background(), req)
		if env.Failure == nil || env.Failure.Reason != ReasonInvalidArgument {
			t.Errorf("%s: %+v", name, env.Failure)
		}
	}
	for name, args := range map[string][]string{"args": many, "bytes": long} {
		if d := e.DryRun("echo", args, dir); d.WouldPass || d.Reason == nil || *d.Reason != ReasonInvalidArgument {
			t.Errorf("dry_run %s: %+v", name, d)
		}
	}
	if env := e.Run(context.Background(), Request{Cmd: "ls", Args: many[:maxArgs-1], Cwd: dir}); env.Failure != nil && env.Failure.Reason == ReasonInvalidArgument {
		t.Errorf("%d arguments refused: %+v", maxArgs-1, env.Failure)
	}
}
