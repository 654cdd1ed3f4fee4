package httpserver_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
	if err := within(t, done, "the cancelled call"); err == nil {
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
	within(t, done, "the cancelled sleep")
	// The slot frees once the killed command is reaped, a moment after
	// the client's call returned: busy means "try again".
	if !waitFor(2*time.Second, func() bool { return run(t, other, map[string]any{"cmd": "pwd"})["ok"] == true }) {
		t.Fatal("still busy 2s after the running command was cancelled")
	}
	stillServes(t, cs)
}

// TestSlowClientDoesNotBlockOthers: clients that send a call with a large
// answer and then do not read it hold neither a run slot nor anyone else's
// answer; when one of them reads at last, it gets the whole answer.
func TestSlowClientDoesNotBlockOthers(t *testing.T) {
	e, dir := newEngine(t, func(c *config.Config) {
		c.Guard.MaxOutputBytes = 8 << 20
		c.Guard.MaxConcurrentRuns = 1
		c.Guard.MaxQueuedRuns = 2 // the three big calls all run, one after another
	})
	line := strings.Repeat("x", 99) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "big"), []byte(strings.Repeat(line, 30_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	s := start(t, e, httpserver.Options{})
	// A tiny receive window: the server's writes stall once its own send
	// buffer is full.
	dialer := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	type slow struct {
		conn net.Conn
		req  *http.Request
	}
	var slows []slow
	for range 3 {
		r := s.raw(t)
		conn, err := dialer.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		req := r.request(context.Background(), http.MethodPost,
			[]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"cat","args":["big"],"format":"json"}}}`))
		if err := req.Write(conn); err != nil {
			t.Fatal(err)
		}
		slows = append(slows, slow{conn, req})
	}
	// Wait until the three answers are stuck in the server's send buffers.
	stalled := func() bool {
		for _, sl := range slows {
			if sendQueue(t, sl.conn.RemoteAddr(), sl.conn.LocalAddr()) == 0 {
				return false
			}
		}
		return true
	}
	if !waitFor(20*time.Second, stalled) {
		t.Fatal("the unread answers never filled the server's send buffers")
	}
	// Every call of another session now runs (with one slot and no free
	// queue place, a slot still held would make it busy) and answers at
	// once.
	fast := s.connect(t)
	begin := time.Now()
	for range 5 {
		if env := run(t, fast, map[string]any{"cmd": "pwd"}); env["ok"] != true {
			t.Fatalf("beside unread answers: %v", env)
		}
	}
	if d := time.Since(begin); d > 3*time.Second {
		t.Errorf("5 calls beside unread answers took %v", d)
	}
	// A slow client that reads at last gets its answer whole.
	sl := slows[0]
	sl.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(sl.conn), sl.req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil && len(body) == 0 {
		t.Fatal(err)
	}
	env := toolResult(t, answerIn(t, body))
	if raw, _ := env["stdout"].(map[string]any)["raw"].(string); len(raw) != 30_000*len(line) {
		t.Errorf("the slow client's answer: %d bytes of output, want %d (%v)", len(raw), 30_000*len(line), env["failure"])
	}
}

// sendQueue returns the bytes queued for sending on the TCP socket from
// local to remote (Linux: /proc/net/tcp, IPv4).
func sendQueue(t *testing.T, local, remote net.Addr) int {
	t.Helper()
	hexAddr := func(a net.Addr) string {
		ta := a.(*net.TCPAddr)
		ip := ta.IP.To4()
		return fmt.Sprintf("%02X%02X%02X%02X:%04X", ip[3], ip[2], ip[1], ip[0], ta.Port)
	}
	data, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		t.Fatal(err)
	}
	l, r := hexAddr(local), hexAddr(remote)
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) > 4 && f[1] == l && f[2] == r {
			tx, _, _ := strings.Cut(f[4], ":")
			n, _ := strconv.ParseInt(tx, 16, 64)
			return int(n)
		}
	}
	return 0
}

// TestProgressOverHTTP: a call with a progress token that runs past the
// default delay (one second) gets progress notifications on its HTTP
// stream, increasing, with the bytes and lines read so far; none before
// the delay.
func TestProgressOverHTTP(t *testing.T) {
	e, _ := newEngine(t, nil, "sh")
	s := start(t, e, httpserver.Options{})
	type note struct {
		at time.Time
		p  *mcp.ProgressNotificationParams
	}
	var (
		mu    sync.Mutex
		notes []note
	)
	hc := s.httpClient()
	defer hc.CloseIdleConnections()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "progress", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			notes = append(notes, note{time.Now(), req.Params})
		},
	}).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: s.url + httpserver.Path, HTTPClient: hc, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	params := &mcp.CallToolParams{Name: "run", Arguments: map[string]any{
		"cmd":  "sh",
		"args": []string{"-c", "for i in 1 2 3 4 5 6\ndo\necho line $i\nsleep 0.4\ndone"},
	}}
	params.SetProgressToken("http-1")
	begin := time.Now()
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if env := structured(t, res); env["ok"] != true {
		t.Fatalf("run: %v", env)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notes) == 0 {
		t.Fatal("no progress notification for a 2.4 s run with a progress token")
	}
	last := 0.0
	for _, n := range notes {
		if n.p.ProgressToken != "http-1" || n.p.Progress <= last || !strings.Contains(n.p.Message, "lines of output so far") {
			t.Errorf("notification %+v after progress %v", n.p, last)
		}
		if d := n.at.Sub(begin); d < 900*time.Millisecond {
			t.Errorf("a notification %v after the call began, before the one-second delay", d)
		}
		last = n.p.Progress
	}
	t.Logf("%d notifications, the last: %q", len(notes), notes[len(notes)-1].p.Message)
}
