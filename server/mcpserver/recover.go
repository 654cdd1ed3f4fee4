package mcpserver

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
)

// recovered makes a panic in a tool's handler (its decoding, the guard, a
// parser, shaping, encoding) the answer of that call: a failure of kind
// internal, reason internal_error, in the tool's own answer shape. The
// session and every other one go on; the stack goes to the log.
func recovered(tool string, h mcp.ToolHandler, log *slog.Logger) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			f := &engine.Failure{Kind: engine.KindInternal, Reason: engine.ReasonInternalError,
				Message: fmt.Sprintf("internal error in %s: %v; the call was abandoned and the server goes on", tool, p)}
			log.Error("mcpserver: recovered panic", "tool", tool, "panic", fmt.Sprint(p), "stack", stack())
			res, err = failureAnswer(tool, f)
		}()
		return h(ctx, req)
	}
}

// failureAnswer is f in the answer shape of tool.
func failureAnswer(tool string, f *engine.Failure) (*mcp.CallToolResult, error) {
	switch tool {
	case "explain_result":
		return result(&engine.Explanation{SourceSpans: []engine.SourceSpan{}, Warnings: []string{}, Failure: f})
	case "compare_results":
		return result(&engine.Comparison{Added: []any{}, Removed: []any{}, Changed: []engine.RowChange{}, Warnings: []string{}, Failure: f})
	case "describe", "dry_run":
		return toolError(f)
	}
	return failed(f, "")
}

// recoverMethods is the same for every other method (and what a tool's
// wrapper cannot reach): a panic becomes JSON-RPC error -32603 (internal
// error) for that request.
func recoverMethods(log *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
			defer func() {
				if p := recover(); p != nil {
					log.Error("mcpserver: recovered panic", "method", method, "panic", fmt.Sprint(p), "stack", stack())
					res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
						Message: fmt.Sprintf("internal error in %s: %v", method, p)}
				}
			}()
			return next(ctx, method, req)
		}
	}
}

// stack is the panicking goroutine's stack without the recovery frames.
func stack() string {
	s := string(debug.Stack())
	if i := strings.Index(s, "panic("); i >= 0 {
		s = s[i:]
	}
	return s
}
