package shaper

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// answer renders pages as the server's envelope would, from the result of
// a query on a listing.
type answer struct {
	shaped any
	sum    Summary
	signer *Signer
	qhash  string
}

func newAnswer(t testing.TB, doc []byte, q Query) *answer {
	t.Helper()
	v, err := Decode(doc)
	if err != nil {
		t.Fatal(err)
	}
	shaped, sum, err := Apply(v, q)
	if err != nil {
		t.Fatal(err)
	}
	return &answer{shaped: shaped, sum: sum, signer: NewSigner([]byte("test key")), qhash: QueryHash(q)}
}

func (a *answer) rows() []any {
	arr, _ := a.shaped.(*Object).Get(a.sum.Array)
	return arr.([]any)
}

func (a *answer) render(p Page) ([]byte, error) {
	stdout := &Object{}
	stdout.Set("parsed", WithRows(a.shaped, a.sum.Array, p.Rows, a.sum))
	stdout.Set("parser", "ls")
	env := &Object{}
	for _, kv := range []struct {
		k string
		v any
	}{{"ok", true}, {"exitCode", 0}, {"cmd", "ls"}, {"args", []string{"-la"}}, {"cwd", "/home/user/project"},
		{"duration_ms", 12.5}, {"stdout", stdout}, {"stderr", ""}, {"truncated", false}} {
		env.Set(kv.k, kv.v)
	}
	if p.Omission.RowsOmitted > 0 {
		env.Set("omission", []Omission{p.Omission})
	}
	env.Set("budget", p.Budget)
	if p.NextOffset >= 0 {
		env.Set("continuation", map[string]string{"cursor": a.signer.Encode(Cursor{"r_1", a.qhash, p.NextOffset})})
	}
	return marshal(env)
}

func TestBudgetCheck(t *testing.T) {
	approx := MinimumTokens(mustTokenizer(t, TokenizerApprox))
	o200k := MinimumTokens(mustTokenizer(t, TokenizerO200k))
	t.Logf("minimum answer: %d approx, %d o200k_base, %d bytes", approx, o200k, MinimumTokens(mustTokenizer(t, TokenizerByte)))
	cases := []struct {
		b      Budget
		reason string
	}{
		{Budget{MaxTokens: approx}, ""},
		{Budget{MaxTokens: approx - 1}, ReasonBudgetTooSmall},
		{Budget{MaxTokens: 0}, ReasonBudgetTooSmall},
		{Budget{MaxTokens: o200k - 1, Tokenizer: TokenizerO200k}, ReasonBudgetTooSmall},
		{Budget{MaxTokens: -5}, ReasonInvalidArgument},
		{Budget{MaxTokens: 1000, Overflow: "truncate"}, ReasonInvalidArgument},
		{Budget{MaxTokens: 1000, Tokenizer: "words"}, ReasonInvalidArgument},
		{Budget{MaxTokens: 1000, RequiredFields: []string{"name", ""}}, ReasonInvalidArgument},
		{Budget{MaxTokens: 1000, Overflow: OverflowFail, Tokenizer: TokenizerByte}, ""},
	}
	for _, c := range cases {
		_, err := c.b.Check()
		if ReasonOf(err) != c.reason {
			t.Errorf("%+v: got %v, want %q", c.b, err, c.reason)
		}
	}
}

