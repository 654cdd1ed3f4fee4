package httpserver_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/server/httpserver"
)

func TestHealthz(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{Token: "s3cret-token-0123456789"})
	resp, err := http.Get(s.url + httpserver.HealthPath) // no token
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "ok" {
		t.Errorf("GET /healthz = %d %q, want 200 ok", resp.StatusCode, body)
	}
	resp, err = http.Post(s.url+httpserver.HealthPath, "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /healthz = %d, want 405", resp.StatusCode)
	}
}

func TestBearerToken(t *testing.T) {
	e, _ := newEngine(t, nil)
	const token = "s3cret-token-0123456789"
	s := start(t, e, httpserver.Options{Token: token})
	metadata := `resource_metadata="` + s.url + httpserver.MetadataPath + httpserver.Path + `"`
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + protocolVersion + `","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`
	for _, tc := range []struct {
		name, auth, challenge string
		status                int
	}{
		{"missing", "", `Bearer realm="parism", ` + metadata, 401},
		{"wrong", "Bearer wrong", `Bearer realm="parism", error="invalid_token", ` + metadata, 401},
		{"prefix of the token", "Bearer " + token[:10], `Bearer realm="parism", error="invalid_token", ` + metadata, 401},
		{"other scheme", "Basic " + token, `Bearer realm="parism", ` + metadata, 401},
		{"right", "Bearer " + token, "", 200},
		{"scheme in lower case", "bearer " + token, "", 200},
	} {
		req, _ := http.NewRequest(http.MethodPost, s.url+httpserver.Path, strings.NewReader(initialize))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || resp.Header.Get("WWW-Authenticate") != tc.challenge {
			t.Errorf("%s: %d, WWW-Authenticate %q; want %d, %q", tc.name, resp.StatusCode, resp.Header.Get("WWW-Authenticate"), tc.status, tc.challenge)
		}
	}
	// The SDK client with the token works end to end.
	stillServes(t, s.connect(t))
}

