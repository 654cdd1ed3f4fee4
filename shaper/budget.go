package shaper

import (
	"fmt"
	"slices"
)

// Budget caps the tokens of an answer.
type Budget struct {
	// MaxTokens is the most the answer may measure, envelope included.
	MaxTokens int `json:"max_tokens"`
	// RequiredFields must be in every row returned; a row cannot be cut
	// down to fit.
	RequiredFields []string `json:"required_fields,omitempty"`
	// Overflow says what happens when the rows do not all fit: OverflowPage
	// (the default) returns the rows that fit and a cursor to the rest,
	// OverflowFail fails with budget_exceeded.
	Overflow string `json:"overflow,omitempty"`
	// Tokenizer names the tokenizer that measures (see TokenizerByName);
	// empty is DefaultTokenizer.
	Tokenizer string `json:"tokenizer,omitempty"`
}

// Overflow policies.
const (
	OverflowPage = "page"
	OverflowFail = "fail"
)

// BudgetReport is what an answer says about its budget, measured on its
// own exact bytes.
type BudgetReport struct {
	MaxTokens      int  `json:"max_tokens"`
	MeasuredTokens int  `json:"measured_tokens"`
	BudgetMet      bool `json:"budget_met"`
}

// Omission counts rows an answer leaves out and the stage that left them
// out. RowsOmitted is RowsTotal - RowsReturned.
type Omission struct {
	Stage        string `json:"stage"`
	RowsTotal    int    `json:"rows_total"`
	RowsReturned int    `json:"rows_returned"`
	RowsOmitted  int    `json:"rows_omitted"`
}

// Omission stages.
const (
	StageCapture    = "capture"
	StageParse      = "parse"
	StageProjection = "projection"
	StageBudget     = "budget"
	StagePrivacy    = "privacy"
)

// minimalAnswer is the smallest answer a budgeted run can give, in the
// server's envelope: success, one-character command, no arguments, no
// rows, and the budget report itself. MinimumTokens measures it.
const minimalAnswer = `{"ok":true,"exitCode":0,"cmd":"x","args":[],"cwd":"/","duration_ms":0,` +
	`"stdout":{"parsed":{"_summary":{"total":0,"matched":0,"shown":0},"items":[]}},"stderr":"","truncated":false,` +
	`"budget":{"max_tokens":100,"measured_tokens":100,"budget_met":true}}`

// MinimumTokens is the size of the smallest answer, in tok's tokens: a
// budget below it can never be met, and Check refuses it with
// budget_too_small before anything runs.
func MinimumTokens(tok Tokenizer) int {
	return tok.Count([]byte(minimalAnswer))
}

// Check validates b before anything runs and returns its tokenizer. Errors
// are *Error with reason invalid_argument or budget_too_small.
func (b Budget) Check() (Tokenizer, error) {
	tok, err := TokenizerByName(b.Tokenizer)
	if err != nil {
		return nil, err
	}
	switch b.Overflow {
	case "", OverflowPage, OverflowFail:
	default:
		return nil, errorf(ReasonInvalidArgument, "budget.overflow", "unknown overflow %q; use %s or %s", b.Overflow, OverflowPage, OverflowFail)
	}
	for i, f := range b.RequiredFields {
		if f == "" {
			return nil, errorf(ReasonInvalidArgument, "budget.required_fields", "budget.required_fields[%d] is empty", i)
		}
	}
	if b.MaxTokens < 0 {
		return nil, errorf(ReasonInvalidArgument, "budget.max_tokens", "budget.max_tokens must not be negative, got %d", b.MaxTokens)
	}
	if min := MinimumTokens(tok); b.MaxTokens < min {
		return nil, errorf(ReasonBudgetTooSmall, "budget.max_tokens", "budget.max_tokens %d is below the smallest possible answer, %d %s tokens", b.MaxTokens, min, tok.Name())
	}
	return tok, nil
}

// Page is one candidate answer Fit asks the caller to render.
type Page struct {
	// Rows are the rows to include: rows[Offset:Offset+len(Rows)].
	Rows []any
	// Offset is the index of Rows[0] among all rows.
	Offset int
	// NextOffset is where a continuation cursor should point, or -1 when
	// Rows reach the last row (no cursor).
	NextOffset int
	// Budget is the report to include; MeasuredTokens is the measure of
	// the very bytes rendered with it.
	Budget BudgetReport
	// Omission counts the rows this page leaves out, stage budget.
	Omission Omission
}

// FitResult is the answer Fit chose.
type FitResult struct {
	Bytes      []byte // the rendered answer
	Rows       int    // rows returned
	Measured   int    // tokens of Bytes
	NextOffset int    // index of the first row not returned, -1 when done
	Budget     BudgetReport
	Omission   Omission
}

// maxFixedPoint bounds the re-renderings that make measured_tokens
// describe the bytes that contain it. Two suffice unless the count crosses
// a power of ten.
const maxFixedPoint = 8

