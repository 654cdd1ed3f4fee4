// Package diag reads the output of compilers, linters and test runners for the catalog: the parsers go-build, go-vet, go-test, gcc, cc, tsc, eslint, jest, vitest, npm-test, npm-run, npx-tsc, npx-eslint, npx-jest, npx-vitest, pytest, mypy, ruff-check, flake8, cargo-build, cargo-check, cargo-clippy, cargo-test, clang, clang++, make, gofmt, staticcheck, golangci-lint.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package diag

import (
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DiagResult is the shared shape of the diagnostics parsers.
type DiagResult struct {
	Diagnostics []Diagnostic  `json:"diagnostics"`
	Tests       []DiagTest    `json:"tests,omitempty"`
	Packages    []DiagPackage `json:"packages,omitempty"`
	Summary     DiagSummary   `json:"summary"`
}

// Diagnostic is one message a tool attached to a place in a file. Column
// is absent when the tool printed none; Message keeps the tool's
// continuation lines (tab-indented) whole.
type Diagnostic struct {
	File   string `json:"file"`
	Line   int64  `json:"line"`
	Column *int64 `json:"column,omitempty"`
	// EndLine and EndColumn end the range the tool marked, where it
	// prints one (mypy --show-error-end, eslint -f json, cargo's JSON
	// messages).
	EndLine   *int64 `json:"end_line,omitempty"`
	EndColumn *int64 `json:"end_column,omitempty"`
	Severity  string `json:"severity"` // error, warning; note for a note on no diagnostic (mypy)
	// Code is the tool's name for the check (gcc's -Wformat=).
	Code    string `json:"code,omitempty"`
	Message string `json:"message"`
	Package string `json:"package,omitempty"`
	// Dir is the directory the tool ran in when it printed this, where
	// the output says so and file is relative to it (make's "Entering
	// directory" of a recursive make).
	Dir  string `json:"dir,omitempty"`
	Tool string `json:"tool"`
	// Notes are the compiler's notes on this diagnostic (gcc's "note:
	// declared here"), attached to it.
	Notes []DiagNote `json:"notes,omitempty"`
	// Frame is the source excerpt the tool printed under the message
	// (rustc's code frame with its labels), kept whole.
	Frame string `json:"frame,omitempty"`
	// Fixes are the compiler's machine-readable fix-it hints (gcc's and
	// clang's -fdiagnostics-parseable-fixits) for it and its notes.
	Fixes []DiagFix `json:"fixes,omitempty"`
}

// DiagFix is one fix-it hint: replace the range [line:column,
// end_line:end_column) of file with text (an insertion when the range is
// empty, a deletion when text is).
type DiagFix struct {
	File      string `json:"file"`
	Line      int64  `json:"line"`
	Column    int64  `json:"column"`
	EndLine   int64  `json:"end_line"`
	EndColumn int64  `json:"end_column"`
	Text      string `json:"text"`
}

// DiagNote is a note that belongs to a diagnostic.
type DiagNote struct {
	File    string `json:"file"`
	Line    int64  `json:"line"`
	Column  *int64 `json:"column,omitempty"`
	Message string `json:"message"`
	// Level is the tool's word for the note when it has several (rustc's
	// note and help).
	Level string `json:"level,omitempty"`
}

// DiagTest is one test's verdict; Output is its own output, kept whole.
type DiagTest struct {
	Name       string   `json:"name"`
	Package    string   `json:"package,omitempty"`
	Status     string   `json:"status"` // pass, fail, skip
	DurationMs *float64 `json:"duration_ms,omitempty"`
	Output     string   `json:"output,omitempty"`
}

// DiagPackage is one package's result line (ok, FAIL, no test files).
type DiagPackage struct {
	Package    string   `json:"package"`
	Status     string   `json:"status"` // pass, fail, build_failed, no_tests
	DurationMs *float64 `json:"duration_ms,omitempty"`
	Cached     bool     `json:"cached,omitempty"`
}

// DiagSummary counts the rows.
type DiagSummary struct {
	Errors       int64 `json:"errors"`
	Warnings     int64 `json:"warnings"`
	TestsPassed  int64 `json:"tests_passed"`
	TestsFailed  int64 `json:"tests_failed"`
	TestsSkipped int64 `json:"tests_skipped"`
}

// goBuildFlags are the build flags go build, vet and test share.
var goBuildFlags = catalog.Flags{
	"-a": catalog.Bool, "-n": catalog.Bool, "-x": catalog.Bool, "-v": catalog.Bool, "-race": catalog.Bool, "-msan": catalog.Bool, "-asan": catalog.Bool,
	"-trimpath": catalog.Bool, "-modcacherw": catalog.Bool, "-p": catalog.Value, "-tags": catalog.Value, "-mod": catalog.Value,
	"-gcflags": catalog.Value, "-ldflags": catalog.Value, "-asmflags": catalog.Value, "-buildvcs": catalog.Value, "-C": catalog.Value,
	"-modfile": catalog.Value, "-overlay": catalog.Value, "-pgo": catalog.Value, "-cover": catalog.Bool, "-covermode": catalog.Value,
	"-coverpkg": catalog.Value, "-work": catalog.Bool, "-buildmode": catalog.Value, "-compiler": catalog.Value,
}

func goFlags(extra catalog.Flags) catalog.Flags {
	f := catalog.Flags{}
	for k, v := range goBuildFlags {
		f[k] = v
	}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

var goBuildParserDef = &catalog.Parser{
	ID: "go-build", Command: "go", Subcommand: "build", Version: "1", GoFlags: true,
	Format:         "go build's `# pkg` headers and file:line:col: message lines (stderr: pipe 2>&1 to parism parse)",
	Stream:         catalog.StreamStderr,
	Flags:          goFlags(catalog.Flags{"-o": catalog.Value}),
	MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
	Examples: [][]string{{"build", "./..."}, {"build", "-o", "/dev/null", "."}},
}

var goVetParserDef = &catalog.Parser{
	ID: "go-vet", Command: "go", Subcommand: "vet", Version: "1", GoFlags: true,
	Format:         "go vet's file:line:col: message lines, `# pkg` headers and `vet: ` compile errors (stderr: pipe 2>&1 to parism parse)",
	Stream:         catalog.StreamStderr,
	Flags:          goFlags(nil),
	MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
	Examples: [][]string{{"vet", "./..."}},
}

var goTestParserDef = &catalog.Parser{
	ID: "go-test", Command: "go", Subcommand: "test", Version: "1", GoFlags: true,
	Format: "go test's --- FAIL/PASS/SKIP blocks (with -v), ok/FAIL package lines, panics and build errors " +
		"(results on stdout, build errors on stderr: both are read); -json event streams (stdout)",
	Stream: catalog.StreamBoth, StreamOf: goTestStream,
	Flags: goFlags(catalog.Flags{
		"-run": catalog.Value, "-skip": catalog.Value, "-count": catalog.Value, "-short": catalog.Bool, "-timeout": catalog.Value,
		"-failfast": catalog.Bool, "-cpu": catalog.Value, "-parallel": catalog.Value, "-shuffle": catalog.Value, "-vet": catalog.Value,
		"-coverprofile": catalog.Value, "-o": catalog.Value, "-c": catalog.Bool, "-exec": catalog.Value, "-fullpath": catalog.Bool, "-json": catalog.Bool,
	}),
	MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
	Examples: [][]string{{"test", "./..."}, {"test", "-v", "-run", "TestX", "./pkg/"}, {"test", "-json", "./..."}},
	ExitAnswers: []catalog.ExitAnswer{
		{Code: 1, WithOutput: true, Means: "a test failed or a package did not build: tests and diagnostics list them",
			Source: "go help test and cmd/go/internal/test (base.SetExitStatus(1) on a FAIL; 2 for usage errors); run here, go 1.26"},
	},
}

// goTestStream: with -json, go test writes its events, build output
// included (go 1.24 and later), to stdout.
func goTestStream(a catalog.Args) catalog.Stream {
	if slices.Contains(a.List, "-json") || slices.Contains(a.List, "--json") {
		return catalog.StreamStdout
	}
	return ""
}

// diagParsers wires the Go diagnostics parsers for the builtin list.
func diagParsers() []*catalog.Parser {
	goBuildParserDef.Parse, goVetParserDef.Parse, goTestParserDef.Parse = parseGoBuild, parseGoVet, parseGoTestAny
	return []*catalog.Parser{goBuildParserDef, goVetParserDef, goTestParserDef}
}

func parseGoBuild(c *catalog.Context) (any, error) { return parseGoText(c, "go build") }

func parseGoVet(c *catalog.Context) (any, error) { return parseGoText(c, "go vet") }

func parseGoTest(c *catalog.Context) (any, error) { return parseGoText(c, "go test") }

// goPos reads "file.go:line:col: " or "file.go:line: " at the start of s:
// the offsets of the file's end, the line and column numbers and where the
// message starts. The file must end in .go (or be a cgo/asm source) so that
// a test's own log line is not taken for a diagnostic.
type goPosAt struct {
	fileEnd, lineS, lineE, colS, colE, msg int
	line, col                              int64
	hasCol                                 bool
}

func goPos(s string) (goPosAt, bool) {
	var p goPosAt
	i := strings.Index(s, ":")
	for i > 0 && !(strings.HasSuffix(s[:i], ".go") || strings.HasSuffix(s[:i], ".s") || strings.HasSuffix(s[:i], ".c")) {
		j := strings.Index(s[i+1:], ":")
		if j < 0 {
			return p, false
		}
		i += j + 1
	}
	if i <= 0 || strings.ContainsAny(s[:i], " \t") {
		return p, false
	}
	p.fileEnd = i
	num := func(at int) (int, int64, bool) {
		e := at
		for e < len(s) && s[e] >= '0' && s[e] <= '9' {
			e++
		}
		n, err := strconv.ParseInt(s[at:e], 10, 64)
		return e, n, err == nil && e < len(s) && s[e] == ':'
	}
	var ok bool
	p.lineS = i + 1
	if p.lineE, p.line, ok = num(p.lineS); !ok {
		return p, false
	}
	p.msg = p.lineE + 1
	if e, n, ok := num(p.lineE + 1); ok {
		p.colS, p.colE, p.col, p.hasCol = p.lineE+1, e, n, true
		p.msg = e + 1
	}
	if p.msg < len(s) && s[p.msg] == ' ' {
		p.msg++
	}
	return p, p.msg < len(s)
}

// goTestHead reads "--- FAIL: Name (0.00s)" after its indentation.
func goTestHead(s string) (status string, nameS, nameE, durS, durE int, ok bool) {
	ind := len(s) - len(strings.TrimLeft(s, " \t"))
	rest := s[ind:]
	for _, w := range []string{"FAIL", "PASS", "SKIP"} {
		if strings.HasPrefix(rest, "--- "+w+": ") {
			status = strings.ToLower(w)
			nameS = ind + len("--- "+w+": ")
			break
		}
	}
	if status == "" {
		return "", 0, 0, 0, 0, false
	}
	sp := strings.LastIndex(s, " (")
	if sp < nameS || !strings.HasSuffix(s, "s)") {
		return "", 0, 0, 0, 0, false
	}
	return status, nameS, sp, sp + 2, len(s) - 1, true
}

// goSeconds reads "0.004s" as milliseconds.
func goSeconds(s string) (*float64, bool) {
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "s"), 64)
	if err != nil || !strings.HasSuffix(s, "s") || f < 0 {
		return nil, false
	}
	return catalog.Floatp(f * 1000), true
}

