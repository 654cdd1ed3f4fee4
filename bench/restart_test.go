package bench

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// executorKillsOrphans says whether the executor makes a command die with
// the server even when the server is SIGKILLed (it cannot clean up then).
// On Linux it does: the command gets a parent-death signal (Pdeathsig), so
// TestRestartAfterKill requires that no command of the killed server
// survives. Elsewhere commands outlive a SIGKILLed server until their own
// end, and the test only reports them.
const executorKillsOrphans = runtime.GOOS == "linux"

// outcome counts how calls ended.
type outcome struct {
	correct, failed, wrong atomic.Int64
	firstWrong             atomic.Pointer[string]
}

func (o *outcome) String() string {
	return fmt.Sprintf("%d correct, %d errors, %d wrong", o.correct.Load(), o.failed.Load(), o.wrong.Load())
}

func (o *outcome) wrongAnswer(format string, a ...any) {
	o.wrong.Add(1)
	s := fmt.Sprintf(format, a...)
	o.firstWrong.CompareAndSwap(nil, &s)
}

// pwdCall runs `run pwd` in dir and sorts the answer: the directory
// itself is correct; a Go error or a failure envelope is an error the
// client can see; anything else is wrong data. It reports whether the
// answer was correct.
func pwdCall(ctx context.Context, cs *mcp.ClientSession, dir string, o *outcome) bool {
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "pwd", "cwd": dir}})
	if err != nil {
		o.failed.Add(1)
		return false
	}
	env, _ := r.StructuredContent.(map[string]any)
	out, _ := env["stdout"].(map[string]any)
	switch {
	case env["ok"] == true && out["raw"] == dir+"\n":
		o.correct.Add(1)
		return true
	case env["ok"] == false && env["failure"] != nil:
		o.failed.Add(1)
	default:
		o.wrongAnswer("pwd in %s answered %v", dir, env)
	}
	return false
}

func dial(tb testing.TB, url string, hc *http.Client) (*mcp.ClientSession, error) {
	return dialVersion(tb, url, hc, "")
}

// dialVersion connects asking for protocol version ("": the SDK's latest,
// 2026-07-28, which has no sessions).
func dialVersion(tb testing.TB, url string, hc *http.Client, version string) (*mcp.ClientSession, error) {
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, MaxRetries: -1}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return mcp.NewClient(&mcp.Implementation{Name: "restart", Version: "0"}, nil).Connect(ctx, tr, &mcp.ClientSessionOptions{ProtocolVersion: version})
}

