package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/shaper"
)

// RunInput is the run tool's parameters.
type RunInput struct {
	Cmd         string   `json:"cmd" jsonschema:"program name, e.g. ls or git (no path, no shell syntax)"`
	Args        []string `json:"args,omitempty" jsonschema:"arguments, one per element; nothing is expanded by a shell"`
	Cwd         string   `json:"cwd,omitempty" jsonschema:"working directory (default: the server's)"`
	Format      string   `json:"format,omitempty" jsonschema:"json (raw + parsed, default), compact (no raw; arrays of objects as tables {schema, const?, dict?, affix?, rows}: const holds fields equal in every row, a dict field's cells index its list, an affix field's cells lack its [prefix, suffix], a short row lacks the trailing fields), json-no-raw (parsed only; raw kept when nothing parsed)"`
	IncludeDiff bool     `json:"includeDiff,omitempty" jsonschema:"also report files created, deleted or modified under cwd (slower)"`

	Select []string    `json:"select,omitempty" jsonschema:"keep only these fields of each row, in this order; dotted paths keep nesting (permissions.owner). Drops stdout.raw and adds parsed._summary{total, matched, shown}"`
	Where  []CondInput `json:"where,omitempty" jsonschema:"conditions on row fields, all of which must hold (applied first)"`
	Filter string      `json:"filter,omitempty" jsonschema:"expression over a row's fields that must be true (expr-lang syntax), e.g. size_bytes > 1e6 && name endsWith \".log\"; applied after where"`
	SortBy *SortInput  `json:"sort_by,omitempty" jsonschema:"order the remaining rows by a field (stable; rows without the field go last)"`
	Limit  *int        `json:"limit,omitempty" jsonschema:"keep at most this many rows (after sort_by)"`
	Array  string      `json:"array,omitempty" jsonschema:"which top-level array of parsed to query when there are several (e.g. entries); default: the only one"`

	Budget          *BudgetInput `json:"budget,omitempty" jsonschema:"token budget for the answer: rows that do not fit are left out (omission[] stage budget) with a continuation cursor for fetch_result; turns the adaptive compact format off"`
	ContractVersion string       `json:"contract_version,omitempty" jsonschema:"stable (default) or next: next adds review{result_id, parser_id, parser_version, schema_version, content_hash, source_complete, parse_complete, representation_lossless, privacy_transform, retained, warnings}"`
	Evidence        string       `json:"evidence,omitempty" jsonschema:"none (default), rows or fields: record where each parsed value came from in the raw output, for explain_result (turns the adaptive compact format off)"`
	Retain          bool         `json:"retain,omitempty" jsonschema:"keep the result in server memory (at most 2 MiB each, 16 results, 60 s by default) for fetch_result, explain_result and compare_results; the answer gets result_id and retained"`
}

// ExplainInput is the explain_result tool's parameters.
type ExplainInput struct {
	ResultID string `json:"result_id" jsonschema:"result_id of a run with retain: true (review.result_id)"`
	Pointer  string `json:"pointer" jsonschema:"JSON Pointer (RFC 6901) into stdout.parsed as retained, before select or budget, e.g. /processes/0/pid; an object or array gives its leaves' spans"`
}

// FetchInput is the fetch_result tool's parameters.
type FetchInput struct {
	ResultID string `json:"result_id" jsonschema:"result_id of a run with retain: true (continuation.result_id or result_id)"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"continuation.cursor of the previous page; omit for the first page"`
}

// CompareInput is the compare_results tool's parameters.
type CompareInput struct {
	BaseID       string   `json:"base_id" jsonschema:"result_id of the earlier run with retain: true"`
	CurrentID    string   `json:"current_id" jsonschema:"result_id of the later run with retain: true (same command line)"`
	Keys         []string `json:"keys,omitempty" jsonschema:"fields that identify a row (dotted paths), instead of the parser's key fields"`
	IgnoreFields []string `json:"ignore_fields,omitempty" jsonschema:"fields left out of changed rows (a field's nested fields too), e.g. modified_at"`
	Strict       bool     `json:"strict,omitempty" jsonschema:"refuse (comparable false) when a side is incomplete or the environment variable names differ, instead of answering with partial and warnings"`
}

