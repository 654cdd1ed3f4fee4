package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/shaper"
)

// The diagnostics scenario (issue 17): seeded failing projects under
// bench/testdata/diag/<language>/, each with an expected.json listing the
// diagnostics (file, line, column, message) and failing tests it was
// seeded with. Each run copies its project into a temporary directory,
// runs the real tool there with both streams merged (as `2>&1 | parism
// parse` reads it), parses the output through the catalog, and counts
// what was read right; the tokens of the answer are measured in the
// forms an agent receives it.

// DiagExpected is one language's expected.json.
type DiagExpected struct {
	Language string        `json:"language"`
	Runs     []DiagRunSpec `json:"runs"`
}

// DiagRunSpec is one command over one seeded project.
type DiagRunSpec struct {
	Title string `json:"title"`
	// Project is the directory under bench/testdata/diag the command runs in.
	Project string   `json:"project"`
	Cmd     string   `json:"cmd"`
	Args    []string `json:"args"`
	// Diagnostics are the seeded diagnostics; a missing column means the
	// tool prints none.
	Diagnostics []DiagWant `json:"diagnostics"`
	// FailedTests are the names of the tests that must be read as failed.
	FailedTests []string `json:"failed_tests"`
}

// DiagWant is one expected diagnostic. Message is the tool's text, which
// the parsed message must hold (its first line equal to it, or holding it
// when a parser keeps a prefix).
type DiagWant struct {
	File    string `json:"file"`
	Line    int64  `json:"line"`
	Column  *int64 `json:"column,omitempty"`
	Message string `json:"message"`
}

// The token forms of the diagnostics scenario.
const (
	DiagFormRaw     = "raw"
	DiagFormJSON    = "json"
	DiagFormCompact = "compact"
	DiagFormSelect  = "select"
	// DiagFormCompactSelect is select in the compact format: what an agent
	// asking for format compact with the same select receives.
	DiagFormCompactSelect = "compact+select"
)

// DiagForms lists them in report order.
var DiagForms = []string{DiagFormRaw, DiagFormJSON, DiagFormCompact, DiagFormSelect, DiagFormCompactSelect}

// DiagRun is the outcome of one run.
type DiagRun struct {
	Language string
	Spec     DiagRunSpec
	// Status is "measured", "skipped: ..." (the tool is missing here) or
	// "no parser yet" (the catalog has no parser for the command; the raw
	// tokens are still counted).
	Status  string
	Parser  string
	Version string // the tool's --version first line
	// Diagnostics and tests read right, of those expected.
	DiagRight, DiagTotal   int
	TestsRight, TestsTotal int
	// Read is how many diagnostics the parser read in all (seeded ones
	// plus any others the tool printed).
	Read int
	// InRaw counts the expected diagnostics whose place and message the
	// raw output holds (file:line:col, file(line,col) or --> file:line:col),
	// parser or not: it checks the expected list against this machine's
	// tool.
	InRaw int
	// Wrong lists the expected rows not read right.
	Wrong []string
	// Tokens by form (o200k_base); SelectFields names the select form's.
	Tokens       map[string]int
	SelectFields []string
	SelectArray  string
	RawBytes     int
}

// Measured reports whether the run was parsed and compared.
func (r *DiagRun) Measured() bool { return r.Status == "measured" }

