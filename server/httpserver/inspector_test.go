package httpserver_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/server/httpserver"
)

// TestInspectorStrict runs the MCP Inspector's schema lint over HTTP, as a
// session client (legacy) and as a 2026-07-28 one (modern): it must exit 0
// and warn about nothing. Skipped without mcp-inspector on PATH (npm i -g
// @modelcontextprotocol/inspector@2.12.0).
func TestInspectorStrict(t *testing.T) {
	inspector, err := exec.LookPath("mcp-inspector")
	if err != nil {
		t.Skip("mcp-inspector not on PATH (npm i -g @modelcontextprotocol/inspector@2.12.0)")
	}
	e, _ := newEngine(t, nil)
	const token = "s3cret-token-0123456789"
	s := start(t, e, httpserver.Options{Token: token})
	for _, era := range []string{"legacy", "modern"} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		lint := exec.CommandContext(ctx, inspector, "--cli", s.url+httpserver.Path, "--protocol-era", era,
			"--header", "Authorization: Bearer "+token, "--method", "tools/list", "--strict")
		var stdout, stderr strings.Builder
		lint.Stdout, lint.Stderr = &stdout, &stderr
		err := lint.Run()
		timedOut := ctx.Err() != nil
		cancel()
		if timedOut {
			t.Fatalf("%s: mcp-inspector did not finish in 60 s; stderr: %s", era, stderr.String())
		}
		if err != nil || strings.TrimSpace(stderr.String()) != "" {
			t.Errorf("%s: mcp-inspector --strict: %v\n%s%s", era, err, stderr.String(), stdout.String())
		} else if !strings.Contains(stdout.String(), `"name": "run"`) {
			t.Errorf("%s: mcp-inspector listed no run tool:\n%s", era, stdout.String())
		}
	}
}
