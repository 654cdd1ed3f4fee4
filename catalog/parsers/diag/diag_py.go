package diag

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// diagNum reads the decimal number of 1 to 15 digits at s[i:], its end,
// and whether there was one.
func diagNum(s string, i int) (int64, int, bool) {
	e := i
	for e < len(s) && s[e] >= '0' && s[e] <= '9' {
		e++
	}
	if e == i || e-i > 15 {
		return 0, i, false
	}
	n, _ := strconv.ParseInt(s[i:e], 10, 64)
	return n, e, true
}

// pyPos reads "file:line:" or "file:line:col:" (and, with ends, mypy's
// "file:line:col:end_line:end_col:") at the start of s: the numbers found
// (line first) with their ranges, and where the rest begins.
type pyPosAt struct {
	fileE int
	nums  []int64
	at    [][2]int
	rest  int
}

func pyPos(s string, maxNums int) (pyPosAt, bool) {
	var p pyPosAt
	// The file ends at the first ":<digits>:".
	for i := strings.IndexByte(s, ':'); i > 0; {
		if _, e, ok := diagNum(s, i+1); ok && e < len(s) && s[e] == ':' {
			p.fileE = i
			break
		}
		j := strings.IndexByte(s[i+1:], ':')
		if j < 0 {
			return p, false
		}
		i += j + 1
	}
	if p.fileE == 0 || strings.ContainsAny(s[:p.fileE], "\t") {
		return p, false
	}
	i := p.fileE
	for len(p.nums) < maxNums && i < len(s) && s[i] == ':' {
		n, e, ok := diagNum(s, i+1)
		if !ok || e >= len(s) || s[e] != ':' {
			break
		}
		p.nums = append(p.nums, n)
		p.at = append(p.at, [2]int{i + 1, e})
		i = e
	}
	if len(p.nums) == 0 || i >= len(s) || s[i] != ':' {
		return p, false
	}
	p.rest = i + 1
	if p.rest < len(s) && s[p.rest] == ' ' {
		p.rest++
	}
	return p, true
}

// pyDiagAt says where one diagnostic's parts are: severity, code and message are ranges
// of the line's text (code may be empty); msgAt, when set, is the message's raw range
// instead (pytest's "E   " line).
type pyDiagAt struct {
	sev, sevTr   string
	sevS, sevE   int
	codeS, codeE int
	msgS, msgE   int
	tool         string
	msgAt        []int
}

// pyDiag appends one diagnostic read at line l with position p, its parts at f.
func pyDiag(c *catalog.Context, res *DiagResult, l lex.Line, p pyPosAt, f pyDiagAt) int {
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return -1
	}
	i := len(res.Diagnostics)
	t := l.Text
	d := Diagnostic{File: t[:p.fileE], Line: p.nums[0], Severity: f.sev, Message: t[f.msgS:f.msgE], Tool: f.tool}
	c.Span(l.At, l.At+p.fileE, "", "diagnostics", i, "file")
	leaves := []string{"line", "column", "end_line", "end_column"}
	dst := []**int64{nil, &d.Column, &d.EndLine, &d.EndColumn}
	for k, n := range p.nums {
		if k > 0 {
			*dst[k] = catalog.Intp(n)
		}
		c.Span(l.At+p.at[k][0], l.At+p.at[k][1], "parseInt", "diagnostics", i, leaves[k])
	}
	c.Span(l.At+f.sevS, l.At+f.sevE, f.sevTr, "diagnostics", i, "severity")
	if f.codeE > f.codeS {
		d.Code = t[f.codeS:f.codeE]
		c.Span(l.At+f.codeS, l.At+f.codeE, "", "diagnostics", i, "code")
	}
	if len(f.msgAt) == 2 {
		d.Message = c.Raw[f.msgAt[0]:f.msgAt[1]]
		c.Span(f.msgAt[0], f.msgAt[1], "", "diagnostics", i, "message")
	} else {
		c.Span(l.At+f.msgS, l.At+f.msgE, "", "diagnostics", i, "message")
	}
	c.Span(l.At, l.At+len(t), "impliedDefault", "diagnostics", i, "tool")
	res.Diagnostics = append(res.Diagnostics, d)
	return i
}

