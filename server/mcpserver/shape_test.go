package mcpserver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestRunToolQueryAndBudget drives select/where/sort_by/limit/filter/array
// and budget through a real MCP client.
func TestRunToolQueryAndBudget(t *testing.T) {
	e, dir := newEngine(t, nil, "echo")
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.log", i)), []byte(strings.Repeat("x", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newCaller(t, e)
	for _, tc := range []struct {
		name, args string
		reason     string // failure reason; "" for ok
		want       []string
	}{
		{"query", `{"cmd":"ls","args":["-l"],"where":[{"field":"size_bytes","op":"gte","value":30}],
			"sort_by":{"field":"size_bytes","order":"desc"},"limit":2,"select":["name"]}`, "",
			[]string{`"_summary":{"total":40,"matched":10,"shown":2}`, `"entries":[{"name":"f39.log"},{"name":"f38.log"}]`}},
		{"filter", `{"cmd":"ls","args":["-l"],"filter":"name endsWith \"7.log\"","select":["name"]}`, "",
			[]string{`"matched":4`}},
		{"unknown field", `{"cmd":"ls","args":["-l"],"select":["nmae"]}`, "unknown_field", []string{`nmae`}},
		{"bad filter", `{"cmd":"ls","args":["-l"],"filter":"name ==="}`, "invalid_filter", nil},
		{"budget", `{"cmd":"ls","args":["-l"],"format":"json","budget":{"max_tokens":2500,"tokenizer":"byte"}}`, "",
			[]string{`"budget":{"max_tokens":2500,`, `"stage":"budget"`, `"continuation":{"result_id":"r_`}},
		{"budget too small", `{"cmd":"ls","budget":{"max_tokens":5}}`, "budget_too_small", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, env := c.call("run", tc.args)
			if res.IsError {
				t.Fatalf("IsError: %v", res.Content)
			}
			s := res.Content[0].(*mcp.TextContent).Text // the exact bytes sent
			k, r, _ := failureOf(t, env)
			if tc.reason == "" && (env["ok"] != true || k != "") {
				t.Fatalf("want ok: %s", s)
			}
			if tc.reason != "" && (env["ok"] != false || k != "config" || r != tc.reason) {
				t.Fatalf("want config/%s: %s", tc.reason, s)
			}
			for _, w := range tc.want {
				if !strings.Contains(s, w) {
					t.Errorf("missing %s in %.600s", w, s)
				}
			}
		})
	}
}
