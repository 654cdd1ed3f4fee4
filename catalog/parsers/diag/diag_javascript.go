package diag

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// jsLines walks c.Raw line by line as a terminal shows it, leaving out the
// lines npm prints around a script ("> pkg@1.0.0 test", "> jest", "npm
// error ..."), so that every parser here reads the output of npm test too.
func jsLines(c *catalog.Context, f func(l lex.SGRLine)) {
	it := lex.Lines{Raw: c.Raw}
	for {
		line, start, ok := it.Next()
		if !ok {
			return
		}
		l := lex.StripSGR(line, start)
		if jsNpmLine(l.Text) {
			continue
		}
		f(l)
	}
}

// jsNpmLine reports a line npm prints itself, around the script's output.
func jsNpmLine(t string) bool {
	return strings.HasPrefix(t, "> ") || strings.HasPrefix(t, "npm ERR!") ||
		strings.HasPrefix(t, "npm error") || strings.HasPrefix(t, "npm warn")
}

// jsSpan records the span of l.Text[s:e]; a range across an escape is not
// the raw bytes and spans "stripSGR" unless another transform is given.
func jsSpan(c *catalog.Context, l lex.SGRLine, s, e int, tr string, ptr ...any) {
	if !c.Recording() {
		return
	}
	rs, re, ok := l.Raw(s, e)
	if !ok && tr == "" {
		tr = "stripSGR"
	}
	c.Span(rs, re, tr, ptr...)
}

// jsText is a value that may run over several lines (a message and its
// continuation lines, a failing test's output): raw[start:end] when no
// line of it was coloured, the lines as shown joined otherwise.
type jsText struct {
	lines      []lex.SGRLine
	first      int // where the value starts in lines[0].Text
	start, end int // raw range
	plain      bool
}

func (t *jsText) begin(l lex.SGRLine, s int) {
	t.lines, t.first, t.plain = []lex.SGRLine{l}, s, true
	rs, re, ok := l.Raw(s, len(l.Text))
	t.start, t.end, t.plain = rs, re, ok && t.plain
}

func (t *jsText) add(l lex.SGRLine) {
	t.lines = kit.AppendRow(t.lines, l)
	_, re, ok := l.Raw(0, len(l.Text))
	t.end, t.plain = re, ok && t.plain
}

func (t *jsText) empty() bool { return len(t.lines) == 0 }

// value is the text and its span's transform.
func (t *jsText) value(raw string) (string, string) {
	if t.plain {
		return raw[t.start:t.end], ""
	}
	if len(t.lines) == 1 {
		return t.lines[0].Text[t.first:], "stripSGR"
	}
	parts := make([]string, len(t.lines))
	for i, l := range t.lines {
		parts[i] = l.Text
	}
	parts[0] = parts[0][t.first:]
	return strings.Join(parts, "\n"), "stripSGR"
}

var tscSeverities = []string{"error", "warning", "message", "suggestion"}

// tscHeadAt is a diagnostic's first line: "src/a.ts(3,5): error TS2322: msg"
// (plain), "src/a.ts:3:5 - error TS2322: msg" (--pretty) or "error TS5083:
// msg" (no file). Offsets are into the line's Text.
type tscHeadAt struct {
	fileE, lineS, lineE, colS, colE int
	line, col                       int64
	sevS, sevE, codeS, codeE, msg   int
	hasFile                         bool
}

func tscHead(t string) (tscHeadAt, bool) {
	var h tscHeadAt
	rest := 0
	if i := strings.Index(t, "): "); i > 0 {
		if p := strings.LastIndexByte(t[:i], '('); p > 0 {
			if ln, e, ok := diagNum(t, p+1); ok && e < i && t[e] == ',' {
				if cl, e2, ok := diagNum(t, e+1); ok && e2 == i {
					h = tscHeadAt{fileE: p, lineS: p + 1, lineE: e, colS: e + 1, colE: e2, line: ln, col: cl, hasFile: true}
					rest = i + 3
				}
			}
		}
	}
	if !h.hasFile {
		if i := strings.Index(t, " - "); i > 0 {
			if c2 := strings.LastIndexByte(t[:i], ':'); c2 > 0 {
				if c1 := strings.LastIndexByte(t[:c2], ':'); c1 > 0 {
					ln, e1, ok1 := diagNum(t, c1+1)
					cl, e2, ok2 := diagNum(t, c2+1)
					if ok1 && ok2 && e1 == c2 && e2 == i {
						h = tscHeadAt{fileE: c1, lineS: c1 + 1, lineE: c2, colS: c2 + 1, colE: i, line: ln, col: cl, hasFile: true}
						rest = i + 3
					}
				}
			}
		}
	}
	for _, sv := range tscSeverities {
		if strings.HasPrefix(t[rest:], sv) && strings.HasPrefix(t[rest+len(sv):], " TS") {
			h.sevS, h.sevE = rest, rest+len(sv)
			h.codeS = h.sevE + 1
			_, e, ok := diagNum(t, h.codeS+2)
			if !ok || !strings.HasPrefix(t[e:], ": ") {
				return h, false
			}
			h.codeE, h.msg = e, e+2
			return h, true
		}
	}
	return h, false
}

// tscLoc reads "src/a.ts:3:25" (a related location of --pretty) and what
// follows it: "" or " - message".
func tscLoc(t string) (fileE, lineS, lineE, colS, colE int, line, col int64, ok bool) {
	end := strings.Index(t, " - ")
	if end < 0 {
		end = len(t)
	}
	c2 := strings.LastIndexByte(t[:end], ':')
	if c2 <= 0 {
		return
	}
	c1 := strings.LastIndexByte(t[:c2], ':')
	if c1 <= 0 || strings.ContainsAny(t[:c1], " ") {
		return
	}
	ln, e1, ok1 := diagNum(t, c1+1)
	cl, e2, ok2 := diagNum(t, c2+1)
	if !ok1 || !ok2 || e1 != c2 || e2 != end {
		return
	}
	return c1, c1 + 1, c2, c2 + 1, end, ln, cl, true
}

// tscFrame reports a line of --pretty's code frame: "12 const x = 1;" or
// the squiggle line under it (spaces and '~').
func tscFrame(t string) bool {
	s := strings.TrimLeft(t, " ")
	if s == "" {
		return false
	}
	if strings.Trim(s, "~ ") == "" {
		return true
	}
	_, e, ok := diagNum(s, 0)
	return ok && (e == len(s) || s[e] == ' ')
}