// BudgetInput is the budget parameter.
type BudgetInput struct {
	MaxTokens      int      `json:"max_tokens" jsonschema:"most tokens the whole JSON answer may measure; below the minimum answer (about 1,200 approx tokens) the run is refused before it starts (budget_too_small)"`
	RequiredFields []string `json:"required_fields,omitempty" jsonschema:"fields every returned row must hold; if rows cannot fit with them the answer is a failure, never a partial row"`
	Overflow       string   `json:"overflow,omitempty" jsonschema:"page (default): return the rows that fit and a cursor; fail: fail with budget_exceeded"`
	Tokenizer      string   `json:"tokenizer,omitempty" jsonschema:"how tokens are counted: parism/approx (default), o200k_base, cl100k_base (exact) or byte"`
}

func (b *BudgetInput) budget() *shaper.Budget {
	if b == nil {
		return nil
	}
	return &shaper.Budget{MaxTokens: b.MaxTokens, RequiredFields: b.RequiredFields, Overflow: b.Overflow, Tokenizer: b.Tokenizer}
}

// CondInput is one where condition.
type CondInput struct {
	Field string `json:"field" jsonschema:"row field; dotted path for nested fields"`
	Op    string `json:"op" jsonschema:"eq, ne, prefix, contains (strings, numbers, booleans, null); gt, gte, lt, lte (numbers)"`
	Value any    `json:"value" jsonschema:"value to compare with"`
}

// SortInput is the sort_by parameter.
type SortInput struct {
	Field string `json:"field" jsonschema:"row field to order by"`
	Order string `json:"order,omitempty" jsonschema:"asc (default) or desc"`
}

// query converts the run parameters into a shaper query.
func (in *RunInput) query() shaper.Query {
	q := shaper.Query{Filter: in.Filter, Limit: in.Limit, Select: in.Select, Array: in.Array}
	for _, c := range in.Where {
		q.Where = append(q.Where, shaper.Cond{Field: c.Field, Op: c.Op, Value: c.Value})
	}
	if in.SortBy != nil {
		q.SortBy = &shaper.SortBy{Field: in.SortBy.Field, Order: in.SortBy.Order}
	}
	return q
}

// PagedInput is the run_paged tool's parameters.
type PagedInput struct {
	Cmd         string   `json:"cmd" jsonschema:"program name"`
	Args        []string `json:"args,omitempty" jsonschema:"arguments, one per element"`
	Cwd         string   `json:"cwd,omitempty" jsonschema:"working directory (default: the server's)"`
	Page        int      `json:"page,omitempty" jsonschema:"0-based page number; the same command's output is reused for 30 s"`
	PageSize    int      `json:"page_size,omitempty" jsonschema:"lines per page (default guard.default_page_size, at most max_page_size)"`
	IncludeDiff bool     `json:"includeDiff,omitempty" jsonschema:"also report files changed under cwd"`
}

// DescribeInput is the describe tool's parameters.
type DescribeInput struct {
	Cmd string `json:"cmd,omitempty" jsonschema:"a command to describe in detail (policy, parser fields, examples); omit for the overview"`
}

// DryRunInput is the dry_run tool's parameters.
type DryRunInput struct {
	Cmd  string   `json:"cmd" jsonschema:"program name"`
	Args []string `json:"args,omitempty" jsonschema:"arguments, one per element"`
	Cwd  string   `json:"cwd,omitempty" jsonschema:"working directory (default: the server's)"`
}

const instructions = `Parism runs allowed commands without a shell and returns {ok, exitCode, stdout:{raw, parsed}, failure}. ` +
	`Call describe first, dry_run to check the guard, then run. Branch on failure.kind (guard, exec, parse, config); ` +
	`when stdout.parsed is null read stdout.raw. Use run_paged for large outputs, or run with select/where/limit or a budget. ` +
	`A run with retain: true is kept briefly for fetch_result (next page), explain_result (where a value came from) and compare_results (what changed), which run nothing.`

// schemas builds every tool's schemas once, at registration: a mistake in
// them fails at start, not on an agent's first call.
func schemaFor[T any](edit func(*jsonschema.Schema)) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema for %T: %v", *new(T), err))
	}
	if edit != nil {
		edit(s)
	}
	return s
}