// mypyFlags: checked against `mypy --help` of mypy 1.0.1 (Debian
// bookworm). --pretty (wrapped messages with source excerpts), --html-report
// and the other reports, and --show-traceback print other output.
var mypyFlags = catalog.Flags{
	"--show-column-numbers": catalog.Bool, "--show-error-end": catalog.Bool, "--show-error-codes": catalog.Bool, "--hide-error-codes": catalog.Bool,
	"--strict": catalog.Bool, "--ignore-missing-imports": catalog.Bool, "--follow-imports": catalog.Value, "--python-version": catalog.Value,
	"--config-file": catalog.Value, "--no-incremental": catalog.Bool, "--cache-dir": catalog.Value, "--check-untyped-defs": catalog.Bool,
	"--disallow-untyped-defs": catalog.Bool, "--disallow-incomplete-defs": catalog.Bool, "--warn-unused-ignores": catalog.Bool,
	"--warn-return-any": catalog.Bool, "--warn-unreachable": catalog.Bool, "--no-implicit-optional": catalog.Bool, "--explicit-package-bases": catalog.Bool,
	"--namespace-packages": catalog.Bool, "--exclude": catalog.Value, "-p": catalog.Value, "--package": catalog.Value, "-m": catalog.Value, "--module": catalog.Value,
	"--no-error-summary": catalog.Bool, "--no-color-output": catalog.Bool, "--show-absolute-path": catalog.Bool, "--disable-error-code": catalog.Value,
	"--enable-error-code": catalog.Value, "--allow-redefinition": catalog.Bool, "--no-site-packages": catalog.Bool, "--platform": catalog.Value,
}

func parseMypy(c *catalog.Context) (any, error) {
	// About a line a diagnostic: rows sized once, not grown.
	res := &DiagResult{Diagnostics: make([]Diagnostic, 0, kit.RowCap(c))}
	last := -1
	for _, l := range lex.SplitLines(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" ||
			strings.HasPrefix(t, "Found ") && strings.Contains(t, " error") && strings.Contains(t, "(checked ") ||
			strings.HasPrefix(t, "Success: no issues found") {
			continue
		}
		p, ok := pyPos(t, 4)
		if !ok || len(p.nums) == 3 {
			c.Unread(l.At)
			continue
		}
		sev := ""
		for _, sv := range []string{"error", "warning", "note"} {
			if strings.HasPrefix(t[p.rest:], sv+": ") {
				sev = sv
			}
		}
		if sev == "" {
			c.Unread(l.At)
			continue
		}
		sevS, msgS, msgE := p.rest, p.rest+len(sev)+2, len(t)
		codeS, codeE := 0, 0
		if strings.HasSuffix(t, "]") {
			if i := strings.LastIndex(t, "  ["); i > msgS {
				codeS, codeE, msgE = i+3, len(t)-1, i
			}
		}
		// A note on the line of the diagnostic before it belongs to it
		// ("See https://...", "Left operand is of type ..."); any other
		// note is a diagnostic of its own (reveal_type's).
		if sev == "note" && last >= 0 {
			d := &res.Diagnostics[last]
			if d.File == t[:p.fileE] && d.Line == p.nums[0] {
				k := len(d.Notes)
				n := DiagNote{File: d.File, Line: d.Line, Message: t[msgS:]}
				c.Span(l.At, l.At+p.fileE, "", "diagnostics", last, "notes", k, "file")
				c.Span(l.At+p.at[0][0], l.At+p.at[0][1], "parseInt", "diagnostics", last, "notes", k, "line")
				if len(p.nums) > 1 {
					n.Column = catalog.Intp(p.nums[1])
					c.Span(l.At+p.at[1][0], l.At+p.at[1][1], "parseInt", "diagnostics", last, "notes", k, "column")
				}
				c.Span(l.At+msgS, l.At+len(t), "", "diagnostics", last, "notes", k, "message")
				d.Notes = append(d.Notes, n)
				continue
			}
		}
		i := pyDiag(c, res, l, p, pyDiagAt{sev: sev, sevS: sevS, sevE: sevS + len(sev), codeS: codeS, codeE: codeE, msgS: msgS, msgE: msgE, tool: "mypy"})
		if sev != "note" {
			last = i
		}
	}
	countSummary(c, res, false)
	return res, nil
}

// flake8Flags: checked against `flake8 --help` of flake8 5.0.4 (Debian
// bookworm). --format other than the default, --show-source, --statistics,
// --benchmark and --output-file print other output or none.
var flake8Flags = catalog.Flags{
	"--max-line-length": catalog.Value, "--max-doc-length": catalog.Value, "--select": catalog.Value, "--ignore": catalog.Value,
	"--extend-select": catalog.Value, "--extend-ignore": catalog.Value, "--exclude": catalog.Value, "--extend-exclude": catalog.Value,
	"--filename": catalog.Value, "--per-file-ignores": catalog.Value, "--max-complexity": catalog.Value, "--count": catalog.Bool,
	"--config": catalog.Value, "--isolated": catalog.Bool, "--append-config": catalog.Value, "-j": catalog.Value, "--jobs": catalog.Value,
	"--exit-zero": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool, "--hang-closing": catalog.Bool, "--indent-size": catalog.Value,
	"--disable-noqa": catalog.Bool, "--color": catalog.Value, "--require-plugins": catalog.Value,
}