// tscSummaryLine reports the counts and the "Errors  Files" table --pretty
// prints at the end (the rows are counted from the diagnostics).
func tscSummaryLine(t string, inTable bool) (table, ok bool) {
	switch {
	case strings.HasPrefix(t, "Found ") && (strings.Contains(t, " error") || strings.Contains(t, " warning")):
		return false, true
	case strings.HasPrefix(t, "Errors  Files"):
		return true, true
	case inTable:
		s := strings.TrimLeft(t, " ")
		if _, e, ok := diagNum(s, 0); ok && strings.HasPrefix(s[e:], "  ") {
			return true, true
		}
	}
	return false, false
}

// tscFlags: checked against `tsc --help --all` of TypeScript 5.9.3 and
// 7.0.2 (both installed here from npm). --watch, --listFiles, --showConfig,
// --generateTrace and the --build mode print other output and are left out.
var tscFlags = catalog.Flags{
	"-p": catalog.Value, "--project": catalog.Value, "--noEmit": catalog.Bool, "--pretty": catalog.Bool, "--strict": catalog.Bool,
	"--incremental": catalog.Bool, "-i": catalog.Bool, "--skipLibCheck": catalog.Bool, "--target": catalog.Value, "-t": catalog.Value,
	"--module": catalog.Value, "-m": catalog.Value, "--lib": catalog.Value, "--outDir": catalog.Value, "--declaration": catalog.Bool, "-d": catalog.Bool,
	"--noUnusedLocals": catalog.Bool, "--noUnusedParameters": catalog.Bool, "--noImplicitAny": catalog.Bool,
	"--strictNullChecks": catalog.Bool, "--allowJs": catalog.Bool, "--checkJs": catalog.Bool, "--jsx": catalog.Value,
	"--esModuleInterop": catalog.Bool, "--moduleResolution": catalog.Value, "--rootDir": catalog.Value, "--baseUrl": catalog.Value,
	"--types": catalog.Value, "--isolatedModules": catalog.Bool, "--noEmitOnError": catalog.Bool, "--noErrorTruncation": catalog.Bool,
	"--exactOptionalPropertyTypes": catalog.Bool, "--noUncheckedIndexedAccess": catalog.Bool,
}

func parseTsc(c *catalog.Context) (any, error) {
	// Room for every diagnostic at once: each first line holds " TS" (the
	// rows doubled from 8 were half of the bytes tsc --pretty allocated
	// on a 1 MB input).
	n := min(strings.Count(c.Raw, " TS"), lex.CountLines(c.Raw))
	if c.MaxItems > 0 {
		n = min(n, c.MaxItems)
	}
	res := &DiagResult{Diagnostics: make([]Diagnostic, 0, n)}
	msgs := make([]jsText, 0, n)
	last, cont, inTable := -1, false, false
	waiting := -1 // note (of diagnostic last) whose message is on a later line (tsc 5 --pretty)
	jsLines(c, func(l lex.SGRLine) {
		t := l.Text
		if strings.TrimSpace(t) == "" {
			cont = false
			return
		}
		if h, ok := tscHead(t); ok {
			cont, inTable, waiting = true, false, -1
			if c.Full(len(res.Diagnostics)) {
				c.Omit(1)
				last = -1
				return
			}
			i := len(res.Diagnostics)
			sev := t[h.sevS:h.sevE]
			d := Diagnostic{Line: h.line, Severity: sev, Code: t[h.codeS:h.codeE], Tool: "tsc"}
			if h.hasFile {
				d.File, d.Column = t[:h.fileE], catalog.Intp(h.col)
				jsSpan(c, l, 0, h.fileE, "", "diagnostics", i, "file")
				jsSpan(c, l, h.lineS, h.lineE, "parseInt", "diagnostics", i, "line")
				jsSpan(c, l, h.colS, h.colE, "parseInt", "diagnostics", i, "column")
			} else {
				// A global diagnostic (tsconfig, options): no file, line 0.
				jsSpan(c, l, h.sevS, h.sevS, "", "diagnostics", i, "file")
				jsSpan(c, l, 0, len(t), "impliedDefault", "diagnostics", i, "line")
			}
			if sev == "message" || sev == "suggestion" {
				d.Severity = "note"
				jsSpan(c, l, h.sevS, h.sevE, "statusWord", "diagnostics", i, "severity")
			} else {
				jsSpan(c, l, h.sevS, h.sevE, "", "diagnostics", i, "severity")
			}
			jsSpan(c, l, h.codeS, h.codeE, "", "diagnostics", i, "code")
			jsSpan(c, l, 0, len(t), "impliedDefault", "diagnostics", i, "tool")
			var m jsText
			m.begin(l, h.msg)
			msgs = kit.AppendRow(msgs, m)
			res.Diagnostics = kit.AppendRow(res.Diagnostics, d)
			last = i
			return
		}
		if table, ok := tscSummaryLine(t, inTable); ok {
			inTable, cont, last = table, false, -1
			return
		}
		// A message chain: indented lines right under the first.
		if cont && last >= 0 && strings.HasPrefix(t, "  ") {
			msgs[last].add(l)
			return
		}
		cont = false
		if last >= 0 && strings.HasPrefix(t, "  ") {
			d := &res.Diagnostics[last]
			ind := len(t) - len(strings.TrimLeft(t, " "))
			if fE, lS, lE, cS, cE, ln, cl, ok := tscLoc(t[ind:]); ok && ind == 2 {
				k := len(d.Notes)
				n := DiagNote{File: t[ind : ind+fE], Line: ln, Column: catalog.Intp(cl)}
				jsSpan(c, l, ind, ind+fE, "", "diagnostics", last, "notes", k, "file")
				jsSpan(c, l, ind+lS, ind+lE, "parseInt", "diagnostics", last, "notes", k, "line")
				jsSpan(c, l, ind+cS, ind+cE, "parseInt", "diagnostics", last, "notes", k, "column")
				waiting = -1
				if ind+cE < len(t) {
					n.Message = t[ind+cE+3:]
					jsSpan(c, l, ind+cE+3, len(t), "", "diagnostics", last, "notes", k, "message")
				} else {
					waiting = k
				}
				d.Notes = append(d.Notes, n)
				return
			}
			if tscFrame(t) {
				return
			}
			if waiting >= 0 && ind == 4 {
				d.Notes[waiting].Message = t[ind:]
				jsSpan(c, l, ind, len(t), "", "diagnostics", last, "notes", waiting, "message")
				waiting = -1
				return
			}
		}
		if last >= 0 && tscFrame(t) {
			return
		}
		c.Unread(l.Start)
	})
	for i := range msgs {
		v, tr := msgs[i].value(c.Raw)
		res.Diagnostics[i].Message = v
		c.Span(msgs[i].start, msgs[i].end, tr, "diagnostics", i, "message")
	}
	// A note whose message never came keeps an empty one (its span: the note's file).
	for i := range res.Diagnostics {
		for k, n := range res.Diagnostics[i].Notes {
			if n.Message == "" {
				c.Span(0, 0, "", "diagnostics", i, "notes", k, "message")
			}
		}
	}
	countSummary(c, res, false)
	return res, nil
}

