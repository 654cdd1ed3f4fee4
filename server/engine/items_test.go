package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/parism-go/parism/server/config"
)

// manyFiles makes n files f0000 ... in a fresh directory under dir.
func manyFiles(t *testing.T, dir string, n int) string {
	t.Helper()
	d := filepath.Join(dir, "many")
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%04d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// pageNames reads the entry names of one answer and its continuation cursor.
func pageNames(t *testing.T, env *Envelope) ([]string, *Continuation) {
	t.Helper()
	if env.Failure != nil {
		t.Fatalf("failure %+v", env.Failure)
	}
	j := asJSON(t, env)
	parsed, _ := j["stdout"].(map[string]any)["parsed"].(map[string]any)
	if _, compact := parsed["entries"].(map[string]any); compact {
		return compactNames(t, env)
	}
	entries, ok := parsed["entries"].([]any)
	if !ok {
		t.Fatalf("no entries in the answer (stdout keys %v)", keys(j["stdout"]))
	}
	var names []string
	for _, r := range entries {
		names = append(names, r.(map[string]any)["name"].(string))
	}
	return names, env.Continuation
}

// TestItemsCapPagesRows: max_items bounds what one answer carries, not
// what is read: ls -la of 1,100 files answers max_items entries and a
// continuation, and fetch_result's pages give every entry exactly once.
func TestItemsCapPagesRows(t *testing.T) {
	needProgram(t, "ls")
	for _, format := range []string{"json", "compact", ""} {
		t.Run("format="+format, func(t *testing.T) {
			e, dir := newTestEngine(t, func(c *config.Config) { c.Guard.MaxItems = 300 })
			d := manyFiles(t, dir, 1100)
			env := e.Run(testCtx(t), Request{Cmd: "ls", Args: []string{"-la", d}, Format: format})
			if !env.OK {
				t.Fatalf("ok=false: %+v", env.Failure)
			}
			first, cont := pageNames(t, env)
			if len(first) != 300 {
				t.Fatalf("first answer holds %d rows, want max_items 300", len(first))
			}
			if cont == nil || !cont.Retained || cont.ResultID == "" || cont.Cursor == "" {
				t.Fatalf("continuation = %+v, want a retained result and a cursor", cont)
			}
			if (env.Stdout.Raw != nil) != (format == "json") {
				t.Errorf("format %q: raw present = %v", format, env.Stdout.Raw != nil)
			}
			var om *Omission
			for i := range env.Omission {
				if env.Omission[i].Stage == StageItems {
					om = &env.Omission[i]
				}
			}
			if om == nil || om.RowsTotal != 1102 || om.RowsReturned != 300 || om.RowsOmitted != 802 {
				t.Fatalf("omission = %+v, want max_items 1102/300/802", env.Omission)
			}
			seen := map[string]int{}
			for _, n := range first {
				seen[n]++
			}
			for pages := 0; cont != nil; pages++ {
				if pages > 10 {
					t.Fatalf("more pages than 1102 rows need")
				}
				next := e.FetchResult(testCtx(t), cont.ResultID, cont.Cursor)
				if next.Stdout.Raw != nil {
					t.Errorf("a fetch_result page repeats the raw text")
				}
				var names []string
				names, cont = pageNames(t, next)
				if len(names) == 0 || len(names) > 300 {
					t.Fatalf("page of %d rows", len(names))
				}
				for _, n := range names {
					seen[n]++
				}
			}
			if len(seen) != 1102 {
				t.Fatalf("pages hold %d distinct entries, want 1102", len(seen))
			}
			for n, c := range seen {
				if c != 1 {
					t.Fatalf("%s seen %d times", n, c)
				}
			}
			for _, n := range []string{".", "..", "f0000", "f1099"} {
				if seen[n] != 1 {
					t.Errorf("%s missing", n)
				}
			}
		})
	}
}

// compactNames reads the names of a compact page (columns and rows).
func compactNames(t *testing.T, env *Envelope) ([]string, *Continuation) {
	t.Helper()
	if env.Failure != nil {
		t.Fatalf("failure %+v", env.Failure)
	}
	j := asJSON(t, env)
	parsed, _ := j["stdout"].(map[string]any)["parsed"].(map[string]any)
	ent, _ := parsed["entries"].(map[string]any)
	cols, _ := ent["schema"].([]any)
	rows, _ := ent["rows"].([]any)
	if cols == nil || rows == nil {
		t.Fatalf("not a compact table: keys %v", keys(ent))
	}
	// Columns held the same by every row are in const, not in the rows.
	consts, _ := ent["const"].(map[string]any)
	col, i := -1, 0
	for _, c := range cols {
		if _, ok := consts[c.(string)]; ok {
			continue
		}
		if c == "name" {
			col = i
		}
		i++
	}
	if col < 0 {
		t.Fatalf("no name column in %v", cols)
	}
	var names []string
	for _, r := range rows {
		names = append(names, r.([]any)[col].(string))
	}
	return names, env.Continuation
}

// TestItemsCapUnderRows: an answer within max_items is unchanged: no
// continuation, no max_items omission, raw kept.
func TestItemsCapUnderRows(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	d := manyFiles(t, dir, 20)
	env := e.Run(testCtx(t), Request{Cmd: "ls", Args: []string{"-la", d}, Format: "json"})
	names, cont := pageNames(t, env)
	if len(names) != 22 || cont != nil || env.Stdout.Raw == nil || len(env.Omission) != 0 || env.ResultID != "" {
		t.Fatalf("rows=%d continuation=%+v raw=%v omission=%+v id=%q", len(names), cont, env.Stdout.Raw != nil, env.Omission, env.ResultID)
	}
}

// TestParseReadsEveryRow: parse (the pipe tool) keeps every row unless
// MaxItems says otherwise, then counts the others.
func TestParseReadsEveryRow(t *testing.T) {
	e, dir := newTestEngine(t, func(c *config.Config) { c.Guard.MaxItems = 300 })
	d := manyFiles(t, dir, 1100)
	run := e.Run(testCtx(t), Request{Cmd: "ls", Args: []string{"-la", d}, Format: "json"})
	if run.Failure != nil {
		t.Fatalf("failure %+v", run.Failure)
	}
	rec, f := e.lookup(testCtx(t), run.ResultID)
	if f != nil {
		t.Fatalf("lookup: %+v", f)
	}
	env := e.Parse(ParseRequest{Cmd: "ls", Args: []string{"-la", d}, Raw: rec.Raw, Format: "json"})
	names, _ := pageNames(t, env)
	if len(names) != 1102 || len(env.Omission) != 0 {
		t.Fatalf("parse kept %d rows (omission %+v), want all 1102", len(names), env.Omission)
	}
	env = e.Parse(ParseRequest{Cmd: "ls", Args: []string{"-la", d}, Raw: rec.Raw, Format: "json", MaxItems: 100})
	names, _ = pageNames(t, env)
	if len(names) != 100 || len(env.Omission) != 1 || env.Omission[0].RowsOmitted != 1002 {
		t.Fatalf("parse MaxItems 100 kept %d rows, omission %+v", len(names), env.Omission)
	}
}

func keys(v any) []string {
	m, _ := v.(map[string]any)
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