// goMarker reports a line that ends a test's output block.
func goMarker(t string) bool {
	return strings.HasPrefix(t, "--- ") || strings.HasPrefix(t, "=== ") || t == "FAIL" || t == "PASS" ||
		strings.HasPrefix(t, "ok  ") || strings.HasPrefix(t, "FAIL\t") || strings.HasPrefix(t, "?   \t") ||
		strings.HasPrefix(t, "# ")
}

type goOut struct{ start, end int }

// goTextState is what the steps of parseGoText share: the package header, the test or
// diagnostic the next lines continue, and the outputs kept for the end.
type goTextState struct {
	c          *catalog.Context
	res        *DiagResult
	tool       string
	pkg        string
	pkgS, pkgE int
	pkgDir     string // the directory of the first file under the # pkg header
	lastDiag   int    // diagnostic a tab-indented line continues
	curTest    int    // test whose output the lines are
	outs       []goOut
	runOut     map[string]goOut // -v: output between === RUN and ---
	running    string
	pending    []int   // tests waiting for their package line
	diagMsg    []goOut // each diagnostic's message, raw[start:end]
}

func parseGoText(c *catalog.Context, tool string) (any, error) {
	// About a line a diagnostic: rows sized once, not grown.
	st := &goTextState{c: c, res: &DiagResult{Diagnostics: make([]Diagnostic, 0, kit.RowCap(c))}, tool: tool,
		lastDiag: -1, curTest: -1, runOut: map[string]goOut{}}
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		t := strings.TrimLeft(line, " \t")
		if t == "" {
			continue
		}
		if !st.line(line, start, t) {
			c.Unread(start)
		}
	}
	st.finish()
	countSummary(c, st.res, true)
	return st.res, nil
}