// eslintFlags: checked against `eslint --help` of ESLint 10.15.0. -f takes
// stylish (the default) and json; ESLint 9 and later ship no compact or
// unix formatter (`-f compact` fails: "no longer part of core ESLint").
// --fix, --cache and the like write files: the guard refuses them, the
// parser reads their output all the same.
var eslintFlags = catalog.Flags{
	"-f": catalog.Value, "--format": catalog.Value, "-c": catalog.Value, "--config": catalog.Value, "--ext": catalog.Value,
	"--max-warnings": catalog.Value, "--quiet": catalog.Bool, "--no-warn-ignored": catalog.Bool, "--no-error-on-unmatched-pattern": catalog.Bool,
	"--rule": catalog.Value, "--no-inline-config": catalog.Bool, "--report-unused-disable-directives": catalog.Bool,
	"--ignore-pattern": catalog.Value, "--no-ignore": catalog.Bool, "--color": catalog.Bool, "--no-color": catalog.Bool,
	"--no-config-lookup": catalog.Bool, "--global": catalog.Value, "--parser": catalog.Value,
}

// eslintJSON reports whether the arguments ask for the json formatter.
func eslintJSON(argv catalog.Args) bool {
	v, _ := argv.Value("-f", "--format")
	return v == "json"
}

func eslintCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	for _, a := range argv.Items {
		if a.Flag != "-f" && a.Flag != "--format" || !a.HasValue {
			continue
		}
		if v := a.Value; v != "stylish" && v != "json" {
			return catalog.Unsupported(nil, "the eslint parser reads the stylish and json formatters, not %q", v)
		}
	}
	return nil
}

// eslintRow reads "  3:5  error  message  rule-id" (stylish's columns are
// two or more spaces apart; the rule is absent on a parsing error).
type eslintRowAt struct {
	lineS, lineE, colS, colE, sevS, sevE, msgS, msgE, ruleS, ruleE int
	line, col                                                      int64
}

func eslintRow(t string) (eslintRowAt, bool) {
	var r eslintRowAt
	i := len(t) - len(strings.TrimLeft(t, " "))
	if i < 2 {
		return r, false
	}
	var ok bool
	r.lineS = i
	if r.line, r.lineE, ok = diagNum(t, i); !ok || r.lineE >= len(t) || t[r.lineE] != ':' {
		return r, false
	}
	r.colS = r.lineE + 1
	if r.col, r.colE, ok = diagNum(t, r.colS); !ok || !strings.HasPrefix(t[r.colE:], "  ") {
		return r, false
	}
	r.sevS = lex.SkipBlanks(t, r.colE)
	r.sevE = lex.SkipWord(t, r.sevS)
	if sv := t[r.sevS:r.sevE]; sv != "error" && sv != "warning" {
		return r, false
	}
	r.msgS = lex.SkipBlanks(t, r.sevE)
	end := len(strings.TrimRight(t, " "))
	if r.msgS >= end {
		return r, false
	}
	r.msgE = end
	if g := strings.LastIndex(t[r.msgS:end], "  "); g > 0 {
		rs := lex.SkipBlanks(t, r.msgS+g)
		if eslintRuleID(t[rs:end]) {
			r.ruleS, r.ruleE = rs, end
			r.msgE = len(strings.TrimRight(t[:r.msgS+g], " "))
		}
	}
	return r, true
}

func eslintRuleID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("-_/@.", b) >= 0) {
			return false
		}
	}
	return true
}

func parseEslint(c *catalog.Context) (any, error) {
	if eslintJSON(c.Args) {
		return parseEslintJSON(c)
	}
	// About a line a diagnostic: rows sized once, not grown.
	res := &DiagResult{Diagnostics: make([]Diagnostic, 0, kit.RowCap(c))}
	file := -1 // the header line of the current file: its SGRLine index in heads
	var heads []lex.SGRLine
	var rows []int // diagnostics read under each file line
	jsLines(c, func(l lex.SGRLine) {
		t := l.Text
		switch {
		case strings.TrimSpace(t) == "":
			return
		case strings.HasPrefix(t, "✖ ") && strings.Contains(t, " problem"),
			strings.HasSuffix(t, "potentially fixable with the `--fix` option."):
			return
		case t[0] != ' ':
			heads = append(heads, l)
			rows = append(rows, 0)
			file = len(heads) - 1
			return
		}
		r, ok := eslintRow(t)
		if !ok || file < 0 {
			c.Unread(l.Start)
			return
		}
		if c.Full(len(res.Diagnostics)) {
			c.Omit(1)
			return
		}
		i := len(res.Diagnostics)
		h := heads[file]
		d := Diagnostic{File: h.Text, Line: r.line, Column: catalog.Intp(r.col), Severity: t[r.sevS:r.sevE],
			Message: t[r.msgS:r.msgE], Tool: "eslint"}
		jsSpan(c, h, 0, len(h.Text), "", "diagnostics", i, "file")
		jsSpan(c, l, r.lineS, r.lineE, "parseInt", "diagnostics", i, "line")
		jsSpan(c, l, r.colS, r.colE, "parseInt", "diagnostics", i, "column")
		jsSpan(c, l, r.sevS, r.sevE, "", "diagnostics", i, "severity")
		jsSpan(c, l, r.msgS, r.msgE, "", "diagnostics", i, "message")
		jsSpan(c, l, 0, len(t), "impliedDefault", "diagnostics", i, "tool")
		if r.ruleE > r.ruleS {
			d.Code = t[r.ruleS:r.ruleE]
			jsSpan(c, l, r.ruleS, r.ruleE, "", "diagnostics", i, "code")
		}
		res.Diagnostics = append(res.Diagnostics, d)
		rows[file]++
	})
	// stylish prints a file's line only above its messages: a line with
	// none under it is not a file's (a warning a plugin printed).
	for i, n := range rows {
		if n == 0 {
			c.Unread(heads[i].Start)
		}
	}
	countSummary(c, res, false)
	return res, nil
}

// jestFlags: checked against `jest --help` of Jest 30.5.2. --json,
// --coverage (a table), --listTests, --watch print other output.
var jestFlags = catalog.Flags{
	"--verbose": catalog.Bool, "--ci": catalog.Bool, "-i": catalog.Bool, "--runInBand": catalog.Bool, "-t": catalog.Value, "--testNamePattern": catalog.Value,
	"--bail": catalog.Bool, "-b": catalog.Bool, "--config": catalog.Value, "-c": catalog.Value, "--silent": catalog.Bool, "--no-cache": catalog.Bool,
	"--passWithNoTests": catalog.Bool, "--testPathPattern": catalog.Value, "--testPathPatterns": catalog.Value, "--maxWorkers": catalog.Value, "-w": catalog.Value,
	"--onlyChanged": catalog.Bool, "-o": catalog.Bool, "--selectProjects": catalog.Value, "--testTimeout": catalog.Value, "--colors": catalog.Bool,
	"--detectOpenHandles": catalog.Bool, "--forceExit": catalog.Bool, "--no-colors": catalog.Bool, "--rootDir": catalog.Value, "--roots": catalog.Value,
}

