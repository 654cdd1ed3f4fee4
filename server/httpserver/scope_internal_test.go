package httpserver

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCheckScope tests the MCP-level scope check on its own: the HTTP
// layer's 403 (scopeRefusal) answers first, so over a real transport it is
// only reached if the two ever read a body differently.
func TestCheckScope(t *testing.T) {
	for _, tc := range []struct {
		tool   string
		scopes []string
		oauth  bool
		pass   bool
	}{
		{"run", []string{ScopeRun}, true, true},
		{"run", []string{ScopeRead}, true, false},
		{"run_paged", []string{ScopeRead}, true, false},
		{"describe", []string{ScopeRead}, true, true},
		{"fetch_result", []string{ScopeRun}, true, false},
		{"a_new_tool", []string{ScopeRead}, true, false},
		{"run", nil, false, true}, // the static token
	} {
		called := false
		next := func(context.Context, string, mcp.Request) (mcp.Result, error) {
			called = true
			return &mcp.CallToolResult{}, nil
		}
		req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: tc.tool},
			Extra: &mcp.RequestExtra{TokenInfo: &auth.TokenInfo{Scopes: tc.scopes, Extra: map[string]any{oauthExtra: tc.oauth}}}}
		res, err := checkScope(next)(context.Background(), "tools/call", req)
		if err != nil {
			t.Fatal(err)
		}
		refused := res.(*mcp.CallToolResult).IsError
		if called != tc.pass || refused == tc.pass {
			t.Errorf("%s with %v (oauth %t): called %t, refused %t; want pass %t", tc.tool, tc.scopes, tc.oauth, called, refused, tc.pass)
		}
	}
}