// flake8 prints "file:line:col: CODE message"; pycodestyle's W codes are
// warnings, every other code (E, F, C, plugins') an error.
func parseFlake8(c *catalog.Context) (any, error) {
	res := &DiagResult{Diagnostics: make([]Diagnostic, 0, kit.RowCap(c))} // a line a diagnostic
	for _, l := range lex.SplitLines(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" {
			continue
		}
		if _, e, ok := diagNum(t, 0); ok && e == len(t) && c.Args.Has("--count") {
			continue // the total --count prints
		}
		p, ok := pyPos(t, 2)
		codeE := 0
		if ok {
			codeE = lex.SkipWord(t, p.rest)
		}
		if !ok || codeE == p.rest || codeE >= len(t) || !pyCode(t[p.rest:codeE]) {
			c.Unread(l.At)
			continue
		}
		sev := "error"
		if t[p.rest] == 'W' {
			sev = "warning"
		}
		pyDiag(c, res, l, p, pyDiagAt{sev: sev, sevTr: "codeLetter", sevS: p.rest, sevE: codeE, codeS: p.rest, codeE: codeE, msgS: codeE + 1, msgE: len(t), tool: "flake8"})
	}
	countSummary(c, res, false)
	return res, nil
}

// pyCode reports a lint code: capitals then digits ("F401", "E501", "SIM102").
func pyCode(s string) bool {
	i := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	return i > 0 && i < len(s) && lex.IsDigits(s[i:])
}

// ruffFlags: written from ruff's documentation (docs.astral.sh/ruff,
// `ruff check --help` of 0.x; ruff is not packaged for Debian bookworm nor
// reachable from here). --output-format takes concise and full (the
// default since 0.5); --fix, --watch, --statistics and --show-settings are
// left out.
var ruffFlags = catalog.Flags{
	"--output-format": catalog.Value, "--select": catalog.Value, "--ignore": catalog.Value, "--extend-select": catalog.Value,
	"--extend-ignore": catalog.Value, "--exclude": catalog.Value, "--extend-exclude": catalog.Value, "--line-length": catalog.Value,
	"--target-version": catalog.Value, "--config": catalog.Value, "--isolated": catalog.Bool, "--no-cache": catalog.Bool, "-q": catalog.Bool,
	"--quiet": catalog.Bool, "--exit-zero": catalog.Bool, "-e": catalog.Bool, "--preview": catalog.Bool, "--no-fix": catalog.Bool, "--show-fixes": catalog.Bool,
	"--no-show-fixes": catalog.Bool, "--unsafe-fixes": catalog.Bool, "--respect-gitignore": catalog.Bool, "--force-exclude": catalog.Bool,
	"-n": catalog.Bool, "--per-file-ignores": catalog.Value, "--fixable": catalog.Value, "--unfixable": catalog.Value,
}

func ruffCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	for _, a := range argv.Items {
		if a.Flag != "--output-format" || !a.HasValue {
			continue
		}
		if v := a.Value; v != "concise" && v != "full" {
			return catalog.Unsupported(nil, "the ruff check parser reads --output-format concise and full, not %q", v)
		}
	}
	return nil
}

// ruffHead reads "CODE [*] message" (after "file:line:col: " in the
// concise form): the code's and the message's ranges in t from i.
func ruffHead(t string, i int) (codeS, codeE, msgS int, ok bool) {
	// A syntax error has no rule code: "invalid-syntax: ..." (ruff 0.9
	// and later, the name as its code), "SyntaxError: ..." before.
	if strings.HasPrefix(t[i:], "invalid-syntax: ") {
		return i, i + len("invalid-syntax"), i + len("invalid-syntax: "), len(t) > i+len("invalid-syntax: ")
	}
	if strings.HasPrefix(t[i:], "SyntaxError: ") {
		return i, i, i, true
	}
	codeE = lex.SkipWord(t, i)
	if codeE == i || codeE >= len(t) || !pyCode(t[i:codeE]) {
		return 0, 0, 0, false
	}
	msgS = codeE + 1
	if strings.HasPrefix(t[msgS:], "[*] ") {
		msgS += 4
	}
	return i, codeE, msgS, msgS < len(t)
}

// ruffFrame reports a line of the full form's code frame or fix diff, or
// its help: all left out.
func ruffFrame(t string) bool {
	s := strings.TrimLeft(t, " ")
	switch {
	case s == "" || s[0] == '|' || strings.HasPrefix(s, "= help:") || strings.HasPrefix(s, "= note:") ||
		strings.HasPrefix(t, "help: ") || strings.HasPrefix(t, "info: ") || strings.HasPrefix(t, "note: "):
		return true
	case strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "+ ") || s == "-" || s == "+":
		return len(s) < len(t) // a fix diff's line is indented
	}
	_, e, ok := diagNum(s, 0)
	return ok && e < len(s) && (strings.HasPrefix(strings.TrimLeft(s[e:], " "), "|") ||
		strings.HasPrefix(strings.TrimLeft(s[e:], " "), "+") || strings.HasPrefix(strings.TrimLeft(s[e:], " "), "-"))
}