// jestMark is a test's mark (jest's verbose tree, vitest's list) and the status it says.
type jestMark struct{ mark, status string }

// jestMarks are the verdict marks of jest's verbose tree.
var jestMarks = []jestMark{{"✓ ", "pass"}, {"✕ ", "fail"}, {"○ ", "skip"}, {"✎ ", "skip"}}

// jestDuration reads a trailing " (15 ms)".
func jestDuration(t string) (ms *float64, s, e int, ok bool) {
	if !strings.HasSuffix(t, " ms)") {
		return nil, 0, 0, false
	}
	p := strings.LastIndex(t, " (")
	if p < 0 {
		return nil, 0, 0, false
	}
	n, err := strconv.ParseFloat(t[p+2:len(t)-4], 64)
	if err != nil || n < 0 {
		return nil, 0, 0, false
	}
	return catalog.Floatp(n), p + 2, len(t) - 1, true
}

// jsCounts reads a runner's count line: jest's "3 failed, 1 skipped, 1
// todo, 4 passed, 9 total" or vitest's "3 failed | 4 passed | 1 skipped (8)".
func jsCounts(s string, sep string) (pass, fail, skip int64, ok bool) {
	if i := strings.LastIndex(s, " ("); i > 0 && sep == " | " {
		s = s[:i]
	}
	for _, part := range strings.Split(s, sep) {
		n, e, isNum := diagNum(strings.TrimSpace(part), 0)
		if !isNum {
			return 0, 0, 0, false
		}
		switch strings.TrimSpace(strings.TrimSpace(part)[e:]) {
		case "passed":
			pass += n
		case "failed":
			fail += n
		case "skipped", "todo", "pending":
			skip += n
		case "total":
		default:
			return 0, 0, 0, false
		}
	}
	return pass, fail, skip, true
}

// jsSetCounts puts the counts a runner printed on line l into the summary.
func jsSetCounts(c *catalog.Context, res *DiagResult, l lex.SGRLine, pass, fail, skip int64) {
	res.Summary.TestsPassed, res.Summary.TestsFailed, res.Summary.TestsSkipped = pass, fail, skip
	for _, k := range []string{"tests_passed", "tests_failed", "tests_skipped"} {
		jsSpan(c, l, 0, len(l.Text), "count", "summary", k)
	}
}

// jsTestBlock is a failing test's block: the test row it belongs to and its text.
type jsTestBlock struct {
	test int
	text jsText
	last int // index of the last non-blank line in text.lines
}

func (b *jsTestBlock) add(l lex.SGRLine) {
	if strings.TrimSpace(l.Text) == "" {
		if !b.text.empty() {
			b.text.lines = kit.AppendRow(b.text.lines, l)
		}
		return
	}
	if b.text.empty() {
		b.text.begin(l, 0)
	} else {
		b.text.add(l)
	}
	b.last = len(b.text.lines) - 1
}

// setOutputs gives each test its block's text, blank lines at the end left out.
func jsSetOutputs(c *catalog.Context, res *DiagResult, blocks []jsTestBlock) {
	for _, b := range blocks {
		if b.text.empty() || b.test < 0 {
			continue
		}
		t := b.text
		t.lines = t.lines[:b.last+1]
		_, re, _ := t.lines[b.last].Raw(0, len(t.lines[b.last].Text))
		t.end = re
		v, tr := t.value(c.Raw)
		res.Tests[b.test].Output = v
		c.Span(t.start, t.end, tr, "tests", b.test, "output")
	}
}

// jestState is what the steps of parseJest share: the suite being read, the describe
// blocks of the verbose tree, the ● blocks and the tests waiting for one.
type jestState struct {
	c           *catalog.Context
	res         *DiagResult
	file        lex.SGRLine // the PASS/FAIL line of the current suite
	fileS       int         // where its path starts in file.Text
	fileE       int
	haveFile    bool
	stack       []string // describe blocks of the verbose tree
	indents     []int
	blocks      []jsTestBlock
	cur         int // block receiving lines
	suiteErrors int64
	counted     bool
	// The tests of each suite no ● block has given its output to yet,
	// by name, in order: a ● block takes the first of its name. (A scan
	// of every test for each block made jest quadratic: 55 MB/cpu-s on
	// its 1 MB throughput input; a scan of the suite's, comparing names,
	// was still a tenth of its time when a suite repeats.)
	unclaimed map[string]map[string][]int
}

func parseJest(c *catalog.Context) (any, error) {
	st := &jestState{c: c, res: &DiagResult{Diagnostics: []Diagnostic{}}, cur: -1, unclaimed: map[string]map[string][]int{}}
	nonBlank := 0
	jsLines(c, func(l lex.SGRLine) {
		if strings.TrimSpace(l.Text) != "" {
			nonBlank++
		}
		if !st.line(l) {
			c.Unread(l.Start)
		}
	})
	if nonBlank == len(c.UnreadOffsets()) {
		return nil, catalog.Unrecognized("no line reads as jest output (jest writes its results to stderr: pipe 2>&1 to parism parse)")
	}
	res := st.res
	jsSetOutputs(c, res, st.blocks)
	s := res.Summary
	countSummary(c, res, false)
	if st.counted {
		res.Summary.TestsPassed, res.Summary.TestsFailed, res.Summary.TestsSkipped = s.TestsPassed, s.TestsFailed, s.TestsSkipped
	}
	res.Summary.Errors += st.suiteErrors
	return res, nil
}

