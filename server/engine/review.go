package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/shaper"
)

// Values of run's contract_version and evidence.
const (
	ContractStable = "stable"
	ContractNext   = "next"
	EvidenceNone   = "none"
	EvidenceRows   = "rows"
	EvidenceFields = "fields"
)

// Values of review.privacy_transform and explain_result's source_kind.
const (
	PrivacyNone     = "none"
	PrivacyMasked   = "masked"
	SourceVerbatim  = "verbatim"
	SourceDerived   = "derived"
	SourceNone      = "none"
	ReasonNoSpans   = "no_spans"
	maxExplainSpans = 256
)

// Review is an answer's provenance, added by contract_version "next".
type Review struct {
	ResultID      string `json:"result_id" jsonschema:"id for fetch_result, explain_result, compare_results (readable only when retained)"`
	ParserID      string `json:"parser_id" jsonschema:"parser that read the output; empty when none did"`
	ParserVersion string `json:"parser_version" jsonschema:"version of that parser's output contract"`
	SchemaVersion string `json:"schema_version" jsonschema:"version of the parsed value's schema (the parser's output contract)"`
	ContentHash   string `json:"content_hash" jsonschema:"sha256: and the hex digest of the redacted raw output"`
	// SourceComplete: the output was read whole (not truncated).
	SourceComplete bool `json:"source_complete" jsonschema:"the output was captured whole (not truncated)"`
	// ParseComplete: every line was read, no parse error, no row dropped.
	ParseComplete bool `json:"parse_complete" jsonschema:"a parser read every line without error and dropped no row at max_items"`
	// RepresentationLossless: stdout.parsed holds the whole parsed value
	// (no query or budget left rows or fields out).
	RepresentationLossless bool     `json:"representation_lossless" jsonschema:"stdout.parsed holds the whole parsed value: no select, where, limit or budget left anything out"`
	PrivacyTransform       string   `json:"privacy_transform" jsonschema:"none, or masked when secrets were redacted from the output"`
	Retained               bool     `json:"retained" jsonschema:"the result was kept (run with retain: true)"`
	Warnings               []string `json:"warnings" jsonschema:"why the result is incomplete or has no evidence"`
}

// Bounds of a request, far past any real one: a call of a million
// arguments cost the guard seconds of CPU and the server a gigabyte before
// anything refused it.
const (
	maxArgs      = 4096
	maxArgsBytes = 1 << 20
	maxQueryList = 256 // select fields and where conditions
	maxFilterLen = 16 << 10
)

// checkSize refuses a request larger than any command line or query
// needs.
func checkSize(req Request) *Failure {
	size := 0
	for _, a := range req.Args {
		size += len(a)
	}
	q := req.Query
	switch {
	case len(req.Args) > maxArgs:
		return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
			Message: fmt.Sprintf("args has %d arguments, more than the %d a run may have", len(req.Args), maxArgs)}
	case size > maxArgsBytes:
		return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
			Message: fmt.Sprintf("args total %d bytes, more than the %d a run may have", size, maxArgsBytes)}
	case len(q.Select) > maxQueryList || len(q.Where) > maxQueryList:
		return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
			Message: fmt.Sprintf("select and where take at most %d entries each", maxQueryList)}
	case len(q.Filter) > maxFilterLen:
		return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
			Message: fmt.Sprintf("filter is %d bytes, more than the %d a filter may be", len(q.Filter), maxFilterLen)}
	}
	return nil
}

func checkReview(req Request) *Failure {
	switch req.ContractVersion {
	case "", ContractStable, ContractNext:
	default:
		return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
			Message: fmt.Sprintf("contract_version %q is not one of stable, next", req.ContractVersion)}
	}
	switch req.Evidence {
	case "", EvidenceNone, EvidenceRows, EvidenceFields:
	default:
		return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
			Message: fmt.Sprintf("evidence %q is not one of none, rows, fields", req.Evidence)}
	}
	return nil
}

// ContentHash is review.content_hash of raw.
func ContentHash(raw string) string {
	h := sha256.Sum256([]byte(raw))
	return "sha256:" + hex.EncodeToString(h[:])
}

// review builds env's review from what parsing left.
func (e *Engine) review(env *Envelope, out outcome, id string, sh shaping) *Review {
	pr := out.parse
	r := &Review{ResultID: id, ContentHash: ContentHash(out.raw), PrivacyTransform: PrivacyNone, Warnings: []string{},
		SourceComplete: env.Truncation == nil || env.Truncation.Stdout == nil,
		ParseComplete:  pr.Found() && pr.Err == nil && len(pr.UnreadLines) == 0 && pr.RowsOmitted == 0}
	if out.masked {
		r.PrivacyTransform = PrivacyMasked
	}
	if pr.Parser != nil {
		r.ParserID, r.ParserVersion, r.SchemaVersion = pr.Parser.ID, pr.Parser.Version, pr.Parser.SchemaVersion()
	} else if pr.Passthrough {
		r.ParserID = "json"
	}
	r.RepresentationLossless = !out.shaped.queried && sh.budget == nil
	if !r.SourceComplete {
		r.Warnings = append(r.Warnings, "source_incomplete: the output was truncated at guard.max_output_bytes")
	}
	switch {
	case !pr.Found():
		r.Warnings = append(r.Warnings, "parse_incomplete: no parser read the output")
	case pr.Err != nil:
		r.Warnings = append(r.Warnings, "parse_incomplete: "+pr.Err.Message)
	}
	if n := len(pr.UnreadLines); n > 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("parse_incomplete: %d lines could not be read", n))
	}
	if pr.RowsOmitted > 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("parse_incomplete: %d rows dropped at guard.max_items", pr.RowsOmitted))
	}
	if sh.evidence && pr.Evidence.Len() == 0 && pr.Value != nil {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s: parser %q recorded no source spans; explain_result answers source_kind none", ReasonNoSpans, r.ParserID))
	}
	r.Warnings = append(r.Warnings, pr.Warnings...)
	return r
}

