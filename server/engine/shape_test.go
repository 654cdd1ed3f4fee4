package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/shaper"
)

func TestRunQuery(t *testing.T) {
	e, dir := newTestEngine(t, allowing("echo"))
	for i, n := range []int{10, 3000, 200, 5} {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("f%d.log", i)), strings.Repeat("x", n))
	}
	writeFile(t, filepath.Join(dir, "notes.txt"), "hello")
	ctx := context.Background()
	two := 2
	for _, tc := range []struct {
		name    string
		req     Request
		reason  string // "" for success
		names   string // the failure message names this
		summary string
		rows    string
	}{
		{name: "where sort limit select", req: Request{Cmd: "ls", Args: []string{"-l"}, Query: shaper.Query{
			Where:  []shaper.Cond{{Field: "type", Op: "eq", Value: "file"}, {Field: "size_bytes", Op: "gt", Value: 6.0}},
			SortBy: &shaper.SortBy{Field: "size_bytes", Order: "desc"}, Limit: &two, Select: []string{"name", "size_bytes"}}},
			summary: `"_summary":{"total":5,"matched":3,"shown":2}`,
			rows:    `[{"name":"f1.log","size_bytes":3000},{"name":"f2.log","size_bytes":200}]`},
		{name: "filter", req: Request{Cmd: "ls", Args: []string{"-l"}, Query: shaper.Query{
			Filter: `name endsWith ".txt"`, Select: []string{"name"}}},
			summary: `"_summary":{"total":5,"matched":1,"shown":1}`, rows: `[{"name":"notes.txt"}]`},
		{name: "unknown field", req: Request{Cmd: "ls", Args: []string{"-l"}, Query: shaper.Query{Select: []string{"sise"}}},
			reason: ReasonUnknownField, names: "sise"},
		{name: "type mismatch", req: Request{Cmd: "ls", Args: []string{"-l"}, Query: shaper.Query{
			Where: []shaper.Cond{{Field: "name", Op: "gt", Value: 3.0}}}}, reason: ReasonTypeMismatch, names: "name"},
		{name: "bad filter", req: Request{Cmd: "ls", Args: []string{"-l"}, Query: shaper.Query{Filter: "size_bytes >"}},
			reason: ReasonInvalidFilter},
		{name: "bad op", req: Request{Cmd: "ls", Args: []string{"-l"}, Query: shaper.Query{
			Where: []shaper.Cond{{Field: "name", Op: "like", Value: "x"}}}}, reason: ReasonInvalidArgument},
		{name: "ambiguous array", req: Request{Cmd: "echo", Args: []string{`{"a":[{"x":1}],"b":[{"y":2}]}`},
			Query: shaper.Query{Limit: &two}}, reason: ReasonAmbiguousArray},
		{name: "array chosen", req: Request{Cmd: "echo", Args: []string{`{"a":[{"x":1}],"b":[{"y":2},{"y":3},{"y":4}]}`},
			Query: shaper.Query{Limit: &two, Array: "b"}}, summary: `"_summary":{"total":3,"matched":3,"shown":2}`,
			rows: `"b":[{"y":2},{"y":3}]`},
		{name: "nothing parsed", req: Request{Cmd: "echo", Args: []string{"plain text"}, Query: shaper.Query{Limit: &two}},
			reason: ReasonNoArray, names: "no parsed rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := e.Run(ctx, tc.req)
			s := mustMarshal(t, env)
			if tc.reason == "" {
				if !env.OK || env.Failure != nil || env.Stdout.Raw != nil {
					t.Fatalf("want ok without raw: %s", s)
				}
				if !strings.Contains(s, tc.summary) || !strings.Contains(s, tc.rows) {
					t.Errorf("got %s\nwant %s and %s", s, tc.summary, tc.rows)
				}
				return
			}
			wantFailure(t, env, KindConfig, tc.reason)
			if env.OK || env.ExitCode == nil || *env.ExitCode != 0 {
				t.Errorf("ok=%v exitCode=%v: want ok false, exitCode kept", env.OK, env.ExitCode)
			}
			if !strings.Contains(env.Failure.Message, tc.names) {
				t.Errorf("message %q does not name %q", env.Failure.Message, tc.names)
			}
			if env.Stdout.Parsed != nil {
				t.Errorf("parsed kept on a refused query: %s", s)
			}
			if tc.reason == ReasonNoArray && raw(t, env) != "plain text\n" {
				t.Errorf("raw must stay when nothing parsed: %s", s)
			}
		})
	}
}

