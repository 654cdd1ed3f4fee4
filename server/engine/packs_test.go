package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/server/config"
)

// lockedBuffer is a concurrency-safe stderr for packs.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

func writePackFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

// printfExecPack installs an exec pack named name for printf whose program
// is the sh script.
func printfExecPack(t testing.TB, dir, name, script string) {
	writePackFile(t, filepath.Join(dir, name, "parser.toml"),
		fmt.Sprintf("name = %q\nkind = \"exec\"\ncommand = \"printf\"\n[exec]\ncommand = [\"./parse.sh\"]\n", name))
	writePackFile(t, filepath.Join(dir, name, "schema.json"), `{"type":"object"}`)
	writePackFile(t, filepath.Join(dir, name, "parse.sh"), "#!/bin/sh\n"+script)
}

func packEngine(t testing.TB, dir string, edit func(*config.Config)) (*Engine, *lockedBuffer) {
	t.Helper()
	stderr := &lockedBuffer{}
	e, _ := newTestEngine(t, both(allowing("printf"), func(c *config.Config) {
		c.Parsers.ExternalTimeLimitMs = 300
		if edit != nil {
			edit(c)
		}
	}), WithPacksDir(dir), WithPackStderr(stderr))
	return e, stderr
}

// TestPackFailuresKeepServing: whatever an exec pack does, the run answers
// with a parse failure and the engine keeps serving other runs.
func TestPackFailuresKeepServing(t *testing.T) {
	tests := []struct {
		name, script, reason, msg string
	}{
		{"works", `cat >/dev/null; echo '{"greeting":"hi"}'`, "", ""},
		{"crashes", `kill -SEGV $$`, "parser_exception", "the program failed"},
		{"hangs", `sleep 30`, "parser_exception", "no answer within 300ms"},
		{"prints garbage", `echo 'Traceback (most recent call last):'`, "parser_exception", "not JSON"},
		{"prints huge output", `yes '{"a":1}'`, "parser_exception", "output exceeded"},
		{"eats memory", `x=$(head -c 400000000 /dev/zero | tr '\0' a); echo '{}'`, "parser_exception", "the program failed"},
		{"writes a schema violation", `echo '[1,2]'`, "schema_violation", "type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			printfExecPack(t, dir, "pf", tt.script)
			e, stderr := packEngine(t, dir, func(c *config.Config) {
				c.Parsers.StrictSchemas = true
				if tt.name == "eats memory" {
					c.Parsers.ExternalTimeLimitMs = 10000 // the memory limit, not the clock, must stop it
				}
			})
			start := time.Now()
			env := e.Run(context.Background(), Request{Cmd: "printf", Args: []string{"a b\n"}})
			if time.Since(start) > 5*time.Second {
				t.Errorf("the run took %s", time.Since(start))
			}
			if env.ExitCode == nil || *env.ExitCode != 0 || env.Stdout.Raw == nil || *env.Stdout.Raw != "a b\n" {
				t.Fatalf("the command itself must run and keep its raw output: %+v", env)
			}
			if tt.reason == "" {
				if env.Failure != nil || asJSON(t, env)["stdout"].(map[string]any)["parsed"].(map[string]any)["greeting"] != "hi" {
					t.Fatalf("want parsed output, got %+v %s", env.Failure, stderr)
				}
			} else if env.Failure == nil || env.Failure.Reason != tt.reason || !strings.Contains(env.Failure.Message, tt.msg) {
				t.Fatalf("want %s (%s), got %+v", tt.reason, tt.msg, env.Failure)
			}
			if env.Stdout.Parser != "pf" {
				t.Errorf("parser %q, want pf", env.Stdout.Parser)
			}
			// The engine still serves.
			if env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-l"}}); env.Failure != nil || !env.OK {
				t.Fatalf("after the pack's failure ls failed: %+v", env.Failure)
			}
		})
	}
}

