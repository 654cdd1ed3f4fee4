package httpserver_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/httpserver"
)

// TestMalformedRequests: bodies that are not JSON-RPC get a 4xx answer or
// a JSON-RPC error, never a crash, and the session keeps serving.
func TestMalformedRequests(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{})
	r := s.raw(t)
	for _, tc := range []struct {
		name, body string
		status     int
	}{
		{"not JSON", `{"jsonrpc":"2.0","id":1,"method":`, http.StatusBadRequest},
		{"empty", ``, http.StatusBadRequest},
		{"not an object", `[1,2`, http.StatusBadRequest},
		// An id without a method reads as a response to a call the server
		// never made: accepted and dropped.
		{"no method", `{"jsonrpc":"2.0","id":1}`, http.StatusAccepted},
		{"unknown method", `{"jsonrpc":"2.0","id":1,"method":"frobnicate","params":{}}`, http.StatusBadRequest},
		{"binary", "\x00\xff\xfe{", http.StatusBadRequest},
	} {
		resp := r.post(context.Background(), []byte(tc.body))
		if resp.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d", tc.name, resp.StatusCode, tc.status)
		}
	}
	// Params of the wrong shape for a known method: a JSON-RPC error.
	resp, msg := r.call(context.Background(), "tools/call", `"run"`)
	if e, _ := msg["error"].(map[string]any); resp.StatusCode != http.StatusOK || e == nil || e["code"] != -32602.0 {
		t.Errorf("tools/call with string params: %d %v, want invalid params (-32602)", resp.StatusCode, msg)
	}
	if resp, msg := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != 200 || toolResult(t, msg)["ok"] != true {
		t.Errorf("after malformed requests: %d %v", resp.StatusCode, msg)
	}
}

// TestBadCalls: each kind of bad call gets a clear structured answer and
// the session keeps serving.
func TestBadCalls(t *testing.T) {
	e, dir := newEngine(t, nil)
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("0123456789", 100_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i * 7)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin"), binary, 0o644); err != nil {
		t.Fatal(err)
	}
	s := start(t, e, httpserver.Options{})
	cs := s.connect(t)

	// Unknown tool: a JSON-RPC error naming it.
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nope", Arguments: map[string]any{}}); err == nil || !strings.Contains(err.Error(), `unknown tool "nope"`) {
		t.Errorf("unknown tool: %v", err)
	}
	stillServes(t, cs)

	for _, tc := range []struct {
		name         string
		args         map[string]any
		kind, reason string
		message      string
	}{
		{"wrong type", map[string]any{"cmd": 5}, "config", "type_mismatch", `"cmd"`},
		{"wrong element type", map[string]any{"cmd": "ls", "args": []any{"-l", true}}, "config", "type_mismatch", `"args"`},
		{"unknown parameter", map[string]any{"cmd": "ls", "sudo": true}, "config", "unknown_field", `"sudo"`},
		{"NUL in an argument", map[string]any{"cmd": "grep", "args": []string{"a\x00b", "."}}, "guard", "arg_not_allowed", "NUL"},
		{"NUL in cwd", map[string]any{"cmd": "ls", "cwd": "/tmp\x00x"}, "guard", "", "NUL"},
		{"cwd that does not exist", map[string]any{"cmd": "ls", "cwd": filepath.Join(dir, "missing")}, "exec", "spawn_failed", "missing"},
		// One argument past the kernel's 128 KiB limit per argument.
		{"oversized argument", map[string]any{"cmd": "grep", "args": []string{strings.Repeat("x", 200_000), "big"}}, "exec", "spawn_failed", "argument list too long"},
	} {
		env := run(t, cs, tc.args)
		k, r, m := failureOf(env)
		if k != tc.kind || (tc.reason != "" && r != tc.reason) || !strings.Contains(m, tc.message) {
			t.Errorf("%s: failure %s/%s %q; want %s/%s containing %q", tc.name, k, r, m, tc.kind, tc.reason, tc.message)
		}
		if env["ok"] != false {
			t.Errorf("%s: ok is not false: %v", tc.name, env)
		}
		stillServes(t, cs)
	}

	// A command that stops reading and exits early: head of a large file.
	env := run(t, cs, map[string]any{"cmd": "head", "args": []string{"-c", "10", "big"}})
	if env["ok"] != true || env["stdout"].(map[string]any)["raw"] != "0123456789" {
		t.Errorf("head -c 10: %v", env)
	}
	// Ten NUL bytes are binary: one U+FFFD in raw, the bytes in base64.
	env = run(t, cs, map[string]any{"cmd": "head", "args": []string{"-c", "10", "/dev/zero"}})
	if so := env["stdout"].(map[string]any); env["ok"] != true || so["raw"] != "\ufffd" || so["raw_base64"] != "AAAAAAAAAAAAAA==" {
		t.Errorf("head -c 10 /dev/zero: %v", env)
	}
	stillServes(t, cs)

	// Binary output: raw is valid text, raw_base64 the exact bytes.
	env = run(t, cs, map[string]any{"cmd": "cat", "args": []string{"bin"}})
	out := env["stdout"].(map[string]any)
	exact, err := base64.StdEncoding.DecodeString(out["raw_base64"].(string))
	if env["ok"] != true || err != nil || string(exact) != string(binary) {
		t.Errorf("cat bin: ok %v, raw_base64 %d bytes (%v), want the %d bytes written", env["ok"], len(exact), err, len(binary))
	}
	if !strings.ContainsRune(out["raw"].(string), '\uFFFD') {
		t.Errorf("cat bin: raw has no U+FFFD")
	}
	stillServes(t, cs)
}