func parseRuff(c *catalog.Context) (any, error) {
	res := &DiagResult{Diagnostics: []Diagnostic{}}
	var head *lex.Line // the full form's "CODE [*] message" waiting for its " --> file:line:col"
	var hc [3]int
	for _, l := range lex.SplitLines(c.Raw) {
		t := l.Text
		switch {
		case strings.TrimSpace(t) == "",
			strings.HasPrefix(t, "Found ") && (strings.Contains(t, " error") || strings.Contains(t, " diagnostic")),
			strings.HasPrefix(t, "[*] ") && strings.Contains(t, "fixable"),
			strings.HasPrefix(t, "No fixes available"), t == "All checks passed!":
			continue
		}
		if s := strings.TrimLeft(t, " "); strings.HasPrefix(s, "--> ") && head != nil {
			off := len(t) - len(s) + 4
			p, ok := pyPos(t[off:]+":", 2)
			if !ok || len(p.nums) != 2 {
				c.Unread(l.At)
				head = nil
				continue
			}
			// Shift the position into the line: the file starts at off.
			p.fileE += off
			for k := range p.at {
				p.at[k][0] += off
				p.at[k][1] += off
			}
			if p.at[1][1] > len(t) {
				p.at[1][1] = len(t)
			}
			i := ruffDiag(c, res, l, p, *head, hc)
			_ = i
			head = nil
			continue
		}
		if p, ok := pyPos(t, 2); ok && len(p.nums) == 2 {
			if cS, cE, mS, ok := ruffHead(t, p.rest); ok {
				ruffDiag(c, res, l, p, l, [3]int{cS, cE, mS})
				continue
			}
		}
		if cS, cE, mS, ok := ruffHead(t, 0); ok && t[0] != ' ' {
			lc := l
			head, hc = &lc, [3]int{cS, cE, mS}
			continue
		}
		if ruffFrame(t) {
			continue
		}
		c.Unread(l.At)
	}
	countSummary(c, res, false)
	return res, nil
}

// ruffDiag appends a diagnostic whose position is on line pl and whose
// code and message are on line hl (the same line in the concise form).
func ruffDiag(c *catalog.Context, res *DiagResult, pl lex.Line, p pyPosAt, hl lex.Line, h [3]int) int {
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return -1
	}
	i := len(res.Diagnostics)
	fileS := 0
	if s := strings.TrimLeft(pl.Text, " "); strings.HasPrefix(s, "--> ") {
		fileS = len(pl.Text) - len(s) + 4
	}
	d := Diagnostic{File: pl.Text[fileS:p.fileE], Line: p.nums[0], Column: catalog.Intp(p.nums[1]), Severity: "error",
		Message: hl.Text[h[2]:], Tool: "ruff"}
	c.Span(pl.At+fileS, pl.At+p.fileE, "", "diagnostics", i, "file")
	c.Span(pl.At+p.at[0][0], pl.At+p.at[0][1], "parseInt", "diagnostics", i, "line")
	c.Span(pl.At+p.at[1][0], pl.At+p.at[1][1], "parseInt", "diagnostics", i, "column")
	c.Span(hl.At, hl.At+len(hl.Text), "impliedDefault", "diagnostics", i, "severity")
	if h[1] > h[0] {
		d.Code = hl.Text[h[0]:h[1]]
		c.Span(hl.At+h[0], hl.At+h[1], "", "diagnostics", i, "code")
	}
	c.Span(hl.At+h[2], hl.At+len(hl.Text), "", "diagnostics", i, "message")
	c.Span(hl.At, hl.At+len(hl.Text), "impliedDefault", "diagnostics", i, "tool")
	res.Diagnostics = append(res.Diagnostics, d)
	return i
}

// pytestFlags: checked against `pytest --help` of pytest 7.2.1 (Debian
// bookworm). --collect-only, --junitxml, --pdb, --lf listings and
// --durations tables print other output; -p loads a plugin (refused by
// the guard, read here all the same).
var pytestFlags = catalog.Flags{
	"-q": catalog.Bool, "--quiet": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool, "-r": catalog.Value, "-x": catalog.Bool, "--exitfirst": catalog.Bool,
	"-k": catalog.Value, "-m": catalog.Value, "--tb": catalog.Value, "-l": catalog.Bool, "--showlocals": catalog.Bool, "-s": catalog.Bool, "--capture": catalog.Value,
	"--maxfail": catalog.Value, "--ignore": catalog.Value, "--deselect": catalog.Value, "--no-header": catalog.Bool, "--no-summary": catalog.Bool,
	"-W": catalog.Value, "--disable-warnings": catalog.Bool, "--color": catalog.Value, "--strict-markers": catalog.Bool, "--rootdir": catalog.Value,
	"-c": catalog.Value, "--import-mode": catalog.Value, "--runxfail": catalog.Bool, "--sw": catalog.Bool, "--stepwise": catalog.Bool, "--ff": catalog.Bool,
	"--failed-first": catalog.Bool, "--lf": catalog.Bool, "--last-failed": catalog.Bool, "-o": catalog.Value, "--override-ini": catalog.Value,
	"--full-trace": catalog.Bool, "--continue-on-collection-errors": catalog.Bool, "--cache-clear": catalog.Bool, "-p": catalog.Value,
}

