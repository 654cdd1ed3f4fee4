package suite

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/shaper"
)

// The markers around the deterministic part of report.md: everything
// between them is byte-identical from run to run.
const (
	DeterministicBegin = "<!-- deterministic: begin -->"
	DeterministicEnd   = "<!-- deterministic: end -->"
)

// The original Parism's published figures (README of
// github.com/JinHo-von-Choi/parism; two README versions gave two pairs for
// ls -la with 200 files). It does not say which tokenizer it used.
const (
	origLs200RawA, origLs200JSONA = 5807, 15531
	origLs200RawB, origLs200JSONB = 5044, 12204
	orig500Before, orig500After   = 30122, 725
	origJSONHeavierPercent        = 205
)

// Deterministic returns the deterministic part of a report.
func Deterministic(report string) string {
	s := report
	i, j := strings.Index(s, DeterministicBegin), strings.Index(s, DeterministicEnd)
	if i < 0 || j < i {
		return ""
	}
	return s[i : j+len(DeterministicEnd)]
}

// num writes n with thousands separators.
func num(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func ratio(r float64) string {
	switch {
	case r == 0:
		return "–"
	case r < 0.1:
		return fmt.Sprintf("%.3f×", r)
	}
	return fmt.Sprintf("%.2f×", r)
}

func heavier(r float64) string {
	p := (r - 1) * 100
	if p >= 0 {
		return fmt.Sprintf("%.0f%% heavier", p)
	}
	return fmt.Sprintf("%.0f%% lighter", -p)
}

func find(rs []*TokenResult, id string) *TokenResult {
	for _, r := range rs {
		if r.Scenario.ID == id {
			return r
		}
	}
	return nil
}

// cell is a form's token count for tok, its ratio to raw, and rows kept.
func cell(r *TokenResult, form, tok string) string {
	m := r.Forms[form]
	if !m.Applies() {
		if m != nil && m.Note != "" {
			return "– (" + m.Note + ")"
		}
		return "–"
	}
	s := num(m.Tokens[tok])
	if form != FormRaw {
		s += " (" + ratio(r.Ratio(form, tok)) + ")"
	}
	if m.Rows != nil {
		s += fmt.Sprintf(", %d/%d rows", m.Rows[tok], m.Total)
	}
	return s
}

// Report renders report.md.
func Report(res *Results) []byte {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	o200, cl100 := shaper.TokenizerO200k, shaper.TokenizerCl100k

	w("# Parism for Go: benchmark report\n\n")
	w("Written by `task bench` (`go run ./bench/cmd/parism-bench`); `task bench -- --quick` is the short run that CI does. ")
	w("Sections 1 and 2 are deterministic: the same bytes on every run and every machine, because the inputs are committed ")
	w("(`bench/testdata/`, see its README), dates are completed with a fixed clock (%s) and tokens are counted exactly. ", Now.Format("2006-01-02 15:04 MST"))
	w("Section 3 is timing, on the machine it names; section 4 runs the real compilers, linters and test runners of this machine over seeded failing projects.\n\n")
	w("%s\n\n", DeterministicBegin)

	// ------------------------------------------------------------ tokens
	w("## 1. Tokens\n\n")
	w("Every scenario's output is parsed by the engine (`engine.Parse`, as `parism parse` does) and encoded by `engine.Marshal`, exactly as the server sends it. ")
	w("Forms: **raw** is the command's output alone; **json** the full envelope (raw and parsed); **json-no-raw** the envelope without raw; ")
	w("**compact** the envelope with parsed folded into `{schema, rows}` tables; **select+limit** the json-no-raw envelope with one array reduced to a pair of fields and %d rows by `shaper.Apply`; ", SelectLimit)
	w("**budget** the json-no-raw envelope cut by `shaper.Fit` to max_tokens %s, required fields in every row, with its budget report, omission and cursor (each tokenizer fits its own count). ", num(BudgetTokens))
	w("They are what the server's `run` tool answers for the same `select`/`limit` and `budget` arguments, rendered here through the shaper's API so that no command runs. ")
	w("Fixed envelope fields: `exitCode` 0, `cwd` %q, `duration_ms` %v. Ratios are to raw.\n\n", envCwd, envDurationMs)

	w("### Headline\n\n%s", Headline(res))
	w("\n![Tokens per form and scenario, o200k_base, log scale](%s)\n\n", TokensChartFile)

	for _, tok := range []string{o200, cl100} {
		w("### %s\n\n", tok)
		w("| Scenario | raw | json | json-no-raw | compact | select+limit | budget |\n")
		w("|---|--:|--:|--:|--:|--:|--:|\n")
		for _, r := range res.Tokens {
			w("| %s |", r.Scenario.Title)
			for _, f := range Forms {
				w(" %s |", cell(r, f, tok))
			}
			w("\n")
		}
		w("\n")
	}

	w("### Against the original's published figures\n\n")
	w("The original does not say which tokenizer it counted with, nor what its listings held; ours are this repository's inputs.\n\n")
	w("| Figure | Original | Ours, o200k_base | Ours, cl100k_base |\n|---|--:|--:|--:|\n")
	if r := find(res.Tokens, "ls-la-200"); r != nil {
		w("| ls -la 200 files: raw | %s / %s | %s | %s |\n", num(origLs200RawA), num(origLs200RawB), num(r.Forms[FormRaw].Tokens[o200]), num(r.Forms[FormRaw].Tokens[cl100]))
		w("| ls -la 200 files: JSON | %s / %s | %s | %s |\n", num(origLs200JSONA), num(origLs200JSONB), tokensOr(r, FormJSON, o200), tokensOr(r, FormJSON, cl100))
		w("| ls -la 200 files: JSON/raw | %s / %s | %s | %s |\n", ratio(float64(origLs200JSONA)/origLs200RawA), ratio(float64(origLs200JSONB)/origLs200RawB),
			ratio(r.Ratio(FormJSON, o200)), ratio(r.Ratio(FormJSON, cl100)))
		w("| ls -la 200 files: compact | – | %s | %s |\n", tokensOr(r, FormCompact, o200), tokensOr(r, FormCompact, cl100))
	}
	if r := find(res.Tokens, "ls-l-500"); r != nil {
		w("| 500-entry listing: before select+limit (json) | %s | %s | %s |\n", num(orig500Before), tokensOr(r, FormJSON, o200), tokensOr(r, FormJSON, cl100))
		w("| 500-entry listing: select+limit | %s | %s | %s |\n", num(orig500After), tokensOr(r, FormSelectLimit, o200), tokensOr(r, FormSelectLimit, cl100))
	}
	if sm := res.Summary; sm.Parsed > 0 {
		w("| JSON vs raw, mean over scenarios | %d%% heavier | %s | %s |\n", origJSONHeavierPercent,
			heavier(sm.MeanRatio[FormJSON][o200]), heavier(sm.MeanRatio[FormJSON][cl100]))
	}
	w("\n")

	if tl := res.ToolsList; tl != nil {
		w("### tools/list\n\n")
		w("What every conversation pays before the first call: the `tools/list` result of a default server as a client receives it (an in-memory MCP session), counted whole. ")
		w("The Node original's four tools cost %s o200k_base tokens.\n\n", num(origToolsListTokens))
		w("| Tool | Bytes | o200k_base |\n|---|--:|--:|\n")
		for _, t := range tl.Tools {
			w("| %s | %s | %s |\n", t.Name, num(t.Bytes), num(t.Tokens))
		}
		w("| **whole tools/list** | %s | %s (cl100k_base %s) |\n\n", num(tl.Bytes), num(tl.Tokens[o200]), num(tl.Tokens[cl100]))
	}

	w("### Scenarios\n\n")
	w("Inputs are in `bench/testdata/<scenario>/` (`raw.txt`, `scenario.json`): **captured** on a Linux machine by `capture-linux.sh`, or **written** from the documented format by `synth.go` (see `bench/testdata/README.md`). ")
	w("Budget: the parser's key fields that every row holds are required (the engine requires all of them, so where some row lacks one its own budget would answer budget_unsatisfiable), or else the first field of the pair. Rows: of the array the last two forms work on; omitted: dropped at the engine's max_items (%d).\n\n", config.Default().Guard.MaxItems)
	w("| Scenario | Command | OS | Input | Bytes | Lines | Parser | Status | Rows | Pair selected | Budget requires |\n")
	w("|---|---|---|---|--:|--:|---|---|--:|---|---|\n")
	for _, r := range res.Tokens {
		s := r.Scenario
		rows := "–"
		if r.Rows > 0 || r.Parsed() {
			rows = num(r.Rows)
			if r.Omitted > 0 {
				rows += fmt.Sprintf(" (+%d omitted)", r.Omitted)
			}
		}
		pair := "–"
		if len(r.Select) > 0 {
			pair = "`" + strings.Join(r.Select, "`, `") + "`"
			if strings.Join(r.Select, ",") != strings.Join(s.Select, ",") {
				pair += " (instead of `" + strings.Join(s.Select, "`, `") + "`)"
			}
		}
		req := "–"
		if len(r.Required) > 0 {
			req = "`" + strings.Join(r.Required, "`, `") + "`"
		}
		if len(r.KeysMissing) > 0 {
			req += " (key fields not in every row: `" + strings.Join(r.KeysMissing, "`, `") + "`)"
		}
		parser := r.Parser
		if parser == "" {
			parser = "–"
		}
		w("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.ID, s.CommandLine(), parserOS(s.OS), s.Source,
			num(len(s.Raw)), num(strings.Count(s.Raw, "\n")), parser, r.Status, rows, pair, req)
	}
	w("\n")

	// ---------------------------------------------------------- accuracy
	w("## 2. Accuracy on the golden fixtures\n\n")
	a := res.Accuracy
	cases, fields, right := a.Totals()
	w("Every case in `catalog/testdata/<os>/<parser>/*.json` (format: `catalog/testdata/README.md`) is parsed with its args, now, location, OS and max_items, ")
	w("and the outcome compared with `expected` leaf by leaf (every scalar and every empty array or object, missing or unexpected ones included; ")
	w("unread lines and omitted rows count as one field each, warnings when the case states them).\n\n")
	if fields > 0 {
		w("**%s of %s fields right (%s) over %s cases and %d parsers.**", num(right), num(fields), share(right, fields), num(cases), len(a.Parsers))
	}
	if right == fields && len(a.Errors) == 0 {
		w(" No failures.\n\n")
	} else {
		w(" Failures are listed below.\n\n")
	}
	w("| Parser | Cases | Fields | Right | Share |\n|---|--:|--:|--:|--:|\n")
	for _, p := range a.Parsers {
		w("| %s | %d | %s | %s | %s |\n", p.Parser, p.Cases, num(p.Fields), num(p.Right), share(p.Right, p.Fields))
	}
	w("\n")
	if len(a.Errors) > 0 {
		w("Cases that could not run:\n\n")
		for _, e := range a.Errors {
			w("- %s\n", mdEscape(e))
		}
		w("\n")
	}
	if len(a.Mismatches) > 0 {
		const maxShown = 100
		w("Fields wrong (%d", len(a.Mismatches))
		if len(a.Mismatches) > maxShown {
			w(", the first %d shown", maxShown)
		}
		w("):\n\n| Case | Field | Expected | Got |\n|---|---|---|---|\n")
		for i, m := range a.Mismatches {
			if i == maxShown {
				break
			}
			w("| %s | `%s` | %s | %s |\n", m.Case, m.Pointer, clip(m.Expected), clip(m.Got))
		}
		w("\n")
	}
	w("%s\n\n", DeterministicEnd)

	// ------------------------------------------------------------- speed
	m := res.Machine
	w("## 3. Speed\n\n")
	w("Measured on %s, %d cores, %s, %s, %s.", m.CPU, m.Cores, m.Go, m.OS, m.Date)
	if res.Quick {
		w(" **Quick run** (`--quick`): %d KB inputs, %v per measurement, %d calls: indicative only.", res.InputSize>>10, res.MinTime, res.Calls)
	} else {
		w(" Inputs of at least %d MB, %v per measurement, %d calls for the round trip.", res.InputSize>>20, res.MinTime, res.Calls)
	}
	w(" Times per call are wall time, the best of %d rounds (the steps of one table taking turns), the figure least disturbed by other work on the machine; ", rounds)
	w("CPU is the process's CPU time over the same round (garbage collection included). Both still vary from run to run.\n\n")
	w("![Parse throughput and round trip](%s)\n\n", SpeedChartFile)

	w("### Parse throughput\n\n")
	w("`builtin.Default().Parse` on each parser's largest scenario, its rows repeated to the input size; MB/s by wall time (1 MB = 10^6 bytes).\n\n")
	w("| Parser | Input | Size | Rows | Unread lines | Time per parse | CPU per parse | MB/s | Allocs per parse |\n|---|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, t := range res.Throughput {
		if t.Err != "" {
			w("| %s | %s | %s | – | – | – | – | – | %s |\n", t.Parser, t.Scenario, num(t.Bytes), mdEscape(clip(t.Err)))
			continue
		}
		w("| %s | %s repeated | %s | %s | %d | %s | %s | %.1f | %s |\n", t.Parser, t.Scenario, num(t.Bytes), num(t.Rows), t.Unread,
			dur(t.PerOp), dur(t.CPUOp), t.MBps, num(int(math.Round(t.AllocsOp))))
	}
	w("\n")

	w("### Engine overhead per call\n\n")
	if len(res.Overhead) > 0 {
		w("On %s: the parser alone, then `e.Parse` (registry lookup, parse, shaping) and `engine.Marshal` (the bytes the server sends).\n\n", res.OverheadOn)
		w("| Step | µs per call | CPU µs per call | Allocs per call |\n|---|--:|--:|--:|\n")
		for _, o := range res.Overhead {
			w("| %s | %.1f | %.1f | %s |\n", o.Step, float64(o.PerOp.Nanoseconds())/1e3, float64(o.CPUOp.Nanoseconds())/1e3, num(int(math.Round(o.AllocsOp))))
		}
		if len(res.Overhead) >= 3 {
			base, full := res.Overhead[0].PerOp, res.Overhead[2].PerOp
			if full > base {
				w("\nThe engine and encoding add %.1f µs to the parser's %.1f µs for the json form.\n", float64((full-base).Nanoseconds())/1e3, float64(base.Nanoseconds())/1e3)
			} else {
				w("\nThe engine and encoding cost less than this measurement's noise on top of the parser's %.1f µs.\n", float64(base.Nanoseconds())/1e3)
			}
		}
	}
	w("\n### MCP round trip\n\n")
	if res.RoundErr != "" {
		w("Not measured: %s\n", mdEscape(res.RoundErr))
	} else if len(res.RoundTrip) > 0 {
		w("`run` of `ls -la` in a directory of 50 files through the built binary over stdio (an MCP client in this process), beside a bare `exec` of the same command; and the server's start-up.\n\n")
		w("| Measure | Calls | p50 | p99 | Mean | Max |\n|---|--:|--:|--:|--:|--:|\n")
		for _, l := range res.RoundTrip {
			w("| %s | %d | %s | %s | %s | %s |\n", l.Name, l.Calls, dur(l.P50), dur(l.P99), dur(l.Mean), dur(l.Max))
		}
		if len(res.RoundTrip) >= 2 {
			w("\nThe MCP round trip costs %s more than a bare spawn at p50 (%s at p99).\n",
				dur(res.RoundTrip[1].P50-res.RoundTrip[0].P50), dur(res.RoundTrip[1].P99-res.RoundTrip[0].P99))
		}
	}
	w("%s", sideBySideReport(res))
	if res.Diag != nil || res.DiagErr != "" {
		w("\n%s", DiagReport(res.Diag, res.DiagErr))
	}
	return []byte(b.String())
}

func tokensOr(r *TokenResult, form, tok string) string {
	if m := r.Forms[form]; m.Applies() {
		return num(m.Tokens[tok])
	}
	return "–"
}

func share(right, total int) string {
	if total == 0 {
		return "–"
	}
	if right == total {
		return "100%"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(right)/float64(total))
}

func dur(d time.Duration) string {
	switch {
	case d < 0:
		return "-" + dur(-d)
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d.Nanoseconds())/1e3)
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d.Nanoseconds())/1e6)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func clip(s string) string {
	s = mdEscape(s)
	if r := []rune(s); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return s
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ").Replace(s)
}
