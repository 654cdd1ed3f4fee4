package mcpserver_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestInspectorStrict runs the MCP Inspector's schema lint on the built
// binary over stdio: it must exit 0 and warn about nothing. It needs
// mcp-inspector on PATH (npm i -g @modelcontextprotocol/inspector@2.12.0)
// and is skipped without it; TestSchemasPortable checks the same rules
// offline.
func TestInspectorStrict(t *testing.T) {
	inspector, err := exec.LookPath("mcp-inspector")
	if err != nil {
		t.Skip("mcp-inspector not on PATH (npm i -g @modelcontextprotocol/inspector@2.12.0)")
	}
	cmd, dir := serverCommand(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	lint := exec.CommandContext(ctx, inspector, "--cli", cmd.Path, "--cwd", dir, "-e", "PARISM_HOME="+os.Getenv("PARISM_HOME"), "--method", "tools/list", "--strict")
	lint.Env, lint.Dir = cmd.Env, dir
	var stdout, stderr strings.Builder
	lint.Stdout, lint.Stderr = &stdout, &stderr
	err = lint.Run()
	if ctx.Err() != nil {
		t.Fatalf("mcp-inspector did not finish in 60 s; stderr: %s", stderr.String())
	}
	if err != nil || strings.TrimSpace(stderr.String()) != "" {
		t.Fatalf("mcp-inspector --strict: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"name": "run"`) {
		t.Errorf("mcp-inspector listed no run tool:\n%s", stdout.String())
	}
}