// Fit returns the answer holding the most rows from rows[offset:] (a
// prefix of them) that measures at most b.MaxTokens, measured with b's
// tokenizer on the exact bytes render produces. render must be
// deterministic and render the whole answer, envelope included, from the
// page it is given (rows, cursor, budget report, omission).
//
// Rows are never cut down: every returned row must hold b.RequiredFields
// and the identity fields, or Fit fails with budget_unsatisfiable, as it
// does when not even one row fits. With OverflowFail, rows that do not all
// fit are budget_exceeded. Errors from render are returned as they are.
//
// Fit searches the row count by interpolation between measured pages, so
// it renders a few times, not once per row; the result is maximal: with
// one more row the answer would not fit.
func Fit(render func(Page) ([]byte, error), rows []any, offset int, b Budget, identity []string) (FitResult, error) {
	tok, err := b.Check()
	if err != nil {
		return FitResult{}, err
	}
	if offset < 0 || offset > len(rows) {
		return FitResult{}, errorf(ReasonInvalidArgument, "offset", "offset %d is outside the %d rows", offset, len(rows))
	}
	rest := rows[offset:]
	fields := slices.Concat(b.RequiredFields, identity)
	for i, r := range rest {
		for _, f := range fields {
			if _, ok := lookup(r, f); !ok {
				return FitResult{}, errorf(ReasonBudgetUnsatisfiable, f, "row %d lacks the field %q, which must be in every row returned", offset+i, f)
			}
		}
	}

	f := &fitter{render: render, tok: tok, rows: rows, offset: offset, max: b.MaxTokens, memo: map[int]FitResult{}}
	n := len(rest)
	if n == 0 || b.Overflow == OverflowFail {
		all, err := f.measure(n)
		switch {
		case err != nil:
			return FitResult{}, err
		case all.Measured <= f.max:
			return all, nil
		case n == 0:
			return FitResult{}, errorf(ReasonBudgetUnsatisfiable, "budget.max_tokens", "the answer needs %d tokens even without rows, over the budget of %d", all.Measured, f.max)
		}
		return FitResult{}, errorf(ReasonBudgetExceeded, "budget.max_tokens", "the %d rows need %d tokens, over the budget of %d (overflow %s)", n, all.Measured, f.max, OverflowFail)
	}
	zero, err := f.measure(0)
	if err != nil {
		return FitResult{}, err
	}
	lo, err := f.measure(1)
	if err != nil {
		return FitResult{}, err
	}
	if lo.Measured > f.max {
		return FitResult{}, errorf(ReasonBudgetUnsatisfiable, "budget.max_tokens", "one row needs %d tokens, over the budget of %d; rows are never cut down", lo.Measured, f.max)
	}
	// Invariant: lo.Rows rows fit; hi.Rows rows, once known, do not.
	var hi *FitResult
	for step := 0; hi == nil && lo.Rows < n; step++ {
		// Extrapolate from the rows measured so far: rows cost about the
		// same. Aim a little past the estimate, so that the search
		// brackets the answer instead of creeping up to it.
		perRow := max(float64(lo.Measured-zero.Measured)/float64(lo.Rows), 0.5)
		k := lo.Rows + int(float64(f.max-lo.Measured)/perRow*1.05) + 1
		if step > 0 {
			k = max(k, 2*lo.Rows) // the estimate fell short: gallop
		}
		k = min(max(k, lo.Rows+1), n)
		r, err := f.measure(k)
		if err != nil {
			return FitResult{}, err
		}
		if r.Measured <= f.max {
			lo = r
		} else {
			hi = &r
		}
	}
	for step := 0; hi != nil && hi.Rows-lo.Rows > 1; step++ {
		k := lo.Rows + (hi.Rows-lo.Rows)/2
		if span := float64(hi.Measured - lo.Measured); step%2 == 0 && span > 0 {
			// Interpolate, alternating with bisection to bound the steps.
			k = lo.Rows + int(float64(f.max-lo.Measured)*float64(hi.Rows-lo.Rows)/span)
			k = min(max(k, lo.Rows+1), hi.Rows-1)
		}
		r, err := f.measure(k)
		if err != nil {
			return FitResult{}, err
		}
		if r.Measured <= f.max {
			lo = r
		} else {
			hi = &r
		}
	}
	return lo, nil
}

type fitter struct {
	render func(Page) ([]byte, error)
	tok    Tokenizer
	rows   []any
	offset int
	max    int
	memo   map[int]FitResult
}

// measure renders the page of k rows until the measured_tokens it states
// is the measure of its bytes. It starts from 0 and climbs: a page's
// measure grows with the number it states (more digits; budget_met turning
// false past the budget), so the climb stops at the smallest consistent
// measure, where budget_met is true if any consistent page can say so.
func (f *fitter) measure(k int) (FitResult, error) {
	if r, ok := f.memo[k]; ok {
		return r, nil
	}
	next := f.offset + k
	if next == len(f.rows) {
		next = -1
	}
	total := len(f.rows)
	p := Page{Rows: f.rows[f.offset : f.offset+k], Offset: f.offset, NextOffset: next,
		Omission: Omission{Stage: StageBudget, RowsTotal: total, RowsReturned: k, RowsOmitted: total - k}}
	m := 0
	for range maxFixedPoint {
		p.Budget = BudgetReport{MaxTokens: f.max, MeasuredTokens: m, BudgetMet: m <= f.max}
		b, err := f.render(p)
		if err != nil {
			return FitResult{}, err
		}
		c := f.tok.Count(b)
		if c == m {
			r := FitResult{Bytes: b, Rows: k, Measured: c, NextOffset: next, Budget: p.Budget, Omission: p.Omission}
			f.memo[k] = r
			return r, nil
		}
		m = c
	}
	return FitResult{}, fmt.Errorf("shaper: the measure of a %d-row page does not settle: render must state Page.Budget", k)
}