// TestAdaptiveFormat checks the automatic choice of format by row count and
// that a format the caller asks for always wins.
func TestAdaptiveFormat(t *testing.T) {
	rowsDoc := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"items":[`)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"n":%d}`, i)
		}
		b.WriteString("]}")
		return b.String()
	}
	e, _ := newTestEngine(t, both(allowing("echo"), func(c *config.Config) {
		c.Parsers.AdaptiveFormatThreshold = config.Thresholds{Compact: 5, JSONNoRaw: 10}
	}))
	budget := &shaper.Budget{MaxTokens: 100000}
	ctx := context.Background()
	for _, tc := range []struct {
		name           string
		rows           int
		format         string
		budget         *shaper.Budget
		wantFormat     string // stdout.format
		wantReason     string
		wantRaw        bool
		wantCompactRow bool
	}{
		{name: "few rows json", rows: 4, wantRaw: true},
		{name: "compact threshold", rows: 5, wantFormat: FormatCompact, wantReason: FormatReasonAdaptive, wantCompactRow: true},
		{name: "many rows still compact", rows: 12, wantFormat: FormatCompact, wantReason: FormatReasonAdaptive, wantCompactRow: true},
		{name: "caller json wins", rows: 12, format: FormatJSON, wantRaw: true},
		{name: "caller json-no-raw wins", rows: 12, format: FormatJSONNoRaw},
		{name: "caller compact below threshold", rows: 2, format: FormatCompact, wantFormat: FormatCompact, wantCompactRow: true},
		{name: "budget turns compact off", rows: 6, budget: budget},
		{name: "budget json-no-raw at its threshold", rows: 10, budget: budget, wantFormat: FormatJSONNoRaw, wantReason: FormatReasonAdaptive},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := e.Run(ctx, Request{Cmd: "echo", Args: []string{rowsDoc(tc.rows)}, Format: tc.format, Budget: tc.budget})
			s := mustMarshal(t, env)
			if !env.OK {
				t.Fatalf("not ok: %s", s)
			}
			if env.Stdout.Format != tc.wantFormat || env.Stdout.FormatReason != tc.wantReason {
				t.Errorf("format %q reason %q, want %q %q", env.Stdout.Format, env.Stdout.FormatReason, tc.wantFormat, tc.wantReason)
			}
			if (env.Stdout.Raw != nil) != tc.wantRaw {
				t.Errorf("raw present = %v, want %v", env.Stdout.Raw != nil, tc.wantRaw)
			}
			if strings.Contains(s, `"schema":["n"]`) != tc.wantCompactRow {
				t.Errorf("compact table = %v, want %v: %s", !tc.wantCompactRow, tc.wantCompactRow, s)
			}
		})
	}
	// Nothing parsed: json-no-raw still returns the raw text.
	env := e.Run(ctx, Request{Cmd: "echo", Args: []string{"plain"}, Format: FormatJSONNoRaw})
	if raw(t, env) != "plain\n" {
		t.Errorf("json-no-raw without parse dropped raw: %s", mustMarshal(t, env))
	}
}

func TestRunBudget(t *testing.T) {
	e, dir := newTestEngine(t, allowing("echo", "touch"))
	for i := range 60 {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("file-%02d.log", i)), strings.Repeat("x", i))
	}
	ctx := context.Background()
	for _, tok := range []string{shaper.TokenizerByte, shaper.TokenizerApprox, shaper.TokenizerO200k} {
		for _, max := range []int{1500, 3000, 100000} {
			t.Run(fmt.Sprintf("%s/%d", tok, max), func(t *testing.T) {
				b := &shaper.Budget{MaxTokens: max, Tokenizer: tok, RequiredFields: []string{"size_bytes"}}
				if max < 2000 && tok == shaper.TokenizerByte {
					b.MaxTokens = 2500
				}
				env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Budget: b, Format: FormatJSON,
					Query: shaper.Query{Select: []string{"type"}}})
				if !env.OK || env.Budget == nil {
					t.Fatalf("%s", mustMarshal(t, env))
				}
				bs, _ := Marshal(env)
				tk, _ := shaper.TokenizerByName(tok)
				if n := tk.Count(bs); n != env.Budget.MeasuredTokens || n > b.MaxTokens || !env.Budget.BudgetMet {
					t.Errorf("measured %d, report %+v", n, env.Budget)
				}
				s := string(bs)
				// Required and identity fields join the select.
				if !strings.Contains(s, `"type":"file","size_bytes":`) || !strings.Contains(s, `"name":"file-00.log"`) {
					t.Errorf("required/identity fields missing: %.300s", s)
				}
				if env.Stdout.Raw != nil {
					t.Error("raw kept under a budget")
				}
				var om *Omission
				for i := range env.Omission {
					if env.Omission[i].Stage == shaper.StageBudget {
						om = &env.Omission[i]
					}
				}
				if (om != nil) != (env.Continuation != nil) {
					t.Fatalf("omission %+v vs continuation %+v", om, env.Continuation)
				}
				if om != nil && (om.RowsTotal != 60 || om.RowsReturned+om.RowsOmitted != 60 || env.Continuation.Cursor == "") {
					t.Errorf("omission %+v continuation %+v", om, env.Continuation)
				}
				if tok == shaper.TokenizerByte && b.MaxTokens <= 3000 && om == nil {
					t.Errorf("a small budget cut nothing: %d bytes", len(bs))
				}
				if max == 100000 && om != nil {
					t.Errorf("a large budget cut rows: %+v", om)
				}
			})
		}
	}
	t.Run("too small refused before running", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "touch", Args: []string{"made"}, Budget: &shaper.Budget{MaxTokens: 10}})
		wantFailure(t, env, KindConfig, ReasonBudgetTooSmall)
		if env.OK || env.ExitCode != nil {
			t.Errorf("%s", mustMarshal(t, env))
		}
		if fileExists(filepath.Join(dir, "made")) {
			t.Error("the command ran")
		}
	})
	t.Run("unknown tokenizer", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "ls", Budget: &shaper.Budget{MaxTokens: 5000, Tokenizer: "gpt-9"}})
		wantFailure(t, env, KindConfig, ReasonInvalidArgument)
	})
	t.Run("overflow fail", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Format: FormatJSON, Budget: &shaper.Budget{MaxTokens: 1500, Overflow: shaper.OverflowFail}})
		wantFailure(t, env, KindConfig, ReasonBudgetExceeded)
	})
	t.Run("no rows measured whole", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "echo", Args: []string{"plain"}, Budget: &shaper.Budget{MaxTokens: 5000}})
		if env.Budget == nil || !env.Budget.BudgetMet || raw(t, env) != "plain\n" {
			t.Errorf("%s", mustMarshal(t, env))
		}
	})
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }
