package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/shaper"
)

// TestBudgetFormatCarriesMostRows runs a real ls -l of 500 files under a
// 2,000-token budget: with no format named, the answer takes the form
// whose page holds the most rows (compact here, against json-no-raw), a
// named format is kept, and _summary.shown counts the rows of the answer.
func TestBudgetFormatCarriesMostRows(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	for i := range 500 {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("report-%03d.csv", i)), strings.Repeat("x", i))
	}
	ctx := WithOwner(context.Background(), "s")
	run := func(format string, evidence string) (*Envelope, int) {
		t.Helper()
		env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Format: format, Evidence: evidence, Retain: true,
			Budget: &shaper.Budget{MaxTokens: 2000}})
		if !env.OK || env.Budget == nil || !env.Budget.BudgetMet || env.Continuation == nil {
			t.Fatalf("format %q: %.600s", format, mustMarshal(t, env))
		}
		return env, returnedRows(t, env)
	}
	_, noRaw := run(FormatJSONNoRaw, "")
	_, compact := run(FormatCompact, "")
	env, adaptive := run("", "")
	if compact <= noRaw {
		t.Fatalf("compact holds %d rows, json-no-raw %d: the test needs compact to win", compact, noRaw)
	}
	// format_reason "adaptive" costs the adaptive answer a few tokens
	// that the named compact does not pay.
	if adaptive <= noRaw || adaptive < compact-compact/50 || env.Stdout.Format != FormatCompact || env.Stdout.FormatReason != FormatReasonAdaptive {
		t.Errorf("no format named: %d rows as %q (%s); json-no-raw holds %d, compact %d",
			adaptive, env.Stdout.Format, env.Stdout.FormatReason, noRaw, compact)
	}
	// The next page, through fetch_result, has the same form and goes on
	// where the first stopped.
	next := e.FetchResult(ctx, env.Continuation.ResultID, env.Continuation.Cursor)
	if !next.OK || next.Stdout.Format != FormatCompact {
		t.Fatalf("next page: %.600s", mustMarshal(t, next))
	}
	if n := returnedRows(t, next); n == 0 || n > 500-adaptive {
		t.Errorf("next page holds %d rows after %d", n, adaptive)
	}
	// A named format, and evidence (pointers need unfolded rows), keep
	// the rows unfolded.
	if env, _ := run(FormatJSON, ""); env.Stdout.Format == FormatCompact {
		t.Errorf("format json named, answer is compact")
	}
	if env, _ := run("", EvidenceRows); env.Stdout.Format == FormatCompact {
		t.Errorf("evidence asked, answer is compact")
	}
}

// returnedRows checks that _summary.shown says how many rows env holds
// (the budget omission's rows_returned) and returns it.
func returnedRows(t *testing.T, env *Envelope) int {
	t.Helper()
	var om *Omission
	for i := range env.Omission {
		if env.Omission[i].Stage == shaper.StageBudget {
			om = &env.Omission[i]
		}
	}
	if om == nil {
		t.Fatalf("no budget omission: %.600s", mustMarshal(t, env))
	}
	shown, ok := lookupPath(env.Stdout.Parsed, "_summary.shown")
	if !ok || fmt.Sprint(shown) != fmt.Sprint(om.RowsReturned) {
		t.Errorf("_summary.shown = %v, the answer holds %d rows", shown, om.RowsReturned)
	}
	return om.RowsReturned
}