func tools() []*mcp.Tool {
	nonNeg := func(names ...string) func(*jsonschema.Schema) {
		return func(s *jsonschema.Schema) {
			zero := 0.0
			for _, n := range names {
				s.Properties[n].Minimum = &zero
			}
		}
	}
	envelope := schemaFor[engine.Envelope](nil)
	return []*mcp.Tool{
		{
			Name:        "run",
			Description: "Run an allowed command (no shell) and return its output raw and parsed into JSON. Blocked, failed and unparsed runs come back as results with failure{kind, reason, message}.",
			InputSchema: schemaFor[RunInput](func(s *jsonschema.Schema) {
				s.Properties["format"].Enum = []any{"json", "compact", "json-no-raw"}
				s.Properties["where"].Items.Properties["op"].Enum = stringsToAny(shaper.Ops)
				s.Properties["sort_by"].Properties["order"].Enum = []any{"asc", "desc"}
				zero := 0.0
				s.Properties["limit"].Minimum = &zero
				bs := s.Properties["budget"]
				bs.Properties["overflow"].Enum = []any{shaper.OverflowPage, shaper.OverflowFail}
				bs.Properties["tokenizer"].Enum = stringsToAny(shaper.TokenizerNames())
				one := 1.0
				bs.Properties["max_tokens"].Minimum = &one
				s.Properties["contract_version"].Enum = []any{engine.ContractStable, engine.ContractNext}
				s.Properties["evidence"].Enum = []any{engine.EvidenceNone, engine.EvidenceRows, engine.EvidenceFields}
			}),
			OutputSchema: envelope,
			Annotations:  &mcp.ToolAnnotations{Title: "Run a command", OpenWorldHint: ptr(true)},
		},
		{
			Name: "fetch_result",
			Description: "Read the next page of a result kept by run(retain: true), under the same query and budget, without running the command again. " +
				"Refusals come back as failure{kind: config, reason}: result_not_found, result_expired, result_evicted, not_retained, cursor_invalid, cursor_mismatch.",
			InputSchema:  schemaFor[FetchInput](nil),
			OutputSchema: envelope,
			Annotations:  &mcp.ToolAnnotations{Title: "Fetch a retained result", ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		},
		{
			Name: "explain_result",
			Description: "Say where a value of a result kept by run(retain: true, evidence: \"fields\") came from: value, source_kind (verbatim, derived, none), " +
				"source_spans[{source, start, end, line, transform}] as UTF-8 byte offsets [start, end) into the redacted raw output. Does not run anything.",
			InputSchema: schemaFor[ExplainInput](nil),
			OutputSchema: schemaFor[engine.Explanation](func(s *jsonschema.Schema) {
				s.Properties["value"] = &jsonschema.Schema{Description: s.Properties["value"].Description}
			}),
			Annotations: &mcp.ToolAnnotations{Title: "Explain a retained value", ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		},
		{
			Name: "compare_results",
			Description: "Compare two results kept by run(retain: true) row by row: added, removed, changed[{key, fields[{field, before, after}]}]. " +
				"Rows are matched by the parser's key fields or keys (git: repository real path + file path; kubectl -o json: context, namespace, kind, metadata.uid). " +
				"comparable: false with refusals.reasons when they cannot be: different command, different parser, different schema, different working directory, different repository, different context, pid reuse, no resource uid, no row identity, no rows. " +
				"Rows missing on an incomplete side go to partial.withheld, not removed. Does not run anything.",
			InputSchema:  schemaFor[CompareInput](nil),
			OutputSchema: schemaFor[engine.Comparison](compareSchema),
			Annotations:  &mcp.ToolAnnotations{Title: "Compare retained results", ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		},
		{
			Name:         "run_paged",
			Description:  "Run an allowed command and return one page of its raw output lines (parsed is always null). For large outputs: ps aux, find, grep -r.",
			InputSchema:  schemaFor[PagedInput](nonNeg("page", "page_size")),
			OutputSchema: envelope,
			Annotations:  &mcp.ToolAnnotations{Title: "Run a command, paged", OpenWorldHint: ptr(true)},
		},
		{
			Name:        "describe",
			Description: "Without cmd: version, allowed commands, parsers and guard limits. With cmd: that command's policy, parser fields, alternatives and examples (under 2 KB).",
			InputSchema: schemaFor[DescribeInput](nil),
			OutputSchema: &jsonschema.Schema{Type: "object", AnyOf: []*jsonschema.Schema{
				schemaFor[engine.Overview](nil), schemaFor[engine.CommandInfo](nil)}},
			Annotations: &mcp.ToolAnnotations{Title: "Describe Parism", ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		},
		{
			Name:         "dry_run",
			Description:  "Check whether a command would pass the guard, without running it: would_pass, reason, message.",
			InputSchema:  schemaFor[DryRunInput](nil),
			OutputSchema: schemaFor[engine.DryRunResult](nil),
			Annotations:  &mcp.ToolAnnotations{Title: "Check a command", ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)},
		},
	}
}

// compareSchema loosens the fields that hold row values: any JSON.
func compareSchema(s *jsonschema.Schema) {
	anyRow := &jsonschema.Schema{Type: "object"}
	for _, n := range []string{"added", "removed"} {
		s.Properties[n].Items = anyRow
	}
	changed := s.Properties["changed"].Items
	fc := changed.Properties["fields"].Items
	for _, n := range []string{"before", "after"} {
		fc.Properties[n] = &jsonschema.Schema{Description: fc.Properties[n].Description}
	}
	// A key is an object of the identity fields' values.
	key := func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: d} }
	changed.Properties["key"] = key("the row's identity: {field: value}")
	s.Properties["partial"].Properties["withheld"].Items.Properties["key"] = key("the row's identity: {field: value}")
}

func ptr[T any](v T) *T { return &v }

func stringsToAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// Options adjust the server.
type Options struct {
	// Name reported to clients; default "parism".
	Name string
	// ProgressAfter is how long a run goes before progress notifications
	// start (when the client asked for them); default one second.
	ProgressAfter time.Duration
	// Logger receives the stacks of recovered panics; nil means
	// slog.Default() (stderr).
	Logger *slog.Logger
}

// New returns an MCP server serving e's tools.
func New(e *engine.Engine, opts *Options) *mcp.Server {
	o := Options{Name: "parism", ProgressAfter: time.Second}
	if opts != nil {
		if opts.Name != "" {
			o.Name = opts.Name
		}
		if opts.ProgressAfter > 0 {
			o.ProgressAfter = opts.ProgressAfter
		}
		o.Logger = opts.Logger
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	s := mcp.NewServer(&mcp.Implementation{Name: o.Name, Title: "Parism", Version: engine.Version},
		&mcp.ServerOptions{Instructions: instructions, Capabilities: &mcp.ServerCapabilities{}})
	h := &handlers{e: e, progressAfter: o.ProgressAfter}
	byName := map[string]mcp.ToolHandler{
		"run": h.run, "run_paged": h.runPaged, "fetch_result": h.fetchResult, "explain_result": h.explainResult, "compare_results": h.compareResults, "describe": h.describe, "dry_run": h.dryRun,
	}
	for _, t := range tools() {
		s.AddTool(t, recovered(t.Name, byName[t.Name], o.Logger))
	}
	s.AddReceivingMiddleware(recoverMethods(o.Logger))
	return s
}

type handlers struct {
	e             *engine.Engine
	progressAfter time.Duration
}

// decode reads arguments strictly: an unknown or mistyped parameter is an
// error that names it, never silently ignored.
func decode(raw json.RawMessage, v any) *engine.Failure {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return &engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonTypeMismatch,
			Message: fmt.Sprintf("arguments must be an object, got %s", te.Value)}
	case errors.As(err, &te):
		return &engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonTypeMismatch,
			Message: fmt.Sprintf("parameter %q must be %s, got %s", te.Field, te.Type.String(), te.Value)}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonUnknownField,
			Message: fmt.Sprintf("unknown parameter %q", field)}
	}
	return &engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonInvalidArgument, Message: "arguments: " + err.Error()}
}

