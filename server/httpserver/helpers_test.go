package httpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/httpserver"
)

func TestMain(m *testing.M) {
	if runtime.GOOS != "linux" {
		os.Exit(0) // the tests run coreutils and read /proc
	}
	// PARISM_HOME in a fresh directory: parser packs installed on the
	// developer's machine must not change what the tests see.
	home, err := os.MkdirTemp("", "parism-home-")
	if err != nil {
		panic(err)
	}
	os.Setenv("PARISM_HOME", home)
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

const protocolVersion = "2025-06-18"

// newEngine builds an engine from config.Default() with extra commands
// allowed, working in a fresh temporary directory.
func newEngine(t *testing.T, edit func(*config.Config), allow ...string) (*engine.Engine, string) {
	t.Helper()
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Guard.AllowedCommands = append(slices.Clone(cfg.Guard.AllowedCommands), allow...)
	if edit != nil {
		edit(&cfg)
	}
	e, err := engine.New(cfg, engine.WithWorkdir(dir))
	if err != nil {
		t.Fatal(err)
	}
	return e, dir
}

// server is a Serve running on a loopback port.
type server struct {
	url   string // base URL, without a path
	token string
	stop  func() error
}

// start serves e on 127.0.0.1 until the test ends.
func start(t *testing.T, e *engine.Engine, opts httpserver.Options) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- httpserver.Serve(ctx, ln, e, opts) }()
	var stopped bool
	var stopErr error
	s := &server{url: "http://" + ln.Addr().String(), token: opts.Token}
	s.stop = func() error {
		if !stopped {
			stopped = true
			cancel()
			select {
			case stopErr = <-done:
			case <-time.After(15 * time.Second):
				stopErr = errors.New("Serve did not return 15s after its context ended")
			}
		}
		return stopErr
	}
	t.Cleanup(func() {
		if err := s.stop(); err != nil {
			t.Error(err)
		}
	})
	return s
}

func (s *server) httpClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	if s.token == "" {
		return &http.Client{Transport: tr}
	}
	return &http.Client{Transport: bearer{s.token, tr}}
}

// connect opens an MCP session with the go-sdk client.
func (s *server) connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	hc := s.httpClient()
	tr := &mcp.StreamableClientTransport{Endpoint: s.url + httpserver.Path, HTTPClient: hc, MaxRetries: -1}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(callCtx(t), tr, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		hc.CloseIdleConnections()
	})
	return cs
}

// run calls the run tool and returns the envelope as generic JSON.
func run(t *testing.T, cs *mcp.ClientSession, args map[string]any) map[string]any {
	t.Helper()
	res, err := cs.CallTool(callCtx(t), &mcp.CallToolParams{Name: "run", Arguments: args})
	if err != nil {
		t.Fatalf("run %v: protocol error %v", args, err)
	}
	if res.IsError {
		t.Fatalf("run %v: tool error %+v", args, res.Content)
	}
	return structured(t, res)
}

func structured(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structuredContent %s: %v", b, err)
	}
	return m
}

func failureOf(env map[string]any) (kind, reason, message string) {
	f, ok := env["failure"].(map[string]any)
	if !ok {
		return "", "", ""
	}
	return f["kind"].(string), f["reason"].(string), f["message"].(string)
}

// stillServes checks that the session answers a plain run after whatever
// came before.
func stillServes(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	env := run(t, cs, map[string]any{"cmd": "pwd"})
	if env["ok"] != true {
		t.Fatalf("a following call failed: %v", env)
	}
}

// rawSession speaks the streamable HTTP transport by hand, for what the
// SDK client will not send: malformed bodies, raw bytes, a dropped request.
type rawSession struct {
	t      *testing.T
	s      *server
	client *http.Client
	id     string
	nextID int
}