// SourceSpan is where a value came from in the redacted raw output:
// UTF-8 byte offsets [start, end), 1-based line.
type SourceSpan struct {
	Source    string `json:"source" jsonschema:"stdout"`
	Start     int    `json:"start" jsonschema:"first byte, 0-based, into the redacted raw output"`
	End       int    `json:"end" jsonschema:"byte after the last"`
	Line      int    `json:"line" jsonschema:"1-based line of start"`
	Transform string `json:"transform,omitempty" jsonschema:"conversion applied to the bytes (parseInt, ...); absent when the value is the bytes"`
}

// Explanation is explain_result's answer.
type Explanation struct {
	OK          bool         `json:"ok"`
	ResultID    string       `json:"result_id"`
	Pointer     string       `json:"pointer"`
	Value       any          `json:"value" jsonschema:"the value at pointer in the parsed value as retained (before any select or budget)"`
	SourceKind  string       `json:"source_kind,omitempty" jsonschema:"verbatim (the value is the bytes), derived (converted from them) or none (no span recorded)"`
	SourceSpans []SourceSpan `json:"source_spans" jsonschema:"where the value (or an object's or array's leaves) came from"`
	Transform   string       `json:"transform,omitempty" jsonschema:"the conversion, when one was applied to a single span"`
	AgeMs       int64        `json:"age_ms" jsonschema:"milliseconds since the run"`
	Warnings    []string     `json:"warnings" jsonschema:"why there is no or only partial evidence"`
	Failure     *Failure     `json:"failure,omitempty"`
}

// ExplainResult says where the value at pointer (RFC 6901, into the parsed
// value as retained) came from in the raw output.
func (e *Engine) ExplainResult(ctx context.Context, id, pointer string) *Explanation {
	ex := &Explanation{ResultID: id, Pointer: pointer, SourceSpans: []SourceSpan{}, Warnings: []string{}}
	rec, f := e.lookup(ctx, id)
	if f != nil {
		ex.Failure = f
		return ex
	}
	ex.AgeMs = time.Since(rec.Created).Milliseconds()
	v, err := resolvePointer(rec.Parsed, pointer)
	if err != nil {
		ex.Failure = &Failure{Kind: KindConfig, Reason: ReasonInvalidPointer, Message: err.Error(), Detail: pointer}
		return ex
	}
	ex.OK, ex.Value = true, v
	var spans []catalog.Span
	leafOnly := true
	switch v.(type) {
	case *shaper.Object, []any:
		leafOnly = false
	}
	for s := range rec.Spans.All() {
		if s.Pointer == pointer || (!leafOnly && (pointer == "" || strings.HasPrefix(s.Pointer, pointer+"/"))) {
			if len(spans) == maxExplainSpans {
				ex.Warnings = append(ex.Warnings, fmt.Sprintf("only the first %d spans under %q are listed", maxExplainSpans, pointer))
				break
			}
			spans = append(spans, s)
		}
	}
	if len(spans) == 0 {
		ex.SourceKind = SourceNone
		if rec.Spans.Len() == 0 {
			ex.Warnings = append(ex.Warnings, fmt.Sprintf("%s: the run recorded no source spans (run with evidence: \"fields\"; parser %q)", ReasonNoSpans, rec.ParserID))
		} else {
			ex.Warnings = append(ex.Warnings, fmt.Sprintf("%s: parser %q recorded no span for %q", ReasonNoSpans, rec.ParserID, pointer))
		}
		return ex
	}
	ex.SourceKind = SourceVerbatim
	transforms := map[string]bool{}
	for _, s := range spans {
		ex.SourceSpans = append(ex.SourceSpans, SourceSpan{Source: "stdout", Start: s.Start, End: s.End, Line: s.Line, Transform: s.Transform})
		if !s.Verbatim() {
			ex.SourceKind = SourceDerived
			transforms[s.Transform] = true
		}
	}
	if len(transforms) == 1 && leafOnly {
		for t := range transforms {
			ex.Transform = t
		}
	}
	return ex
}

// resolvePointer follows an RFC 6901 JSON Pointer through a generic value.
func resolvePointer(v any, pointer string) (any, error) {
	if pointer == "" {
		return v, nil
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil, fmt.Errorf("pointer %q must be empty or start with /", pointer)
	}
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch t := v.(type) {
		case *shaper.Object:
			next, ok := t.Get(tok)
			if !ok {
				return nil, fmt.Errorf("pointer %q: no field %q", pointer, tok)
			}
			v = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(t) || (len(tok) > 1 && tok[0] == '0') {
				return nil, fmt.Errorf("pointer %q: no element %q in an array of %d", pointer, tok, len(t))
			}
			v = t[i]
		default:
			return nil, fmt.Errorf("pointer %q: %q is below a scalar", pointer, tok)
		}
	}
	return v, nil
}

// scalarText is a scalar's text as a verbatim span holds it.
func scalarText(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case json.Number:
		return string(t), true
	case bool:
		return strconv.FormatBool(t), true
	}
	return "", false
}