// result sends v as structuredContent and, for clients that read only
// text, the same JSON as text.
func result(v any) (*mcp.CallToolResult, error) {
	b, err := engine.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(b)}},
		StructuredContent: json.RawMessage(b),
	}, nil
}

func failed(f *engine.Failure, cmd string) (*mcp.CallToolResult, error) {
	return result(&engine.Envelope{Cmd: cmd, Args: []string{}, Failure: f})
}

// toolError is for tools whose answers have no failure field.
func toolError(f *engine.Failure) (*mcp.CallToolResult, error) {
	r := &mcp.CallToolResult{}
	r.SetError(fmt.Errorf("%s: %s", f.Reason, f.Message))
	return r, nil
}

func (h *handlers) progress(ctx context.Context, req *mcp.CallToolRequest) func(int64, int64) {
	token := req.Params.GetProgressToken()
	if token == nil || req.Session == nil {
		return nil
	}
	start := time.Now()
	// The executor calls this from one goroutine, so last needs no lock.
	last := int64(-1)
	return func(bytes, lines int64) {
		// The MCP spec: progress MUST increase with each notification, so
		// a tick without new output sends nothing.
		if time.Since(start) < h.progressAfter || bytes <= last {
			return
		}
		last = bytes
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
			ProgressToken: token,
			Progress:      float64(bytes),
			Message:       fmt.Sprintf("%d bytes, %d lines of output so far", bytes, lines),
		})
	}
}

