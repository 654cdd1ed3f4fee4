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
	Args        []string `json:"args,omitempty" jsonschema:"arguments, one per element; nothing expands them"`
	Cwd         string   `json:"cwd,omitempty" jsonschema:"working directory (default: the server's)"`
	Format      string   `json:"format,omitempty" jsonschema:"default: by row count. json: raw + parsed; json-no-raw: parsed only; compact: no raw, row arrays as tables {schema, const?, dict?, affix?, rows} (const: fields equal in every row; a dict field's cells index its list; an affix field's cells lack [prefix, suffix]; a short row lacks trailing fields)"`
	IncludeDiff bool     `json:"includeDiff,omitempty" jsonschema:"also report files created, deleted or modified under cwd (slower)"`

	Select []string    `json:"select,omitempty" jsonschema:"fields to keep in each row, in order; dotted paths keep nesting (permissions.owner). Drops stdout.raw, adds parsed._summary"`
	Where  []CondInput `json:"where,omitempty" jsonschema:"conditions on row fields, all must hold (applied first)"`
	Filter string      `json:"filter,omitempty" jsonschema:"expr-lang expression over a row's fields, e.g. size_bytes > 1e6 && name endsWith \".log\"; after where"`
	SortBy *SortInput  `json:"sort_by,omitempty" jsonschema:"order rows by a field (stable; rows without it last)"`
	Limit  *int        `json:"limit,omitempty" jsonschema:"at most this many rows (after sort_by)"`
	Array  string      `json:"array,omitempty" jsonschema:"which top-level array of parsed to query when there are several"`

	Budget          *BudgetInput `json:"budget,omitempty" jsonschema:"token cap on the whole answer: rows that do not fit are left out, with continuation{result_id, cursor} for fetch_result"`
	ContractVersion string       `json:"contract_version,omitempty" jsonschema:"next adds review (parser, hashes, completeness); default stable"`
	Evidence        string       `json:"evidence,omitempty" jsonschema:"rows or fields: record where parsed values came from, for explain_result; default none"`
	Retain          bool         `json:"retain,omitempty" jsonschema:"keep the result briefly (60 s, 16 results, 2 MiB each by default) for fetch_result, explain_result, compare_results; the answer gets result_id"`
}

// ExplainInput is the explain_result tool's parameters.
type ExplainInput struct {
	ResultID string `json:"result_id" jsonschema:"result_id of a run with retain: true"`
	Pointer  string `json:"pointer" jsonschema:"JSON Pointer into stdout.parsed before select or budget, e.g. /processes/0/pid; an object or array gives its leaves"`
}

// FetchInput is the fetch_result tool's parameters.
type FetchInput struct {
	ResultID string `json:"result_id" jsonschema:"result_id of a run with retain: true"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"continuation.cursor of the previous page; omit for the first"`
}

// CompareInput is the compare_results tool's parameters.
type CompareInput struct {
	BaseID       string   `json:"base_id" jsonschema:"result_id of the earlier run with retain: true"`
	CurrentID    string   `json:"current_id" jsonschema:"result_id of the later run (same command line)"`
	Keys         []string `json:"keys,omitempty" jsonschema:"fields that identify a row (dotted paths); default: the parser's key fields"`
	IgnoreFields []string `json:"ignore_fields,omitempty" jsonschema:"fields (and their nested fields) not compared, e.g. modified_at"`
	Strict       bool     `json:"strict,omitempty" jsonschema:"refuse when a side is incomplete or the environment variable names differ, instead of answering partial"`
	Array        string   `json:"array,omitempty" jsonschema:"array to compare; default: the only one, or every array, each row tagged with its array in section"`
}

// BudgetInput is the budget parameter.
type BudgetInput struct {
	MaxTokens      int      `json:"max_tokens" jsonschema:"most tokens the answer may measure; below about 1,200 the run is refused (budget_too_small)"`
	RequiredFields []string `json:"required_fields,omitempty" jsonschema:"fields every returned row must hold; if they cannot fit the answer fails, never a partial row"`
	Overflow       string   `json:"overflow,omitempty" jsonschema:"page (default): the rows that fit and a cursor; fail: budget_exceeded"`
	Tokenizer      string   `json:"tokenizer,omitempty" jsonschema:"how tokens are counted; default parism/approx"`
}

func (b *BudgetInput) budget() *shaper.Budget {
	if b == nil {
		return nil
	}
	return &shaper.Budget{MaxTokens: b.MaxTokens, RequiredFields: b.RequiredFields, Overflow: b.Overflow, Tokenizer: b.Tokenizer}
}

