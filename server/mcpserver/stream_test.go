package mcpserver_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestStdioDiagnosticsStream runs the built binary as an MCP server over
// stdio in the build profile and asks it, as a client would, to run go
// vet on a module with a printf mistake: vet writes to stderr, the
// go-vet parser declares stderr, so the answer has the finding parsed
// from stdout.raw with stdout.stream "both"; describe says which stream.
func TestStdioDiagnosticsStream(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command")
	}
	cmd, dir := serverCommand(t)
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("vetme/v.go", "package vetme\n\nimport \"fmt\"\n\nfunc F() string { return fmt.Sprintf(\"%d\", \"x\") }\n")
	cmd.Env = append(cmd.Env, "PARISM_PROFILE=build", "PARISM_ALLOWED_COMMANDS=ls,go", "PARISM_TIMEOUT_MS=120000",
		"GOCACHE="+filepath.Join(dir, ".cache"), "GOPATH="+filepath.Join(dir, ".gopath"), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "stream-test", Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connect: %v (stderr: %s)", err, stderr.String())
	}
	defer cs.Close()
	schemas := outputSchemas(t, cs)

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "describe", Arguments: map[string]any{"cmd": "go vet"}})
	if err != nil {
		t.Fatal(err)
	}
	info := checkResult(t, "describe", res, schemas["describe"])
	parsers, _ := info["parsers"].([]any)
	if len(parsers) != 1 || parsers[0].(map[string]any)["stream"] != "stderr" {
		t.Errorf("describe go vet: parsers %v", info["parsers"])
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "go", "args": []string{"vet", "./vetme/"}}})
	if err != nil {
		t.Fatalf("run go vet: %v (stderr: %s)", err, stderr.String())
	}
	env := checkResult(t, "run", res, schemas["run"])
	out, _ := env["stdout"].(map[string]any)
	parsed, _ := out["parsed"].(map[string]any)
	diags, _ := parsed["diagnostics"].([]any)
	if out["stream"] != "both" || out["parser"] != "go-vet" || len(diags) != 1 {
		t.Fatalf("run go vet over stdio: %v", env)
	}
	d := diags[0].(map[string]any)
	if d["file"] != "vetme/v.go" || !strings.Contains(d["message"].(string), "Sprintf format %d") {
		t.Errorf("diagnostic %v", d)
	}
	if raw, _ := out["raw"].(string); !strings.Contains(raw, "vetme/v.go:5:") || env["stderr"] != "" {
		t.Errorf("raw %q, stderr %q", raw, env["stderr"])
	}
}