func (st *goTextState) addOut(i, start, end int) {
	if st.outs[i].end == 0 {
		st.outs[i] = goOut{start, end}
	} else if strings.TrimSpace(st.c.Raw[st.outs[i].end:start]) == "" {
		// Blank lines inside a test's output (a panic's) are part of it.
		st.outs[i].end = end
	}
}

// line reads one non-blank line (t without its indent); it reports whether it was read.
func (st *goTextState) line(line string, start int, t string) bool {
	// Continuation of a compiler message: tab-indented.
	if st.lastDiag >= 0 && line[0] == '\t' {
		st.diagMsg[st.lastDiag].end = start + len(line)
		return true
	}
	st.lastDiag = -1
	if st.curTest >= 0 && !goMarker(t) {
		st.addOut(st.curTest, start, start+len(line))
		return true
	}
	if st.running != "" && !goMarker(t) {
		o := st.runOut[st.running]
		if o.end == 0 {
			o.start = start
		}
		o.end = start + len(line)
		st.runOut[st.running] = o
		return true
	}
	st.curTest = -1
	switch {
	case strings.HasPrefix(line, "# "):
		st.pkg, st.pkgS, st.pkgE, st.pkgDir = line[2:], start+2, start+len(line), ""
		st.running = ""
		return true
	case strings.HasPrefix(t, "=== RUN ") || strings.HasPrefix(t, "=== CONT ") || strings.HasPrefix(t, "=== NAME "):
		st.running = strings.TrimSpace(t[strings.IndexByte(t[4:], ' ')+5:])
		return true
	case strings.HasPrefix(t, "=== PAUSE "), t == "PASS", t == "FAIL":
		st.running = ""
		return true
	}
	st.running = ""
	if st.testHead(line, start) {
		return true
	}
	if pk, ok := goPkgLine(line, start, st.c, st.res); ok {
		for _, i := range st.pending {
			st.res.Tests[i].Package = pk.Package
			st.c.Span(pk.s, pk.e, "", "tests", i, "package")
		}
		st.pending = st.pending[:0]
		return true
	}
	return st.diag(line, start)
}

