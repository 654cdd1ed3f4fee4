package suite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/shaper"
)

// The response forms measured, in report order.
const (
	FormRaw         = "raw"
	FormJSON        = "json"
	FormJSONNoRaw   = "json-no-raw"
	FormCompact     = "compact"
	FormSelectLimit = "select+limit"
	FormBudget      = "budget"
)

// Forms lists the forms in report order.
var Forms = []string{FormRaw, FormJSON, FormJSONNoRaw, FormCompact, FormSelectLimit, FormBudget}

// Tokenizers lists the exact encodings counted.
var Tokenizers = []string{shaper.TokenizerO200k, shaper.TokenizerCl100k}

// The fixed parts of every envelope: what a run in a project directory
// would report. engine.Parse runs nothing, so it leaves exitCode null, cwd
// empty and duration_ms the time parsing took; pinning them keeps the
// counts the same on every run (a few tokens of difference at most).
const (
	envCwd        = "/home/dev/project"
	envDurationMs = 4.2
	// SelectLimit is the limit of the select+limit form.
	SelectLimit = 50
	// BudgetTokens is the max_tokens of the budget form.
	BudgetTokens = 1000
)

// Measure is one form of one scenario.
type Measure struct {
	// Tokens by tokenizer name; absent when the form does not apply.
	Tokens map[string]int
	// Rows is how many rows the form holds (select+limit, budget), by
	// tokenizer for the budget; Total the rows of the array.
	Rows  map[string]int
	Total int
	Bytes int
	// Note says why the form does not apply, or what was substituted.
	Note string
}

// Applies reports whether the form produced an answer.
func (m *Measure) Applies() bool { return m != nil && len(m.Tokens) > 0 }

// TokenResult is the token benchmark of one scenario.
type TokenResult struct {
	Scenario *Scenario
	// Parser is the ID of the parser that read the output; Status is
	// "parsed", "no parser" or "parse error: <reason>".
	Parser string
	Status string
	// Rows counts the rows of the top-level array used (0 if none) and
	// Omitted the rows the engine's max_items dropped.
	Rows    int
	Omitted int
	// Select is the pair actually selected; Required the budget's
	// required fields.
	Select   []string
	Required []string
	// KeysMissing are parser key fields some row lacks (left out of
	// Required).
	KeysMissing []string
	Forms       map[string]*Measure
}

// Parsed reports whether a parser produced a structure.
func (r *TokenResult) Parsed() bool { return strings.HasPrefix(r.Status, "parsed") }

// Ratio is tokens(form)/tokens(raw) for tokenizer tok, or 0.
func (r *TokenResult) Ratio(form, tok string) float64 {
	m, raw := r.Forms[form], r.Forms[FormRaw]
	if !m.Applies() || raw.Tokens[tok] == 0 {
		return 0
	}
	return float64(m.Tokens[tok]) / float64(raw.Tokens[tok])
}

type tokenBench struct {
	eng    *engine.Engine
	toks   map[string]shaper.Tokenizer
	signer *shaper.Signer
}

func newTokenBench() (*tokenBench, error) {
	eng, err := engine.New(config.Default(), engine.WithRegistry(fixedClock()), engine.WithWorkdir("/"))
	if err != nil {
		return nil, err
	}
	tb := &tokenBench{eng: eng, toks: map[string]shaper.Tokenizer{}, signer: shaper.NewSigner([]byte("parism-bench: a fixed key, so that cursors are the same on every run"))}
	for _, name := range Tokenizers {
		t, err := shaper.TokenizerByName(name)
		if err != nil {
			return nil, err
		}
		tb.toks[name] = t
	}
	return tb, nil
}

func (tb *tokenBench) count(b []byte) map[string]int {
	m := map[string]int{}
	for name, t := range tb.toks {
		m[name] = t.Count(b)
	}
	return m
}

// envelope parses s's output in format f as the server would answer a run.
func (tb *tokenBench) envelope(s *Scenario, f string) *engine.Envelope {
	env := tb.eng.Parse(engine.ParseRequest{Cmd: s.Cmd, Args: s.Args, Raw: s.Raw, OS: s.OS, Format: f})
	code := 0
	env.ExitCode, env.Cwd, env.DurationMs = &code, envCwd, envDurationMs
	return env
}

func (tb *tokenBench) measure(b []byte) *Measure {
	return &Measure{Tokens: tb.count(b), Bytes: len(b)}
}

