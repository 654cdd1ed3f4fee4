package engine

import (
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/shaper"
)

// Failure kinds: the one field an agent branches on.
const (
	KindGuard  = "guard"
	KindExec   = "exec"
	KindParse  = "parse"
	KindConfig = "config"
	// KindInternal is a fault of the server itself (a recovered panic):
	// the call may or may not have run its command; the server goes on.
	KindInternal = "internal"
)

// Failure reasons beyond the guard's four (which come from package guard)
// and the parse_error reasons (which come from package catalog).
const (
	ReasonTimeout         = "timeout"
	ReasonSpawnFailed     = "spawn_failed"
	ReasonNonZeroExit     = "non_zero_exit"
	ReasonCanceled        = "canceled"
	ReasonParserNotFound  = "parser_not_found"
	ReasonBinaryOutput    = "binary_output" // kind parse: not parsed (textOf)
	ReasonInvalidArgument = "invalid_argument"
	ReasonUnknownField    = "unknown_field"
	ReasonTypeMismatch    = "type_mismatch"
	ReasonInternalError   = "internal_error" // kind internal: a recovered panic
)

// Output formats of run.
const (
	FormatJSON      = "json"
	FormatCompact   = "compact"
	FormatJSONNoRaw = "json-no-raw"
)

// Envelope is the answer to every run, whatever happened. Field order and
// names are the original Parism's contract.
type Envelope struct {
	OK         bool        `json:"ok"`
	ExitCode   *int        `json:"exitCode"` // null when the program did not exit by itself
	Cmd        string      `json:"cmd"`
	Args       []string    `json:"args"`
	Cwd        string      `json:"cwd"`
	DurationMs float64     `json:"duration_ms"`
	Stdout     Stdout      `json:"stdout"`
	Stderr     string      `json:"stderr"`
	StderrB64  string      `json:"stderr_base64,omitempty"` // Stderr's exact bytes when not valid UTF-8 (see keepBytes)
	Diff       *Diff       `json:"diff,omitempty"`
	Truncated  bool        `json:"truncated"`
	Truncation *Truncation `json:"truncation,omitempty"`
	PageInfo   *PageInfo   `json:"page_info,omitempty"`
	Omission   []Omission  `json:"omission,omitempty"`
	// Budget reports a request's token budget, measured on this very
	// envelope's bytes; absent without a budget.
	Budget *shaper.BudgetReport `json:"budget,omitempty"`
	// Continuation is where the rows a budget left out continue.
	Continuation *Continuation `json:"continuation,omitempty"`
	// ResultID names the retained result (run with retain); Retained
	// says whether it was kept (false: over results.max_result_bytes).
	ResultID string `json:"result_id,omitempty"`
	Retained *bool  `json:"retained,omitempty"`
	// Review is the answer's provenance (contract_version "next").
	Review *Review `json:"review,omitempty"`
	// Warnings say what was asked but not done (result_too_large: ...).
	Warnings []string `json:"warnings,omitempty"`
	// ExitAnswer says what a non-zero exitCode answers when the parser
	// declares it an answer rather than a failure (grep 1: "no line was
	// selected"); ok is then true.
	ExitAnswer string      `json:"exit_answer,omitempty"`
	Failure    *Failure    `json:"failure,omitempty"`
	GuardError *GuardError `json:"guard_error,omitempty"`
	Telemetry  *Telemetry  `json:"telemetry,omitempty"`
}

// Stdout holds the raw text and what a parser read from it.
type Stdout struct {
	// Raw is the output as the program wrote it (after redaction, and minus
	// what truncation dropped). Absent in the json-no-raw and compact formats.
	Raw *string `json:"raw,omitempty"`
	// Stream says which of the command's streams Raw holds: absent for
	// stdout alone, StreamBoth when the parser reads stderr or both (a
	// compiler's diagnostics), and the command then ran with stdout and
	// stderr on one pipe: Raw has both in the order written, under the
	// stdout cap, and the envelope's stderr is empty.
	Stream string `json:"stream,omitempty"`
	// RawBase64 holds Raw's exact bytes, base64 with padding, when they
	// are not valid UTF-8; Raw then has U+FFFD for each invalid byte.
	RawBase64 string `json:"raw_base64,omitempty"`
	// Parsed is the structure read from Raw, or null.
	Parsed any `json:"parsed"`
	// ParseError says why a parser that applied produced nothing.
	ParseError *catalog.ParseError `json:"parse_error,omitempty"`
	// Parser names the parser that read Raw ("json" for passthrough).
	Parser string `json:"parser,omitempty"`
	// Format is the representation of Parsed when it is not plain json.
	Format string `json:"format,omitempty"`
	// FormatReason is "adaptive" when the server chose Format because the
	// caller named none (parsers.adaptive_format_threshold).
	FormatReason string `json:"format_reason,omitempty"`
}

// Failure says why ok is false, or (kind parse) why parsed is null.
type Failure struct {
	Kind    string        `json:"kind"`
	Reason  string        `json:"reason"`
	Message string        `json:"message"`
	Detail  string        `json:"detail,omitempty"`
	Hint    *catalog.Hint `json:"hint,omitempty"`
}

// GuardError repeats a guard refusal in the shape of Parism 1.x, for clients
// that still read it.
type GuardError struct {
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

// Truncation says exactly what the output caps cut.
type Truncation struct {
	Stdout *Cut `json:"stdout,omitempty"`
	Stderr *Cut `json:"stderr,omitempty"`
}

// Cut describes one capped stream: the head and the tail were kept, the
// middle (DroppedBytes, at byte OmittedAt of the kept text) was not.
type Cut struct {
	TotalBytes   int64 `json:"total_bytes"`
	KeptBytes    int64 `json:"kept_bytes"`
	DroppedBytes int64 `json:"dropped_bytes"`
	OmittedAt    int64 `json:"omitted_at"`
}

// Omission counts rows that did not reach the answer, and at which stage.
type Omission struct {
	Stage        string `json:"stage"`
	RowsTotal    int    `json:"rows_total,omitempty"`
	RowsReturned int    `json:"rows_returned,omitempty"`
	RowsOmitted  int    `json:"rows_omitted"`
	Lines        []int  `json:"lines,omitempty"`
	Reason       string `json:"reason,omitempty"`
}

// PageInfo locates a page of run_paged.
type PageInfo struct {
	Page       int       `json:"page"`
	PageSize   int       `json:"page_size"`
	TotalLines int       `json:"total_lines"`
	HasNext    bool      `json:"has_next"`
	Cache      CacheInfo `json:"cache"`
}

// CacheInfo says whether run_paged reused an earlier run.
type CacheInfo struct {
	Hit   bool  `json:"hit"`
	AgeMs int64 `json:"age_ms"`
}

// Diff lists what changed under cwd while the command ran.
type Diff struct {
	Created  []string `json:"created"`
	Deleted  []string `json:"deleted"`
	Modified []string `json:"modified"`
	// Incomplete is set when the tree was larger than the snapshot bound.
	Incomplete bool `json:"incomplete,omitempty"`
}

// Telemetry is per-stage timing, present only when telemetry is enabled.
type Telemetry struct {
	GuardMs  float64 `json:"guard_ms"`
	ExecMs   float64 `json:"exec_ms"`
	ParseMs  float64 `json:"parse_ms"`
	RedactMs float64 `json:"redact_ms"`
	ShapeMs  float64 `json:"shape_ms"`
	TotalMs  float64 `json:"total_ms"`
	RawBytes int     `json:"raw_bytes"`
	// Sandbox is the kernel layer the command ran under.
	Sandbox *RunSandbox `json:"sandbox,omitempty"`
}