// testHead reads "--- FAIL: TestX (0.00s)"; the lines after it are its output.
func (st *goTextState) testHead(line string, start int) bool {
	c, res := st.c, st.res
	status, nS, nE, dS, dE, ok := goTestHead(line)
	if !ok {
		return false
	}
	if c.Full(len(res.Tests)) {
		c.Omit(1)
		return true
	}
	i := len(res.Tests)
	tst := DiagTest{Name: line[nS:nE], Status: status}
	if d, ok := goSeconds(line[dS:dE]); ok {
		tst.DurationMs = d
		c.Span(start+dS, start+dE, "parseDuration", "tests", i, "duration_ms")
	}
	c.Span(start+nS, start+nE, "", "tests", i, "name")
	c.Span(start+strings.Index(line, "---")+4, start+nS-2, "statusWord", "tests", i, "status")
	res.Tests = append(res.Tests, tst)
	st.outs = append(st.outs, goOut{})
	if o, ok := st.runOut[tst.Name]; ok {
		st.outs[i] = o
		delete(st.runOut, tst.Name)
	}
	st.pending = append(st.pending, i)
	st.curTest = i
	return true
}

// diag reads "x.go:3:2: message" (or "vet: x.go:3:2: message"); the tab-indented lines
// after it continue its message.
func (st *goTextState) diag(line string, start int) bool {
	c, res := st.c, st.res
	body, off, sev, pre := line, 0, "error", 0
	if st.tool == "go vet" {
		sev = "warning"
	}
	if strings.HasPrefix(line, "vet: ") {
		body, off, sev, pre = line[5:], 5, "error", 5
	}
	p, ok := goPos(body)
	if !ok {
		return false
	}
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return true
	}
	i := len(res.Diagnostics)
	// go vet prints no header for some packages: a header names
	// the package of the files in one directory after it only.
	dir := body[:max(strings.LastIndexByte(body[:p.fileEnd], '/'), 0)]
	if st.pkgDir == "" {
		st.pkgDir = dir
	} else if dir != st.pkgDir {
		st.pkg = ""
	}
	d := Diagnostic{File: body[:p.fileEnd], Line: p.line, Severity: sev, Tool: st.tool, Package: st.pkg}
	b := start + off
	c.Span(b, b+p.fileEnd, "", "diagnostics", i, "file")
	c.Span(b+p.lineS, b+p.lineE, "parseInt", "diagnostics", i, "line")
	if p.hasCol {
		d.Column = catalog.Intp(p.col)
		c.Span(b+p.colS, b+p.colE, "parseInt", "diagnostics", i, "column")
	}
	if pre > 0 {
		c.Span(start, start+pre, "marker", "diagnostics", i, "severity")
	} else {
		c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "severity")
	}
	c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
	if st.pkg != "" {
		c.Span(st.pkgS, st.pkgE, "", "diagnostics", i, "package")
	}
	res.Diagnostics = append(res.Diagnostics, d)
	st.diagMsg = append(st.diagMsg, goOut{b + p.msg, start + len(line)})
	st.lastDiag = i
	return true
}