// TestRestartAfterKill SIGKILLs the built server in the middle of calls:
// every call answered before gets its own directory back, every other call
// an error, never another session's answer or a half-written one; the
// server restarts at once on the same port and serves new sessions, while
// the sessions of the killed process get errors.
func TestRestartAfterKill(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	cfg := writeConfig(t, "[guard]\nallowed_commands = [\"pwd\", \"sleep\"]\ntimeout_ms = 60000\n")
	srv := startBinary(t, "127.0.0.1:0", cfg...)
	hc := loadClient(16)
	defer hc.CloseIdleConnections()
	root := t.TempDir()
	// A unique argument marks this test's long commands in the process
	// table.
	mark := fmt.Sprintf("40.%d", os.Getpid())

	var before, after outcome // by whether the call started after the kill
	var killed atomic.Bool
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 8 {
		dir := filepath.Join(root, fmt.Sprintf("w%d", i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cs, err := dial(t, srv.url, hc)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			defer cs.Close()
			for {
				select {
				case <-stop:
					return
				default:
				}
				o := &before
				if killed.Load() {
					o = &after
				}
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				if !pwdCall(ctx, cs, dir, o) {
					time.Sleep(10 * time.Millisecond) // no busy loop against a dead port
				}
				cancel()
			}
		})
	}
	// Two long commands in flight when the server dies.
	var long outcome
	for range 2 {
		cs, err := dial(t, srv.url, hc)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			defer cs.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "sleep", "args": []string{mark}}})
			if err != nil {
				long.failed.Add(1)
				return
			}
			long.wrongAnswer("sleep %s, which cannot have finished, answered %v", mark, r.StructuredContent)
		})
	}
	// An idle session of the first server, for after the restart (a
	// 2025-11-25 client: a 2026-07-28 one has no session to lose).
	idle, err := dialVersion(t, srv.url, hc, "2025-11-25")
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	sessionless, err := dial(t, srv.url, hc)
	if err != nil {
		t.Fatal(err)
	}
	defer sessionless.Close()

	if !waitUntil(10*time.Second, func() bool { return len(procsWithArg(mark)) == 2 && before.correct.Load() >= 100 }) {
		t.Fatalf("load never got going: %v, %d long commands running", &before, len(procsWithArg(mark)))
	}
	orphans := procsWithArg(mark)
	killed.Store(true) // calls in flight now count as before
	srv.kill(t)
	if st, ok := srv.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || st.Signal() != syscall.SIGKILL {
		t.Fatalf("server exit: %v", srv.err)
	}
	time.Sleep(300 * time.Millisecond) // calls against a dead server
	close(stop)
	wg.Wait()
	t.Logf("before the kill: %v; after: %v; long commands: %v", &before, &after, &long)
	for _, o := range []*outcome{&before, &after, &long} {
		if p := o.firstWrong.Load(); p != nil {
			t.Errorf("%d wrong answers, the first: %s", o.wrong.Load(), *p)
		}
	}
	if after.correct.Load() != 0 || after.failed.Load() == 0 {
		t.Errorf("calls started after the kill: %v; want errors only", &after)
	}
	if long.failed.Load() != 2 {
		t.Errorf("long commands: %v; want 2 errors", &long)
	}

	// The killed server's commands, now orphans unless something killed
	// them with it.
	survivors := func() bool { return len(procsWithArg(mark)) > 0 }
	if waitUntil(2*time.Second, func() bool { return !survivors() }) {
		t.Logf("no command of the killed server survived it")
	} else {
		left := procsWithArg(mark)
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		if executorKillsOrphans {
			t.Errorf("commands of the killed server still run: pids %v", left)
		} else {
			t.Logf("known gap: %d of the %d commands (pids %v) outlived the SIGKILLed server; killed by the test", len(left), len(orphans), left)
		}
	}

	// Restart on the same port at once.
	t0 := time.Now()
	srv2 := startBinary(t, srv.addr, cfg...)
	t.Logf("restarted on %s in %v", srv2.addr, time.Since(t0).Round(time.Millisecond))
	if srv2.addr != srv.addr {
		t.Fatalf("restarted on %s, want %s", srv2.addr, srv.addr)
	}
	// A session of the killed process is unknown to the new one.
	// A session of the killed process: the SDK client closed it when its
	// stream broke, and the new server does not know its id.
	if r, err := idle.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "pwd", "cwd": root}}); err == nil {
		t.Errorf("a call on a session of the killed server answered %v", r.StructuredContent)
	}
	// A 2026-07-28 client of the killed server carries on: every request
	// stands alone.
	if r, err := sessionless.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "pwd", "cwd": root}}); err != nil || r.IsError {
		t.Errorf("a 2026-07-28 client after the restart: %v %+v", err, r)
	}
	req, _ := http.NewRequest(http.MethodPost, srv2.url, strings.NewReader(
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", idle.ID())
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if resp, err := hc.Do(req); err != nil {
		t.Error(err)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("a request with the killed server's session id: %d %s; want 404", resp.StatusCode, body)
		}
	}
	// New sessions work, and get their own answers.
	var fresh outcome
	for i := range 4 {
		dir := filepath.Join(root, fmt.Sprintf("w%d", i))
		cs, err := dial(t, srv2.url, hc)
		if err != nil {
			t.Fatalf("connect after the restart: %v", err)
		}
		for range 10 {
			pwdCall(context.Background(), cs, dir, &fresh)
		}
		cs.Close()
	}
	if fresh.correct.Load() != 40 {
		t.Errorf("after the restart: %v; want 40 correct", &fresh)
	}
	if n := len(childrenOf(srv2.pid())); n != 0 {
		t.Errorf("the restarted server has %d children after its calls", n)
	}
}