var pytestStatus = map[string]string{
	"PASSED": "pass", "FAILED": "fail", "SKIPPED": "skip", "XFAIL": "skip", "XPASS": "pass", "ERROR": "fail",
}

// pytestSection reads a "==== title ====" line's title.
func pytestSection(t string) (string, bool) {
	if !strings.HasPrefix(t, "==") && !strings.HasPrefix(t, "!!") {
		return "", false
	}
	s := strings.Trim(t, "=! ")
	if s == "" || !strings.HasSuffix(t, "=") && !strings.HasSuffix(t, "!") {
		return "", false
	}
	return s, true
}

// pytestBlockHead reads a "____ test_name ____" line's name.
func pytestBlockHead(t string) (int, int, bool) {
	if !strings.HasPrefix(t, "__") || !strings.HasSuffix(t, "__") {
		return 0, 0, false
	}
	s := strings.IndexFunc(t, func(r rune) bool { return r != '_' })
	e := strings.LastIndexFunc(t, func(r rune) bool { return r != '_' }) + 1
	if s < 0 || e <= s || t[s] != ' ' || t[e-1] != ' ' {
		return 0, 0, false
	}
	return s + 1, e - 1, e-1 > s+1
}

// pytestCounts reads the final line: "4 failed, 4 passed, 1 skipped in 0.06s".
func pytestCounts(s string) (pass, fail, skip, errs, warns int64, ok bool) {
	i := strings.LastIndex(s, " in ")
	if i < 0 {
		return 0, 0, 0, 0, 0, false
	}
	if s[:i] == "no tests ran" {
		return 0, 0, 0, 0, 0, true
	}
	for _, part := range strings.Split(s[:i], ", ") {
		n, e, num := diagNum(part, 0)
		if !num || e >= len(part) || part[e] != ' ' {
			return 0, 0, 0, 0, 0, false
		}
		switch part[e+1:] {
		case "passed", "xpassed":
			pass += n
		case "failed":
			fail += n
		case "skipped", "xfailed":
			skip += n
		case "error", "errors":
			errs += n
		case "warning", "warnings":
			warns += n
		case "deselected", "rerun":
		default:
			return 0, 0, 0, 0, 0, false
		}
	}
	return pass, fail, skip, errs, warns, true
}

// pytestBlock is one FAILURES/ERRORS/PASSES block: its test and what it holds.
type pytestBlock struct {
	test         int
	start, end   int // raw range of the text
	locS, locE   int // the "file.py:10: AssertionError" line, for a diagnostic
	hasLoc       bool
	eS, eE       int // the first "E   message" line's message, raw range
	section      string
	firstContent bool
}

// pyRange is a byte range of a line's text.
type pyRange struct{ s, e int }

// pytestState is what the steps of parsePytest share: the tests by id, the blocks, the
// section being read and the final counts.
type pytestState struct {
	c            *catalog.Context
	res          *DiagResult
	byID         map[string]int // "file::name" and "name" -> test
	blocked      map[int]bool   // tests given a block's output
	blocks       []pytestBlock
	cur          int
	summaryEntry bool // the short summary line before was an entry (FAILED ...)
	section      string
	header       bool
	counted      bool
	cnt          [5]int64
	cntLine      lex.Line
}

func parsePytest(c *catalog.Context) (any, error) {
	st := &pytestState{c: c, res: &DiagResult{Diagnostics: []Diagnostic{}}, byID: map[string]int{}, blocked: map[int]bool{}, cur: -1}
	lines := lex.SplitLines(c.Raw)
	lastLine := len(lines) - 1
	for lastLine >= 0 && strings.TrimSpace(lines[lastLine].Text) == "" {
		lastLine--
	}
	for li, l := range lines {
		if st.line(l, li == lastLine) {
			continue
		}
		t := l.Text
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "collecting ") || strings.HasPrefix(t, "-- Docs: ") {
			continue
		}
		c.Unread(l.At)
	}
	st.finishBlocks()
	nonBlank := 0
	for _, l := range lines {
		if strings.TrimSpace(l.Text) != "" {
			nonBlank++
		}
	}
	if nonBlank == len(c.UnreadOffsets()) {
		return nil, catalog.Unrecognized("no line reads as pytest output")
	}
	st.summarize()
	return st.res, nil
}

func (st *pytestState) find(file, name string) int {
	if file != "" {
		if i, ok := st.byID[file+"::"+name]; ok {
			return i
		}
	}
	if i, ok := st.byID[name]; ok {
		return i
	}
	return -1
}

