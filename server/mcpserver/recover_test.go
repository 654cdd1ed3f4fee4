package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
)

// A panic in a tool's handler or in any method's becomes that call's
// answer, and the session goes on serving.
func TestPanicsBecomeAnswers(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	for _, name := range []string{"run", "describe", "compare_results"} {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: &jsonschema.Schema{Type: "object"}}, recovered(name, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a []int
			_ = a[len(name)] // index out of range
			return nil, nil
		}, log))
	}
	s.AddTool(&mcp.Tool{Name: "ok", InputSchema: &jsonschema.Schema{Type: "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, nil
	})
	s.AddReceivingMiddleware(recoverMethods(log), func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				panic("boom in tools/list")
			}
			return next(ctx, method, req)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	for _, name := range []string{"run", "describe", "compare_results"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
		if err != nil {
			t.Fatalf("%s: protocol error %v; a panic must be the call's answer", name, err)
		}
		b, _ := json.Marshal(res)
		if !strings.Contains(string(b), engine.ReasonInternalError) || !strings.Contains(string(b), "index out of range") {
			t.Errorf("%s: answer %s, want %s naming the panic", name, b, engine.ReasonInternalError)
		}
		if name == "describe" != res.IsError {
			t.Errorf("%s: isError = %v", name, res.IsError)
		}
		if name != "describe" {
			var env struct{ Failure *engine.Failure }
			b, _ := json.Marshal(res.StructuredContent)
			if json.Unmarshal(b, &env); env.Failure == nil || env.Failure.Kind != engine.KindInternal {
				t.Errorf("%s: structured failure = %s", name, b)
			}
		}
	}
	if _, err := cs.ListTools(ctx, nil); err == nil || !strings.Contains(err.Error(), "internal error in tools/list") {
		t.Errorf("tools/list after a panic: %v, want a JSON-RPC internal error", err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ok", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("the session stopped answering after the panics: %v %+v", err, res)
	}
}

// A panic while the stdio transport reads a line answers that line with
// -32603 instead of ending the process. The panic here is a real one: a
// filter without its connection dereferences nil when it passes a message
// on.
func TestLineFilterRecovers(t *testing.T) {
	var out strings.Builder
	f := &lineFilter{out: &out, max: 1 << 20}
	if open := f.handleSafe([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)); !open {
		t.Fatal("handleSafe: the session ended")
	}
	if !strings.Contains(out.String(), `"code":-32603`) || !strings.Contains(out.String(), "internal error reading the message") {
		t.Errorf("answer = %q, want a -32603 error", out.String())
	}
}
