package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/shaper"
)

// TestBudgetPropertyGoldenFixtures puts every catalog golden fixture
// through the engine's parse, shape and budget stages (what run does after
// the command) under random budgets: random tokenizers, max_tokens from the
// minimum up to beyond the whole answer, required fields drawn from the
// rows, a select now and then, a first page and a page from a random
// offset. Every answer that is ok measures exactly what it states, at most
// max_tokens, and every row it returns holds the required and identity
// fields that row had; an answer that cannot keep them is a failure
// without rows, never a partial row.
func TestBudgetPropertyGoldenFixtures(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	byID := map[string]*catalog.Parser{}
	for _, p := range e.Registry().Parsers() {
		byID[p.ID] = p
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "catalog", "parsers", "*", "testdata", "*", "*", "*.json"))
	if len(files) == 0 {
		t.Skip("no catalog golden fixtures")
	}
	r := rand.New(rand.NewPCG(4, 2026))
	trials := 3
	if testing.Short() {
		trials = 1
	}
	var answers, paged, failed, fixtures int
	for _, f := range files {
		parts := strings.Split(filepath.ToSlash(f), "/")
		osName, parserID := parts[len(parts)-3], parts[len(parts)-2]
		p := byID[parserID]
		rawBytes, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if p == nil || err != nil {
			continue
		}
		var spec struct {
			Args []string `json:"args"`
		}
		b, _ := os.ReadFile(f)
		if err := json.Unmarshal(b, &spec); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		fixtures++
		eo := *e
		eo.os = catalog.OS(osName)
		for trial := range trials {
			tokName := shaper.TokenizerNames()[r.IntN(len(shaper.TokenizerNames()))]
			tok, _ := shaper.TokenizerByName(tokName)
			// The whole answer's size bounds the budgets worth trying.
			whole := &Envelope{OK: true, Cmd: p.Command, Args: nonNil(spec.Args)}
			eo.parseInto(whole, eo.reg.Prepare(p.Command, whole.Args, eo.os), string(rawBytes), shaping{format: FormatJSON}, false)
			wb, _ := Marshal(whole)
			least := shaper.MinimumTokens(tok)
			bud := shaper.Budget{MaxTokens: least + r.IntN(tok.Count(wb)*6/5+1), Tokenizer: tokName}
			if bud.MaxTokens < leastAnswer(p.Command, spec.Args, "", tok, bud.MaxTokens) {
				// run refuses it before running (budget_too_small): see
				// TestBudgetTooSmallForCommandLine.
				continue
			}
			var q shaper.Query
			var rows []any
			if g, err := shaper.Generic(whole.Stdout.Parsed); err == nil && whole.Stdout.Parsed != nil {
				if _, rs, err := shaper.FindArray(g, ""); err == nil {
					rows = rs
				}
			}
			if common := commonFields(rows); len(common) > 0 {
				for _, c := range common {
					if r.IntN(3) == 0 {
						bud.RequiredFields = append(bud.RequiredFields, c)
					}
				}
				if r.IntN(3) == 0 {
					q.Select = []string{common[r.IntN(len(common))]}
				}
			}
			name := fmt.Sprintf("%s/%s/%s#%d %s max=%d required=%v select=%v", osName, parserID, filepath.Base(f), trial, tokName, bud.MaxTokens, bud.RequiredFields, q.Select)
			offsets := []int{0}
			if len(rows) > 1 {
				offsets = append(offsets, 1+r.IntN(len(rows)-1))
			}
			for _, offset := range offsets {
				env := &Envelope{OK: true, Cmd: p.Command, Args: nonNil(spec.Args)}
				out := eo.parseInto(env, eo.reg.Prepare(p.Command, env.Args, eo.os), string(rawBytes), shaping{query: q, budget: &bud}, false)
				if env.Failure != nil && env.Failure.Kind == KindConfig {
					continue // the query did not apply (no array of rows): not the budget's business
				}
				eo.fitBudget(env, out.shaped, keyFields(out.parse.Parser), bud, tok, "r_0000000000000000", false, offset)
				answers++
				if offset > 0 {
					paged++
				}
				checkBudgetAnswer(t, name, env, tok, bud, keyFields(out.parse.Parser), rows, offset, &failed)
			}
		}
	}
	t.Logf("%d answers (%d from an offset) over %d fixtures; %d refused as unsatisfiable or exceeded", answers, paged, fixtures, failed)
	if fixtures > 0 && answers == 0 {
		t.Fatal("no answer was checked")
	}
}