// Run measures every form of s.
func (tb *tokenBench) Run(s *Scenario) (*TokenResult, error) {
	r := &TokenResult{Scenario: s, Forms: map[string]*Measure{}}
	r.Forms[FormRaw] = tb.measure([]byte(s.Raw))

	full := tb.envelope(s, engine.FormatJSON)
	r.Parser = full.Stdout.Parser
	switch {
	case full.Stdout.Parsed != nil:
		r.Status = "parsed"
	case full.Stdout.ParseError != nil:
		r.Status = "parse error: " + string(full.Stdout.ParseError.Reason)
	default:
		r.Status = "no parser"
	}
	if p := ParserFor(s); p != nil && r.Parser != "" && r.Parser != "json" && p.ID != r.Parser {
		// fixedClock's registry chose another parser than the catalog's
		// own would: the figures would not be the server's.
		r.Status += fmt.Sprintf(" (by %s, where the catalog picks %s)", r.Parser, p.ID)
	}
	for _, o := range full.Omission {
		if o.Reason == "max_items" {
			r.Omitted += o.RowsOmitted
		}
	}
	for _, f := range []struct{ form, format string }{{FormJSON, engine.FormatJSON}, {FormJSONNoRaw, engine.FormatJSONNoRaw}, {FormCompact, engine.FormatCompact}} {
		b, err := engine.Marshal(tb.envelope(s, f.format))
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", s.ID, f.form, err)
		}
		r.Forms[f.form] = tb.measure(b)
	}
	if !r.Parsed() {
		// The engine keeps raw when nothing replaces it, so these two are
		// the json form again; select+limit and budget have no rows.
		r.Forms[FormJSONNoRaw].Note = "raw kept: nothing parsed"
		r.Forms[FormCompact].Note = "raw kept: nothing parsed"
		r.Forms[FormSelectLimit] = &Measure{Note: r.Status}
		r.Forms[FormBudget] = &Measure{Note: r.Status}
		return r, nil
	}

	g, err := shaper.Generic(full.Stdout.Parsed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.ID, err)
	}
	key, rows, err := shaper.FindArray(g, s.Array)
	if err != nil {
		r.Forms[FormSelectLimit] = &Measure{Note: "no rows: " + shaper.ReasonOf(err)}
		r.Forms[FormBudget] = &Measure{Note: "no rows: " + shaper.ReasonOf(err)}
		return r, nil
	}
	r.Rows = len(rows)
	r.Select = tb.selectPair(s, rows)
	r.Forms[FormSelectLimit], err = tb.selectLimit(s, g, key, r.Select)
	if err != nil {
		return nil, err
	}
	r.Required, r.KeysMissing = required(s, rows)
	r.Forms[FormBudget], err = tb.budget(s, g, key, rows, r.Required)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// selectPair is the scenario's pair when rows hold both fields; otherwise
// the first two fields of the first row, so that a parser whose field names
// differ from the scenario's guess still gets a figure (the report says
// which pair was used).
func (tb *tokenBench) selectPair(s *Scenario, rows []any) []string {
	has := func(f string) bool {
		for _, row := range rows {
			if o, ok := row.(*shaper.Object); ok {
				if _, ok := o.Get(f); ok {
					return true
				}
			}
		}
		return false
	}
	if has(s.Select[0]) && has(s.Select[1]) {
		return s.Select
	}
	if len(rows) > 0 {
		if o, ok := rows[0].(*shaper.Object); ok && len(o.Keys) >= 2 {
			return slices.Clone(o.Keys[:2])
		}
	}
	return s.Select
}

// required is the budget's required fields: the parser's key fields
// (which the engine also requires as identity) that every row holds, or
// else the first field of the pair; missing lists the key fields some row
// lacks, for which the engine's own budget would answer
// budget_unsatisfiable.
func required(s *Scenario, rows []any) (req, missing []string) {
	if p := ParserFor(s); p != nil {
		for _, f := range p.KeyFields {
			all := len(rows) > 0
			for _, row := range rows {
				o, ok := row.(*shaper.Object)
				if !ok {
					all = false
					break
				}
				if _, ok := o.Get(f); !ok {
					all = false
					break
				}
			}
			if all {
				req = append(req, f)
			} else {
				missing = append(missing, f)
			}
		}
	}
	if len(req) == 0 {
		req = []string{s.Select[0]}
	}
	return req, missing
}