func (s *server) raw(t *testing.T) *rawSession {
	t.Helper()
	r := &rawSession{t: t, s: s, client: s.httpClient()}
	t.Cleanup(r.client.CloseIdleConnections)
	resp, msg := r.call(callCtx(t), "initialize",
		`{"protocolVersion":"`+protocolVersion+`","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`)
	if resp.StatusCode != http.StatusOK || msg["result"] == nil {
		t.Fatalf("initialize: %d %v", resp.StatusCode, msg)
	}
	r.id = resp.Header.Get("Mcp-Session-Id")
	if r.id == "" {
		t.Fatal("initialize: no Mcp-Session-Id")
	}
	if resp := r.post(callCtx(t), []byte(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("initialized: %d", resp.StatusCode)
	}
	return r
}

func (r *rawSession) request(ctx context.Context, method string, body []byte) *http.Request {
	req, err := http.NewRequestWithContext(ctx, method, r.s.url+httpserver.Path, bytes.NewReader(body))
	if err != nil {
		r.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if r.id != "" {
		req.Header.Set("Mcp-Session-Id", r.id)
		req.Header.Set("Mcp-Protocol-Version", protocolVersion)
	}
	return req
}

// post sends body and returns the response with its body read and closed.
func (r *rawSession) post(ctx context.Context, body []byte) *http.Response {
	r.t.Helper()
	resp, err := r.client.Do(r.request(ctx, http.MethodPost, body))
	if err != nil {
		r.t.Fatalf("POST: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(b))
	return resp
}

// call sends one JSON-RPC request and returns the response and the
// JSON-RPC answer read from it (nil when the status is not 200).
func (r *rawSession) call(ctx context.Context, method, params string) (*http.Response, map[string]any) {
	r.t.Helper()
	r.nextID++
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, r.nextID, method, params)
	return r.callBody(ctx, []byte(body))
}

func (r *rawSession) callBody(ctx context.Context, body []byte) (*http.Response, map[string]any) {
	r.t.Helper()
	resp := r.post(ctx, body)
	if resp.StatusCode != http.StatusOK {
		return resp, nil
	}
	b, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			r.t.Fatalf("answer %s: %v", b, err)
		}
		return resp, m
	}
	return resp, answerIn(r.t, b)
}

// answerIn returns the JSON-RPC response among the server-sent events.
func answerIn(t *testing.T, stream []byte) map[string]any {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(stream))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(data), &m); err != nil {
			t.Fatalf("event %s: %v", data, err)
		}
		if m["id"] != nil && (m["result"] != nil || m["error"] != nil) {
			return m
		}
	}
	t.Fatalf("no JSON-RPC answer in %q", stream)
	return nil
}

// toolResult is the structuredContent of a tools/call answer.
func toolResult(t *testing.T, msg map[string]any) map[string]any {
	t.Helper()
	res, ok := msg["result"].(map[string]any)
	if !ok {
		t.Fatalf("not a result: %v", msg)
	}
	sc, ok := res["structuredContent"].(map[string]any)
	if !ok {
		t.Fatalf("no structuredContent: %v", res)
	}
	return sc
}

// children lists the live (not zombie) child processes of this test
// process: the commands the engine started.
func children() []int {
	self := os.Getpid()
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:]) // state ppid ...
		if len(f) < 2 || f[0] == "Z" || f[0] == "X" {
			continue
		}
		if ppid, _ := strconv.Atoi(f[1]); ppid == self {
			out = append(out, pid)
		}
	}
	return out
}

// findProcess returns the pids whose command line is exactly argv.
func findProcess(argv ...string) []int {
	want := strings.Join(argv, "\x00") + "\x00"
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && string(b) == want {
			pid, _ := strconv.Atoi(e.Name())
			out = append(out, pid)
		}
	}
	return out
}

// gone reports whether pid has exited (a zombie counts as gone).
func gone(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return err == nil && i >= 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X')
}

func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// uniqueSleep is a sleep argument no other process uses, to find ours.
func uniqueSleep() string {
	return fmt.Sprintf("30.%d", time.Now().UnixNano()%1_000_000+1_000_000)
}

// callCtx bounds one call of a test: a server that stopped answering (or a
// limiter that queued a call it should refuse) fails the test with a
// message instead of hanging until go test's timeout.
func callCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// within returns what ch yields, failing the test if it yields nothing
// within 30 seconds.
func within[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: still waiting after 30 s", what)
		panic("unreachable")
	}
}
