package mcpserver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFetchResultTool pages a retained result through fetch_result with a
// real MCP client, and checks its refusals are results, not errors.
func TestFetchResultTool(t *testing.T) {
	e, dir := newEngine(t, nil, "echo")
	for i := range 60 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file-%03d.txt", i)), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newCaller(t, e)
	_, env := c.call("run", `{"cmd":"ls","args":["-l"],"format":"json","retain":true,"budget":{"max_tokens":2500,"tokenizer":"byte"}}`)
	cont, _ := env["continuation"].(map[string]any)
	if env["ok"] != true || cont == nil || cont["retained"] != true || env["retained"] != true {
		t.Fatalf("want a retained paged answer: %v", env)
	}
	id := cont["result_id"].(string)
	rows := 0
	count := func(env map[string]any) {
		parsed := env["stdout"].(map[string]any)["parsed"].(map[string]any)
		rows += len(parsed["entries"].([]any))
	}
	count(env)
	for range 60 {
		cont, _ = env["continuation"].(map[string]any)
		if cont == nil {
			break
		}
		var res *mcp.CallToolResult
		res, env = c.call("fetch_result", fmt.Sprintf(`{"result_id":%q,"cursor":%q}`, id, cont["cursor"]))
		if res.IsError || env["ok"] != true {
			t.Fatalf("fetch_result: %v %v", res.Content, env)
		}
		count(env)
	}
	if rows != 60 {
		t.Errorf("read %d rows through fetch_result, want 60", rows)
	}

	_, plain := c.call("run", `{"cmd":"ls","args":["-l"],"format":"json","budget":{"max_tokens":2500,"tokenizer":"byte"}}`)
	pc := plain["continuation"].(map[string]any)
	other := newCaller(t, e) // another session of the same server process
	for _, tc := range []struct {
		name   string
		c      *caller
		args   string
		reason string
	}{
		{"first page", c, fmt.Sprintf(`{"result_id":%q}`, id), ""},
		{"unknown", c, `{"result_id":"r_0123456789abcdef"}`, "result_not_found"},
		{"other session", other, fmt.Sprintf(`{"result_id":%q}`, id), "result_not_found"},
		{"not retained", c, fmt.Sprintf(`{"result_id":%q,"cursor":%q}`, pc["result_id"], pc["cursor"]), "not_retained"},
		{"cursor of another result", c, fmt.Sprintf(`{"result_id":%q,"cursor":%q}`, id, pc["cursor"]), "cursor_mismatch"},
		{"forged cursor", c, fmt.Sprintf(`{"result_id":%q,"cursor":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, id), "cursor_invalid"},
		{"missing id", c, `{}`, "invalid_argument"},
		{"unknown parameter", c, `{"result_id":"x","page":2}`, "unknown_field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, env := tc.c.call("fetch_result", tc.args)
			if res.IsError {
				t.Fatalf("IsError: %v", res.Content)
			}
			k, r, _ := failureOf(t, env)
			if tc.reason == "" {
				if env["ok"] != true || k != "" {
					t.Fatalf("want ok: %v", env)
				}
				return
			}
			if env["ok"] != false || k != "config" || r != tc.reason {
				t.Fatalf("want config/%s: %v", tc.reason, env)
			}
		})
	}
}

// TestExplainResultTool runs with contract_version next, evidence and
// retain, then explains values through a real MCP client.
func TestExplainResultTool(t *testing.T) {
	e, dir := newEngine(t, nil, "echo")
	if err := os.WriteFile(filepath.Join(dir, "only.txt"), []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newCaller(t, e)
	_, env := c.call("run", `{"cmd":"ls","args":["-l"],"contract_version":"next","evidence":"fields","retain":true}`)
	review, _ := env["review"].(map[string]any)
	if env["ok"] != true || review == nil || review["retained"] != true || review["parser_id"] != "ls" {
		t.Fatalf("want a review: %v", env)
	}
	id := review["result_id"].(string)
	for _, tc := range []struct {
		name, args, kind, reason string
	}{
		{"verbatim", fmt.Sprintf(`{"result_id":%q,"pointer":"/entries/0/name"}`, id), "verbatim", ""},
		{"derived", fmt.Sprintf(`{"result_id":%q,"pointer":"/entries/0/size_bytes"}`, id), "derived", ""},
		{"bad pointer", fmt.Sprintf(`{"result_id":%q,"pointer":"/entries/5"}`, id), "", "invalid_pointer"},
		{"unknown id", `{"result_id":"r_0000000000000001","pointer":""}`, "", "result_not_found"},
		{"missing id", `{"pointer":""}`, "", "invalid_argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, ex := c.call("explain_result", tc.args)
			if res.IsError {
				t.Fatalf("IsError: %v", res.Content)
			}
			k, r, _ := failureOf(t, ex)
			if tc.reason != "" {
				if ex["ok"] != false || k != "config" || r != tc.reason {
					t.Fatalf("want config/%s: %v", tc.reason, ex)
				}
				return
			}
			spans, _ := ex["source_spans"].([]any)
			if ex["ok"] != true || ex["source_kind"] != tc.kind || len(spans) == 0 {
				t.Fatalf("want %s spans: %v", tc.kind, ex)
			}
		})
	}
}
