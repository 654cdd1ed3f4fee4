package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
)

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// parismBinary builds cli/cmd/parism once per test run. The cli module is
// part of the workspace, so the package path resolves from here.
func parismBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			if goTool, err = exec.LookPath("go"); err != nil {
				binErr = err
				return
			}
		}
		if binDir, binErr = os.MkdirTemp("", "parism-bin-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "parism")
		cmd := exec.Command(goTool, "build", "-o", binPath, "github.com/parism-go/parism/cli/cmd/parism")
		out, err := cmd.CombinedOutput()
		if err != nil {
			binErr = &buildError{err: err, out: string(out)}
		}
	})
	if binErr != nil {
		t.Fatalf("building parism: %v", binErr)
	}
	return binPath
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

func cleanupBinary() {
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
}

// serverCommand runs the binary as an MCP server in a clean project
// directory and home, with no PARISM_* variables from the caller.
func serverCommand(t *testing.T) (*exec.Cmd, string) {
	t.Helper()
	bin := parismBinary(t)
	dir, home := t.TempDir(), t.TempDir()
	cmd := exec.Command(bin)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PARISM_") && !strings.HasPrefix(kv, "HOME=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "HOME="+home)
	return cmd, dir
}

func TestStdioBinary(t *testing.T) {
	cmd, dir := serverCommand(t)
	if err := os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connect: %v (stderr: %s)", err, stderr.String())
	}
	closed := false
	defer func() {
		if !closed {
			_ = cs.Close()
		}
	}()
	if init := cs.InitializeResult(); init == nil || init.ServerInfo == nil || init.ServerInfo.Name != "parism" {
		t.Errorf("server info = %+v", init)
	}
	schemas := outputSchemas(t, cs)

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "describe", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	o := checkResult(t, "describe", res, schemas["describe"])
	if o["version"] == nil || o["allowed_commands"] == nil {
		t.Errorf("describe over stdio: %v", o)
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-l"}}})
	if err != nil {
		t.Fatal(err)
	}
	env := checkResult(t, "run", res, schemas["run"])
	if env["ok"] != true || env["cwd"] != dir {
		t.Errorf("run ls over stdio: %v", env)
	}
	if raw, _ := env["stdout"].(map[string]any)["raw"].(string); !strings.Contains(raw, "hello.txt") {
		t.Errorf("raw = %q", raw)
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "rm", "args": []string{"hello.txt"}}})
	if err != nil || res.IsError {
		t.Fatalf("blocked run over stdio: %v %+v", err, res)
	}
	if _, err := os.Stat(filepath.Join(dir, "hello.txt")); err != nil {
		t.Fatal("rm ran over stdio")
	}

	// Closing the client closes the server's stdin; the server must exit by
	// itself (cleanly) before the 10 s after which it would be sent
	// SIGTERM (8 s: a loaded 2-core machine has taken 6).
	start := time.Now()
	err = cs.Close()
	closed = true
	if el := time.Since(start); el > 8*time.Second {
		t.Errorf("server took %v to exit after stdin closed", el)
	}
	if err != nil {
		t.Errorf("server exit: %v (stderr: %s)", err, stderr.String())
	}
	if st := cmd.ProcessState; st == nil || !st.Exited() || st.ExitCode() != 0 {
		t.Errorf("server process state = %v", st)
	}
}

func TestStdioExitsOnEOF(t *testing.T) {
	// Without any MCP traffic: stdin at EOF right away.
	cmd, _ := serverCommand(t)
	cmd.Stdin = strings.NewReader("")
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- cmd.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the server did not exit on stdin EOF")
	}
	t.Logf("exited %v after EOF", time.Since(start))
}

// The call that once took the whole server down (issue 20: page*page_size
// overflowed and panicked outside any recovery) is refused, and the built
// binary goes on answering over stdio.
func TestStdioPagedOverflow(t *testing.T) {
	cmd, _ := serverCommand(t)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connect: %v (stderr: %s)", err, stderr.String())
	}
	defer cs.Close()
	for _, args := range []string{
		`{"cmd": "pwd", "page": 9223372036854775807, "page_size": 1000}`,
		`{"cmd": "pwd", "page": 4611686018427387904, "page_size": 2}`,
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_paged", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatalf("run_paged %s: %v (stderr: %s)", args, err, stderr.String())
		}
		env := decode(t, mustJSON(t, res.StructuredContent))
		if kind, reason, msg := failureOf(t, env); kind != engine.KindConfig || reason != engine.ReasonInvalidArgument {
			t.Errorf("run_paged %s: failure %s/%s %q, want config/invalid_argument", args, kind, reason, msg)
		}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_paged", Arguments: map[string]any{"cmd": "pwd"}})
	if err != nil || res.IsError {
		t.Fatalf("the server stopped answering: %v %+v (stderr: %s)", err, res, stderr.String())
	}
	if env := decode(t, mustJSON(t, res.StructuredContent)); env["ok"] != true {
		t.Errorf("run_paged pwd after the overflow: %v", env)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