// TestFitProperty fits random listings into random budgets with every
// tokenizer, paging through to the end: every page measures at most the
// budget, states its own measure, holds the required fields in every row,
// and is maximal; the pages cover the rows once, in order.
func TestFitProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	required := map[string][]string{"ls": {"name"}, "ps": {"pid", "command"}, "git-log": {"hash"}, "git-status": {"path"},
		"kubectl": {"metadata.uid"}, "env": {"name"}, "intl-names": {"name"}, "df": {"mounted_on"}, "journal": {"timestamp"},
		"npm": {"name", "version"}, "diff": {"line"}, "ls-envelope": nil}
	docs := corpus(23, 60)
	trials := 60
	if testing.Short() {
		trials = 15
	}
	for trial := range trials {
		d := docs[r.IntN(len(docs))]
		if d.name == "ls-envelope" {
			continue // no array of objects at the top
		}
		q := Query{}
		if r.IntN(3) == 0 {
			q.Select = append([]string{}, required[d.name]...)
		}
		a := newAnswer(t, d.data, q)
		rows := a.rows()
		tokName := TokenizerNames()[r.IntN(4)]
		tok := mustTokenizer(t, tokName)
		full, _ := a.render(Page{Rows: rows, NextOffset: -1, Budget: BudgetReport{MaxTokens: 1, MeasuredTokens: 1}})
		b := Budget{
			MaxTokens:      MinimumTokens(tok) + r.IntN(tok.Count(full)*6/5),
			RequiredFields: required[d.name],
			Tokenizer:      tokName,
		}
		name := fmt.Sprintf("%d/%s/%s/%d", trial, d.name, tokName, b.MaxTokens)
		offset, pages := 0, 0
		for offset >= 0 {
			res, err := Fit(a.render, rows, offset, b, nil)
			if err != nil {
				if ReasonOf(err) != ReasonBudgetUnsatisfiable {
					t.Fatalf("%s: %v", name, err)
				}
				// Only when a single row cannot fit.
				one, _ := (&fitter{render: a.render, tok: tok, rows: rows, offset: offset, max: b.MaxTokens, memo: map[int]FitResult{}}).measure(1)
				if one.Measured <= b.MaxTokens {
					t.Fatalf("%s: unsatisfiable, but one row measures %d: %v", name, one.Measured, err)
				}
				break
			}
			checkPage(t, name, a, tok, b, rows, offset, res)
			if res.NextOffset >= 0 {
				if res.NextOffset != offset+res.Rows || res.Rows == 0 {
					t.Fatalf("%s: next offset %d after %d rows from %d", name, res.NextOffset, res.Rows, offset)
				}
				more, err := (&fitter{render: a.render, tok: tok, rows: rows, offset: offset, max: b.MaxTokens, memo: map[int]FitResult{}}).measure(res.Rows + 1)
				if err != nil || more.Measured <= b.MaxTokens {
					t.Fatalf("%s: not maximal: %d rows fit, %d rows measure %d (%v)", name, res.Rows, res.Rows+1, more.Measured, err)
				}
			} else if offset+res.Rows != len(rows) {
				t.Fatalf("%s: done after %d of %d rows", name, offset+res.Rows, len(rows))
			}
			offset = res.NextOffset
			pages++
		}
	}
}

func checkPage(t *testing.T, name string, a *answer, tok Tokenizer, b Budget, rows []any, offset int, res FitResult) {
	t.Helper()
	if res.Measured > b.MaxTokens || res.Measured != tok.Count(res.Bytes) {
		t.Fatalf("%s: measured %d, max %d, count %d", name, res.Measured, b.MaxTokens, tok.Count(res.Bytes))
	}
	var env struct {
		Budget   BudgetReport `json:"budget"`
		Omission []Omission   `json:"omission"`
		Stdout   struct {
			Parsed map[string]json.RawMessage `json:"parsed"`
		} `json:"stdout"`
	}
	if err := json.Unmarshal(res.Bytes, &env); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if env.Budget != (BudgetReport{b.MaxTokens, res.Measured, true}) {
		t.Fatalf("%s: the answer states %+v, measured %d", name, env.Budget, res.Measured)
	}
	var got []map[string]json.RawMessage
	if err := json.Unmarshal(env.Stdout.Parsed[a.sum.Array], &got); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(got) != res.Rows {
		t.Fatalf("%s: %d rows in the answer, %d reported", name, len(got), res.Rows)
	}
	for i := range res.Rows {
		for _, f := range b.RequiredFields {
			if _, ok := lookup(rows[offset+i], f); !ok {
				t.Fatalf("%s: row %d lacks %s", name, offset+i, f)
			}
			top, _, _ := strings.Cut(f, ".")
			if _, ok := got[i][top]; !ok {
				t.Fatalf("%s: answer row %d lacks %s", name, i, f)
			}
		}
	}
	omitted := len(rows) - res.Rows
	if (omitted > 0) != (len(env.Omission) == 1) || omitted > 0 && env.Omission[0] != (Omission{StageBudget, len(rows), res.Rows, omitted}) {
		t.Fatalf("%s: omission %+v for %d of %d rows", name, env.Omission, res.Rows, len(rows))
	}
}

