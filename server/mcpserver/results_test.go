package mcpserver_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
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

// Two real sessions on one server: B filling its share of the store
// cannot evict A's results, is not served A's run_paged cache, and cannot
// read A's result ids.
func TestSessionsHaveTheirOwnStore(t *testing.T) {
	e, _ := newEngine(t, nil, "date")
	a, b := newCaller(t, e), newCaller(t, e)
	_, env := a.call("run", `{"cmd":"ls","retain":true}`)
	id, _ := env["result_id"].(string)
	if env["retained"] != true || id == "" {
		t.Fatalf("A's retained run: %v", env)
	}
	for i := range 2 * e.Config().Results.MaxResults {
		if _, env := b.call("run", `{"cmd":"ls","retain":true}`); env["retained"] != true {
			t.Fatalf("B's run %d was not retained: %v", i, env)
		}
	}
	if _, env := a.call("fetch_result", fmt.Sprintf(`{"result_id":%q}`, id)); env["failure"] != nil {
		t.Errorf("A's result after B retained %d: %v", 2*e.Config().Results.MaxResults, env["failure"])
	}
	if _, env := b.call("fetch_result", fmt.Sprintf(`{"result_id":%q}`, id)); reasonOf(env) != "result_not_found" {
		t.Errorf("B reading A's result: %v, want result_not_found", env["failure"])
	}

	_, pa := a.call("run_paged", `{"cmd":"date","args":["+%s%N"]}`)
	_, pb := b.call("run_paged", `{"cmd":"date","args":["+%s%N"]}`)
	if hit := pb["page_info"].(map[string]any)["cache"].(map[string]any)["hit"]; hit != false || rawOf(pa) == rawOf(pb) {
		t.Errorf("B's run_paged: cache hit %v, raw %q (A's %q); want its own run", hit, rawOf(pb), rawOf(pa))
	}
	_, pa2 := a.call("run_paged", `{"cmd":"date","args":["+%s%N"]}`)
	if hit := pa2["page_info"].(map[string]any)["cache"].(map[string]any)["hit"]; hit != true || rawOf(pa2) != rawOf(pa) {
		t.Errorf("A's second run_paged: cache hit %v, raw %q then %q", hit, rawOf(pa), rawOf(pa2))
	}
}

func reasonOf(env map[string]any) string {
	f, _ := env["failure"].(map[string]any)
	s, _ := f["reason"].(string)
	return s
}

func rawOf(env map[string]any) string {
	s, _ := env["stdout"].(map[string]any)["raw"].(string)
	return s
}

// An owner the transport puts on the context (a stateless HTTP client's
// credential) is the owner of the results: two sessions of one credential
// share them, another credential's session cannot read them.
func TestOwnerFromTransport(t *testing.T) {
	e, _ := newEngine(t, nil)
	session := func(owner string) *caller {
		srv := mcpserver.New(e, nil)
		srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				return next(engine.WithOwner(ctx, owner), method, req)
			}
		})
		st, ct := mcp.NewInMemoryTransports()
		ss, err := srv.Connect(callCtx(t), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil).Connect(callCtx(t), ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close(); ss.Wait() })
		return &caller{t: t, cs: cs, schemas: outputSchemas(t, cs)}
	}
	a1, a2, b := session("cred-a"), session("cred-a"), session("cred-b")
	_, env := a1.call("run", `{"cmd":"ls","retain":true}`)
	id, _ := env["result_id"].(string)
	if id == "" {
		t.Fatalf("retained run: %v", env)
	}
	if _, env := a2.call("fetch_result", fmt.Sprintf(`{"result_id":%q}`, id)); env["failure"] != nil {
		t.Errorf("the same credential's other session: %v", env["failure"])
	}
	if _, env := b.call("fetch_result", fmt.Sprintf(`{"result_id":%q}`, id)); reasonOf(env) != "result_not_found" {
		t.Errorf("another credential: %v, want result_not_found", env["failure"])
	}
}

// TestItemsCapOverMCP: an ls -la of 1,100 files over a real MCP client,
// default max_items (500), no retain asked: the first answer carries 500
// entries and a continuation, and fetch_result's pages give every entry
// (1,102 with . and ..) exactly once.
func TestItemsCapOverMCP(t *testing.T) {
	e, dir := newEngine(t, nil)
	d := filepath.Join(dir, "many")
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 1100 {
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newCaller(t, e)
	_, env := c.call("run", fmt.Sprintf(`{"cmd":"ls","args":["-la",%q],"format":"json"}`, d))
	seen := map[string]int{}
	count := func(env map[string]any) int {
		t.Helper()
		parsed, _ := env["stdout"].(map[string]any)["parsed"].(map[string]any)
		entries, ok := parsed["entries"].([]any)
		if env["ok"] != true || !ok {
			t.Fatalf("want ok with entries: failure %v", env["failure"])
		}
		for _, r := range entries {
			seen[r.(map[string]any)["name"].(string)]++
		}
		return len(entries)
	}
	if n := count(env); n != 500 {
		t.Fatalf("first answer holds %d entries, want max_items 500", n)
	}
	for pages := 0; ; pages++ {
		cont, _ := env["continuation"].(map[string]any)
		if cont == nil {
			break
		}
		if pages > 5 || cont["retained"] != true {
			t.Fatalf("continuation %v after %d pages", cont, pages)
		}
		var res *mcp.CallToolResult
		res, env = c.call("fetch_result", fmt.Sprintf(`{"result_id":%q,"cursor":%q}`, cont["result_id"], cont["cursor"]))
		if res.IsError {
			t.Fatalf("fetch_result: %v", res.Content)
		}
		if n := count(env); n > 500 {
			t.Fatalf("a page of %d entries", n)
		}
	}
	if len(seen) != 1102 {
		t.Fatalf("read %d distinct entries, want 1102", len(seen))
	}
	for name, n := range seen {
		if n != 1 {
			t.Fatalf("%s read %d times", name, n)
		}
	}
}
