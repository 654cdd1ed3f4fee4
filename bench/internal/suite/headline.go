package suite

import (
	"fmt"
	"os"
	"strings"

	"github.com/parism-go/parism/shaper"
)

// Markers around the headline block that README.md quotes; SyncReadme
// rewrites what lies between them, and TestQuickReport fails when the
// README's copy differs from a fresh run, so the README cannot go stale.
const (
	HeadlineBegin = "<!-- bench:headline:begin -->"
	HeadlineEnd   = "<!-- bench:headline:end -->"
)

// Headline renders the headline bullets of the token section: the figures
// the README quotes. It depends only on the deterministic token results.
func Headline(res *Results) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	o200 := shaper.TokenizerO200k
	if r := find(res.Tokens, "ls-la-200"); r != nil && r.Parsed() {
		w("- **ls -la, 200 entries** (o200k_base): raw %s, json %s (%s), json-no-raw %s (%s), compact %s (%s), select+limit %s (%s). ",
			num(r.Forms[FormRaw].Tokens[o200]), num(r.Forms[FormJSON].Tokens[o200]), ratio(r.Ratio(FormJSON, o200)),
			num(r.Forms[FormJSONNoRaw].Tokens[o200]), ratio(r.Ratio(FormJSONNoRaw, o200)),
			num(r.Forms[FormCompact].Tokens[o200]), ratio(r.Ratio(FormCompact, o200)),
			tokensOr(r, FormSelectLimit, o200), ratio(r.Ratio(FormSelectLimit, o200)))
		w("The original published raw %s vs JSON %s in one README and %s vs %s in another.\n",
			num(origLs200RawA), num(origLs200JSONA), num(origLs200RawB), num(origLs200JSONB))
	}
	if r := find(res.Tokens, "ls-l-500"); r != nil && r.Parsed() {
		w("- **500-entry listing** (o200k_base): raw %s, json %s, json-no-raw %s, compact %s; select+limit (%s, %d rows) %s. The original: %s -> %s with select+limit.\n",
			num(r.Forms[FormRaw].Tokens[o200]), num(r.Forms[FormJSON].Tokens[o200]), num(r.Forms[FormJSONNoRaw].Tokens[o200]),
			num(r.Forms[FormCompact].Tokens[o200]), strings.Join(r.Select, ", "), SelectLimit, tokensOr(r, FormSelectLimit, o200),
			num(orig500Before), num(orig500After))
	}
	sm := res.Summary
	if sm.Parsed > 0 {
		w("- **JSON against raw**, over the %d scenarios a parser read (o200k_base): json averages %s raw (%s; all scenarios together %s), ",
			sm.Parsed, ratio(sm.MeanRatio[FormJSON][o200]), heavier(sm.MeanRatio[FormJSON][o200]), ratio(sm.Aggregate[FormJSON][o200]))
		w("json-no-raw %s (%s), compact %s (%s). ",
			ratio(sm.MeanRatio[FormJSONNoRaw][o200]), heavier(sm.MeanRatio[FormJSONNoRaw][o200]),
			ratio(sm.MeanRatio[FormCompact][o200]), heavier(sm.MeanRatio[FormCompact][o200]))
		w("The original: \"JSON output averages %d%% heavier than raw text\" (3.05× read literally; 2.05× if it meant %d%% of raw).\n",
			origJSONHeavierPercent, origJSONHeavierPercent)
		var cheaper, dearer []string
		for _, r := range res.Tokens {
			if !r.Parsed() {
				continue
			}
			if r.Ratio(FormCompact, o200) < 1 {
				cheaper = append(cheaper, r.Scenario.ID)
			}
			if r.Ratio(FormJSONNoRaw, o200) > 1 {
				dearer = append(dearer, r.Scenario.ID)
			}
		}
		w("- **Where it costs more**: the full json envelope always costs more than raw, since it carries raw too. ")
		w("json-no-raw costs more than raw in %d of %d parsed scenarios", len(dearer), sm.Parsed)
		if len(dearer) > 0 && len(dearer) < sm.Parsed {
			w(" (%s)", strings.Join(dearer, ", "))
		}
		w("; compact is smaller than raw in %d", len(cheaper))
		if len(cheaper) > 0 {
			w(" (%s)", strings.Join(cheaper, ", "))
		}
		w(".\n")
	}
	var noParser []string
	for _, r := range res.Tokens {
		if !r.Parsed() {
			noParser = append(noParser, r.Scenario.ID+" ("+r.Status+")")
		}
	}
	if len(noParser) > 0 {
		w("- **Not parsed**: %s. Their json forms are the envelope around raw, parsed null.\n", strings.Join(noParser, ", "))
	}
	return b.String()
}

// ReadmeHeadline returns the block between the headline markers of the
// README at path, or "" when it has none.
func ReadmeHeadline(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := string(b)
	i, j := strings.Index(s, HeadlineBegin), strings.Index(s, HeadlineEnd)
	if i < 0 || j < i {
		return "", nil
	}
	return strings.TrimSpace(s[i+len(HeadlineBegin) : j]), nil
}

// SyncReadme replaces the block between the headline markers of the README
// at path with headline; a README without the markers is left alone and
// reported as an error.
func SyncReadme(path, headline string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, HeadlineBegin), strings.Index(s, HeadlineEnd)
	if i < 0 || j < i {
		return fmt.Errorf("%s: no %s ... %s block to update", path, HeadlineBegin, HeadlineEnd)
	}
	out := s[:i+len(HeadlineBegin)] + "\n" + strings.TrimSpace(headline) + "\n" + s[j:]
	if out == s {
		return nil
	}
	return os.WriteFile(path, []byte(out), 0o644)
}
