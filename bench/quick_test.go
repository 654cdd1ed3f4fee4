package bench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/parism-go/parism/bench/internal/suite"
)

// TestQuickReport runs `parism-bench --quick` twice, in process, so that the
// benchmark cannot rot: the report must cover every scenario in testdata/,
// and its deterministic part (token counts, accuracy) and the token chart
// must come out byte-identical both times.
func TestQuickReport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the quick benchmark twice (about 15 s)")
	}
	root, err := suite.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	scen, err := suite.LoadScenarios("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(scen) < 17 {
		t.Fatalf("%d scenarios, want at least 17", len(scen))
	}
	var reports, charts [2]string
	var headline string
	for i := range 2 {
		out := t.TempDir()
		res, err := suite.Run(suite.Options{Quick: true, Root: root, Out: out, Binary: binary})
		if err != nil {
			t.Fatal(err)
		}
		if res.RoundErr != "" {
			t.Errorf("round trip not measured: %s", res.RoundErr)
		}
		if tl := res.ToolsList; tl == nil || len(tl.Tools) != 7 || tl.Tokens[suite.Tokenizers[0]] == 0 || tl.Tokens[suite.Tokenizers[0]] > 3000 {
			t.Errorf("tools/list cost %+v: want 7 tools and 1-3,000 o200k_base tokens", tl)
		}
		if len(res.Throughput) == 0 || len(res.Overhead) == 0 {
			t.Errorf("speed section empty: %d throughputs, %d overhead steps", len(res.Throughput), len(res.Overhead))
		}
		for _, r := range res.Tokens {
			raw := r.Forms[suite.FormRaw]
			for _, tok := range suite.Tokenizers {
				if raw.Tokens[tok] == 0 {
					t.Errorf("%s: raw has no %s tokens", r.Scenario.ID, tok)
				}
				if j := r.Forms[suite.FormJSON]; !j.Applies() || j.Tokens[tok] <= raw.Tokens[tok] {
					t.Errorf("%s: json envelope (%v) not larger than raw (%d)", r.Scenario.ID, j.Tokens, raw.Tokens[tok])
				}
			}
			// ls is the parser every figure of the original is about.
			if r.Scenario.Cmd == "ls" {
				if !r.Parsed() {
					t.Errorf("%s: %s", r.Scenario.ID, r.Status)
				} else if m := r.Forms[suite.FormSelectLimit]; !m.Applies() || m.Rows[suite.Tokenizers[0]] != min(r.Rows, suite.SelectLimit) {
					t.Errorf("%s: select+limit %+v", r.Scenario.ID, m)
				}
			}
		}
		b, err := os.ReadFile(filepath.Join(out, suite.ReportFile))
		if err != nil {
			t.Fatal(err)
		}
		reports[i] = string(b)
		headline = suite.Headline(res)
		if b, err = os.ReadFile(filepath.Join(out, suite.TokensChartFile)); err != nil {
			t.Fatal(err)
		}
		charts[i] = string(b)
		if _, err := os.Stat(filepath.Join(out, suite.SpeedChartFile)); err != nil {
			t.Error(err)
		}
	}
	report := reports[0]
	for _, s := range scen {
		// A row in the scenario table, and one in each tokenizer's table.
		if !strings.Contains(report, "| "+s.ID+" |") {
			t.Errorf("report lacks scenario %s", s.ID)
		}
		if n := strings.Count(report, "| "+s.Title+" |"); n < len(suite.Tokenizers) {
			t.Errorf("report has %d token rows for %q, want %d", n, s.Title, len(suite.Tokenizers))
		}
	}
	for _, h := range []string{"## 1. Tokens", "## 2. Accuracy", "## 3. Speed", "### tools/list", "| **whole tools/list** |", "### Parse throughput", "### MCP round trip"} {
		if !strings.Contains(report, h) {
			t.Errorf("report lacks %q", h)
		}
	}
	d0, d1 := suite.Deterministic(reports[0]), suite.Deterministic(reports[1])
	if d0 == "" {
		t.Fatal("report has no deterministic section")
	}
	if d0 != d1 {
		t.Errorf("token figures differ between two runs:\n%s", quickReportDiff(d0, d1))
	}
	if charts[0] != charts[1] {
		t.Errorf("token chart differs between two runs:\n%s", quickReportDiff(charts[0], charts[1]))
	}

	// What the repository shows must be what the code measures today: the
	// committed report's deterministic part and the README's headline.
	committed, err := os.ReadFile(filepath.Join(root, "bench", suite.ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	if c := suite.Deterministic(string(committed)); c != d0 {
		t.Errorf("bench/%s is stale (run `go tool -C tools task -d .. bench -- --quick`):\n%s", suite.ReportFile, quickReportDiff(c, d0))
	}
	readme, err := suite.ReadmeHeadline(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if readme != strings.TrimSpace(headline) {
		t.Errorf("README.md's benchmark headline is stale (run `go tool -C tools task -d .. bench -- --quick`):\n%s", quickReportDiff(readme, strings.TrimSpace(headline)))
	}
}

func quickReportDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n  " + x + "\n  " + y
		}
	}
	return "(no line differs)"
}
