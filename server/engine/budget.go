package engine

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

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
	// _summary.shown is what this answer holds: the page, not every row
	// the query kept.
	sum := p.sh.sum
	sum.Shown = len(pg.Rows)
	parsed := shaper.WithRows(p.sh.value, p.sh.sum.Array, pg.Rows, sum)
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
		settle(env, tok)
		if !env.Budget.BudgetMet {
			failBudget(env, &Failure{Kind: KindConfig, Reason: ReasonBudgetExceeded,
				Message: "the answer has no rows to page and does not fit max_tokens; use select, run_paged or a larger budget"}, b, tok)
		}
		return
	}
	p.base.Stdout.Raw, p.base.Stdout.RawBase64 = nil, ""
	p.qhash = queryHash(sh)
	offset = min(offset, len(rows))
	res, err := shaper.Fit(p.render, rows, offset, b, identity)
	if err != nil {
		failBudget(env, shaperFailure(err), b, tok)
		return
	}
	*env = *p.page(shaper.Page{Rows: rows[offset : offset+res.Rows], Offset: offset, NextOffset: res.NextOffset, Budget: res.Budget, Omission: res.Omission})
}

// budgetFormat chooses the form of a budgeted answer whose caller named
// no format: of the adaptive rule's form and compact, the one whose first
// page carries more rows within the budget (on a tie, the unfolded rows).
// It is measured as fitBudget will measure it, with the same rows and a
// result id of the same length. A result without rows keeps its form.
func (e *Engine) budgetFormat(env *Envelope, sh *shaped, identity []string, b shaper.Budget, retained bool) {
	if sh.value == nil || sh.format == FormatCompact || env.Stdout.Parsed == nil {
		return
	}
	rows := (&pager{sh: *sh}).rows()
	if len(rows) == 0 {
		return
	}
	fits := func(format string) int {
		s := *sh
		s.format = format
		p := &pager{e: e, base: *env, sh: s, resultID: newResultID(), retained: retained}
		p.base.Stdout.Raw, p.base.Stdout.RawBase64 = nil, ""
		p.base.Stdout.Format, p.base.Stdout.FormatReason = format, FormatReasonAdaptive
		p.qhash = queryHash(s)
		res, err := shaper.Fit(p.render, rows, 0, b, identity)
		if err != nil {
			return -1 // nothing fits in this form (or not all, with overflow fail)
		}
		return res.Rows
	}
	if fits(FormatCompact) <= fits(sh.format) {
		return
	}
	sh.format = FormatCompact
	env.Stdout.Raw, env.Stdout.RawBase64 = nil, ""
	env.Stdout.Parsed = shaper.Compact(sh.value)
	env.Stdout.Format, env.Stdout.FormatReason = FormatCompact, FormatReasonAdaptive
}

// settle measures env with its budget report in it: the report is part of
// what it measures, so it is measured until it states its own size.
func settle(env *Envelope, tok shaper.Tokenizer) {
	for range 3 {
		n := env.Budget.MaxTokens + 1
		if bs, err := Marshal(env); err == nil {
			n = tok.Count(bs)
		}
		env.Budget.MeasuredTokens, env.Budget.BudgetMet = n, n <= env.Budget.MaxTokens
	}
}

// failBudget turns env into the failure f without rows, with a budget
// report. A failure must fit the budget too: when it does not, what only
// adds detail (stderr, diff, unread line numbers, telemetry, the long
// message) is dropped until it does. Only a command line or working
// directory longer than the budget itself can leave it over.
func failBudget(env *Envelope, f *Failure, b shaper.Budget, tok shaper.Tokenizer) {
	configFailure(env, f)
	env.Stdout.Raw, env.Stdout.RawBase64, env.Stdout.Parsed = nil, "", nil
	env.Continuation = nil
	env.Budget = &shaper.BudgetReport{MaxTokens: b.MaxTokens}
	for _, trim := range []func(){
		func() {},
		func() {
			env.Stderr, env.StderrB64, env.Diff, env.Telemetry, env.Truncation = "", "", nil, nil, nil
			env.Omission = slices.Clone(env.Omission)
			for i := range env.Omission {
				env.Omission[i].Lines = nil
			}
		},
		func() {
			if env.Failure.Reason == f.Reason {
				env.Failure.Message = shortBudgetMessage
			} else {
				env.Failure.Message = cutText(env.Failure.Message, len(shortBudgetMessage))
			}
			env.Failure.Detail, env.Failure.Hint, env.Warnings, env.GuardError = "", nil, nil, nil
			env.Stdout.ParseError = nil
			env.Stdout.Parser, env.Stdout.Format, env.Stdout.FormatReason = "", "", ""
		},
		func() { env.Omission = nil },
	} {
		trim()
		settle(env, tok)
		if env.Budget.BudgetMet {
			return
		}
	}
}

// shortBudgetMessage is a budget failure's message when the long one
// does not fit.
const shortBudgetMessage = "the answer does not fit budget.max_tokens"

// cutText keeps at most n bytes of s's first line, on a rune boundary.
func cutText(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// checkBudget refuses, before anything runs, a budget that can never be
// kept: an unknown tokenizer or overflow (invalid_argument), or max_tokens
// below the smallest answer of this command line (budget_too_small).
func (e *Engine) checkBudget(req Request) (shaper.Tokenizer, error) {
	tok, err := req.Budget.Check()
	if err != nil {
		return nil, err
	}
	if least := leastAnswer(req.Cmd, req.Args, e.resolveCwd(req.Cwd), tok, req.Budget.MaxTokens); req.Budget.MaxTokens < least {
		return nil, &shaper.Error{Reason: ReasonBudgetTooSmall, Field: "budget.max_tokens", Message: fmt.Sprintf(
			"budget.max_tokens %d is below the smallest answer this command line can have, %d %s tokens", req.Budget.MaxTokens, least, tok.Name())}
	}
	return tok, nil
}

// leastAnswer is the smallest answer a budgeted run of cmd, args in cwd can
// give: the budget failure failBudget trims down to, with room for the
// largest exit code and duration. A budget below it can never be kept,
// whatever the output, so run refuses it (budget_too_small) before
// anything runs.
func leastAnswer(cmd string, args []string, cwd string, tok shaper.Tokenizer, maxTokens int) int {
	code := 255
	env := &Envelope{ExitCode: &code, Cmd: cmd, Args: nonNil(args), Cwd: cwd, DurationMs: 99999.999, Truncated: true,
		Budget:  &shaper.BudgetReport{MaxTokens: maxTokens, MeasuredTokens: maxTokens},
		Failure: &Failure{Kind: KindConfig, Reason: ReasonBudgetUnsatisfiable, Message: shortBudgetMessage}}
	bs, err := Marshal(env)
	if err != nil {
		return maxTokens + 1
	}
	return tok.Count(bs)
}

func keyFields(p *catalog.Parser) []string {
	if p == nil {
		return nil
	}
	return p.KeyFields
}