// TestInvalidUTF8InRequest sends raw bytes that are not UTF-8 inside a JSON
// string: the decoder reads them as U+FFFD and the call is answered.
func TestInvalidUTF8InRequest(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{})
	r := s.raw(t)
	resp, msg := r.callBody(context.Background(), []byte(
		`{"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"ls","args":["no-`+"\xff\xfe"+`-such"]}}}`))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	env := toolResult(t, msg)
	if k, _, _ := failureOf(env); env["ok"] != false || k == "" {
		t.Errorf("ls of a name with invalid UTF-8: %v", env)
	}
	if resp, msg := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != 200 || toolResult(t, msg)["ok"] != true {
		t.Errorf("after invalid UTF-8: %d %v", resp.StatusCode, msg)
	}
}

// TestStdoutClosedEarly: commands that close their stdout before they are
// done, or leave it open in a background child after they exit. The first
// is answered when it exits, with what it wrote before; the second when it
// exits too, not when the child would close the pipe, and the child is
// killed with the command's process group.
func TestStdoutClosedEarly(t *testing.T) {
	bin := t.TempDir()
	mark := uniqueSleep()
	for name, script := range map[string]string{
		// Writes, closes stdout, keeps working, reports on stderr.
		"closer": "printf 'before\\n'\nexec 1>&-\nsleep 0.3\necho after >&2\n",
		// Exits at once, leaving a child that holds stdout open.
		"leaver": "printf 'parent\\n'\nsleep " + mark + " &\nexit 0\n",
	} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	e, _ := newEngine(t, nil, "closer", "leaver")
	s := start(t, e, httpserver.Options{})
	cs := s.connect(t)

	t0 := time.Now()
	env := run(t, cs, map[string]any{"cmd": "closer"})
	out, errOut := env["stdout"].(map[string]any), env["stderr"]
	if env["ok"] != true || out["raw"] != "before\n" || !strings.Contains(fmt.Sprint(errOut), "after") {
		t.Errorf("closer: %v", env)
	}
	if d := time.Since(t0); d < 300*time.Millisecond {
		t.Errorf("closer answered after %v, before it finished", d)
	}
	stillServes(t, cs)

	t0 = time.Now()
	env = run(t, cs, map[string]any{"cmd": "leaver"})
	if d := time.Since(t0); d > 10*time.Second {
		t.Errorf("leaver answered after %v: the server waited for its child", d)
	}
	if out := env["stdout"].(map[string]any); out["raw"] != "parent\n" {
		t.Errorf("leaver: %v", env)
	}
	if !waitFor(5*time.Second, func() bool { return len(findProcess("sleep", mark)) == 0 }) {
		t.Errorf("the background child of leaver still runs: %v", findProcess("sleep", mark))
	}
	stillServes(t, cs)
}

