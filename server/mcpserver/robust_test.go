package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/mcpserver"
)

// lineSession talks newline-delimited JSON-RPC to a server by hand, to send
// what the SDK client never would.
type lineSession struct {
	t   *testing.T
	in  *io.PipeWriter
	out *bufio.Scanner
}

func newLineSession(t *testing.T, srv *mcp.Server) *lineSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Run(ctx, &mcp.IOTransport{Reader: inR, Writer: outW})
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("the server did not stop 30 s after its context ended")
		}
	})
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 4<<20)
	s := &lineSession{t: t, in: inW, out: sc}
	if m := s.ask(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)
	return s
}

func (s *lineSession) send(line string) {
	s.t.Helper()
	if _, err := s.in.Write([]byte(line + "\n")); err != nil {
		s.t.Fatalf("write: %v", err)
	}
}

// ask sends a request and returns the next message the server writes.
func (s *lineSession) ask(line string) map[string]any {
	s.t.Helper()
	s.send(line)
	got := make(chan string, 1)
	go func() {
		if s.out.Scan() {
			got <- s.out.Text()
		}
		close(got)
	}()
	select {
	case l, ok := <-got:
		if !ok {
			s.t.Fatalf("the server closed the session after %s", line)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			s.t.Fatalf("answer %q: %v", l, err)
		}
		return m
	case <-time.After(5 * time.Second):
		s.t.Fatalf("no answer to %s", line)
	}
	return nil
}