// selectLimit is the json-no-raw envelope with parsed reduced to the
// scenario's pair of fields and SelectLimit rows, as shaper.Apply does it.
func (tb *tokenBench) selectLimit(s *Scenario, g any, key string, pair []string) (*Measure, error) {
	limit := SelectLimit
	v, sum, err := shaper.Apply(g, shaper.Query{Select: pair, Limit: &limit, Array: key})
	if err != nil {
		return &Measure{Note: "query refused: " + shaper.ReasonOf(err)}, nil
	}
	env := tb.envelope(s, engine.FormatJSONNoRaw)
	env.Stdout.Parsed = v
	b, err := engine.Marshal(env)
	if err != nil {
		return nil, fmt.Errorf("%s select+limit: %w", s.ID, err)
	}
	m := tb.measure(b)
	m.Rows = map[string]int{}
	for _, t := range Tokenizers {
		m.Rows[t] = sum.Shown
	}
	m.Total = sum.Total
	return m, nil
}

// budget is the answer of a run under budget{max_tokens: BudgetTokens,
// required_fields}, built the way the engine's budget stage builds it: the
// json-no-raw envelope with the rows shaper.Fit keeps, _summary, the
// budget report, an omission of stage budget and a continuation when rows
// remain; measured by each tokenizer in turn (each fits its own count).
func (tb *tokenBench) budget(s *Scenario, g any, key string, rows []any, req []string) (*Measure, error) {
	base := tb.envelope(s, engine.FormatJSONNoRaw)
	sum := shaper.Summary{Total: len(rows), Matched: len(rows), Shown: len(rows)}
	id := fmt.Sprintf("r_%016x", fnv64(s.ID))
	qhash := shaper.QueryHash(shaper.Query{Array: key}, engine.FormatJSONNoRaw)
	m := &Measure{Tokens: map[string]int{}, Rows: map[string]int{}, Total: len(rows)}
	for _, name := range Tokenizers {
		render := func(p shaper.Page) ([]byte, error) {
			env := *base
			sum.Shown = len(p.Rows)
			env.Stdout.Parsed = shaper.WithRows(g, key, p.Rows, sum)
			br := p.Budget
			env.Budget = &br
			env.Omission = slices.Clone(base.Omission)
			if p.Omission.RowsOmitted > 0 {
				env.Omission = append(env.Omission, engine.Omission{Stage: shaper.StageBudget,
					RowsTotal: p.Omission.RowsTotal, RowsReturned: p.Omission.RowsReturned, RowsOmitted: p.Omission.RowsOmitted})
			}
			if p.NextOffset >= 0 {
				env.Continuation = &engine.Continuation{ResultID: id,
					Cursor: tb.signer.Encode(shaper.Cursor{ResultID: id, QueryHash: qhash, Offset: p.NextOffset})}
			}
			return engine.Marshal(&env)
		}
		fit, err := shaper.Fit(render, rows, 0, shaper.Budget{MaxTokens: BudgetTokens, RequiredFields: req, Tokenizer: name}, req)
		if err != nil {
			if reason := shaper.ReasonOf(err); reason != "" {
				return &Measure{Note: reason}, nil
			}
			return nil, fmt.Errorf("%s budget: %w", s.ID, err)
		}
		m.Tokens[name] = fit.Measured
		m.Rows[name] = fit.Rows
		if name == Tokenizers[0] {
			m.Bytes = len(fit.Bytes)
		}
	}
	return m, nil
}

// fnv64 is FNV-1a, for a result id that is the same on every run.
func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// TokenSummary aggregates the token benchmark.
type TokenSummary struct {
	// MeanRatio is the mean over scenarios with a parser of
	// tokens(form)/tokens(raw); Aggregate is sum(form)/sum(raw) over them.
	MeanRatio map[string]map[string]float64 // form -> tokenizer -> ratio
	Aggregate map[string]map[string]float64
	Parsed    int
}

// Summarize computes the averages over the scenarios a parser read.
func Summarize(rs []*TokenResult) TokenSummary {
	s := TokenSummary{MeanRatio: map[string]map[string]float64{}, Aggregate: map[string]map[string]float64{}}
	for _, form := range []string{FormJSON, FormJSONNoRaw, FormCompact} {
		s.MeanRatio[form], s.Aggregate[form] = map[string]float64{}, map[string]float64{}
		for _, tok := range Tokenizers {
			var sum float64
			var n, num, den int
			for _, r := range rs {
				if !r.Parsed() {
					continue
				}
				sum += r.Ratio(form, tok)
				n++
				num += r.Forms[form].Tokens[tok]
				den += r.Forms[FormRaw].Tokens[tok]
			}
			if n > 0 {
				s.MeanRatio[form][tok] = sum / float64(n)
				s.Aggregate[form][tok] = float64(num) / float64(den)
			}
			s.Parsed = n
		}
	}
	return s
}

// parserOS is for the report: which OS a scenario's output is from.
func parserOS(o catalog.OS) string {
	switch o {
	case catalog.Darwin:
		return "macOS"
	case catalog.Linux:
		return "Linux"
	}
	return string(o)
}
