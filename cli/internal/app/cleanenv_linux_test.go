package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/sys/unix"
)

// parismBinary returns a path named parism that runs this test binary as
// the parism program (TestMain).
func parismBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "parism")
	if err := os.Symlink(self, link); err != nil {
		t.Fatal(err)
	}
	return link
}

// serverEnv is a server environment holding secrets by name and by value.
func serverEnv(t *testing.T, extra ...string) []string {
	return append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "PLAIN_SETTING=kept",
		"OPENAI_API_KEY=sk-test-OPENAISEKRIT0123456789", "DATABASE_URL=postgres://app:DBSEKRIT@db/app",
		"AWS_SECRET_ACCESS_KEY=AWSSEKRIT"}, extra...)
}

// checkEnviron reads the server's initial environment block, which a
// process cannot rewrite by unsetting variables.
func checkEnviron(t *testing.T, pid int) {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
	if err != nil {
		t.Fatal(err)
	}
	environ := string(b)
	if strings.Contains(environ, "SEKRIT") {
		t.Errorf("the server's /proc/%d/environ holds a secret:\n%s", pid, strings.ReplaceAll(environ, "\x00", "\n"))
	}
	if !strings.Contains(environ, "PLAIN_SETTING=kept") || !strings.Contains(environ, cleanEnvMarker+"=1") {
		t.Errorf("the server did not re-execute with the rest of its environment:\n%s", strings.ReplaceAll(environ, "\x00", "\n"))
	}
}

// TestServeDropsSecrets: parism serve (stdio) re-executes itself without
// the variables the secret patterns match, and still serves.
func TestServeDropsSecrets(t *testing.T) {
	cmd := exec.Command(parismBinary(t), "serve")
	cmd.Dir = t.TempDir()
	cmd.Env = serverEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer session.Close()
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "pwd"}})
	if err != nil || res.IsError {
		t.Fatalf("run pwd after the re-execution: %v %+v", err, res)
	}
	checkEnviron(t, cmd.Process.Pid)
}

// TestServeHTTPKeepsTokenDropsIt: with --http, the bearer token from
// PARISM_HTTP_TOKEN still guards the server after the re-execution, but is
// in no environment block.
func TestServeHTTPKeepsTokenDropsIt(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(parismBinary(t), "serve", "--http", addr)
	cmd.Dir = t.TempDir()
	cmd.Env = serverEnv(t, tokenEnv+"=TOKENSEKRIT")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	status := func(token string) int {
		req, _ := http.NewRequest("POST", "http://"+addr+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	deadline := time.Now().Add(15 * time.Second)
	for status("") == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the server did not listen on %s: %s", addr, stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := status(""); got != http.StatusUnauthorized {
		t.Errorf("without the token: %d, want 401", got)
	}
	if got := status("TOKENSEKRIT"); got == http.StatusUnauthorized || got == 0 {
		t.Errorf("with the token: %d, want it accepted (stderr %s)", got, stderr.String())
	}
	checkEnviron(t, cmd.Process.Pid)
	// The pipe that carried the token is closed before commands run.
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/environ", cmd.Process.Pid))
	fd := ""
	for _, kv := range strings.Split(string(b), "\x00") {
		if v, ok := strings.CutPrefix(kv, tokenFDEnv+"="); ok {
			fd = v
		}
	}
	if fd == "" {
		t.Fatal("the token was not handed over through a pipe")
	}
	if target, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", cmd.Process.Pid, fd)); strings.HasPrefix(target, "pipe:") {
		t.Errorf("fd %s, the token's pipe, is still open (%s)", fd, target)
	}
}

// TestServeTimerSlack: parism serve re-executes itself even with nothing
// to drop, giving the runtime's monitor thread a coarse timer slack while
// its main thread, and every command, keep the slack the server was
// started with.
func TestServeTimerSlack(t *testing.T) {
	const started = 73_000 // what this test starts the server with
	cmd := exec.Command(parismBinary(t), "serve")
	cmd.Dir = t.TempDir()
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// The server's main thread inherits the slack of the thread that
	// forks it: this goroutine's, for the Start in Connect.
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_TIMERSLACK, started, 0, 0, 0); err != nil {
		runtime.UnlockOSThread()
		t.Skipf("prctl: %v", err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	_ = unix.Prctl(unix.PR_SET_TIMERSLACK, 0, 0, 0, 0)
	runtime.UnlockOSThread()
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer session.Close()
	for i := range 5 {
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "cat", "args": []string{"/proc/self/timerslack_ns"}}})
		if err != nil || res.IsError {
			t.Fatalf("run: %v %+v", err, res)
		}
		b, _ := json.Marshal(res.StructuredContent)
		var out struct {
			Stdout struct{ Raw string } `json:"stdout"`
		}
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out.Stdout.Raw); got != strconv.Itoa(started) {
			t.Fatalf("call %d: the command's timer slack is %q ns, want the server's %d", i, got, started)
		}
	}
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "env"}})
	if err != nil || res.IsError {
		t.Fatalf("run env: %v %+v", err, res)
	}
	if b, _ := json.Marshal(res.StructuredContent); strings.Contains(string(b), cleanEnvMarker) {
		t.Errorf("a command inherits %s: %s", cleanEnvMarker, b)
	}
	pid := cmd.Process.Pid
	environ, _ := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
	if !strings.Contains(string(environ), cleanEnvMarker+"=1") {
		t.Errorf("the server did not re-execute itself")
	}
	// Named as it was started (parismBinary's link), not after
	// /proc/self/exe: what ps, top and pgrep show.
	if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); strings.TrimSpace(string(comm)) != "parism" {
		t.Errorf("the re-executed server is named %q, want parism", strings.TrimSpace(string(comm)))
	}
	threads, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, e := range threads {
		if comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/comm", pid, e.Name())); err == nil && strings.TrimSpace(string(comm)) != "parism" {
			t.Errorf("thread %s of the server is named %q, want parism", e.Name(), strings.TrimSpace(string(comm)))
		}
	}
	// Another process's slack can be read only with CAP_SYS_NICE.
	slack := func(tid string) (int, bool) {
		b, err := os.ReadFile("/proc/" + tid + "/timerslack_ns")
		if err != nil {
			return 0, false
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(b)))
		return n, err == nil
	}
	main, ok := slack(strconv.Itoa(pid))
	if !ok {
		t.Logf("the server's threads' slack cannot be read here (no CAP_SYS_NICE): checked through its commands only")
		return
	}
	if main != started {
		t.Errorf("the server's main thread has slack %d, want %d", main, started)
	}
	tids, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	coarse := 0
	for _, e := range tids {
		if n, ok := slack(e.Name()); ok && n == 250_000 {
			coarse++
		}
	}
	if coarse == 0 || coarse == len(tids) {
		t.Errorf("%d of the server's %d threads have the monitor's slack, want some but not all", coarse, len(tids))
	}
}