// The call that once took the whole server down (issue 20) is refused; the
// session that sent it and another one both go on being served.
func TestPagedOverflowOverHTTP(t *testing.T) {
	e, _ := newEngine(t, nil, "pwd")
	s := start(t, e, httpserver.Options{Token: "secret-token"})
	a, b := s.connect(t), s.connect(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := a.CallTool(ctx, &mcp.CallToolParams{Name: "run_paged",
		Arguments: json.RawMessage(`{"cmd": "pwd", "page": 9223372036854775807, "page_size": 1000}`)})
	if err != nil {
		t.Fatalf("run_paged overflow: %v", err)
	}
	if kind, reason, msg := failureOf(structured(t, res)); kind != engine.KindConfig || reason != engine.ReasonInvalidArgument {
		t.Errorf("run_paged overflow: failure %s/%s %q, want config/invalid_argument", kind, reason, msg)
	}
	stillServes(t, a)
	stillServes(t, b)
}

// Two HTTP sessions with the same token: B filling its share of the store
// cannot evict A's results, is not served A's run_paged cache, and cannot
// read A's result ids. Sessions exist up to protocol 2025-11-25; a
// 2026-07-28 client's owner is its credential (TestStatelessOwners).
func TestSessionsHaveTheirOwnStoreOverHTTP(t *testing.T) {
	e, _ := newEngine(t, nil, "date")
	s := start(t, e, httpserver.Options{Token: "secret-token"})
	a, b := connectWith(t, s.url, s.httpClient(), "2025-11-25"), connectWith(t, s.url, s.httpClient(), "2025-11-25")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	call := func(cs *mcp.ClientSession, tool, args string) map[string]any {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatalf("%s %s: %v", tool, args, err)
		}
		return structured(t, res)
	}
	env := call(a, "run", `{"cmd":"ls","retain":true}`)
	id, _ := env["result_id"].(string)
	if env["retained"] != true || id == "" {
		t.Fatalf("A's retained run: %v", env)
	}
	n := 2 * e.Config().Results.MaxResults
	for i := range n {
		if env := call(b, "run", `{"cmd":"ls","retain":true}`); env["retained"] != true {
			t.Fatalf("B's run %d was not retained: %v", i, env)
		}
	}
	if env := call(a, "fetch_result", fmt.Sprintf(`{"result_id":%q}`, id)); env["failure"] != nil {
		t.Errorf("A's result after B retained %d: %v", n, env["failure"])
	}
	if _, reason, _ := failureOf(call(b, "fetch_result", fmt.Sprintf(`{"result_id":%q}`, id))); reason != "result_not_found" {
		t.Errorf("B reading A's result: %s, want result_not_found", reason)
	}
	page := func(env map[string]any) (bool, string) {
		hit := env["page_info"].(map[string]any)["cache"].(map[string]any)["hit"].(bool)
		return hit, env["stdout"].(map[string]any)["raw"].(string)
	}
	_, rawA := page(call(a, "run_paged", `{"cmd":"date","args":["+%s%N"]}`))
	if hit, rawB := page(call(b, "run_paged", `{"cmd":"date","args":["+%s%N"]}`)); hit || rawB == rawA {
		t.Errorf("B's run_paged: cache hit %v, raw %q (A's %q); want its own run", hit, rawB, rawA)
	}
	if hit, raw2 := page(call(a, "run_paged", `{"cmd":"date","args":["+%s%N"]}`)); !hit || raw2 != rawA {
		t.Errorf("A's second run_paged: cache hit %v, raw %q then %q", hit, rawA, raw2)
	}
}

// A token holder that trickles a request body loses the connection after
// BodyTimeout; a call whose body arrived runs on past it.
func TestBodyTimeout(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{Token: "secret-token", BodyTimeout: 300 * time.Millisecond})
	cs := s.connect(t)
	res, err := cs.CallTool(callCtx(t), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "sleep", "args": []string{"1"}}})
	if err != nil || res.IsError {
		t.Fatalf("a call lasting past BodyTimeout: %v %+v", err, res)
	}
	if env := structured(t, res); env["ok"] != true {
		t.Errorf("sleep 1 with a 300 ms body timeout: %v", env)
	}

	host := strings.TrimPrefix(s.url, "http://")
	c, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer secret-token\r\nContent-Type: application/json\r\n"+
		"Accept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\":", host)
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err = io.Copy(io.Discard, c)
	if d := time.Since(start); err != nil || d > 5*time.Second || d < 250*time.Millisecond {
		t.Errorf("a trickled body: connection ended after %v (%v), want about 300 ms", d, err)
	}
	stillServes(t, cs)
}

// TestMaxSessions: past MaxSessions an initialize gets 503 with
// Retry-After (each session holds memory until it ends or idles out, and
// one connection could open any number); ending one makes room, and the
// open sessions keep serving meanwhile.
func TestMaxSessions(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{MaxSessions: 3})
	var open []*rawSession
	for range 3 {
		open = append(open, s.raw(t))
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`
	extra := &rawSession{t: t, s: s, client: s.httpClient()}
	resp := extra.post(callCtx(t), []byte(init))
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a fourth initialize: %d (Retry-After %q), want 503", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if resp, msg := open[0].call(callCtx(t), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != 200 || toolResult(t, msg)["ok"] != true {
		t.Errorf("an open session at the bound: %d %v", resp.StatusCode, msg)
	}
	req := open[1].request(callCtx(t), http.MethodDelete, nil)
	if resp, err := open[1].client.Do(req); err != nil || resp.StatusCode >= 300 {
		t.Fatalf("DELETE: %v %v", resp, err)
	}
	if !waitFor(5*time.Second, func() bool {
		resp := extra.post(callCtx(t), []byte(init))
		return resp.StatusCode == http.StatusOK
	}) {
		t.Error("no initialize accepted after a session ended")
	}
}
