package httpserver_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/httpserver"
)

// connectWith opens a go-sdk client session asking for version: the
// SDK's latest (2026-07-28, no sessions) tries server/discover first; an
// older one sends initialize and gets a session.
func connectWith(t *testing.T, url string, hc *http.Client, version string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr := &mcp.StreamableClientTransport{Endpoint: url + httpserver.Path, HTTPClient: hc, MaxRetries: -1}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, tr, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect %s: %v", version, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// retainLs runs ls with retain and returns the result id.
func retainLs(t *testing.T, cs *mcp.ClientSession) string {
	t.Helper()
	env := run(t, cs, map[string]any{"cmd": "ls", "args": []string{"-l"}, "retain": true})
	id, _ := env["result_id"].(string)
	if env["ok"] != true || id == "" {
		t.Fatalf("run ls retain: %v", env)
	}
	return id
}

// fetch calls fetch_result and returns the failure reason ("" on success).
func fetch(t *testing.T, cs *mcp.ClientSession, id string) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fetch_result", Arguments: map[string]any{"result_id": id}})
	if err != nil || res.IsError {
		t.Fatalf("fetch_result: %v %+v", err, res)
	}
	env := structured(t, res)
	_, reason, _ := failureOf(env)
	if reason == "" && env["ok"] != true {
		t.Fatalf("fetch_result: %v", env)
	}
	return reason
}

// TestProtocolVersions: a 2026-07-28 client is served without a session
// (each request stands alone, its results owned by its credential), an
// older client on a session (its results owned by the session).
func TestProtocolVersions(t *testing.T) {
	e, _ := newEngine(t, nil)
	const token = "s3cret-token-0123456789"
	s := start(t, e, httpserver.Options{Token: token})
	for _, tc := range []struct {
		ask, want string
		session   bool
	}{
		{"2026-07-28", "2026-07-28", false},
		{"2025-11-25", "2025-11-25", true},
		{"2025-06-18", "2025-06-18", true},
	} {
		cs := connectWith(t, s.url, s.httpClient(), tc.ask)
		if got := cs.InitializeResult().ProtocolVersion; got != tc.want {
			t.Errorf("asked %s: negotiated %s, want %s", tc.ask, got, tc.want)
		}
		if hasSession := cs.ID() != ""; hasSession != tc.session {
			t.Errorf("%s: session id %q, want a session: %t", tc.ask, cs.ID(), tc.session)
		}
		id := retainLs(t, cs)
		if reason := fetch(t, cs, id); reason != "" {
			t.Errorf("%s: fetch_result of its own result: %s", tc.ask, reason)
		}
		// Another connection with the same credential: under 2026-07-28
		// the id is a handle of the credential's; a session keeps its
		// results to itself.
		other := connectWith(t, s.url, s.httpClient(), tc.ask)
		reason := fetch(t, other, id)
		if tc.session && reason == "" {
			t.Errorf("%s: another session read this session's result", tc.ask)
		}
		if !tc.session && reason != "" {
			t.Errorf("%s: the same credential on a new connection cannot read its result: %s", tc.ask, reason)
		}
		stillServes(t, cs)
	}
}

// TestStatelessOwners: 2026-07-28 clients with different OAuth subjects
// cannot read each other's results; without authentication every caller
// is the same one.
func TestStatelessOwners(t *testing.T) {
	is := newIssuer(t)
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{OAuth: &httpserver.OAuth{Issuer: is.url(), Audience: audience}})
	client := func(sub string) *http.Client {
		return &http.Client{Transport: bearer{is.token(sub, "parism:read parism:run"), http.DefaultTransport}}
	}
	alice := connectWith(t, s.url, client("alice"), "2026-07-28")
	id := retainLs(t, alice)
	if reason := fetch(t, connectWith(t, s.url, client("alice"), "2026-07-28"), id); reason != "" {
		t.Errorf("alice, new connection and new token: %s", reason)
	}
	if reason := fetch(t, connectWith(t, s.url, client("bob"), "2026-07-28"), id); reason == "" {
		t.Error("bob read alice's result")
	}
	// An old client with alice's credential has its own session.
	if reason := fetch(t, connectWith(t, s.url, client("alice"), "2025-11-25"), id); reason == "" {
		t.Error("a session read a stateless caller's result")
	}

	open := start(t, e, httpserver.Options{})
	a := connectWith(t, open.url, open.httpClient(), "2026-07-28")
	id = retainLs(t, a)
	if reason := fetch(t, a, id); reason != "" {
		t.Errorf("no authentication: fetch_result in a later request: %s", reason)
	}
}

// TestCancelEachProtocol: a client cancels a call under either protocol
// (2026-07-28 closes the call's POST; a session client sends
// notifications/cancelled) and the command is killed at once.
func TestCancelEachProtocol(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	s := start(t, e, httpserver.Options{})
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		cs := connectWith(t, s.url, s.httpClient(), version)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		killedPromptly(t,
			func(arg string) {
				go func() {
					_, err := cs.CallTool(ctx, callRun("sleep", arg))
					done <- err
				}()
			},
			cancel)
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: the cancelled call returned a result", version)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the cancelled call did not return in 10 s", version)
		}
		stillServes(t, cs)
	}
}
