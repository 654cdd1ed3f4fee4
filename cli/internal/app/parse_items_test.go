package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestParseKeepsEveryRow: parism parse is a pipe tool: the output of a
// real ls -la of 1,100 files parses to every entry (guard.max_items does
// not cut it), and --max-items bounds it, counting the rest.
func TestParseKeepsEveryRow(t *testing.T) {
	ls, err := exec.LookPath("ls")
	if err != nil {
		t.Skip("ls not installed")
	}
	t.Setenv("HOME", t.TempDir())
	d := t.TempDir()
	for i := range 1100 {
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(ls, "-la", d)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TZ=UTC")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ls: %v", err)
	}
	parse := func(extra ...string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"parse", "--format", "json-no-raw"}, extra...), "--", "ls", "-la", d)
		if code := Main(args, bytes.NewReader(out), &stdout, &stderr); code != 0 {
			t.Fatalf("parism %v: exit %d: %s", args, code, stderr.String())
		}
		var env map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &env); err != nil {
			t.Fatalf("envelope: %v", err)
		}
		return env
	}
	rows := func(env map[string]any) int {
		parsed, _ := env["stdout"].(map[string]any)["parsed"].(map[string]any)
		e, ok := parsed["entries"].([]any)
		if !ok {
			t.Fatalf("no entries: %v", env["failure"])
		}
		return len(e)
	}
	env := parse()
	if n := rows(env); n != 1102 || env["omission"] != nil {
		t.Fatalf("parse kept %d entries (omission %v), want all 1102", n, env["omission"])
	}
	env = parse("--max-items", "100")
	om, _ := env["omission"].([]any)
	if n := rows(env); n != 100 || len(om) != 1 || om[0].(map[string]any)["rows_omitted"] != float64(1002) {
		t.Fatalf("--max-items 100 kept %d entries, omission %v", n, env["omission"])
	}
}

// TestRunPrintsEveryRow: parism run is one process and one answer, so a
// continuation into its result store could never be followed: a real
// ls -la of 600 files prints every entry (guard.max_items is 500), and
// --max-items bounds what is printed.
func TestRunPrintsEveryRow(t *testing.T) {
	if _, err := exec.LookPath("ls"); err != nil {
		t.Skip("ls not installed")
	}
	t.Setenv("HOME", t.TempDir())
	d := t.TempDir()
	for i := range 600 {
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(extra ...string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"run", "--format", "json-no-raw", "--cwd", d}, extra...), "--", "ls", "-la")
		if code := Main(args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("parism %v: exit %d: %s %s", args, code, stderr.String(), stdout.String())
		}
		var env map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &env); err != nil {
			t.Fatalf("envelope: %v", err)
		}
		return env
	}
	entries := func(env map[string]any) int {
		parsed, _ := env["stdout"].(map[string]any)["parsed"].(map[string]any)
		e, ok := parsed["entries"].([]any)
		if !ok {
			t.Fatalf("no entries: %v", env["failure"])
		}
		return len(e)
	}
	env := run()
	if n := entries(env); n != 602 || env["continuation"] != nil {
		t.Fatalf("run printed %d entries (continuation %v), want all 602", n, env["continuation"])
	}
	if n := entries(run("--max-items", "100")); n != 100 {
		t.Fatalf("--max-items 100 printed %d entries", n)
	}
}