func TestFitFailures(t *testing.T) {
	var ls []byte
	for _, d := range corpus(31, 30) {
		if d.name == "ls" {
			ls = d.data
		}
	}
	a := newAnswer(t, ls, Query{})
	rows := a.rows()
	min := MinimumTokens(mustTokenizer(t, TokenizerApprox))
	cases := []struct {
		name     string
		b        Budget
		identity []string
		offset   int
		reason   string
	}{
		{"fits whole", Budget{MaxTokens: 100000}, []string{"name"}, 0, ""},
		{"pages", Budget{MaxTokens: 1500}, []string{"name"}, 0, ""},
		{"last page", Budget{MaxTokens: 100000}, nil, 25, ""},
		{"end", Budget{MaxTokens: 100000}, nil, 30, ""},
		{"offset beyond", Budget{MaxTokens: 100000}, nil, 31, ReasonInvalidArgument},
		{"required field missing in a row", Budget{MaxTokens: 100000, RequiredFields: []string{"target"}}, nil, 0, ReasonBudgetUnsatisfiable},
		{"identity field missing", Budget{MaxTokens: 100000}, []string{"inode"}, 0, ReasonBudgetUnsatisfiable},
		{"not even one row", Budget{MaxTokens: min + 20}, nil, 0, ReasonBudgetUnsatisfiable},
		{"overflow fail", Budget{MaxTokens: 1500, Overflow: OverflowFail}, nil, 0, ReasonBudgetExceeded},
		{"overflow fail fits", Budget{MaxTokens: 100000, Overflow: OverflowFail}, nil, 0, ""},
		{"too small", Budget{MaxTokens: min - 1}, nil, 0, ReasonBudgetTooSmall},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Fit(a.render, rows, c.offset, c.b, c.identity)
			if ReasonOf(err) != c.reason || c.reason == "" && err != nil {
				t.Fatalf("got %v, want %q", err, c.reason)
			}
			if err != nil {
				if !strings.Contains(err.Error(), "budget") && !strings.Contains(err.Error(), "row") && !strings.Contains(err.Error(), "offset") {
					t.Errorf("message %q says little", err)
				}
				return
			}
			if c.name == "pages" && (res.NextOffset <= 0 || res.Omission.RowsOmitted == 0) {
				t.Fatalf("expected a cut: %+v", res)
			}
			if c.name != "pages" && res.NextOffset != -1 {
				t.Fatalf("expected the rest: %+v", res)
			}
		})
	}
}

// TestFitRenderError passes render's errors through.
func TestFitRenderError(t *testing.T) {
	boom := fmt.Errorf("boom")
	_, err := Fit(func(Page) ([]byte, error) { return nil, boom }, []any{&Object{}}, 0, Budget{MaxTokens: 1000}, nil)
	if err != boom {
		t.Fatalf("got %v", err)
	}
	// A render that ignores the measure it is given cannot settle.
	n := 0
	_, err = Fit(func(p Page) ([]byte, error) { n++; return []byte(strings.Repeat("x ", n)), nil }, []any{&Object{}}, 0, Budget{MaxTokens: 1000, Tokenizer: TokenizerByte}, nil)
	if err == nil || !strings.Contains(err.Error(), "settle") {
		t.Fatalf("got %v", err)
	}
}

func BenchmarkFit(b *testing.B) {
	var ls []byte
	for _, d := range corpus(41, 2000) {
		if d.name == "ls" {
			ls = d.data
		}
	}
	a := newAnswer(b, ls, Query{})
	rows := a.rows()
	for _, tok := range []string{TokenizerApprox, TokenizerO200k} {
		b.Run(tok+"/4000-tokens-of-2000-rows", func(b *testing.B) {
			bud := Budget{MaxTokens: 4000, Tokenizer: tok}
			for b.Loop() {
				if _, err := Fit(a.render, rows, 0, bud, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