func TestOrigin(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{AllowedOrigins: []string{"https://app.example.com", "http://localhost:5173"}})
	for _, tc := range []struct {
		origin string
		status int
	}{
		{"", http.StatusOK}, // not a browser
		{"https://app.example.com", http.StatusOK},
		{"HTTPS://App.Example.com:443", http.StatusOK},
		{"http://localhost:5173", http.StatusOK},
		{"https://evil.example", http.StatusForbidden},
		{"http://app.example.com", http.StatusForbidden}, // another scheme is another origin
		{"http://localhost:5174", http.StatusForbidden},
		{"null", http.StatusForbidden},
	} {
		req, _ := http.NewRequest(http.MethodPost, s.url+httpserver.Path, strings.NewReader(
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+protocolVersion+`","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("Origin %q: %d, want %d", tc.origin, resp.StatusCode, tc.status)
		}
	}
}

func TestCORSPreflight(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{Token: "tok-0123456789abcdef", AllowedOrigins: []string{"https://app.example.com"}})
	req, _ := http.NewRequest(http.MethodOptions, s.url+httpserver.Path, nil)
	req.Header.Set("Origin", "https://app.example.com")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req) // no token: preflights carry none
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	h := resp.Header
	if resp.StatusCode != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != "https://app.example.com" ||
		!strings.Contains(h.Get("Access-Control-Allow-Headers"), "Authorization") ||
		!strings.Contains(h.Get("Access-Control-Expose-Headers"), "Mcp-Session-Id") {
		t.Errorf("preflight: %d %v", resp.StatusCode, h)
	}
	req.Header.Set("Origin", "https://evil.example")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight from another origin: %d %v", resp.StatusCode, resp.Header)
	}
}

func TestRequestSizeLimit(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{}) // the default, 1 MiB
	r := s.raw(t)
	big := `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"ls","args":["` +
		strings.Repeat("a", httpserver.DefaultMaxRequestBytes) + `"]}}}`

	// With a Content-Length: refused before reading.
	if resp := r.post(context.Background(), []byte(big)); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("%d-byte body: %d, want 413", len(big), resp.StatusCode)
	}
	// Chunked, without a Content-Length: refused while reading.
	req := r.request(context.Background(), http.MethodPost, nil)
	req.Body = io.NopCloser(io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	resp, err := r.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked %d-byte body: %d, want 413", len(big), resp.StatusCode)
	}
	// The session still serves.
	if resp, msg := r.call(context.Background(), "tools/call", `{"name":"run","arguments":{"cmd":"pwd"}}`); resp.StatusCode != 200 || toolResult(t, msg)["ok"] != true {
		t.Errorf("after 413: %d %v", resp.StatusCode, msg)
	}
}

func TestOptionsChecked(t *testing.T) {
	e, _ := newEngine(t, nil)
	for _, o := range []httpserver.Options{
		{AllowedOrigins: []string{"*"}},
		{AllowedOrigins: []string{"https://app.example.com/path"}},
		{AllowedOrigins: []string{"ftp://example.com"}},
		{Token: "two words"},
		{Token: "line\nbreak"},
	} {
		if _, err := httpserver.Handler(e, o); err == nil {
			t.Errorf("Handler(%+v): no error", o)
		}
	}
	if _, err := httpserver.Handler(nil, httpserver.Options{}); err == nil {
		t.Error("Handler(nil engine): no error")
	}
}

func TestRequireLoopback(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"127.1.2.3:0", true},
		{"[::1]:8080", true},
		{"localhost:8080", true},
		{"LOCALHOST:1", true},
		{":8080", false},
		{"0.0.0.0:8080", false},
		{"[::]:8080", false},
		{"192.168.1.10:8080", false},
		{"example.com:8080", false},
	} {
		err := httpserver.RequireLoopback(tc.addr)
		if tc.ok != (err == nil) || (err != nil && !errors.Is(err, httpserver.ErrInsecureBind)) {
			t.Errorf("RequireLoopback(%q) = %v", tc.addr, err)
		}
	}
	if err := httpserver.RequireLoopback("no-port"); err == nil || errors.Is(err, httpserver.ErrInsecureBind) {
		t.Errorf("RequireLoopback(no-port) = %v, want an address error", err)
	}
	// ListenAndServe refuses before listening: nothing is bound.
	e, _ := newEngine(t, nil)
	err := httpserver.ListenAndServe(context.Background(), "0.0.0.0:0", e, httpserver.Options{})
	if !errors.Is(err, httpserver.ErrInsecureBind) {
		t.Errorf("ListenAndServe(0.0.0.0:0) without a token = %v", err)
	}
}

func TestListenAndServeShutsDown(t *testing.T) {
	e, _ := newEngine(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- httpserver.ListenAndServe(ctx, "127.0.0.1:0", e, httpserver.Options{}) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ListenAndServe after cancel = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ListenAndServe did not return")
	}
}

func TestUnknownPath(t *testing.T) {
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{Token: "tok-0123456789abcdef"})
	resp, err := s.httpClient().Post(s.url+"/other", "application/json", bytes.NewReader([]byte("{}")))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("POST /other = %d, want 404", resp.StatusCode)
	}
	// Without the token the path is not even revealed.
	resp, err = http.Post(s.url+"/other", "application/json", bytes.NewReader([]byte("{}")))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("POST /other without token = %d, want 401", resp.StatusCode)
	}
}

// TestShutdownKillsCommandsAndLeaksNothing: cancelling Serve's context
// while a command runs and a session holds its standalone stream open
// returns promptly, kills the command, and leaves no goroutine behind.
func TestShutdownKillsCommandsAndLeaksNothing(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	baseG := runtime.NumGoroutine()
	s := start(t, e, httpserver.Options{})
	cs := s.connect(t)
	arg := uniqueSleep()
	go cs.CallTool(context.Background(), callRun("sleep", arg))
	var pids []int
	if !waitFor(5*time.Second, func() bool { pids = findProcess("sleep", arg); return len(pids) == 1 }) {
		t.Fatal("sleep never started")
	}
	begin := time.Now()
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(begin); d > 3*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	if !waitFor(2*time.Second, func() bool { return gone(pids[0]) }) {
		t.Fatalf("sleep (pid %d) survived the shutdown", pids[0])
	}
	cs.Close()
	if !waitFor(5*time.Second, func() bool { return runtime.NumGoroutine() <= baseG+2 }) {
		buf := make([]byte, 1<<20)
		t.Errorf("goroutines: %d before, %d after\n%s", baseG, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
	}
}
