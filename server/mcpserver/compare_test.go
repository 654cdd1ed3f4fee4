package mcpserver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestCompareResultsTool retains two real ls runs around file changes and
// compares them through a real MCP client; refusals and failures are
// results that validate against the output schema.
func TestCompareResultsTool(t *testing.T) {
	e, dir := newEngine(t, nil, "echo")
	for _, f := range []string{"keep.txt", "gone.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newCaller(t, e)
	_, base := c.call("run", `{"cmd":"ls","args":["-l"],"retain":true}`)
	if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	for f, content := range map[string]string{"new.txt": "n", "keep.txt": "longer now"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, cur := c.call("run", `{"cmd":"ls","args":["-l"],"retain":true}`)
	_, other := c.call("run", `{"cmd":"ls","args":["-la"],"retain":true}`)
	bid, cid, oid := base["result_id"], cur["result_id"], other["result_id"]
	if bid == nil || cid == nil || oid == nil {
		t.Fatalf("runs did not retain: %v %v %v", base, cur, other)
	}
	stranger := newCaller(t, e)

	for _, tc := range []struct {
		name   string
		c      *caller
		args   string
		check  func(t *testing.T, r map[string]any)
		reason string
	}{
		{"added and removed", c, fmt.Sprintf(`{"base_id":%q,"current_id":%q,"ignore_fields":["modified_at"]}`, bid, cid), func(t *testing.T, r map[string]any) {
			added, removed, changed := r["added"].([]any), r["removed"].([]any), r["changed"].([]any)
			if r["comparable"] != true || len(added) != 1 || len(removed) != 1 || len(changed) != 1 ||
				fmt.Sprint(changed[0].(map[string]any)["key"]) != "map[name:keep.txt]" ||
				added[0].(map[string]any)["name"] != "new.txt" || removed[0].(map[string]any)["name"] != "gone.txt" {
				t.Errorf("got %v", r)
			}
		}, ""},
		{"different command", c, fmt.Sprintf(`{"base_id":%q,"current_id":%q}`, bid, oid), func(t *testing.T, r map[string]any) {
			ref, _ := r["refusals"].(map[string]any)
			if r["ok"] != true || r["comparable"] != false || ref == nil || fmt.Sprint(ref["reasons"]) != "[different command]" {
				t.Errorf("got %v", r)
			}
		}, ""},
		{"another session", stranger, fmt.Sprintf(`{"base_id":%q,"current_id":%q}`, bid, cid), nil, "result_not_found"},
		{"duplicate identity", c, fmt.Sprintf(`{"base_id":%q,"current_id":%q,"keys":["type"]}`, bid, cid), nil, "duplicate_identity"},
		{"unknown key", c, fmt.Sprintf(`{"base_id":%q,"current_id":%q,"keys":["nope"]}`, bid, cid), nil, "unknown_field"},
		{"missing id", c, `{"base_id":"r_1"}`, nil, "invalid_argument"},
		{"unknown parameter", c, `{"base_id":"a","current_id":"b","fields":["x"]}`, nil, "unknown_field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, r := tc.c.call("compare_results", tc.args)
			if res.IsError {
				t.Fatalf("IsError: %v", res.Content)
			}
			if tc.reason != "" {
				k, reason, _ := failureOf(t, r)
				if r["ok"] != false || r["comparable"] != false || k != "config" || reason != tc.reason {
					t.Fatalf("want config/%s: %v", tc.reason, r)
				}
				return
			}
			tc.check(t, r)
		})
	}
}
