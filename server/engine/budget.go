package engine

import (
	"crypto/rand"

	"encoding/hex"
	"github.com/parism-go/parism/catalog"

	"github.com/parism-go/parism/shaper"
)

// Continuation says how to read the rows a budget left out: pass ResultID
// and Cursor to fetch_result. Retained is false when the run did not ask
// for retain, in which case fetch_result refuses it (not_retained).
type Continuation struct {
	ResultID string `json:"result_id"`
	Cursor   string `json:"cursor"`
	Retained bool   `json:"retained"`
}

// newResultID returns a fresh result id, "r_" and 16 hex digits.
func newResultID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "r_" + hex.EncodeToString(b[:])
}

// queryHash binds cursors to the query that was run and the form rows are
// rendered in.
func queryHash(sh shaped) string {
	q := sh.query
	q.Array = sh.sum.Array
	return shaper.QueryHash(q, sh.format)
}

// pager renders pages of a shaped result as whole envelopes, for Fit.
type pager struct {
	e        *Engine
	base     Envelope // the envelope without its rows
	sh       shaped
	resultID string
	retained bool
	qhash    string
}

// rows returns the rows the budget pages, or nil when the result has no
// array of rows (it is then measured whole).
func (p *pager) rows() []any {
	obj, ok := p.sh.value.(*shaper.Object)
	if !ok || p.sh.sum.Array == "" {
		return nil
	}
	v, _ := obj.Get(p.sh.sum.Array)
	rows, _ := v.([]any)
	return rows
}

// render builds the envelope for one page, exactly as it will be sent.
func (p *pager) render(pg shaper.Page) ([]byte, error) {
	env := p.page(pg)
	return Marshal(env)
}

func (p *pager) page(pg shaper.Page) *Envelope {
	env := p.base
	parsed := shaper.WithRows(p.sh.value, p.sh.sum.Array, pg.Rows, p.sh.sum)
	if p.sh.format == FormatCompact {
		parsed = shaper.Compact(parsed)
	}
	env.Stdout.Parsed = parsed
	br := pg.Budget
	env.Budget = &br
	env.Omission = append([]Omission(nil), p.base.Omission...)
	if pg.Omission.RowsOmitted > 0 {
		env.Omission = append(env.Omission, Omission{Stage: shaper.StageBudget, RowsTotal: pg.Omission.RowsTotal,
			RowsReturned: pg.Omission.RowsReturned, RowsOmitted: pg.Omission.RowsOmitted})
	}
	env.Continuation = nil
	if pg.NextOffset >= 0 {
		env.Continuation = &Continuation{ResultID: p.resultID, Retained: p.retained,
			Cursor: p.e.signer.Encode(shaper.Cursor{ResultID: p.resultID, QueryHash: p.qhash, Offset: pg.NextOffset})}
	}
	return &env
}

// fitBudget cuts env's rows to b, measured on the exact bytes sent, and
// adds budget{max_tokens, measured_tokens, budget_met}, an omission of
// stage budget and, when rows are left, a continuation. A result without
// rows is measured whole; if it does not fit the answer is a failure
// (budget_exceeded) rather than a partial value.
//
// offset is the first row to return (fetch_result's cursor; 0 for run).
func (e *Engine) fitBudget(env *Envelope, sh shaped, identity []string, b shaper.Budget, tok shaper.Tokenizer, resultID string, retained bool, offset int) {
	p := &pager{e: e, base: *env, sh: sh, resultID: resultID, retained: retained}
	rows := p.rows()
	if rows == nil || env.Stdout.Parsed == nil {
		env.Budget = &shaper.BudgetReport{MaxTokens: b.MaxTokens}
		measure := func() int {
			bs, err := Marshal(env)
			if err != nil {
				return b.MaxTokens + 1
			}
			return tok.Count(bs)
		}
		// The report is part of what it measures: settle it.
		for range 3 {
			n := measure()
			env.Budget.MeasuredTokens, env.Budget.BudgetMet = n, n <= b.MaxTokens
		}
		if !env.Budget.BudgetMet {
			configFailure(env, &Failure{Kind: KindConfig, Reason: ReasonBudgetExceeded,
				Message: "the answer has no rows to page and does not fit max_tokens; use select, run_paged or a larger budget"})
			env.Stdout.Raw, env.Stdout.RawBase64, env.Stdout.Parsed = nil, "", nil
			n := measure()
			env.Budget.MeasuredTokens, env.Budget.BudgetMet = n, n <= b.MaxTokens
		}
		return
	}
	p.base.Stdout.Raw, p.base.Stdout.RawBase64 = nil, ""
	p.qhash = queryHash(sh)
	offset = min(offset, len(rows))
	res, err := shaper.Fit(p.render, rows, offset, b, identity)
	if err != nil {
		f := shaperFailure(err)
		configFailure(env, f)
		env.Stdout.Raw, env.Stdout.RawBase64, env.Stdout.Parsed = nil, "", nil
		return
	}
	*env = *p.page(shaper.Page{Rows: rows[offset : offset+res.Rows], Offset: offset, NextOffset: res.NextOffset, Budget: res.Budget, Omission: res.Omission})
}

func keyFields(p *catalog.Parser) []string {
	if p == nil {
		return nil
	}
	return p.KeyFields
}