// TestBudgetTooSmallForCommandLine: a budget that the smallest answer of
// this very command line cannot fit is refused before anything runs, even
// when it is above the general minimum.
func TestBudgetTooSmallForCommandLine(t *testing.T) {
	e, dir := newTestEngine(t, allowing("echo"))
	tok, _ := shaper.TokenizerByName(shaper.TokenizerByte)
	args := []string{strings.Repeat("long-name-", 20)}
	least := leastAnswer("echo", args, dir, tok, 100) // the report's digits count: 3 of them here
	if least <= shaper.MinimumTokens(tok) {
		t.Fatalf("least %d is not above the minimum %d", least, shaper.MinimumTokens(tok))
	}
	env := e.Run(context.Background(), Request{Cmd: "echo", Args: args, Budget: &shaper.Budget{MaxTokens: least - 1, Tokenizer: shaper.TokenizerByte}})
	wantFailure(t, env, KindConfig, ReasonBudgetTooSmall)
	if env.ExitCode != nil {
		t.Errorf("the command ran: %s", mustMarshal(t, env))
	}
	env = e.Run(context.Background(), Request{Cmd: "echo", Args: args, Budget: &shaper.Budget{MaxTokens: least, Tokenizer: shaper.TokenizerByte}})
	// The output does not fit beside so long a command line: the answer
	// is the budget failure, and it fits.
	if env.OK || env.Failure.Reason != ReasonBudgetExceeded || env.Budget == nil || !env.Budget.BudgetMet || env.Budget.MeasuredTokens > least {
		t.Errorf("at the least answer: %s", mustMarshal(t, env))
	}
}

func checkBudgetAnswer(t *testing.T, name string, env *Envelope, tok shaper.Tokenizer, b shaper.Budget, identity []string, rows []any, offset int, failed *int) {
	t.Helper()
	bs, err := Marshal(env)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !env.OK {
		if env.Failure == nil || (env.Failure.Reason != ReasonBudgetUnsatisfiable && env.Failure.Reason != ReasonBudgetExceeded) {
			if env.Failure != nil && env.Failure.Kind != KindConfig {
				return // a parse failure the fixture records; nothing was cut
			}
			t.Fatalf("%s: failed otherwise: %s", name, bs)
		}
		if env.Stdout.Parsed != nil {
			t.Fatalf("%s: a budget failure carries rows: %.300s", name, bs)
		}
		if env.Budget != nil && (env.Budget.MeasuredTokens > b.MaxTokens || env.Budget.MeasuredTokens != tok.Count(bs)) {
			t.Fatalf("%s: the failure measures %d, states %+v: %s", name, tok.Count(bs), env.Budget, bs)
		}
		*failed++
		return
	}
	if env.Budget == nil {
		t.Fatalf("%s: no budget report: %.300s", name, bs)
	}
	if n := tok.Count(bs); n != env.Budget.MeasuredTokens || n > b.MaxTokens || !env.Budget.BudgetMet {
		t.Fatalf("%s: measured %d, states %+v", name, n, env.Budget)
	}
	g, err := shaper.Generic(env.Stdout.Parsed)
	if err != nil || env.Stdout.Parsed == nil {
		return // measured whole: no rows
	}
	_, got, err := shaper.FindArray(g, "")
	if err != nil {
		return
	}
	want := slices.Concat(b.RequiredFields, identity)
	for i, row := range got {
		src := offset + i
		if src >= len(rows) {
			t.Fatalf("%s: row %d past the %d rows", name, src, len(rows))
		}
		for _, f := range want {
			_, had := lookupPath(rows[src], f)
			if _, has := lookupPath(row, f); had && !has {
				t.Fatalf("%s: row %d lost %s: %s", name, src, f, mustMarshalAny(row))
			}
		}
	}
}

// commonFields lists the top-level scalar fields every row holds.
func commonFields(rows []any) []string {
	var out []string
	for i, row := range rows {
		o, ok := row.(*shaper.Object)
		if !ok {
			return nil
		}
		var here []string
		for j, k := range o.Keys {
			switch o.Vals[j].(type) {
			case *shaper.Object, []any, nil:
				continue
			}
			if i == 0 || slices.Contains(out, k) {
				here = append(here, k)
			}
		}
		out = here
	}
	return out
}

func mustMarshalAny(v any) string {
	b, err := Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