// appendTest adds a row for the test named l.Text[n.s:n.e] (file, when set, at f; the
// status word at sw); it is -1 when the answer is full.
func (st *pytestState) appendTest(l lex.Line, file string, f, n, sw pyRange, status string) int {
	c, res := st.c, st.res
	if c.Full(len(res.Tests)) {
		c.Omit(1)
		return -1
	}
	i := len(res.Tests)
	res.Tests = append(res.Tests, DiagTest{Name: l.Text[n.s:n.e], Package: file, Status: status})
	c.Span(l.At+n.s, l.At+n.e, "", "tests", i, "name")
	if file != "" {
		c.Span(l.At+f.s, l.At+f.e, "", "tests", i, "package")
	}
	c.Span(l.At+sw.s, l.At+sw.e, "statusWord", "tests", i, "status")
	return i
}

// addTest finds the test or adds it and its ids.
func (st *pytestState) addTest(l lex.Line, file string, f, n, sw pyRange, status string) int {
	name := l.Text[n.s:n.e]
	if i := st.find(file, name); i >= 0 {
		if st.res.Tests[i].Package == "" && file != "" {
			st.res.Tests[i].Package = file
			st.c.Span(l.At+f.s, l.At+f.e, "", "tests", i, "package")
		}
		return i
	}
	i := st.appendTest(l, file, f, n, sw, status)
	if i < 0 {
		return -1
	}
	st.byID[name] = i
	// A block names a method "Class.test" where node ids say "Class::test".
	if alt := strings.ReplaceAll(name, ".", "::"); alt != name {
		st.byID[alt] = i
	}
	if file != "" {
		st.byID[file+"::"+name] = i
	}
	return i
}

// line reads one line in the section it is in; it reports whether the line was read.
func (st *pytestState) line(l lex.Line, last bool) bool {
	t := l.Text
	if title, ok := pytestSection(t); ok {
		st.sectionTitle(title, l)
		return true
	}
	if st.header {
		if strings.TrimSpace(t) == "" {
			st.header = false
		}
		return true // platform, rootdir, plugins, collected N items
	}
	// -q prints the counts with no === around them, as the last line.
	if last {
		if p, f, s, e, w, ok := pytestCounts(t); ok && !strings.HasPrefix(t, " ") {
			st.cnt, st.cntLine, st.counted = [5]int64{p, f, s, e, w}, l, true
			return true
		}
	}
	switch st.section {
	case "FAILURES", "ERRORS", "PASSES":
		if nS, nE, ok := pytestBlockHead(t); ok {
			st.blockHead(l, nS, nE)
			return true
		}
		if st.cur >= 0 {
			st.blockLine(l)
			return true
		}
	case "short test summary info":
		return st.summaryLine(l)
	case "warnings summary":
		st.warningLine(l)
		return true // test ids, source lines and the docs link
	case "":
		return st.resultLine(l)
	}
	return false
}

// sectionTitle reads a "==== title ====" line: a section, or the final counts.
func (st *pytestState) sectionTitle(title string, l lex.Line) {
	st.cur = -1
	switch {
	case strings.HasSuffix(title, "test session starts"):
		st.section, st.header = "", true
	case strings.HasPrefix(title, "Interrupted: "):
	default:
		if p, f, s, e, w, ok := pytestCounts(title); ok {
			st.cnt, st.cntLine, st.counted = [5]int64{p, f, s, e, w}, l, true
		} else {
			st.section = title
		}
	}
}

// blockHead starts a block at "____ test_name ____" (name at nS:nE).
func (st *pytestState) blockHead(l lex.Line, nS, nE int) {
	t := l.Text
	name := t[nS:nE]
	status, sS, sE := "fail", 0, 0
	if st.section == "PASSES" {
		status = "pass"
	}
	file := ""
	fS, fE := 0, 0
	for _, p := range []string{"ERROR collecting ", "ERROR at setup of ", "ERROR at teardown of "} {
		if strings.HasPrefix(name, p) {
			sS, sE = nS, nS+5
			nS += len(p)
			if p == "ERROR collecting " {
				file, fS, fE = t[nS:nE], nS, nE
			}
		}
	}
	if sE == 0 {
		sS, sE = nS-1, nS // the block's heading says the status
	}
	f, n, sw := pyRange{fS, fE}, pyRange{nS, nE}, pyRange{sS, sE}
	// The block names a method "Class.test" where the node id says "Class::test".
	ti := -1
	if strings.Contains(t[nS:nE], ".") {
		ti = st.find("", strings.ReplaceAll(t[nS:nE], ".", "::"))
	}
	if ti < 0 {
		ti = st.addTest(l, file, f, n, sw, status)
	}
	// A second block for one test (its teardown's error after
	// its failure) is a row of its own: each output stays whole.
	if ti >= 0 && st.blocked[ti] {
		ti = st.appendTest(l, file, f, n, sw, status)
	}
	if ti >= 0 {
		st.blocked[ti] = true
	}
	if strings.HasPrefix(name, "ERROR") {
		st.res.Summary.Errors++ // the count line says so too; replaced below when read
	}
	st.blocks = append(st.blocks, pytestBlock{test: ti, section: st.section})
	st.cur = len(st.blocks) - 1
}

