package suite

import (
	"path/filepath"
	"testing"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/shaper"
)

// TestCompactTarget holds the compact form to its target: on ls -la of 200
// entries, the whole compact envelope measures at most 1.3 times the raw
// text's o200k_base tokens (the original's json was about 2.4 times), and
// Expand gives the parsed value back.
func TestCompactTarget(t *testing.T) {
	scen, err := LoadScenarios(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := newTokenBench()
	if err != nil {
		t.Fatal(err)
	}
	o200 := shaper.TokenizerO200k
	found := false
	for _, s := range scen {
		r, err := tb.Run(s)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Parsed() {
			continue
		}
		ratio := r.Ratio(FormCompact, o200)
		t.Logf("%-22s raw %6d  json %6d  compact %6d  (%.2fx raw)", s.ID, r.Forms[FormRaw].Tokens[o200],
			r.Forms[FormJSON].Tokens[o200], r.Forms[FormCompact].Tokens[o200], ratio)
		// Compact never costs more than json-no-raw beyond its
		// "format":"compact" marker (and where nothing folds, that is all).
		if r.Forms[FormCompact].Tokens[o200] > r.Forms[FormJSONNoRaw].Tokens[o200]+12 {
			t.Errorf("%s: compact (%d) is larger than json-no-raw (%d)", s.ID, r.Forms[FormCompact].Tokens[o200], r.Forms[FormJSONNoRaw].Tokens[o200])
		}
		if s.ID != "ls-la-200" {
			continue
		}
		found = true
		if ratio > 1.3 {
			t.Errorf("ls -la 200: compact is %.2fx the raw text's o200k_base tokens, want at most 1.3x", ratio)
		}
		full := tb.envelope(s, "json")
		compact := tb.envelope(s, "compact")
		g, err := shaper.Generic(full.Stdout.Parsed)
		if err != nil {
			t.Fatal(err)
		}
		want := g
		back := shaper.Expand(compact.Stdout.Parsed)
		wb, _ := engine.Marshal(want)
		bb, _ := engine.Marshal(back)
		if string(wb) != string(bb) {
			t.Errorf("ls -la 200: Expand(compact) differs from parsed")
		}
	}
	if !found {
		t.Fatal("no ls-la-200 scenario")
	}
}
