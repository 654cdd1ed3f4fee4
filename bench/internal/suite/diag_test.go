package suite

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDiagExpectedMatchesSources: every expected diagnostic names a line
// of its seeded project that exists and is not blank, every project has
// 20 seeded diagnostics or more (issue 17), and every language has
// failing tests.
func TestDiagExpectedMatchesSources(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "diag")
	exps, err := LoadDiagExpected(dir)
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]bool{}
	for _, e := range exps {
		langs[e.Language] = true
		seeded, tests := map[string]bool{}, 0
		for _, r := range e.Runs {
			tests += len(r.FailedTests)
			for _, d := range r.Diagnostics {
				f, err := os.Open(filepath.Join(dir, r.Project, d.File))
				if err != nil {
					t.Errorf("%s %s: %v", e.Language, r.Title, err)
					continue
				}
				var lines []string
				sc := bufio.NewScanner(f)
				for sc.Scan() {
					lines = append(lines, sc.Text())
				}
				f.Close()
				if d.Line < 1 || int(d.Line) > len(lines) || strings.TrimSpace(lines[d.Line-1]) == "" {
					t.Errorf("%s %s: %s:%d is no line of the source", e.Language, r.Title, d.File, d.Line)
				} else if d.Column != nil && int(*d.Column) > len(strings.ReplaceAll(lines[d.Line-1], "\t", "        "))+1 {
					// gcc counts display columns: a tab is up to 8
					t.Errorf("%s %s: %s:%d:%d is past the end of the line", e.Language, r.Title, d.File, d.Line, *d.Column)
				}
				seeded[r.Project+"/"+d.File+":"+strconv.FormatInt(d.Line, 10)] = true
			}
		}
		if len(seeded) < 20 || tests == 0 && e.Language != "c" {
			t.Errorf("%s: %d seeded lines with a diagnostic, %d failing tests", e.Language, len(seeded), tests)
		}
	}
	for _, l := range []string{"go", "rust", "ts", "python", "c"} {
		if !langs[l] {
			t.Errorf("no seeded project for %s", l)
		}
	}
}

// TestDiagGoAndC runs the Go and C runs of the scenario with the real
// tools (each skipped when missing) and wants every seeded diagnostic
// and failing test read right, and the select form smaller than json.
func TestDiagGoAndC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs compilers")
	}
	dir := filepath.Join("..", "..", "testdata", "diag")
	exps, err := LoadDiagExpected(dir)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := newTokenBench()
	if err != nil {
		t.Fatal(err)
	}
	measured := 0
	for _, e := range exps {
		if e.Language != "go" && e.Language != "c" {
			continue
		}
		for _, spec := range e.Runs {
			r, err := tb.diagRun(dir, e.Language, spec)
			if err != nil {
				t.Fatalf("%s: %v", spec.Title, err)
			}
			if strings.HasPrefix(r.Status, "skipped") {
				t.Logf("%s: %s", spec.Title, r.Status)
				continue
			}
			if !r.Measured() {
				t.Errorf("%s: %s", spec.Title, r.Status)
				continue
			}
			measured++
			if r.DiagRight != r.DiagTotal || r.TestsRight != r.TestsTotal || r.InRaw != r.DiagTotal {
				t.Errorf("%s: %d/%d diagnostics, %d/%d tests right; wrong: %q", spec.Title, r.DiagRight, r.DiagTotal, r.TestsRight, r.TestsTotal, r.Wrong)
			}
			if r.Tokens[DiagFormRaw] == 0 || r.Tokens[DiagFormSelect] == 0 || r.Tokens[DiagFormSelect] >= r.Tokens[DiagFormJSON] {
				t.Errorf("%s: tokens %v", spec.Title, r.Tokens)
			}
		}
	}
	if measured < 3 {
		t.Errorf("only %d runs measured (go build, vet and test need only go)", measured)
	}
	report := DiagReport(nil, "")
	if !strings.Contains(report, "## 4. Diagnostics") {
		t.Errorf("report section: %q", report)
	}
}

// TestDiagExpectedInRawOutput runs every command of the scenario whose
// tool is installed here and wants every expected diagnostic's place and
// message in its raw output: the expected lists hold for this machine's
// tools whether or not the catalog has their parser yet.
func TestDiagExpectedInRawOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs compilers")
	}
	dir := filepath.Join("..", "..", "testdata", "diag")
	exps, err := LoadDiagExpected(dir)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := newTokenBench()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range exps {
		if e.Language == "go" || e.Language == "c" {
			continue // TestDiagGoAndC
		}
		for _, spec := range e.Runs {
			if len(spec.Diagnostics) == 0 {
				continue
			}
			r, err := tb.diagRun(dir, e.Language, spec)
			if err != nil {
				t.Fatalf("%s: %v", spec.Title, err)
			}
			if strings.HasPrefix(r.Status, "skipped") {
				t.Logf("%s: %s", spec.Title, r.Status)
				continue
			}
			if r.InRaw != r.DiagTotal {
				t.Errorf("%s %s: %d of %d expected diagnostics in the raw output", e.Language, spec.Title, r.InRaw, r.DiagTotal)
			}
		}
	}
}