// TestMalformedJSONRPC: requests that are JSON but not valid JSON-RPC for
// their method get a JSON-RPC error, and the session goes on.
func TestMalformedJSONRPC(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := newLineSession(t, mcpserver.New(e, nil))
	for _, tc := range []struct {
		name, line string
		code       float64
		message    string
	}{
		{"unknown method", `{"jsonrpc":"2.0","id":1,"method":"frobnicate","params":{}}`, -32601, "frobnicate"},
		{"params not an object", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":"run"}`, -32602, "invalid params"},
		{"unknown tool", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope","arguments":{}}}`, -32602, `unknown tool "nope"`},
		{"name of the wrong type", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":7}}`, -32602, "invalid params"},
	} {
		m := s.ask(tc.line)
		e, ok := m["error"].(map[string]any)
		if !ok || e["code"] != tc.code || !strings.Contains(e["message"].(string), tc.message) {
			t.Errorf("%s: %v; want error %v containing %q", tc.name, m, tc.code, tc.message)
		}
	}
	for _, tc := range []struct {
		name, args, reason string
	}{
		// The reason is type_mismatch; the message names a Go type for now.
		{"arguments not an object", `"ls"`, "type_mismatch"},
		{"arguments null", `null`, "invalid_argument"},
		{"args an object", `{"cmd":"ls","args":{"a":1}}`, "type_mismatch"},
		{"NUL in an argument", `{"cmd":"grep","args":["a\u0000b","."]}`, "arg_not_allowed"},
		// Bytes that are not UTF-8 inside a JSON string: read as U+FFFD.
		{"invalid UTF-8 in an argument", `{"cmd":"ls","args":["no-` + "\xff\xfe" + `-such"]}`, "non_zero_exit"},
	} {
		m := s.ask(`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"run","arguments":` + tc.args + `}}`)
		res, ok := m["result"].(map[string]any)
		if !ok {
			t.Errorf("%s: %v, want a result", tc.name, m)
			continue
		}
		env, _ := res["structuredContent"].(map[string]any)
		f, _ := env["failure"].(map[string]any)
		if f == nil || f["reason"] != tc.reason || env["ok"] != false {
			t.Errorf("%s: %v, want failure reason %s", tc.name, env, tc.reason)
		}
	}
	m := s.ask(`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}}`)
	if env := m["result"].(map[string]any)["structuredContent"].(map[string]any); env["ok"] != true {
		t.Errorf("after the bad requests: %v", env)
	}
}

// TestAwkwardCommands: a missing cwd, an oversized argument, a command
// that exits before reading all its input, binary output, binary stderr:
// each answer is structured and valid against the output schema (checked
// by caller.call), and the session keeps serving.
func TestAwkwardCommands(t *testing.T) {
	e, dir := newEngine(t, nil)
	if err := os.WriteFile(filepath.Join(dir, "big"), []byte(strings.Repeat("0123456789", 100_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	binary := []byte("\x7fELF\x02\x01\x01\x00\xff\xfe\xfd\n\x80\x81 text\n")
	if err := os.WriteFile(filepath.Join(dir, "bin"), binary, 0o644); err != nil {
		t.Fatal(err)
	}
	c := newCaller(t, e)
	ok := func(name string) {
		t.Helper()
		if _, env := c.call("run", `{"cmd":"pwd"}`); env["ok"] != true {
			t.Fatalf("after %s: %v", name, env)
		}
	}

	_, env := c.call("run", `{"cmd":"ls","cwd":"`+filepath.Join(dir, "missing")+`"}`)
	if k, r, m := failureOf(t, env); k != "exec" || r != "spawn_failed" || !strings.Contains(m, "bad working directory") {
		t.Errorf("missing cwd: %s/%s %q", k, r, m)
	}
	ok("a missing cwd")

	_, env = c.call("run", `{"cmd":"grep","args":["`+strings.Repeat("x", 200_000)+`","big"]}`)
	if k, r, m := failureOf(t, env); k != "exec" || r != "spawn_failed" || !strings.Contains(m, "argument list too long") {
		t.Errorf("oversized argument: %s/%s %q", k, r, m)
	}
	ok("an oversized argument")

	_, env = c.call("run", `{"cmd":"head","args":["-c","10","big"]}`)
	if env["ok"] != true || env["stdout"].(map[string]any)["raw"] != "0123456789" {
		t.Errorf("head -c 10: %v", env)
	}
	ok("head")

	_, env = c.call("run", `{"cmd":"cat","args":["bin"]}`)
	out := env["stdout"].(map[string]any)
	if exact, err := base64.StdEncoding.DecodeString(out["raw_base64"].(string)); err != nil || string(exact) != string(binary) {
		t.Errorf("cat bin: raw_base64 %q (%v)", exact, err)
	}
	if raw := out["raw"].(string); raw != "\x7fELF\x02\x01\x01\x00\uFFFD\uFFFD\uFFFD\n\uFFFD\uFFFD text\n" {
		t.Errorf("cat bin: raw %q", raw)
	}
	_, env = c.call("run_paged", `{"cmd":"cat","args":["bin"],"page_size":1}`)
	if env["stdout"].(map[string]any)["raw_base64"] == nil {
		t.Errorf("run_paged cat bin: no raw_base64 on the first page: %v", env)
	}
	ok("binary output")
}

// TestBusyIsAResult: a saturated engine answers run and run_paged with a
// structured exec/busy failure that satisfies the output schema.
func TestBusyIsAResult(t *testing.T) {
	e, _ := newEngine(t, func(c *config.Config) {
		c.Guard.MaxConcurrentRuns = 1
		c.Guard.MaxQueuedRuns = 0
	}, "sleep")
	c := newCaller(t, e)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	arg := "30.77"
	wg.Go(func() {
		c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "sleep", "args": []string{arg}}})
	})
	if !waitFor(5*time.Second, func() bool { return len(findProcess("sleep", arg)) > 0 }) {
		t.Fatal("sleep never started")
	}
	for _, tool := range []string{"run", "run_paged"} {
		_, env := c.call(tool, `{"cmd":"pwd"}`)
		if k, r, m := failureOf(t, env); k != "exec" || r != "busy" || !strings.Contains(m, "try again") {
			t.Errorf("%s while saturated: %s/%s %q", tool, k, r, m)
		}
	}
}