// LoadDiagExpected reads every bench/testdata/diag/*/expected.json.
func LoadDiagExpected(dir string) ([]*DiagExpected, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "expected.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no expected.json under %s", dir)
	}
	slices.Sort(files)
	var out []*DiagExpected
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		e := &DiagExpected{}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(e); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, r := range e.Runs {
			if r.Title == "" || r.Cmd == "" || r.Project == "" || len(r.Diagnostics)+len(r.FailedTests) == 0 {
				return nil, fmt.Errorf("%s: run %q needs a title, cmd, project and something expected", f, r.Title)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// diagEnv is the environment of every run: no colours, no backtraces, the
// seeded Go module outside the repository's workspace, C messages.
var diagEnv = []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "LC_ALL=C.UTF-8", "RUST_BACKTRACE=0",
	"CARGO_TERM_COLOR=never", "NO_COLOR=1", "FORCE_COLOR=0", "CI=true", "PYTHONDONTWRITEBYTECODE=1"}

// lookTool finds cmd in PATH or in GOPATH/bin (where go install puts
// staticcheck and golangci-lint).
func lookTool(cmd string) (string, error) {
	if p, err := exec.LookPath(cmd); err == nil {
		return p, nil
	}
	if gp, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
		for _, d := range filepath.SplitList(strings.TrimSpace(string(gp))) {
			if p, err := exec.LookPath(filepath.Join(d, "bin", cmd)); err == nil {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("%s not found", cmd)
}

// copyTree copies src into dst.
func copyTree(src, dst string) error {
	return filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}

// RunDiag runs every seeded project's commands (bench/testdata/diag under
// root) and measures them; logw receives progress lines.
func RunDiag(root string, logw io.Writer) ([]*DiagRun, error) {
	if logw == nil {
		logw = io.Discard
	}
	dir := filepath.Join(root, "bench", "testdata", "diag")
	exps, err := LoadDiagExpected(dir)
	if err != nil {
		return nil, err
	}
	tb, err := newTokenBench()
	if err != nil {
		return nil, err
	}
	var out []*DiagRun
	for _, e := range exps {
		for _, spec := range e.Runs {
			fmt.Fprintf(logw, "parism-bench: diagnostics: %s: %s\n", e.Language, spec.Title)
			r, err := tb.diagRun(dir, e.Language, spec)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", e.Language, spec.Title, err)
			}
			out = append(out, r)
		}
	}
	return out, nil
}

func (tb *tokenBench) diagRun(dir, lang string, spec DiagRunSpec) (*DiagRun, error) {
	r := &DiagRun{Language: lang, Spec: spec, DiagTotal: len(spec.Diagnostics), TestsTotal: len(spec.FailedTests), Tokens: map[string]int{}}
	bin, err := lookTool(spec.Cmd)
	if err != nil {
		r.Status = "skipped: " + spec.Cmd + " is not installed here"
		return r, nil
	}
	versionArg := "--version"
	if spec.Cmd == "go" {
		versionArg = "version"
	}
	if v, err := exec.Command(bin, versionArg).CombinedOutput(); err == nil {
		r.Version = strings.TrimSpace(strings.SplitN(string(v), "\n", 2)[0])
	}
	work, err := os.MkdirTemp("", "parism-diag-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	if err := copyTree(filepath.Join(dir, spec.Project), work); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, spec.Args...)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), diagEnv...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	_ = cmd.Run() // these commands fail: that is the point
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s did not finish in 5 minutes", spec.Cmd)
	}
	// The tool's own paths of the temporary copy read as the project's.
	raw := strings.ReplaceAll(buf.String(), work+string(filepath.Separator), "")
	r.RawBytes = len(raw)
	for _, w := range spec.Diagnostics {
		if rawHolds(raw, w) {
			r.InRaw++
		}
	}
	s := &Scenario{ID: "diag-" + lang + "-" + spec.Title, Title: spec.Title, Cmd: spec.Cmd, Args: spec.Args, OS: catalog.Linux, Raw: raw}
	r.Tokens[DiagFormRaw] = tb.toks[shaper.TokenizerO200k].Count([]byte(raw))
	if p, _ := builtin.Default().Lookup(spec.Cmd, spec.Args, catalog.Linux); p == nil {
		r.Status = "no parser yet"
		return r, nil
	}
	full := tb.envelope(s, engine.FormatJSON)
	r.Parser = full.Stdout.Parser
	if full.Stdout.Parsed == nil {
		reason := "nothing parsed"
		if full.Stdout.ParseError != nil {
			reason = string(full.Stdout.ParseError.Reason) + ": " + full.Stdout.ParseError.Message
		}
		r.Status = "parse failed: " + reason
		return r, nil
	}
	r.Status = "measured"
	b, err := json.Marshal(full.Stdout.Parsed)
	if err != nil {
		return nil, err
	}
	var got struct {
		Diagnostics []struct {
			File    string `json:"file"`
			Line    int64  `json:"line"`
			Column  *int64 `json:"column"`
			Message string `json:"message"`
		} `json:"diagnostics"`
		Tests []struct {
			Name   string `json:"name"`
			Status string `json:"status"`
		} `json:"tests"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		return nil, err
	}
	r.Read = len(got.Diagnostics)
	used := make([]bool, len(got.Diagnostics))
	// A message is right when its first line is the tool's text or holds
	// it (a parser may keep a prefix); a final period is not counted.
	norm := func(s string) string { return strings.TrimSuffix(strings.TrimSpace(s), ".") }
	for _, w := range spec.Diagnostics {
		found := false
		for i, g := range got.Diagnostics {
			first := norm(strings.SplitN(g.Message, "\n", 2)[0])
			if used[i] || strings.TrimPrefix(g.File, "./") != w.File || g.Line != w.Line || !sameCol(g.Column, w.Column) ||
				!(first == norm(w.Message) || strings.Contains(first, norm(w.Message))) {
				continue
			}
			used[i], found = true, true
			break
		}
		if found {
			r.DiagRight++
		} else {
			col := ""
			if w.Column != nil {
				col = fmt.Sprintf(":%d", *w.Column)
			}
			r.Wrong = append(r.Wrong, fmt.Sprintf("%s:%d%s: %s", w.File, w.Line, col, w.Message))
		}
	}
	for _, name := range spec.FailedTests {
		if slices.ContainsFunc(got.Tests, func(t struct {
			Name   string `json:"name"`
			Status string `json:"status"`
		}) bool {
			return t.Status == "fail" && (t.Name == name || strings.HasSuffix(t.Name, "::"+name) || strings.HasSuffix(t.Name, " "+name))
		}) {
			r.TestsRight++
		} else {
			r.Wrong = append(r.Wrong, "failed test "+name)
		}
	}

	for _, f := range []struct{ form, format string }{{DiagFormJSON, engine.FormatJSON}, {DiagFormCompact, engine.FormatCompact}} {
		b, err := engine.Marshal(tb.envelope(s, f.format))
		if err != nil {
			return nil, err
		}
		r.Tokens[f.form] = tb.toks[shaper.TokenizerO200k].Count(b)
	}
	// select: the json-no-raw envelope with the rows reduced to where to
	// look and what is wrong (for a test run, which test failed).
	r.SelectArray, r.SelectFields = "diagnostics", []string{"file", "line", "message"}
	if len(got.Diagnostics) == 0 && len(got.Tests) > 0 {
		r.SelectArray, r.SelectFields = "tests", []string{"name", "status"}
	}
	g, err := shaper.Generic(full.Stdout.Parsed)
	if err != nil {
		return nil, err
	}
	v, _, err := shaper.Apply(g, shaper.Query{Select: r.SelectFields, Array: r.SelectArray})
	if err == nil {
		env := tb.envelope(s, engine.FormatJSONNoRaw)
		env.Stdout.Parsed = v
		b, err := engine.Marshal(env)
		if err != nil {
			return nil, err
		}
		r.Tokens[DiagFormSelect] = tb.toks[shaper.TokenizerO200k].Count(b)
		env = tb.envelope(s, engine.FormatCompact)
		env.Stdout.Parsed = shaper.Compact(v)
		if b, err = engine.Marshal(env); err != nil {
			return nil, err
		}
		r.Tokens[DiagFormCompactSelect] = tb.toks[shaper.TokenizerO200k].Count(b)
	}
	return r, nil
}

// rawHolds reports whether raw prints w's place and message.
func rawHolds(raw string, w DiagWant) bool {
	if !strings.Contains(raw, w.Message) {
		return false
	}
	places := []string{fmt.Sprintf("%s:%d:", w.File, w.Line)}
	if w.Column != nil {
		places = []string{fmt.Sprintf("%s:%d:%d", w.File, w.Line, *w.Column), fmt.Sprintf("%s(%d,%d)", w.File, w.Line, *w.Column)}
	}
	for _, p := range places {
		if strings.Contains(raw, p) {
			return true
		}
	}
	return false
}

func sameCol(got, want *int64) bool {
	if want == nil {
		return got == nil
	}
	return got != nil && *got == *want
}

// DiagTotals sums the measured runs.
func DiagTotals(runs []*DiagRun) (right, total int, tokens map[string]int) {
	tokens = map[string]int{}
	for _, r := range runs {
		if !r.Measured() {
			continue
		}
		right += r.DiagRight + r.TestsRight
		total += r.DiagTotal + r.TestsTotal
		for f, n := range r.Tokens {
			tokens[f] += n
		}
	}
	return right, total, tokens
}

// DiagReport renders the diagnostics section of report.md.
func DiagReport(runs []*DiagRun, errText string) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("## 4. Diagnostics on seeded failing projects\n\n")
	w("Each project under `bench/testdata/diag/` was seeded with the errors and failing tests its `expected.json` lists (file, line, column, message). ")
	w("The real tool runs over a copy of it with both streams merged (as `2>&1 | parism parse` reads them), the catalog parses the output, ")
	w("and a diagnostic counts as right when file, line, column and message all are; a failing test when it is read as failed. ")
	w("Tokens (o200k_base) are of what an agent receives for the failure: **raw** the output alone, **json** the full envelope, ")
	w("**compact** the compact envelope, **select** the json-no-raw envelope with `select` of file/line/message (name/status for a test run), ")
	w("**compact+select** the same select in the compact format (key names once, not per row). ")
	w("**In raw** counts the expected diagnostics whose place (`file:line:col`, `file(line,col)`) and message the raw output holds: it checks the expected list against this machine's tool, parser or not. ")
	w("A tool missing here is skipped; a command the catalog has no parser for yet is listed with its raw tokens only. ")
	w("Run this section alone with `go run ./bench/cmd/parism-bench -diag`.\n\n")
	if errText != "" {
		w("Not measured: %s\n\n", mdEscape(errText))
		return b.String()
	}
	right, total, tok := DiagTotals(runs)
	if total > 0 {
		w("**%d of %d seeded diagnostics and failing tests read right (%s)**; tokens over the measured runs: raw %s, json %s, compact %s, select %s, compact+select %s.\n\n",
			right, total, share(right, total), num(tok[DiagFormRaw]), num(tok[DiagFormJSON]), num(tok[DiagFormCompact]), num(tok[DiagFormSelect]),
			num(tok[DiagFormCompactSelect]))
	}
	w("| Language | Command | Tool | Parser | Status | In raw | Diagnostics right | Failing tests right | Read | Raw | json | compact | select | compact+select |\n")
	w("|---|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range runs {
		cmdline := (&Scenario{Cmd: r.Spec.Cmd, Args: r.Spec.Args}).CommandLine()
		tokens := func(f string) string {
			if n, ok := r.Tokens[f]; ok {
				return num(n)
			}
			return "–"
		}
		dr, tr, read, inRaw := "–", "–", "–", "–"
		if r.DiagTotal > 0 && !strings.HasPrefix(r.Status, "skipped") {
			inRaw = fmt.Sprintf("%d/%d", r.InRaw, r.DiagTotal)
		}
		if r.Measured() {
			if r.DiagTotal > 0 {
				dr = fmt.Sprintf("%d/%d", r.DiagRight, r.DiagTotal)
			}
			if r.TestsTotal > 0 {
				tr = fmt.Sprintf("%d/%d", r.TestsRight, r.TestsTotal)
			}
			read = num(r.Read)
		}
		parser := r.Parser
		if parser == "" {
			parser = "–"
		}
		version := r.Version
		if version == "" {
			version = "–"
		}
		w("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Language, mdEscape(cmdline), clip(version), parser,
			mdEscape(r.Status), inRaw, dr, tr, read, tokens(DiagFormRaw), tokens(DiagFormJSON), tokens(DiagFormCompact), tokens(DiagFormSelect), tokens(DiagFormCompactSelect))
	}
	w("\n")
	var wrong []string
	for _, r := range runs {
		for _, x := range r.Wrong {
			wrong = append(wrong, r.Language+" "+r.Spec.Title+": "+x)
		}
	}
	if len(wrong) > 0 {
		w("Not read right (%d):\n\n", len(wrong))
		for _, x := range wrong {
			w("- %s\n", mdEscape(x))
		}
		w("\n")
	}
	return b.String()
}
