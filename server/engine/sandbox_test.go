package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
)

// need skips the test when a program it runs is not installed.
func need(t *testing.T, progs ...string) {
	t.Helper()
	for _, p := range progs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s: %v", p, err)
		}
	}
}

// needSandbox skips, with the reason, where the kernel has no Landlock.
func needSandbox(t *testing.T) {
	t.Helper()
	if st := executor.SandboxStatus(); !st.Enforced {
		t.Skipf("Landlock unavailable: %s", st.Reason)
	}
}

func TestSandboxReported(t *testing.T) {
	st := executor.SandboxStatus()
	tests := []struct {
		mode     string
		enforced bool
		reason   string // substring
	}{
		{config.SandboxAuto, st.Enforced, st.Reason},
		{config.SandboxOff, false, `guard.sandbox is "off"`},
		{config.SandboxRequired, st.Enforced, st.Reason},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			e, _ := newTestEngine(t, both(allowing("echo"), func(c *config.Config) {
				c.Guard.Sandbox = tt.mode
				c.Telemetry.Enabled = true
			}))
			o := asJSON(t, e.Describe())
			sb, ok := o["sandbox"].(map[string]any)
			if !ok {
				t.Fatalf("describe has no sandbox object: %v", o)
			}
			reason, _ := sb["reason"].(string) // omitted when enforced
			if sb["mode"] != tt.mode || sb["enforced"] != tt.enforced || !strings.Contains(reason, tt.reason) {
				t.Errorf("describe sandbox = %v, want mode %s enforced %v reason ~%q", sb, tt.mode, tt.enforced, tt.reason)
			}
			if abi := fmt.Sprint(sb["abi"]); tt.enforced == (abi == "0") {
				t.Errorf("abi %v with enforced %v", sb["abi"], tt.enforced)
			}
			if !tt.enforced && reason == "" {
				t.Error("not enforced and no reason: a silent failure")
			}
			env := e.Run(context.Background(), Request{Cmd: "echo", Args: []string{"hi"}})
			tel := asJSON(t, env)["telemetry"].(map[string]any)
			if got, ok := tel["sandbox"].(map[string]any); !ok || got["enforced"] != tt.enforced || got["mode"] != tt.mode {
				t.Errorf("telemetry.sandbox = %v", tel["sandbox"])
			}
			if !env.OK {
				t.Errorf("echo failed under mode %s: %s", tt.mode, mustMarshal(t, env))
			}
		})
	}
}

// TestSandboxGuardedCommands: the guard's allowed read-only commands keep
// working under the sandbox in a real repository, and the directory is
// left as it was.
func TestSandboxGuardedCommands(t *testing.T) {
	needSandbox(t)
	need(t, "git")
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "main.go"), "package main\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "main.go"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	writeFile(t, filepath.Join(dir, "new.txt"), "x\n")
	before := takeSnapshot(dir)
	tests := []struct {
		cmd  string
		args []string
		want string // substring of the envelope (raw or parsed)
	}{
		{"ls", []string{"-la"}, "main.go"},
		{"git", []string{"status", "--porcelain"}, "?? new.txt"},
		{"git", []string{"log", "--oneline"}, "first"},
		{"git", []string{"diff", "HEAD"}, ""},
		{"cat", []string{"main.go"}, "package main"},
		{"grep", []string{"-rn", "package", "."}, "main.go"},
		{"find", []string{".", "-name", "*.go"}, "main.go"},
		{"du", []string{"-s", "."}, "."},
		{"ps", []string{"-e"}, "ps"},
		{"env", nil, "PATH="},
	}
	for _, tt := range tests {
		t.Run(tt.cmd+" "+strings.Join(tt.args, " "), func(t *testing.T) {
			need(t, tt.cmd)
			env := e.Run(context.Background(), Request{Cmd: tt.cmd, Args: tt.args, Cwd: dir})
			out := mustMarshal(t, env)
			if !env.OK || !strings.Contains(out, tt.want) {
				t.Fatalf("envelope: %s", out)
			}
			if strings.Contains(out, "PARISM_SANDBOX_HELPER") {
				t.Errorf("the sandbox helper's variable reached the command: %s", out)
			}
		})
	}
	if d := before.diff(takeSnapshot(dir)); len(d.Created)+len(d.Deleted)+len(d.Modified) > 0 {
		t.Errorf("read-only commands changed the project: %+v", d)
	}
}

// TestSandboxBelowThePolicy: a command the policy wrongly lets through
// (sh, added to the allowlist by mistake) still cannot write where the
// profile forbids, because the kernel refuses.
func TestSandboxBelowThePolicy(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "touch")
	outside := t.TempDir()
	tests := []struct {
		name    string
		profile guard.Profile
		target  func(dir string) string
		ok      bool
	}{
		{"readonly in the project", guard.ProfileReadonly, func(dir string) string { return filepath.Join(dir, "made") }, false},
		{"readonly outside", guard.ProfileReadonly, func(string) string { return filepath.Join(outside, "readonly") }, false},
		{"build in the project", guard.ProfileBuild, func(dir string) string { return filepath.Join(dir, "made") }, true},
		{"build outside", guard.ProfileBuild, func(string) string { return filepath.Join(outside, "build") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.Profile = tt.profile }))
			target := tt.target(dir)
			env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "touch " + target}})
			_, err := os.Stat(target)
			if env.OK != tt.ok || (err == nil) != tt.ok {
				t.Fatalf("ok %v, file exists %v; want %v: %s", env.OK, err == nil, tt.ok, mustMarshal(t, env))
			}
			if !tt.ok && !strings.Contains(env.Stderr, "Permission denied") {
				t.Errorf("stderr %q: want the kernel's EACCES", env.Stderr)
			}
		})
	}
}

// TestSandboxOffStillRuns: guard.sandbox "off" runs commands without
// Landlock, so a readonly write goes through (the policy is all there is).
func TestSandboxOffStillRuns(t *testing.T) {
	need(t, "touch")
	e, dir := newTestEngine(t, both(allowing("touch"), func(c *config.Config) { c.Guard.Sandbox = config.SandboxOff }))
	env := e.Run(context.Background(), Request{Cmd: "touch", Args: []string{"made"}})
	if _, err := os.Stat(filepath.Join(dir, "made")); !env.OK || err != nil {
		t.Fatalf("with the sandbox off the write should go through: %s", mustMarshal(t, env))
	}
}