// line reads one line; it reports whether the line was read.
func (st *jestState) line(l lex.SGRLine) bool {
	t := l.Text
	trim := strings.TrimLeft(t, " ")
	ind := len(t) - len(trim)
	if (strings.HasPrefix(t, "PASS ") || strings.HasPrefix(t, "FAIL ")) && lex.SkipWord(t, 5) > 5 {
		st.file, st.fileS, st.haveFile, st.cur = l, 5, true, -1
		st.fileE = lex.SkipWord(t, 5)
		st.stack, st.indents = st.stack[:0], st.indents[:0]
		return true
	}
	for _, p := range []string{"Test Suites: ", "Tests: ", "Snapshots: ", "Time: ", "Ran all test suites"} {
		if strings.HasPrefix(t, p) {
			st.cur = -1
			if p == "Tests: " {
				if pass, fail, skip, ok := jsCounts(strings.TrimSpace(t[len(p):]), ", "); ok {
					jsSetCounts(st.c, st.res, l, pass, fail, skip)
					st.counted = true
				}
			}
			return true
		}
	}
	if strings.HasPrefix(trim, "● ") && ind == 2 {
		st.blockHead(l, trim[len("● "):], ind)
		return true
	}
	if st.cur >= 0 {
		st.blocks[st.cur].add(l)
		return true
	}
	if strings.TrimSpace(t) == "" {
		return true
	}
	if st.haveFile && ind >= 2 {
		for _, m := range jestMarks {
			if strings.HasPrefix(trim, m.mark) {
				st.testLine(l, m, ind)
				return true
			}
		}
		// A describe block's title in the verbose tree.
		if !strings.HasPrefix(trim, "console.") {
			st.popTo(ind)
			st.stack, st.indents = append(st.stack, trim), append(st.indents, ind)
			return true
		}
	}
	return false
}

// popTo ends the describe blocks indented as deep as ind or deeper.
func (st *jestState) popTo(ind int) {
	for len(st.indents) > 0 && st.indents[len(st.indents)-1] >= ind {
		st.stack, st.indents = st.stack[:len(st.stack)-1], st.indents[:len(st.indents)-1]
	}
}

// blockHead starts a "  ● name" block: the failure of the test of that name (the first
// not claimed yet), or a new failed test.
func (st *jestState) blockHead(l lex.SGRLine, name string, ind int) {
	c, res, t := st.c, st.res, l.Text
	nS := ind + len("● ")
	if name == "Console" {
		// The suite's console output (console.log blocks with
		// their call sites): no test's verdict, left out.
		st.blocks = append(st.blocks, jsTestBlock{test: -1})
		st.cur = len(st.blocks) - 1
		return
	}
	ti := -1
	if st.haveFile {
		byName := st.unclaimed[st.file.Text[st.fileS:st.fileE]]
		if q := byName[name]; len(q) > 0 {
			ti = q[0]
			byName[name] = q[1:]
		}
	}
	if ti < 0 && !c.Full(len(res.Tests)) {
		ti = len(res.Tests)
		tst := DiagTest{Name: name, Status: "fail"}
		jsSpan(c, l, nS, len(t), "", "tests", ti, "name")
		jsSpan(c, l, ind, ind+len("●"), "marker", "tests", ti, "status")
		if st.haveFile {
			tst.Package = st.file.Text[st.fileS:st.fileE]
			jsSpan(c, st.file, st.fileS, st.fileE, "", "tests", ti, "package")
		}
		res.Tests = append(res.Tests, tst)
		if name == "Test suite failed to run" {
			st.suiteErrors++
		}
	} else if ti < 0 {
		c.Omit(1)
	}
	st.blocks = append(st.blocks, jsTestBlock{test: ti})
	st.cur = len(st.blocks) - 1
}

// testLine reads a test of the verbose tree ("    ✓ adds (3 ms)") marked by m.
func (st *jestState) testLine(l lex.SGRLine, m jestMark, ind int) {
	c, res, t := st.c, st.res, l.Text
	st.popTo(ind)
	if c.Full(len(res.Tests)) {
		c.Omit(1)
		return
	}
	i := len(res.Tests)
	nS, nE := ind+len(m.mark), len(t)
	tst := DiagTest{Status: m.status, Package: st.file.Text[st.fileS:st.fileE]}
	if ms, dS, dE, ok := jestDuration(t); ok {
		tst.DurationMs, nE = ms, dS-2
		jsSpan(c, l, dS, dE, "parseDuration", "tests", i, "duration_ms")
	}
	for _, w := range []string{"skipped ", "todo "} {
		if m.status == "skip" && strings.HasPrefix(t[nS:nE], w) {
			nS += len(w)
		}
	}
	tst.Name = t[nS:nE]
	tr := ""
	if len(st.stack) > 0 {
		tst.Name = strings.Join(st.stack, " › ") + " › " + tst.Name
		tr = "withDescribe"
	}
	jsSpan(c, l, nS, nE, tr, "tests", i, "name")
	jsSpan(c, l, ind, ind+len(strings.TrimSpace(m.mark)), "marker", "tests", i, "status")
	jsSpan(c, st.file, st.fileS, st.fileE, "", "tests", i, "package")
	res.Tests = append(res.Tests, tst)
	byName := st.unclaimed[tst.Package]
	if byName == nil {
		byName = map[string][]int{}
		st.unclaimed[tst.Package] = byName
	}
	byName[tst.Name] = append(byName[tst.Name], i)
}

// vitestFlags: checked against `vitest run --help` of Vitest 4.1.12.
// --reporter=json/junit, --coverage and --watch print other output.
var vitestFlags = catalog.Flags{
	"-t": catalog.Value, "--testNamePattern": catalog.Value, "--root": catalog.Value, "-r": catalog.Value, "--dir": catalog.Value, "-c": catalog.Value,
	"--config": catalog.Value, "--bail": catalog.Value, "--retry": catalog.Value, "--silent": catalog.Bool, "--passWithNoTests": catalog.Bool,
	"--project": catalog.Value, "--testTimeout": catalog.Value, "--maxWorkers": catalog.Value, "--no-color": catalog.Bool, "--allowOnly": catalog.Bool,
	"--changed": catalog.Bool, "--environment": catalog.Value, "--globals": catalog.Bool, "--dom": catalog.Bool, "--isolate": catalog.Bool,
}