// blockLine reads a line inside the current block: its text, the place the test failed,
// the first "E   " message.
func (st *pytestState) blockLine(l lex.Line) {
	t := l.Text
	b := &st.blocks[st.cur]
	if strings.TrimSpace(t) != "" || b.firstContent {
		if !b.firstContent {
			b.start, b.firstContent = l.At, true
		}
		if strings.TrimSpace(t) != "" {
			b.end = l.At + len(t)
		}
	}
	// "tests/test_calc.py:10: AssertionError" (--tb=long, auto) or
	// "tests/test_calc.py:10: in test_x" (--tb=short): the last is
	// where the test failed.
	if p, ok := pyPos(t, 1); ok && strings.HasSuffix(t[:p.fileE], ".py") && p.rest < len(t) &&
		(!strings.Contains(t[p.rest:], " ") || strings.HasPrefix(t[p.rest:], "in ")) {
		b.locS, b.locE, b.hasLoc = l.At, l.At+len(t), true
	}
	if b.eE == 0 && strings.HasPrefix(t, "E ") {
		if m := strings.TrimLeft(t[1:], " "); m != "" {
			b.eS, b.eE = l.At+len(t)-len(m), l.At+len(t)
		}
	}
}

// summaryLine reads a line of the short test summary ("FAILED tests/x.py::test_a - msg").
func (st *pytestState) summaryLine(l lex.Line) bool {
	t := l.Text
	w := lex.SkipWord(t, 0)
	status, ok := pytestStatus[t[:w]]
	if !ok && st.summaryEntry && strings.TrimSpace(t) != "" {
		// On CI (CI or BUILD_NUMBER set) pytest prints an entry's
		// whole message, its further lines included: they continue
		// the entry above.
		return true
	}
	st.summaryEntry = ok
	if !ok || w >= len(t) {
		return false
	}
	idS := w + 1
	if t[:w] == "SKIPPED" || t[:w] == "XFAIL" && strings.HasPrefix(t[idS:], "[") {
		if strings.HasPrefix(t[idS:], "[") {
			return true // "SKIPPED [1] tests/x.py:18: reason": counted by the final line
		}
	}
	// The node id ends at " - reason" or, for XPASS, " reason".
	idE := lex.SkipWord(t, idS)
	id := t[idS:idE]
	sw := pyRange{0, w}
	if k := strings.Index(id, "::"); k >= 0 {
		st.addTest(l, id[:k], pyRange{idS, idS + k}, pyRange{idS + k + 2, idE}, sw, status)
	} else if st.find(id, id) < 0 && st.find("", id) < 0 {
		// A module that could not be collected: "ERROR tests/x.py - msg".
		st.addTest(l, id, pyRange{idS, idE}, pyRange{idS, idE}, sw, status)
	}
	return true
}

// warningLine reads "  /path/x.py:3: DeprecationWarning: message" under the test ids.
func (st *pytestState) warningLine(l lex.Line) {
	t := l.Text
	s := strings.TrimLeft(t, " ")
	off := len(t) - len(s)
	if p, ok := pyPos(s, 1); ok && off > 0 {
		cE := strings.Index(s[p.rest:], ": ")
		if cE > 0 && strings.HasSuffix(s[p.rest:p.rest+cE], "Warning") {
			sl := lex.Line{Text: s, At: l.At + off}
			pyDiag(st.c, st.res, sl, p, pyDiagAt{sev: "warning", sevTr: "impliedDefault", sevE: len(s), codeS: p.rest, codeE: p.rest + cE, msgS: p.rest + cE + 2, msgE: len(s), tool: "pytest"})
		}
	}
}

// resultLine reads a line before any section: -v "tests/x.py::test_a PASSED    [ 11%]",
// default "tests/x.py .F.s  [ 50%]", -q ".F.s  [100%]".
func (st *pytestState) resultLine(l lex.Line) bool {
	t := l.Text
	if k := strings.Index(t, "::"); k > 0 && !strings.HasPrefix(t, " ") {
		e := len(t)
		if p := strings.LastIndex(t, " ["); p > 0 && strings.HasSuffix(t, "%]") {
			e = len(strings.TrimRight(t[:p], " "))
		}
		sp := strings.LastIndex(t[:e], " ")
		for sp > k {
			w := lex.SkipWord(t, sp+1)
			if _, ok := pytestStatus[t[sp+1:w]]; ok {
				sw := t[sp+1 : w]
				// "SKIPPED (reason)" keeps its reason after the word.
				st.addTest(l, t[:k], pyRange{0, k}, pyRange{k + 2, sp}, pyRange{sp + 1, w}, pytestStatus[sw])
				break
			}
			sp = strings.LastIndex(t[:sp], " ")
		}
		if sp > k {
			return true
		}
	}
	// progress dots, counted by the final line
	return strings.HasSuffix(t, "%]") || strings.Trim(t, ".FsExX") == "" && t != ""
}