func TestPackBackoffThroughEngine(t *testing.T) {
	dir := t.TempDir()
	printfExecPack(t, dir, "pf", `exit 1`)
	e, _ := packEngine(t, dir, nil)
	first := e.Run(context.Background(), Request{Cmd: "printf", Args: []string{"x"}})
	start := time.Now()
	second := e.Run(context.Background(), Request{Cmd: "printf", Args: []string{"x"}})
	if first.Failure == nil || second.Failure == nil || !strings.Contains(second.Failure.Message, "back-off") {
		t.Fatalf("want a failure then an immediate back-off answer: %+v / %+v", first.Failure, second.Failure)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the back-off answer took %s", d)
	}
}

func TestPackHotReloadAndDescribe(t *testing.T) {
	old := packRecheck
	packRecheck = 0
	defer func() { packRecheck = old }()
	dir := t.TempDir()
	// A broken pack is reported and skipped, never fatal.
	writePackFile(t, filepath.Join(dir, "broken", "parser.toml"), "name = \"broken\"\nkind = \"declarative\"\ncommand = \"printf\"\nbogus = 1\n")
	writePackFile(t, filepath.Join(dir, "ls", "parser.toml"), "name = \"ls\"\nkind = \"exec\"\ncommand = \"ls\"\n[exec]\ncommand = [\"cat\"]\n")
	writePackFile(t, filepath.Join(dir, "ls", "schema.json"), `{}`)
	e, stderr := packEngine(t, dir, nil)
	errs := e.Describe().PackErrors
	if len(errs) != 2 || !strings.Contains(errs[0], "parser.toml:4: bogus") || !strings.Contains(errs[1], "a built-in parser is already named") {
		t.Errorf("pack errors: %q", errs)
	}
	if !strings.Contains(stderr.String(), "parser pack skipped") {
		t.Errorf("broken packs not reported on stderr: %q", stderr)
	}
	if env := e.Run(context.Background(), Request{Cmd: "printf", Args: []string{"x"}}); env.Failure == nil || env.Failure.Reason != ReasonParserNotFound {
		t.Fatalf("before add: want parser_not_found, got %+v", env.Failure)
	}
	// Added while the engine runs: used on the next call, no restart.
	os.RemoveAll(filepath.Join(dir, "broken"))
	writePackFile(t, filepath.Join(dir, "words", "parser.toml"),
		"name = \"words\"\nkind = \"declarative\"\ncommand = \"printf\"\n[declarative]\nmode = \"columns\"\ncolumns = [\"first\", \"rest\"]\n")
	writePackFile(t, filepath.Join(dir, "words", "schema.json"), `{"type":"object","properties":{"rows":{"type":"array","items":{"type":"object","properties":{"first":{"type":"string"},"rest":{"type":"string"}}}}}}`)
	env := e.Run(context.Background(), Request{Cmd: "printf", Args: []string{"hello big world\n"}})
	if env.Failure != nil || env.Stdout.Parser != "words" {
		t.Fatalf("after add: %+v parser %q", env.Failure, env.Stdout.Parser)
	}
	got := asJSON(t, env)["stdout"].(map[string]any)["parsed"]
	if fmt.Sprint(got) != "map[rows:[map[first:hello rest:big world]]]" {
		t.Errorf("parsed %v", got)
	}
	info := e.DescribeCommand("printf")
	if len(info.Parsers) != 1 || info.Parsers[0].Pack != "declarative" || strings.Join(expandFields(info.Parsers[0].Fields), ",") != "rows[].first,rows[].rest" {
		t.Errorf("describe: %+v", info.Parsers)
	}
	if errs := e.Describe().PackErrors; len(errs) != 1 {
		t.Errorf("after removing the broken pack: %q", errs)
	}
	// Removed: gone on the next call.
	os.RemoveAll(filepath.Join(dir, "words"))
	if env := e.Run(context.Background(), Request{Cmd: "printf", Args: []string{"x"}}); env.Stdout.Parser == "words" {
		t.Error("a removed pack is still used")
	}
}