// vitestDuration reads a trailing " 12ms" or " 1.20s" of a tree line.
func vitestDuration(t string) (ms *float64, s int, ok bool) {
	p := strings.LastIndexByte(t, ' ')
	if p < 0 {
		return nil, 0, false
	}
	w, mul := t[p+1:], 1.0
	switch {
	case strings.HasSuffix(w, "ms"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s"):
		w, mul = w[:len(w)-1], 1000
	default:
		return nil, 0, false
	}
	n, err := strconv.ParseFloat(w, 64)
	if err != nil || n < 0 || w == "" || w[0] < '0' || w[0] > '9' {
		return nil, 0, false
	}
	return catalog.Floatp(n * mul), p + 1, true
}

type vitestName struct {
	l    lex.SGRLine
	s, e int
}

var vitestMarks = []jestMark{{"✓ ", "pass"}, {"× ", "fail"}, {"↓ ", "skip"}, {"✗ ", "fail"}}

// vitestState is what the steps of parseVitest share: the test file being read, the FAIL
// blocks and the failed tests waiting for one.
type vitestState struct {
	c           *catalog.Context
	res         *DiagResult
	file        lex.SGRLine
	fileS       int
	fileE       int
	haveFile    bool
	blocks      []jsTestBlock
	cur         int
	suiteErrors int64
	counted     bool
	names       []vitestName // where each test's name was read, spans given at the end
	// The failed tests no FAIL block has claimed yet, by file and name,
	// in order: a block looks its test up by the names it may have
	// (a scan of the file's tests for each block was quadratic).
	unclaimed map[string]map[string][]int
}

func parseVitest(c *catalog.Context) (any, error) {
	st := &vitestState{c: c, res: &DiagResult{Diagnostics: []Diagnostic{}}, cur: -1, unclaimed: map[string]map[string][]int{}}
	nonBlank := 0
	jsLines(c, func(l lex.SGRLine) {
		if strings.TrimSpace(l.Text) != "" {
			nonBlank++
		}
		if !st.line(l) {
			c.Unread(l.Start)
		}
	})
	if nonBlank == len(c.UnreadOffsets()) {
		return nil, catalog.Unrecognized("no line reads as vitest run output (its failures go to stderr: pipe 2>&1 to parism parse)")
	}
	res := st.res
	for i, n := range st.names {
		jsSpan(c, n.l, n.s, n.e, "", "tests", i, "name")
	}
	jsSetOutputs(c, res, st.blocks)
	s := res.Summary
	countSummary(c, res, false)
	if st.counted {
		res.Summary.TestsPassed, res.Summary.TestsFailed, res.Summary.TestsSkipped = s.TestsPassed, s.TestsFailed, s.TestsSkipped
	}
	res.Summary.Errors += st.suiteErrors
	return res, nil
}

// line reads one line; it reports whether the line was read.
func (st *vitestState) line(l lex.SGRLine) bool {
	t := l.Text
	trim := strings.TrimLeft(t, " ")
	ind := len(t) - len(trim)
	switch {
	case strings.HasPrefix(trim, "⎯"):
		st.cur = -1
		return true
	case strings.HasPrefix(t, " FAIL  "):
		st.failHead(l)
		return true
	case st.cur >= 0:
		st.blocks[st.cur].add(l)
		return true
	case strings.TrimSpace(t) == "":
		return true
	case strings.HasPrefix(trim, "RUN  v"), strings.HasPrefix(trim, "Test Files  "),
		strings.HasPrefix(trim, "Start at  "), strings.HasPrefix(trim, "Duration  "):
		return true
	case strings.HasPrefix(trim, "Tests  "):
		if pass, fail, skip, ok := jsCounts(strings.TrimSpace(trim[len("Tests  "):]), " | "); ok {
			jsSetCounts(st.c, st.res, l, pass, fail, skip)
			st.counted = true
			return true
		}
	}
	// A test file: " ❯ a.test.js (5 tests | 2 failed) 10ms", " ✓ b.test.js (1 test) 3ms".
	if ind == 1 && strings.Contains(t, " test") && strings.Contains(t, " (") {
		for _, m := range []string{"❯ ", "✓ ", "× "} {
			if strings.HasPrefix(trim, m) && lex.SkipWord(t, ind+len(m)) > ind+len(m) {
				st.file, st.fileS, st.haveFile = l, ind+len(m), true
				st.fileE = lex.SkipWord(t, st.fileS)
				return true
			}
		}
	}
	if st.haveFile && ind >= 3 {
		for _, m := range vitestMarks {
			if strings.HasPrefix(trim, m.mark) {
				st.testLine(l, m, ind)
				return true
			}
		}
	}
	return false
}

// failHead starts a " FAIL  file > name" block: the failure of the test of that name
// (the first not claimed yet), or a new failed test (a whole file's when no name).
func (st *vitestState) failHead(l lex.SGRLine) {
	c, res, t := st.c, st.res, l.Text
	head := t[len(" FAIL  "):]
	nS := len(" FAIL  ")
	pkgE := strings.Index(head, " > ")
	name, nameS := head, nS
	suite := pkgE < 0
	if suite {
		pkgE = lex.SkipWord(head, 0)
	} else {
		name, nameS = head[pkgE+3:], nS+pkgE+3
	}
	pkg := head[:pkgE]
	ti := -1
	if !suite {
		ti = st.claim(pkg, name)
	}
	if ti >= 0 {
		res.Tests[ti].Name = name // the whole name, describe blocks included
		st.names[ti] = vitestName{l, nameS, len(t)}
	}
	if ti < 0 && !c.Full(len(res.Tests)) {
		ti = len(res.Tests)
		res.Tests = append(res.Tests, DiagTest{Name: name, Package: pkg, Status: "fail"})
		st.names = append(st.names, vitestName{l, nameS, len(t)})
		if pkg != "" {
			jsSpan(c, l, nS, nS+pkgE, "", "tests", ti, "package")
		}
		jsSpan(c, l, 1, 5, "statusWord", "tests", ti, "status")
		if suite {
			st.suiteErrors++
		}
	} else if ti < 0 {
		c.Omit(1)
	}
	st.blocks = append(st.blocks, jsTestBlock{test: ti})
	st.cur = len(st.blocks) - 1
}

// claim takes the first unclaimed failed test of file pkg whose name is
// name or the end of it after a " > " (the test line printed no describe
// blocks), -1 when there is none.
func (st *vitestState) claim(pkg, name string) int {
	byName := st.unclaimed[pkg]
	ti, key := -1, ""
	try := func(n string) {
		if q := byName[n]; len(q) > 0 && (ti < 0 || q[0] < ti) {
			ti, key = q[0], n
		}
	}
	try(name)
	for p := 0; ; p++ {
		k := strings.Index(name[p:], " > ")
		if k < 0 {
			break
		}
		p += k
		try(name[p+3:])
	}
	if ti >= 0 {
		byName[key] = byName[key][1:]
	}
	return ti
}

// testLine reads a test under its file ("   ✓ adds 2ms") marked by m.
func (st *vitestState) testLine(l lex.SGRLine, m jestMark, ind int) {
	c, res, t := st.c, st.res, l.Text
	if c.Full(len(res.Tests)) {
		c.Omit(1)
		return
	}
	i := len(res.Tests)
	nS, nE := ind+len(m.mark), len(t)
	tst := DiagTest{Status: m.status, Package: st.file.Text[st.fileS:st.fileE]}
	if ms, dS, ok := vitestDuration(t); ok && dS-1 > nS {
		tst.DurationMs, nE = ms, dS-1
		jsSpan(c, l, dS, len(t), "parseDuration", "tests", i, "duration_ms")
	}
	tst.Name = t[nS:nE]
	st.names = append(st.names, vitestName{l, nS, nE})
	jsSpan(c, l, ind, ind+len(strings.TrimSpace(m.mark)), "marker", "tests", i, "status")
	jsSpan(c, st.file, st.fileS, st.fileE, "", "tests", i, "package")
	res.Tests = append(res.Tests, tst)
	if tst.Status == "fail" {
		byName := st.unclaimed[tst.Package]
		if byName == nil {
			byName = map[string][]int{}
			st.unclaimed[tst.Package] = byName
		}
		byName[tst.Name] = append(byName[tst.Name], i)
	}
}

// npmTestRunner names the runner of the script npm printed ("> jest
// test"): its first word that is not an environment assignment or a
// launcher (npx, cross-env), the directory left out.
func npmTestRunner(raw string) string {
	it := lex.Lines{Raw: raw}
	seen := 0
	for seen < 4 {
		line, _, ok := it.Next()
		if !ok {
			break
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		seen++
		if !strings.HasPrefix(line, "> ") {
			break
		}
		if seen == 1 {
			continue // "> pkg@1.0.0 test"
		}
		for _, w := range strings.Fields(line[2:]) {
			if strings.Contains(w, "=") || w == "npx" || w == "cross-env" || w == "env" || strings.HasPrefix(w, "-") {
				continue
			}
			return w[strings.LastIndexByte(w, '/')+1:]
		}
	}
	switch {
	case strings.Contains(raw, "\nTests: ") || strings.HasPrefix(raw, "Tests: "):
		return "jest"
	case strings.Contains(raw, " Test Files  "):
		return "vitest"
	}
	return ""
}

func parseNpmTest(c *catalog.Context) (any, error) {
	switch r := npmTestRunner(c.Raw); r {
	case "jest":
		return parseJest(c)
	case "vitest":
		return parseVitest(c)
	case "tsc":
		return parseTsc(c)
	case "eslint":
		return parseEslint(c)
	case "":
		if strings.TrimSpace(c.Raw) == "" {
			res := &DiagResult{Diagnostics: []Diagnostic{}}
			countSummary(c, res, false)
			return res, nil
		}
		return nil, catalog.Unrecognized("npm printed no `> pkg@version script` preamble naming its runner, and no jest or vitest summary")
	default:
		return nil, catalog.Unrecognized("the script ran %q: the runners read are jest, vitest, tsc and eslint", r)
	}
}

// npmTestFlags: checked against `npm help test` of npm 11.19.1 (the
// arguments after -- go to the script and are not the parser's).
var npmTestFlags = catalog.Flags{"--silent": catalog.Bool, "-s": catalog.Bool, "--ignore-scripts": catalog.Bool, "--if-present": catalog.Bool, "--workspace": catalog.Value, "-w": catalog.Value}

// npxForm is p run through npx ("npx tsc --noEmit"): the same reading,
// registered as npx's subcommand p.Command, with npx's --no (which the
// guard always adds: npx never downloads a package) among the flags.
func npxForm(p *catalog.Parser) *catalog.Parser {
	q := *p
	q.ID, q.Command, q.Subcommand = "npx-"+p.ID, "npx", p.Command
	q.Flags = catalog.Flags{"--no": catalog.Bool}
	for k, v := range p.Flags {
		q.Flags[k] = v
	}
	q.Examples = nil
	for _, e := range p.Examples {
		q.Examples = append(q.Examples, append([]string{p.Command}, e...))
	}
	q.Format = "npx " + p.Command + ": " + p.Format
	if p.Check != nil {
		check := p.Check
		q.Check = func(argv catalog.Args, os catalog.OS) *catalog.ParseError {
			args := argv.Rest()
			if len(args) > 0 && args[0] == p.Subcommand && p.Subcommand != "" {
				args = args[1:]
			}
			return check(p.ReadArgs(args), os)
		}
	}
	return &q
}

// jsDiagParsers wires the TypeScript and JavaScript diagnostics parsers
// for the builtin list, each also as run through npx.
func jsDiagParsers() []*catalog.Parser {
	ps := jsDiagDefs()
	for _, p := range ps[:4] { // tsc, eslint, jest, vitest
		ps = append(ps, npxForm(p))
	}
	return ps
}

func jsDiagDefs() []*catalog.Parser {
	return []*catalog.Parser{
		{
			ID: "tsc", Command: "tsc", Version: "1",
			Format: "tsc's file(line,col): error TSnnnn: message lines with their indented message chains, and the --pretty form " +
				"(file:line:col - error TSnnnn:, code frames left out, related locations as notes, the Found/Errors Files summary) (stdout)",
			Flags: tscFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics", Parse: parseTsc,
			Examples: [][]string{{"--noEmit"}, {"--noEmit", "-p", "tsconfig.json"}, {"--pretty", "--noEmit"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "errors were found (no output was emitted)", WithOutput: true, Source: "TypeScript src/compiler/types.ts ExitStatus.DiagnosticsPresent_OutputsSkipped"},
				{Code: 2, Means: "errors were found (outputs were emitted)", WithOutput: true, Source: "TypeScript src/compiler/types.ts ExitStatus.DiagnosticsPresent_OutputsGenerated"},
			},
		},
		{
			ID: "eslint", Command: "eslint", Version: "1",
			Format: "eslint's stylish form (a file line, then line:col severity message rule rows; the ✖ summary) and -f json (stdout)",
			Flags:  eslintFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics", Parse: parseEslint, Check: eslintCheck,
			Examples: [][]string{{"."}, {"src/"}, {"-f", "json", "src/"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "linting errors were found (or more warnings than --max-warnings)", WithOutput: true, Source: "eslint.org/docs/latest/use/command-line-interface, Exit Codes"},
			},
		},
		{
			// jest writes all of it to stderr.
			ID: "jest", Command: "jest", Version: "1", Stream: catalog.StreamStderr,
			Format: "jest's PASS/FAIL suite lines, the --verbose tree (✓ ✕ ○), ● blocks kept whole as the failing test's output, " +
				"the Tests: counts (stderr)",
			Flags: jestFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "tests", Parse: parseJest,
			Examples: [][]string{{}, {"--verbose"}, {"-t", "adds", "test/"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "a test failed (or a suite could not run): the tests list them", WithOutput: true, Source: "jestjs.io CLI docs (--passWithNoTests, --ci) and jest-cli's runCLI: exit 1 when results.success is false; run here, jest 29.7"},
			},
		},
		{
			// The tree and counts go to stdout, the failures to stderr.
			ID: "vitest", Command: "vitest", Subcommand: "run", Version: "1", Stream: catalog.StreamBoth,
			Format: "vitest run's default reporter: file lines and the test tree (✓ × ↓, stdout), FAIL blocks kept whole as the " +
				"failing test's output (stderr), the Tests counts",
			Flags: vitestFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "tests", Parse: parseVitest,
			Examples: [][]string{{"run"}, {"run", "src/"}},
			ExitAnswers: []catalog.ExitAnswer{
				{Code: 1, Means: "a test failed: the tests list them", WithOutput: true, Source: "vitest.dev guide/cli: vitest run exits with a non-zero code when tests fail (process.exitCode = 1)"},
			},
		},
		{
			// npm's preamble goes to stdout, the runner's streams as the runner's.
			ID: "npm-test", Command: "npm", Subcommand: "test", Version: "1", Stream: catalog.StreamBoth,
			Format: "npm test: the runner its `> pkg@1.0.0 test` preamble names (jest, vitest, tsc, eslint) read as that runner; " +
				"npm's own lines left out (preamble on stdout, runner streams as above)",
			// Arguments after -- are the runner's, not verified here: a runner
			// flag that changes its output makes the output unrecognized.
			Flags: npmTestFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "tests", Parse: parseNpmTest,
			Examples: [][]string{{"test"}, {"test", "--", "--verbose"}},
		},
		{
			// Both streams, as npm test.
			ID: "npm-run", Command: "npm", Subcommand: "run", Version: "1", Stream: catalog.StreamBoth,
			Format: "npm run SCRIPT: the runner its `> pkg@1.0.0 SCRIPT` preamble names (tsc, eslint, jest, vitest) read as that " +
				"runner, as npm test is; a script running anything else is unrecognized_output",
			Flags: npmTestFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics", Parse: parseNpmTest,
			Examples: [][]string{{"run", "lint"}, {"run", "build"}, {"run", "test"}},
		},
	}
}

// jsonScalars walks a JSON document token by token and calls f with the
// path (keys and indices) of each scalar, its raw range and its value.
func jsonScalars(raw string, f func(path []any, s, e int, v any)) error {
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	type frame struct {
		array bool
		index int
		key   any
	}
	var stack []frame
	var path []any
	expectKey := false
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		end := int(dec.InputOffset())
		start := before
		for start < end && strings.IndexByte(" \t\r\n:,", raw[start]) >= 0 {
			start++
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if len(stack) > 0 {
					path = append(path, stack[len(stack)-1].key)
				}
				stack = append(stack, frame{array: d == '['})
				if d == '[' {
					stack[len(stack)-1].key = 0
				}
				expectKey = d == '{'
			case '}', ']':
				stack = stack[:len(stack)-1]
				if len(stack) > 0 {
					path = path[:len(path)-1]
					top := &stack[len(stack)-1]
					if top.array {
						top.index++
						top.key = top.index
					} else {
						expectKey = true
					}
				}
			}
			continue
		}
		if len(stack) == 0 {
			f(nil, start, end, tok)
			continue
		}
		top := &stack[len(stack)-1]
		if !top.array && expectKey {
			top.key, expectKey = tok, false
			continue
		}
		f(append(path, top.key), start, end, tok)
		if top.array {
			top.index++
			top.key = top.index
		} else {
			expectKey = true
		}
	}
}

