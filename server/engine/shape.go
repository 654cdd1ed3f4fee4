package engine

import (
	"errors"
	"fmt"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/shaper"
)

// Reasons of config failures raised by the shaper (the query and budget
// arguments), reported as failure.reason.
const (
	ReasonInvalidFilter       = shaper.ReasonInvalidFilter
	ReasonAmbiguousArray      = shaper.ReasonAmbiguousArray
	ReasonNoArray             = shaper.ReasonNoArray
	ReasonBudgetTooSmall      = shaper.ReasonBudgetTooSmall
	ReasonBudgetUnsatisfiable = shaper.ReasonBudgetUnsatisfiable
	ReasonBudgetExceeded      = shaper.ReasonBudgetExceeded
	ReasonCursorInvalid       = shaper.ReasonCursorInvalid
	ReasonCursorMismatch      = shaper.ReasonCursorMismatch
)

// FormatReasonAdaptive is stdout.format_reason when the server chose the
// format because the caller named none.
const FormatReasonAdaptive = "adaptive"

// shaping is what a request asks of the stage after parsing.
type shaping struct {
	format   string         // as the caller gave it; "" lets the adaptive rule choose
	query    shaper.Query   // zero: no query
	budget   *shaper.Budget // nil: no budget
	evidence bool           // evidence was asked for
	// items bounds the rows the parser keeps (catalog MaxItems; 0: all).
	// run reads every row of a parser with an array of rows and pages
	// them at guard.max_items (itemsPage); parse drops them past it.
	items int
}

// shaped is what shape leaves for the budget stage: the query's result in
// the generic form and its summary (Array set even without a query).
type shaped struct {
	value   any // generic form, after the query; nil when nothing parsed
	sum     shaper.Summary
	queried bool
	query   shaper.Query // the query Apply ran (with budget fields added)
	format  string       // the form actually chosen (json, compact, json-no-raw)
	// generic is the parsed value before the query when overItems paged
	// it (value then shares its rows): the store keeps it as Parsed.
	generic any
}

// shape applies the query, then the output format. The raw text is dropped
// only when a structure replaces it: an answer must never hold nothing.
//
// Under a budget the query runs even when it is zero, so that the budget
// stage finds the rows (and _summary) it pages; the budget's required
// fields and the parser's identity fields join a select.
func (e *Engine) shape(env *Envelope, sh shaping, p *catalog.Parser) shaped {
	var out shaped
	q := sh.query
	if sh.budget != nil {
		q = q.WithFields(sh.budget.RequiredFields...)
		if p != nil {
			q = q.WithFields(p.KeyFields...)
		}
	}
	if !q.IsZero() || (sh.budget != nil && env.Stdout.Parsed != nil) {
		if env.Stdout.Parsed == nil {
			configFailure(env, &Failure{Kind: KindConfig, Reason: ReasonNoArray,
				Message: "no parsed rows to filter: the output was not parsed (select, where, sort_by, limit, array and filter need stdout.parsed); stdout.raw holds the output"})
			return out
		}
		g, err := shaper.Generic(env.Stdout.Parsed)
		if err != nil {
			configFailure(env, &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Message: "parsed value: " + err.Error()})
			return out
		}
		v, sum, err := shaper.Apply(g, q)
		if err != nil && sh.query.IsZero() && sh.budget != nil && len(sh.budget.RequiredFields) == 0 {
			// Only the budget asked: a result without one array of rows
			// is measured whole instead (see fitBudget).
			err, v = nil, nil
		}
		switch {
		case v == nil && err == nil:
		case err != nil:
			configFailure(env, shaperFailure(err))
			// Nothing was filtered: the whole output is not what was asked
			// for, and the agent fixes the query rather than read it.
			env.Stdout.Parsed = nil
			return out
		default:
			env.Stdout.Parsed = v
			env.Stdout.Raw = nil
			out.value, out.sum, out.queried, out.query = v, sum, true, q
		}
	}
	if env.Stdout.Parsed == nil {
		return out
	}
	format, reason := sh.format, ""
	if format == "" {
		compactOK := sh.budget == nil && !sh.evidence
		// The rows are counted on the typed value when its type shows its
		// JSON (ls -la of 15 entries: 25-30 µs of generic copy saved); the
		// generic copy is built as before when the count is not plain or
		// the answer is not plain json (compact and json-no-raw read it).
		n, typed := 0, false
		if out.value == nil {
			n, typed = typedMaxRows(env.Stdout.Parsed)
		}
		if !typed || e.adaptiveFormat(n, compactOK) != FormatJSON {
			if out.value == nil {
				g, err := shaper.Generic(env.Stdout.Parsed)
				if err != nil {
					return out
				}
				out.value = g
			}
			n = shaper.Rows(out.value)
		}
		format = e.adaptiveFormat(n, compactOK)
		if format != FormatJSON {
			reason = FormatReasonAdaptive
		}
	}
	out.format = format
	switch format {
	case FormatJSON:
	case FormatJSONNoRaw:
		env.Stdout.Raw = nil
		if reason != "" {
			env.Stdout.Format, env.Stdout.FormatReason = FormatJSONNoRaw, reason
		}
	case FormatCompact:
		env.Stdout.Raw = nil
		if out.value == nil {
			g, err := shaper.Generic(env.Stdout.Parsed)
			if err != nil {
				return out
			}
			out.value = g
		}
		env.Stdout.Parsed = shaper.Compact(out.value)
		env.Stdout.Format, env.Stdout.FormatReason = FormatCompact, reason
	}
	return out
}

// adaptiveFormat chooses the form of an answer of n rows whose caller named
// no format, from parsers.adaptive_format_threshold. Each threshold (0:
// unset) is the row count from which its form is a candidate; among the
// candidates the most compact wins (compact, then json-no-raw, then json),
// so that more rows never get a larger form. Compact is no candidate when
// compactOK is false (evidence or a budget is in use: pointers and row
// pages need the unfolded rows). With the defaults (compact 50, json_no_raw
// 200): under 50 rows json, from 50 compact; with evidence or a budget,
// json under 200 rows and json-no-raw from 200. Under a budget without
// evidence, budgetFormat then takes compact instead when its page carries
// more rows.
func (e *Engine) adaptiveFormat(n int, compactOK bool) string {
	t := e.cfg.Parsers.AdaptiveFormatThreshold
	reached := func(th int) bool { return th > 0 && n >= th }
	switch {
	case compactOK && reached(t.Compact):
		return FormatCompact
	case reached(t.JSONNoRaw):
		return FormatJSONNoRaw
	}
	return FormatJSON
}

// configFailure records a failure of the caller's arguments: ok becomes
// false (exitCode stays as the command left it). It replaces a parse
// failure, which is informational, but not a guard or exec failure.
func configFailure(env *Envelope, f *Failure) {
	env.OK = false
	if env.Failure == nil || env.Failure.Kind == KindParse {
		env.Failure = f
	}
}

// shaperFailure turns a shaper refusal into a config failure naming the
// field at fault.
func shaperFailure(err error) *Failure {
	var se *shaper.Error
	if errors.As(err, &se) {
		return &Failure{Kind: KindConfig, Reason: se.Reason, Message: se.Message, Detail: se.Field}
	}
	return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Message: fmt.Sprint(err)}
}