func (h *handlers) run(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in RunInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return failed(f, in.Cmd)
	}
	env := h.e.Run(owned(ctx, req), engine.Request{Cmd: in.Cmd, Args: in.Args, Cwd: in.Cwd, Format: in.Format,
		IncludeDiff: in.IncludeDiff, Query: in.query(), Budget: in.Budget.budget(), Retain: in.Retain,
		ContractVersion: in.ContractVersion, Evidence: in.Evidence,
		OnProgress: h.progress(ctx, req)})
	return result(env)
}

// owned marks ctx with the calling session, so that one session cannot
// read another's retained results. An owner the transport already put on
// ctx (engine.WithOwner: a stateless HTTP client's credential) is kept.
func owned(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if _, ok := engine.OwnerFrom(ctx); ok {
		return ctx
	}
	if req.Session == nil {
		return engine.WithOwner(ctx, "")
	}
	if id := req.Session.ID(); id != "" {
		return engine.WithOwner(ctx, id)
	}
	// Transports without session ids (stdio, in-memory): the session
	// object itself tells one connection from another.
	return engine.WithOwner(ctx, fmt.Sprintf("session:%p", req.Session))
}

func (h *handlers) explainResult(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in ExplainInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return result(&engine.Explanation{SourceSpans: []engine.SourceSpan{}, Warnings: []string{}, Failure: f})
	}
	if in.ResultID == "" {
		return result(&engine.Explanation{SourceSpans: []engine.SourceSpan{}, Warnings: []string{},
			Failure: &engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonInvalidArgument, Message: "result_id is required"}})
	}
	return result(h.e.ExplainResult(owned(ctx, req), in.ResultID, in.Pointer))
}

func (h *handlers) compareResults(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in CompareInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return result(&engine.Comparison{Added: []any{}, Removed: []any{}, Changed: []engine.RowChange{}, Warnings: []string{}, Failure: f})
	}
	return result(h.e.CompareResults(owned(ctx, req), engine.CompareRequest{BaseID: in.BaseID, CurrentID: in.CurrentID,
		Keys: in.Keys, IgnoreFields: in.IgnoreFields, Strict: in.Strict}))
}

func (h *handlers) fetchResult(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in FetchInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return failed(f, "")
	}
	if in.ResultID == "" {
		return failed(&engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonInvalidArgument, Message: "result_id is required"}, "")
	}
	return result(h.e.FetchResult(owned(ctx, req), in.ResultID, in.Cursor))
}

func (h *handlers) runPaged(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in PagedInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return failed(f, in.Cmd)
	}
	env := h.e.RunPaged(owned(ctx, req), engine.PagedRequest{Cmd: in.Cmd, Args: in.Args, Cwd: in.Cwd, Page: in.Page,
		PageSize: in.PageSize, IncludeDiff: in.IncludeDiff, OnProgress: h.progress(ctx, req)})
	return result(env)
}

func (h *handlers) describe(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in DescribeInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return toolError(f)
	}
	if in.Cmd != "" {
		return result(h.e.DescribeCommand(in.Cmd))
	}
	return result(h.e.Describe())
}

func (h *handlers) dryRun(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in DryRunInput
	if f := decode(req.Params.Arguments, &in); f != nil {
		return toolError(f)
	}
	return result(h.e.DryRun(in.Cmd, in.Args, in.Cwd))
}

// ServeStdio serves on stdin/stdout until the client disconnects or ctx ends.
func ServeStdio(ctx context.Context, e *engine.Engine) error {
	return New(e, nil).Run(ctx, NewStdioTransport())
}