func parseEslintJSON(c *catalog.Context) (any, error) {
	res := &DiagResult{Diagnostics: []Diagnostic{}}
	if strings.TrimSpace(c.Raw) == "" {
		return nil, catalog.Unrecognized("eslint -f json printed nothing")
	}
	type field struct {
		s, e int
		v    any
	}
	type msgAt struct {
		file   int
		fields map[string]field
	}
	files := map[int]field{}
	var order []msgAt
	index := map[[2]int]int{}
	err := jsonScalars(c.Raw, func(path []any, s, e int, v any) {
		if len(path) == 2 && path[1] == "filePath" {
			if i, ok := path[0].(int); ok {
				files[i] = field{s, e, v}
			}
			return
		}
		if len(path) != 4 || path[1] != "messages" {
			return
		}
		i, ok1 := path[0].(int)
		j, ok2 := path[2].(int)
		k, ok3 := path[3].(string)
		if !ok1 || !ok2 || !ok3 {
			return
		}
		at, ok := index[[2]int{i, j}]
		if !ok {
			at = len(order)
			index[[2]int{i, j}] = at
			order = append(order, msgAt{file: i, fields: map[string]field{}})
		}
		order[at].fields[k] = field{s, e, v}
	})
	if err != nil {
		return nil, catalog.Unrecognized("eslint -f json output is not JSON: %v", err)
	}
	num := func(f field) (int64, bool) {
		n, ok := f.v.(json.Number)
		if !ok {
			return 0, false
		}
		v, err := n.Int64()
		return v, err == nil
	}
	str := func(f field, ptr ...any) string {
		s, _ := f.v.(string)
		tr := ""
		if c.Raw[f.s:f.e] != `"`+s+`"` {
			tr = "jsonString"
		}
		c.Span(f.s+1, f.e-1, tr, ptr...)
		return s
	}
	for _, m := range order {
		if c.Full(len(res.Diagnostics)) {
			c.Omit(1)
			continue
		}
		i := len(res.Diagnostics)
		d := Diagnostic{Tool: "eslint"}
		if f, ok := files[m.file]; ok {
			d.File = str(f, "diagnostics", i, "file")
		} else {
			c.Span(0, 0, "", "diagnostics", i, "file")
		}
		if f, ok := m.fields["message"]; ok {
			d.Message = str(f, "diagnostics", i, "message")
		} else {
			c.Span(0, 0, "", "diagnostics", i, "message")
		}
		if f, ok := m.fields["ruleId"]; ok {
			if _, isStr := f.v.(string); isStr {
				d.Code = str(f, "diagnostics", i, "code")
			}
		}
		d.Severity = "warning"
		sv, svOK := m.fields["severity"]
		if n, ok := num(sv); ok && n == 2 {
			d.Severity = "error"
		}
		if svOK {
			c.Span(sv.s, sv.e, "severityNumber", "diagnostics", i, "severity")
		} else {
			c.Span(0, 0, "impliedDefault", "diagnostics", i, "severity")
		}
		set := func(key string, dst **int64, leaf string) {
			if f, ok := m.fields[key]; ok {
				if n, ok := num(f); ok {
					*dst = catalog.Intp(n)
					c.Span(f.s, f.e, "parseInt", "diagnostics", i, leaf)
				}
			}
		}
		var line *int64
		set("line", &line, "line")
		if line != nil {
			d.Line = *line
		} else {
			c.Span(0, 0, "impliedDefault", "diagnostics", i, "line")
		}
		set("column", &d.Column, "column")
		set("endLine", &d.EndLine, "end_line")
		set("endColumn", &d.EndColumn, "end_column")
		c.Span(0, 0, "impliedDefault", "diagnostics", i, "tool")
		res.Diagnostics = append(res.Diagnostics, d)
	}
	countSummary(c, res, false)
	return res, nil
}