// finish sets the diagnostics' messages and the tests' outputs.
func (st *goTextState) finish() {
	c, res, raw := st.c, st.res, st.c.Raw
	for i, m := range st.diagMsg {
		res.Diagnostics[i].Message = raw[m.start:m.end]
		c.Span(m.start, m.end, "", "diagnostics", i, "message")
	}
	for i := range res.Tests {
		if o := st.outs[i]; o.end > o.start {
			res.Tests[i].Output = raw[o.start:o.end]
			c.Span(o.start, o.end, "", "tests", i, "output")
		}
	}
}

type goPkgAt struct {
	Package string
	s, e    int
}

// goPkgLine reads a package result line ("ok  \tpkg\t0.004s", "FAIL\tpkg
// [build failed]", "?   \tpkg\t[no test files]") into res.Packages.
func goPkgLine(line string, start int, c *catalog.Context, res *DiagResult) (goPkgAt, bool) {
	var status string
	switch {
	case strings.HasPrefix(line, "ok  \t"):
		status = "pass"
	case strings.HasPrefix(line, "FAIL\t"):
		status = "fail"
	case strings.HasPrefix(line, "?   \t"):
		status = "no_tests"
	default:
		return goPkgAt{}, false
	}
	f := strings.Split(line[5:], "\t")
	name := f[0]
	if b, ok := strings.CutSuffix(name, " [build failed]"); ok && status == "fail" {
		status, name = "build_failed", b
	} else if b, ok := strings.CutSuffix(name, " [setup failed]"); ok && status == "fail" {
		status, name = "build_failed", b
	}
	if name == "" || strings.ContainsAny(name, " ") {
		return goPkgAt{}, false
	}
	i := len(res.Packages)
	pk := DiagPackage{Package: name, Status: status}
	at := goPkgAt{name, start + 5, start + 5 + len(name)}
	c.Span(at.s, at.e, "", "packages", i, "package")
	c.Span(start, start+4, "statusWord", "packages", i, "status")
	if len(f) > 1 {
		off := start + 5 + len(f[0]) + 1
		switch {
		case f[1] == "(cached)":
			pk.Cached = true
			c.Span(off, off+len(f[1]), "marker", "packages", i, "cached")
		default:
			if d, ok := goSeconds(f[1]); ok {
				pk.DurationMs = d
				c.Span(off, off+len(f[1]), "parseDuration", "packages", i, "duration_ms")
			}
		}
	}
	res.Packages = append(res.Packages, pk)
	return at, true
}

// countSummary counts the rows into res.Summary; each count spans the whole
// output. Go's and Rust's tools print errors and warnings only, so any
// severity but "error" counts as a warning there (othersWarn); elsewhere
// only "warning" does (a note or an info line is neither). Counts a runner
// printed itself (jest's "Tests:" line) are set afterwards by the caller.
func countSummary(c *catalog.Context, res *DiagResult, othersWarn bool) {
	s := &res.Summary
	for _, d := range res.Diagnostics {
		switch {
		case d.Severity == "error":
			s.Errors++
		case othersWarn || d.Severity == "warning":
			s.Warnings++
		}
	}
	for _, t := range res.Tests {
		switch t.Status {
		case "pass":
			s.TestsPassed++
		case "fail":
			s.TestsFailed++
		case "skip":
			s.TestsSkipped++
		}
	}
	for _, k := range []string{"errors", "warnings", "tests_passed", "tests_failed", "tests_skipped"} {
		c.Span(0, len(c.Raw), "count", "summary", k)
	}
}