// finishBlocks gives each block's text to its test as output and a failure's place as a
// diagnostic.
func (st *pytestState) finishBlocks() {
	c, res := st.c, st.res
	for _, b := range st.blocks {
		if b.test >= 0 && b.end > b.start {
			res.Tests[b.test].Output = c.Raw[b.start:b.end]
			c.Span(b.start, b.end, "", "tests", b.test, "output")
		}
		if b.hasLoc && b.section == "FAILURES" && b.test >= 0 {
			line := c.Raw[b.locS:b.locE]
			p, _ := pyPos(line, 1)
			pl := lex.Line{Text: line, At: b.locS}
			codeE := p.rest
			if !strings.HasPrefix(line[p.rest:], "in ") {
				codeE = len(line) // the exception's type
			}
			// The message is the first "E   " line: what failed.
			var msgAt []int
			if b.eE > 0 {
				msgAt = []int{b.eS, b.eE}
			}
			pyDiag(c, res, pl, p, pyDiagAt{sev: "error", sevTr: "impliedDefault", sevE: len(line), codeS: p.rest, codeE: codeE, msgS: p.rest, msgE: len(line), tool: "pytest", msgAt: msgAt})
		}
	}
}

// summarize sets the summary: the final line's counts when pytest printed it (its
// errors are collection and setup errors), the rows' otherwise. The
// place a test failed is a diagnostic, not an error of its own.
func (st *pytestState) summarize() {
	c, res := st.c, st.res
	sum := DiagSummary{Errors: res.Summary.Errors}
	spanAt, spanEnd := 0, len(c.Raw)
	if st.counted {
		cnt := st.cnt
		sum = DiagSummary{TestsPassed: cnt[0], TestsFailed: cnt[1], TestsSkipped: cnt[2], Errors: cnt[3], Warnings: cnt[4]}
		spanAt, spanEnd = st.cntLine.At, st.cntLine.At+len(st.cntLine.Text)
	} else {
		for _, d := range res.Diagnostics {
			if d.Severity == "warning" {
				sum.Warnings++
			}
		}
		for _, t := range res.Tests {
			switch t.Status {
			case "pass":
				sum.TestsPassed++
			case "fail":
				sum.TestsFailed++
			case "skip":
				sum.TestsSkipped++
			}
		}
	}
	res.Summary = sum
	for _, k := range []string{"errors", "warnings", "tests_passed", "tests_failed", "tests_skipped"} {
		c.Span(spanAt, spanEnd, "count", "summary", k)
	}
}

// pyDiagParsers wires the Python diagnostics parsers for the builtin list.
func pyDiagParsers() []*catalog.Parser {
	return []*catalog.Parser{
		{
			ID: "pytest", Command: "pytest", Version: "1",
			Format: "pytest's -v result lines, FAILURES/ERRORS/PASSES blocks kept whole as each test's output (the failing " +
				"file:line as a diagnostic), the short test summary (-r), warnings summary, the final counts; -q and default progress dots counted by the final line (stdout)",
			Flags: pytestFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "tests", Parse: parsePytest,
			Examples: [][]string{{}, {"-q"}, {"-v", "tests/"}, {"-rA", "tests/test_x.py"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "tests were collected and run but some failed", WithOutput: true, Source: "docs.pytest.org reference, ExitCode.TESTS_FAILED"},
				{Code: 5, Means: "no tests were collected", WithOutput: true, Source: "docs.pytest.org reference, ExitCode.NO_TESTS_COLLECTED"},
			},
		},
		{
			ID: "mypy", Command: "mypy", Version: "1",
			Format: "mypy's file:line[:col[:end_line:end_col]]: error|note: message  [code] lines, a note on its error's line attached " +
				"to it, the Found/Success summary (stdout)",
			Flags: mypyFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics", Parse: parseMypy,
			Examples: [][]string{{"."}, {"--show-column-numbers", "src/"}, {"-p", "pkg"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "type errors were found", WithOutput: true, Source: "mypy source mypy/main.py: exit code 1 when errors were reported"},
			},
		},
		{
			ID: "ruff-check", Command: "ruff", Subcommand: "check", Version: "1",
			Format: "ruff check's full form (CODE [*] message, then --> file:line:col; code frames and help left out) and " +
				"--output-format concise (file:line:col: CODE [*] message), the Found summary (stdout)",
			Flags: ruffFlags, Check: ruffCheck, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics", Parse: parseRuff,
			Examples: [][]string{{"check", "."}, {"check", "--output-format", "concise", "src/"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "violations were found", WithOutput: true, Source: "docs.astral.sh/ruff/linter, Exit codes"},
			},
		},
		{
			ID: "flake8", Command: "flake8", Version: "1",
			Format: "flake8's default file:line:col: CODE message lines, W codes as warnings (stdout)",
			Flags:  flake8Flags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics", Parse: parseFlake8,
			Examples: [][]string{{"."}, {"--max-line-length", "100", "src/"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "violations were found", WithOutput: true, Source: "flake8 docs, Exit codes (flake8 5.0.4)"},
			},
		},
	}
}