// CondInput is one where condition.
type CondInput struct {
	Field string `json:"field" jsonschema:"row field (dotted path)"`
	Op    string `json:"op" jsonschema:"gt, gte, lt, lte compare numbers"`
	Value any    `json:"value" jsonschema:"value to compare with"`
}

// SortInput is the sort_by parameter.
type SortInput struct {
	Field string `json:"field" jsonschema:"row field"`
	Order string `json:"order,omitempty" jsonschema:"default asc"`
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
	Page        int      `json:"page,omitempty" jsonschema:"0-based page; the output is reused for 30 s"`
	PageSize    int      `json:"page_size,omitempty" jsonschema:"lines per page (default guard.default_page_size)"`
	IncludeDiff bool     `json:"includeDiff,omitempty" jsonschema:"also report files changed under cwd"`
}

// DescribeInput is the describe tool's parameters.
type DescribeInput struct {
	Cmd string `json:"cmd,omitempty" jsonschema:"a command to describe in detail; omit for the overview"`
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

// schemaFor builds a schema once, at registration: a mistake in it fails
// at start, not on an agent's first call.
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

// inputSchema is schemaFor for a tool's parameters, made portable: the
// inferred ["null", X] of an optional slice or pointer becomes X (absent
// and null mean the same to decode), since single-type dialects (Gemini's
// function declarations) reject type arrays. TestSchemasPortable checks
// the rules on every published schema.
func inputSchema[T any](edit func(*jsonschema.Schema)) *jsonschema.Schema {
	s := schemaFor[T](edit)
	dropNull(s)
	return s
}

func dropNull(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
	for _, p := range s.Properties {
		dropNull(p)
	}
	dropNull(s.Items)
	for _, b := range s.AnyOf {
		dropNull(b)
	}
}

// scalar is the schema of a where value: a string, number, boolean or null,
// as anyOf branches of one type each (portable, unlike a type array).
func scalar(description string) *jsonschema.Schema {
	var branches []*jsonschema.Schema
	for _, t := range []string{"string", "number", "boolean", "null"} {
		branches = append(branches, &jsonschema.Schema{Type: t})
	}
	return &jsonschema.Schema{Description: description, AnyOf: branches}
}

// Tool descriptions say what a tool does and what its answer holds, in
// the answer's own field names; what several tools share (the envelope)
// is said once, in run's description and the instructions. tools/list
// carries no output schemas (MCP makes them optional): the answers' full
// schemas cost about 6,900 o200k tokens in every conversation, so they are
// kept in AnswerSchemas, which the tests check every answer against, and
// structuredContent is sent all the same.
func tools() []*mcp.Tool {
	nonNeg := func(names ...string) func(*jsonschema.Schema) {
		return func(s *jsonschema.Schema) {
			zero := 0.0
			for _, n := range names {
				s.Properties[n].Minimum = &zero
			}
		}
	}
	readOnly := func(title string) *mcp.ToolAnnotations {
		return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)}
	}
	return []*mcp.Tool{
		{
			Name: "run",
			Description: "Run an allowed command without a shell. Answer: {ok, exitCode, stdout{raw, parsed}, failure{kind, reason, message}}; " +
				"blocked, failed and unparsed runs are answers with failure, and parsed is null when nothing parsed.",
			InputSchema: inputSchema[RunInput](func(s *jsonschema.Schema) {
				s.Properties["format"].Enum = []any{"json", "compact", "json-no-raw"}
				where := s.Properties["where"].Items
				where.Properties["op"].Enum = stringsToAny(shaper.Ops)
				where.Properties["value"] = scalar(where.Properties["value"].Description)
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
			Annotations: &mcp.ToolAnnotations{Title: "Run a command", OpenWorldHint: ptr(true)},
		},
		{
			Name: "fetch_result",
			Description: "Next page of a run(retain: true) result, same query and budget; answers like run. " +
				"Refusals: failure.reason result_not_found, result_expired, result_evicted, not_retained, cursor_invalid, cursor_mismatch.",
			InputSchema: inputSchema[FetchInput](nil),
			Annotations: readOnly("Fetch a retained result"),
		},
		{
			Name: "explain_result",
			Description: "Where a value of a run(retain: true, evidence: fields) result came from: {value, source_kind (verbatim, derived, none), " +
				"source_spans[{source, start, end, line, transform}]}, byte offsets [start, end) into the redacted raw output.",
			InputSchema: inputSchema[ExplainInput](nil),
			Annotations: readOnly("Explain a retained value"),
		},
		{
			Name: "compare_results",
			Description: "Diff two run(retain: true) results row by row: {comparable, added, removed, changed[{key, fields[{field, before, after}]}], partial}. " +
				"Rows match on the parser's key fields or keys; comparable false gives refusals{reasons, details}. Rows missing on an incomplete side are in partial.withheld, not removed.",
			InputSchema: inputSchema[CompareInput](nil),
			Annotations: readOnly("Compare retained results"),
		},
		{
			Name:        "run_paged",
			Description: "Run a command and answer one page of its raw output lines (parsed null), for large outputs: ps aux, find, grep -r.",
			InputSchema: inputSchema[PagedInput](nonNeg("page", "page_size")),
			Annotations: &mcp.ToolAnnotations{Title: "Run a command, paged", OpenWorldHint: ptr(true)},
		},
		{
			Name:        "describe",
			Description: "Without cmd: version, allowed commands, parsers, guard limits. With cmd: its policy, parser fields, alternatives, examples.",
			InputSchema: inputSchema[DescribeInput](nil),
			Annotations: readOnly("Describe Parism"),
		},
		{
			Name:        "dry_run",
			Description: "Would the guard let this command run? {would_pass, reason, message}; runs nothing.",
			InputSchema: inputSchema[DryRunInput](nil),
			Annotations: readOnly("Check a command"),
		},
	}
}

// AnswerSchemas returns the JSON Schema of each tool's structuredContent,
// by tool name. They are not published in tools/list (see tools); the
// tests validate every answer against them.
func AnswerSchemas() map[string]*jsonschema.Schema {
	envelope := schemaFor[engine.Envelope](nil)
	return map[string]*jsonschema.Schema{
		"run": envelope, "run_paged": envelope, "fetch_result": envelope,
		"explain_result": schemaFor[engine.Explanation](func(s *jsonschema.Schema) {
			s.Properties["value"] = &jsonschema.Schema{Description: s.Properties["value"].Description}
		}),
		"compare_results": schemaFor[engine.Comparison](compareSchema),
		"describe": {Type: "object", AnyOf: []*jsonschema.Schema{
			schemaFor[engine.Overview](nil), schemaFor[engine.CommandInfo](nil)}},
		"dry_run": schemaFor[engine.DryRunResult](nil),
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
	s.AddReceivingMiddleware(recoverMethods(o.Logger), idleMiddleware, encodeAnswers)
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
// text, the same JSON as text (encodeAnswers encodes the two in one pass).
func result(v any) (*mcp.CallToolResult, error) {
	b, err := engine.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(b)}},
		StructuredContent: answerJSON(b),
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

// owned marks ctx with who may read the results the call retains.
// An owner the transport already put on ctx (engine.WithOwner) is kept.
func owned(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if _, ok := engine.OwnerFrom(ctx); ok {
		return ctx
	}
	return engine.WithOwner(ctx, Owner(req))
}

// Owner names who may read the results a call retains, so that one client
// cannot read another's:
//   - a session with an id (HTTP, protocol up to 2025-11-25): that session;
//   - an HTTP call without a session (2026-07-28, where every request
//     stands alone and result ids are the handles): the caller's
//     credential, which httpserver puts in TokenInfo.UserID (a hash of
//     the static token, or of an access token's issuer and subject), or
//     "caller:anonymous" on a server without authentication, where anyone
//     who reaches it is the same caller;
//   - stdio and in-memory connections: the connection.
func Owner(req *mcp.CallToolRequest) string {
	if req.Session == nil {
		return ""
	}
	if id := req.Session.ID(); id != "" {
		return id
	}
	if x := req.Extra; x != nil && x.Header != nil {
		if x.TokenInfo != nil && x.TokenInfo.UserID != "" {
			return "caller:" + x.TokenInfo.UserID
		}
		return "caller:anonymous"
	}
	// The session object itself tells one connection from another.
	return fmt.Sprintf("session:%p", req.Session)
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
		Keys: in.Keys, IgnoreFields: in.IgnoreFields, Strict: in.Strict, Array: in.Array}))
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
// Its connection writes tool answers from their own encoding, with no
// second pass of the SDK's encoder (spliceTable).
func ServeStdio(ctx context.Context, e *engine.Engine) error {
	return serveLines(ctx, e, NewStdioTransport())
}

// serveLines serves e over t as ServeStdio does, answers spliced.
func serveLines(ctx context.Context, e *engine.Engine, t *LineTransport) error {
	t.splice = &spliceTable{}
	return New(e, nil).Run(withSplice(ctx, t.splice), t)
}
