package httpserver_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/httpserver"
)

func callRun(cmd string, args ...string) *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": cmd, "args": args}}
}

// killedPromptly starts `sleep 30` through start, ends the call with stop,
// and checks that the process group is gone within a second and that the
// test process has no more live children than before.
func killedPromptly(t *testing.T, start func(arg string), stop func()) {
	t.Helper()
	before := children()
	arg := uniqueSleep()
	start(arg)
	var pids []int
	if !waitFor(5*time.Second, func() bool { pids = findProcess("sleep", arg); return len(pids) == 1 }) {
		t.Fatalf("sleep %s never started", arg)
	}
	if kids := children(); !slices.Contains(kids, pids[0]) {
		t.Fatalf("sleep (pid %d) is not a child of the server: %v", pids[0], kids)
	}
	begin := time.Now()
	stop()
	if !waitFor(5*time.Second, func() bool { return gone(pids[0]) }) {
		t.Fatalf("sleep (pid %d) still runs 5s after the call ended", pids[0])
	}
	if d := time.Since(begin); d > time.Second {
		t.Errorf("the command was killed %v after the call ended; want under 1s", d)
	}
	if !waitFor(2*time.Second, func() bool { return len(children()) <= len(before) }) {
		t.Errorf("children: %v before, %v after", before, children())
	}
}

// TestCancelNotification: the client cancels the call (the SDK client sends
// notifications/cancelled when the call's context ends).
func TestCancelNotification(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{})
	cs := s.connect(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	killedPromptly(t,
		func(arg string) {
			go func() {
				_, err := cs.CallTool(ctx, callRun("sleep", arg))
				done <- err
			}()
		},
		cancel)
	if err := <-done; err == nil {
		t.Error("the cancelled call returned a result")
	}
	stillServes(t, cs)
}

// TestCancelNotificationRaw sends notifications/cancelled by hand and keeps
// the request open, so only the notification can end the call.
func TestCancelNotificationRaw(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{})
	r := s.raw(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	killedPromptly(t,
		func(arg string) {
			go func() {
				// Dropped by cancel() at the end of the test only.
				resp, err := r.client.Do(r.request(ctx, http.MethodPost, []byte(
					`{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"run","arguments":{"cmd":"sleep","args":["`+arg+`"]}}}`)))
				if err == nil {
					resp.Body.Close()
				}
			}()
		},
		func() {
			resp := r.post(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow","reason":"test"}}`))
			if resp.StatusCode != http.StatusAccepted {
				t.Errorf("notifications/cancelled: %d", resp.StatusCode)
			}
		})
	if resp, msg := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != 200 || toolResult(t, msg)["ok"] != true {
		t.Errorf("after the cancel: %d %v", resp.StatusCode, msg)
	}
}

// TestClientDisconnect drops the HTTP request carrying the call without any
// MCP message: the server notices the closed connection.
func TestClientDisconnect(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{})
	r := s.raw(t)
	ctx, drop := context.WithCancel(context.Background())
	defer drop()
	killedPromptly(t,
		func(arg string) {
			go func() {
				resp, err := r.client.Do(r.request(ctx, http.MethodPost, []byte(
					`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"sleep","args":["`+arg+`"]}}}`)))
				if err == nil {
					resp.Body.Close()
				}
			}()
		},
		drop)
	// The session is not ended by a dropped request: it still serves.
	if resp, msg := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != 200 || toolResult(t, msg)["ok"] != true {
		t.Errorf("after the disconnect: %d %v", resp.StatusCode, msg)
	}
}

// TestSessionEnd: ending the session (DELETE) ends its calls at once,
// though the request carrying the call is still open. (The SDK client's
// Close waits for its calls in flight before it sends DELETE.)
func TestSessionEnd(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{})
	r := s.raw(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	killedPromptly(t,
		func(arg string) {
			go func() {
				resp, err := r.client.Do(r.request(ctx, http.MethodPost, []byte(
					`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"sleep","args":["`+arg+`"]}}}`)))
				if err == nil {
					resp.Body.Close()
				}
			}()
		},
		func() {
			resp, err := r.client.Do(r.request(context.Background(), http.MethodDelete, nil))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNoContent {
				t.Errorf("DELETE: %d", resp.StatusCode)
			}
		})
	if resp, _ := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a call on the deleted session: %d, want 404", resp.StatusCode)
	}
}

// TestSessionTimeout: an idle session is closed, and with it its calls;
// a call in progress keeps the session alive only while its request does.
func TestSessionTimeout(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{SessionTimeout: 200 * time.Millisecond})
	r := s.raw(t)
	// Ten times the timeout: the reaper runs late on a loaded machine, and a
	// probe while the session lives would only renew it.
	time.Sleep(2 * time.Second)
	resp, _ := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`)
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("a call on an expired session: %d, want 404", resp.StatusCode)
	}
}

// TestSlowCommandDoesNotBlockOthers: with a command running in one session,
// another session's calls answer at once.
func TestSlowCommandDoesNotBlockOthers(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{})
	slow, fast := s.connect(t), s.connect(t)
	arg := uniqueSleep()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go slow.CallTool(ctx, callRun("sleep", arg))
	if !waitFor(5*time.Second, func() bool { return len(findProcess("sleep", arg)) == 1 }) {
		t.Fatal("sleep never started")
	}
	begin := time.Now()
	for range 5 {
		stillServes(t, fast)
	}
	stillServes(t, slow) // the same session is not blocked either
	if d := time.Since(begin); d > 3*time.Second {
		t.Errorf("6 calls beside a running command took %v", d)
	}
}

// TestBusyOverHTTP: past max_concurrent_runs and max_queued_runs a call is
// answered at once with exec/busy, and served again when a slot frees.
// (The queue itself is tested in the engine, where its length is visible.)
func TestBusyOverHTTP(t *testing.T) {
	e, _ := newEngine(t, func(c *config.Config) {
		c.Guard.MaxConcurrentRuns = 1
		c.Guard.MaxQueuedRuns = 0
	}, "sleep")
	s := start(t, e, httpserver.Options{})
	cs, other := s.connect(t), s.connect(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	arg := uniqueSleep()
	done := make(chan struct{})
	go func() {
		defer close(done)
		cs.CallTool(ctx, callRun("sleep", arg))
	}()
	if !waitFor(5*time.Second, func() bool { return len(findProcess("sleep", arg)) == 1 }) {
		t.Fatal("sleep never started")
	}
	begin := time.Now()
	env := run(t, other, map[string]any{"cmd": "pwd"})
	if k, r, m := failureOf(env); k != "exec" || r != "busy" || m != "1 commands running and 0 queued; try again" {
		t.Errorf("saturated: failure %s/%s %q", k, r, m)
	}
	if d := time.Since(begin); d > time.Second {
		t.Errorf("the busy answer took %v", d)
	}
	cancel()
	<-done
	// The slot frees once the killed command is reaped, a moment after
	// the client's call returned: busy means "try again".
	if !waitFor(2*time.Second, func() bool { return run(t, other, map[string]any{"cmd": "pwd"})["ok"] == true }) {
		t.Fatal("still busy 2s after the running command was cancelled")
	}
	stillServes(t, cs)
}
