package httpserver_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/httpserver"
)

// bearer is how a Go client sends the token: an http.RoundTripper that
// adds the Authorization header to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// An agent reaches the tools over HTTP with a token. In a program,
// httpserver.ListenAndServe(ctx, "127.0.0.1:8080", e, opts) does the
// listening and the graceful shutdown.
func ExampleHandler() {
	e, err := engine.New(config.Default())
	if err != nil {
		fmt.Println(err)
		return
	}
	const token = "a-long-random-token-from-a-file"
	h, err := httpserver.Handler(e, httpserver.Options{Token: token})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(h) // listens on 127.0.0.1
	defer srv.Close()

	health, err := http.Get(srv.URL + httpserver.HealthPath)
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(health.Body)
	health.Body.Close()
	fmt.Println(string(body))

	hc := &http.Client{Transport: bearer{token, http.DefaultTransport}}
	defer hc.CloseIdleConnections()
	transport := &mcp.StreamableClientTransport{Endpoint: srv.URL + httpserver.Path, HTTPClient: hc}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(context.Background(), transport, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "uname", "args": []string{"-s"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	env := res.StructuredContent.(map[string]any)
	fmt.Println(env["ok"], env["stdout"].(map[string]any)["raw"])
	// Output:
	// ok
	// true Linux
}
