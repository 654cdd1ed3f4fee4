package engine

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// These run real commands through the whole engine and check the catalog
// parsers' contracts as an agent sees them in the envelope.

func TestRunPsAux(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	// format json: a host with 50 processes or more would otherwise get
	// the adaptive compact form (see TestAdaptiveFormat).
	env := e.Run(context.Background(), Request{Cmd: "ps", Args: []string{"aux"}, Format: FormatJSON})
	if !env.OK || env.Stdout.Parser != "ps" || env.Stdout.Parsed == nil {
		t.Fatalf("ps aux: parser=%q failure=%+v", env.Stdout.Parser, env.Failure)
	}
	m := asJSON(t, env)
	procs, _ := m["stdout"].(map[string]any)["parsed"].(map[string]any)["processes"].([]any)
	if len(procs) == 0 {
		t.Fatal("no processes")
	}
	self := json.Number(itoa(os.Getpid()))
	if !slices.ContainsFunc(procs, func(p any) bool { return p.(map[string]any)["pid"] == self }) {
		t.Errorf("ps aux does not list the test process %s", self)
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func TestRunGitStatus(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	e, dir := newTestEngine(t, nil)
	cmd := exec.Command("git", "init", "-q", dir)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	writeFile(t, filepath.Join(dir, "new file.txt"), "x")

	for _, args := range [][]string{{"status"}, {"status", "--porcelain"}} {
		env := e.Run(context.Background(), Request{Cmd: "git", Args: args})
		if !env.OK || env.Stdout.Parser != "git-status" || env.Stdout.Parsed == nil {
			t.Fatalf("git %q: parser=%q failure=%+v raw=%q", args, env.Stdout.Parser, env.Failure, raw(t, env))
		}
		s := mustMarshal(t, env.Stdout.Parsed)
		if !strings.Contains(s, `"new file.txt"`) || !strings.Contains(s, "untracked") {
			t.Errorf("git %q parsed = %s", args, s)
		}
	}
	// Arguments outside the parser's range: no guess, unsupported_format.
	env := e.Run(context.Background(), Request{Cmd: "git", Args: []string{"status", "-v"}})
	if env.Stdout.Parsed != nil || env.Stdout.ParseError == nil || env.Stdout.ParseError.Reason != "unsupported_format" {
		t.Errorf("git status -v: %s", mustMarshal(t, env.Stdout))
	}
	if env.Failure == nil || env.Failure.Kind != KindParse || env.Failure.Hint == nil {
		t.Errorf("git status -v failure = %+v, want parse/unsupported_format with a hint", env.Failure)
	}
}
