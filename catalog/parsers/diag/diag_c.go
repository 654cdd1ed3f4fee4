package diag

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var cFlags = catalog.Flags{
	"-c": catalog.Bool, "-o": catalog.Value, "-S": catalog.Bool, "-fsyntax-only": catalog.Bool, "-Wall": catalog.Bool, "-Wextra": catalog.Bool,
	"-Werror": catalog.Bool, "-Wpedantic": catalog.Bool, "-pedantic": catalog.Bool, "-w": catalog.Bool, "-std": catalog.Value, "-O0": catalog.Bool,
	"-O1": catalog.Bool, "-O2": catalog.Bool, "-O3": catalog.Bool, "-Os": catalog.Bool, "-g": catalog.Bool, "-I": catalog.Value, "-D": catalog.Value,
	"-L": catalog.Value, "-l": catalog.Value, "-x": catalog.Value, "-fdiagnostics-color": catalog.Value, "-fno-diagnostics-color": catalog.Bool,
	"-fno-caret-diagnostics": catalog.Bool, "-fcolor-diagnostics": catalog.Bool, "-fno-color-diagnostics": catalog.Bool,
	"-fPIC": catalog.Bool, "-pthread": catalog.Bool, "-march": catalog.Value, "-m64": catalog.Bool, "-m32": catalog.Bool,
}

func cParser(cmd string) *catalog.Parser {
	return &catalog.Parser{
		ID: cmd, Command: cmd, Version: "1", GoFlags: true,
		Format: cmd + "'s file:line:col: severity: message [-Wflag] lines, notes attached to the diagnostic before them, " +
			"source excerpts left out (stderr: pipe 2>&1 to parism parse; -Iinclude attached is not read, -I include is)",
		Stream: catalog.StreamStderr,
		Flags:  cFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
		Examples: [][]string{{"-Wall", "-c", "a.c"}, {"-fsyntax-only", "-std=c11", "a.c", "b.c"}},
		Parse:    func(c *catalog.Context) (any, error) { return parseCDiag(c, cmd) },
	}
}

// cDiagParsers wires gcc and cc for the builtin list (clang and clang++,
// read by the same code, are in diag_clang.go).
func cDiagParsers() []*catalog.Parser { return []*catalog.Parser{cParser("gcc"), cParser("cc")} }

var cSeverities = []string{": fatal error: ", ": error: ", ": warning: ", ": note: "}

// cDiagLine reads "file:line[:col]: severity: message".
type cDiagAt struct {
	file, sev        string
	line, col        int64
	hasCol           bool
	fileE, lineS     int
	lineE, colS, msg int
	// sevImplied: the line prints no severity (ld's own errors).
	sevImplied bool
}

func cDiagLine(s string) (cDiagAt, bool) {
	var d cDiagAt
	at := -1
	for _, sv := range cSeverities {
		if i := strings.Index(s, sv); i > 0 && (at < 0 || i < at) {
			at, d.sev = i, strings.Trim(sv, ": ")
		}
	}
	if at < 0 {
		return d, false
	}
	d.msg = at + len(d.sev) + 4
	head := s[:at]
	c2 := strings.LastIndexByte(head, ':')
	if c2 < 0 {
		return d, false
	}
	n2, err := strconv.ParseInt(head[c2+1:], 10, 64)
	if err != nil || n2 < 0 {
		return d, false
	}
	c1 := strings.LastIndexByte(head[:c2], ':')
	n1, err := int64(0), strconv.ErrSyntax
	if c1 > 0 {
		n1, err = strconv.ParseInt(head[c1+1:c2], 10, 64)
	}
	if err == nil && n1 >= 0 {
		d.line, d.col, d.hasCol = n1, n2, true
		d.fileE, d.lineS, d.lineE, d.colS = c1, c1+1, c2, c2+1
	} else {
		d.line = n2
		d.fileE, d.lineS, d.lineE = c2, c2+1, at
	}
	d.file = s[:d.fileE]
	return d, d.file != ""
}

// cExcerpt reports a source excerpt line in gcc's numbered form
// ("   10 |   code", "      |   ^", "      |   ;" for a fix-it).
func cExcerpt(s string) bool {
	t := strings.TrimLeft(s, " ")
	if len(t) == len(s) {
		return false
	}
	t = strings.TrimLeft(t, "0123456789+")
	return strings.HasPrefix(t, " |") || strings.HasPrefix(t, "|")
}

// cCaret reports clang's (and gcc -fno-diagnostics-show-line-numbers')
// caret line under a source line: only spaces, tabs, ~ and ^.
func cCaret(s string) bool {
	if strings.TrimSpace(s) == "" {
		return false
	}
	return strings.Trim(s, " \t~^") == ""
}

// cNext returns the line after pos (without its newline) and where the
// one after it starts.
func cNext(raw string, pos int) (string, int, bool) {
	it := lex.Lines{Raw: raw, Pos: pos}
	line, _, ok := it.Next()
	return line, it.Pos, ok
}

// cGenerated reads clang's "N warnings and M errors generated." into the
// counts it states.
func cGenerated(s string) (warnings, errors int64, ok bool) {
	body, ok := strings.CutSuffix(s, " generated.")
	if !ok {
		return 0, 0, false
	}
	for _, part := range strings.Split(body, " and ") {
		n, word, ok := strings.Cut(part, " ")
		v, err := strconv.ParseInt(n, 10, 64)
		if !ok || err != nil {
			return 0, 0, false
		}
		switch word {
		case "warning", "warnings":
			warnings += v
		case "error", "errors":
			errors += v
		default:
			return 0, 0, false
		}
	}
	return warnings, errors, true
}

// cFixit reads -fdiagnostics-parseable-fixits' `fix-it:"file":{l:c-l:c}:"text"`.
func cFixit(s string) (f DiagFix, fileE, rangeS, rangeE, textS int, ok bool) {
	rest, ok := strings.CutPrefix(s, "fix-it:")
	if !ok {
		return f, 0, 0, 0, 0, false
	}
	q, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return f, 0, 0, 0, 0, false
	}
	if f.File, err = strconv.Unquote(q); err != nil {
		return f, 0, 0, 0, 0, false
	}
	fileE = len("fix-it:") + len(q)
	r, ok := strings.CutPrefix(s[fileE:], ":{")
	if !ok {
		return f, 0, 0, 0, 0, false
	}
	rangeS = fileE + 2
	closeAt := strings.Index(r, "}:")
	if closeAt < 0 {
		return f, 0, 0, 0, 0, false
	}
	rangeE = rangeS + closeAt
	from, to, ok := strings.Cut(r[:closeAt], "-")
	if !ok {
		return f, 0, 0, 0, 0, false
	}
	pair := func(p string) (int64, int64, bool) {
		a, b, ok := strings.Cut(p, ":")
		x, e1 := strconv.ParseInt(a, 10, 64)
		y, e2 := strconv.ParseInt(b, 10, 64)
		return x, y, ok && e1 == nil && e2 == nil && x >= 0 && y >= 0
	}
	var ok1, ok2 bool
	f.Line, f.Column, ok1 = pair(from)
	f.EndLine, f.EndColumn, ok2 = pair(to)
	textS = rangeE + 2
	t, err := strconv.Unquote(s[textS:])
	if !ok1 || !ok2 || err != nil || !strings.HasPrefix(s[textS:], "\"") {
		return f, 0, 0, 0, 0, false
	}
	f.Text = t
	return f, fileE, rangeS, rangeE, textS, true
}

func parseCDiag(c *catalog.Context, name string) (any, error) {
	r := newCReader(c, name)
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		next, ok := r.read(start, it.Pos, line)
		if !ok {
			c.Unread(start)
		}
		it.Pos = next
	}
	return r.finish(), nil
}

// cReader reads gcc's and clang's lines one at a time, so that make's
// parser can read the compiler lines its recipes print among its own.
type cReader struct {
	c         *catalog.Context
	name      string
	res       *DiagResult
	last      int  // the diagnostic notes and fix-its attach to
	afterDiag bool // the line before was a diagnostic or a note: its excerpt may follow
	dropped   bool // the last diagnostic was omitted at max_items: its notes and fix-its go with it
	omitted   int64
	counted   [2]int64 // errors and warnings this reader added (make adds its own)
	statedW   int64
	statedE   int64
	stated    bool
}

func newCReader(c *catalog.Context, name string) *cReader {
	return &cReader{c: c, name: name, res: &DiagResult{Diagnostics: []Diagnostic{}}, last: -1}
}

// read reads line (at raw[start:], the next line at pos); it returns where
// the next line to read starts (past an excerpt it consumed) and false
// when the line is none of a compiler's.
func (r *cReader) read(start, pos int, line string) (int, bool) {
	wasAfter := r.afterDiag
	r.afterDiag = false
	if w, e, ok := cGenerated(line); ok {
		r.statedW, r.statedE, r.stated = r.statedW+w, r.statedE+e, true
		return pos, true
	}
	switch {
	case strings.TrimSpace(line) == "", cExcerpt(line):
		r.afterDiag = wasAfter
		return pos, true
	case strings.HasSuffix(line, ":") && (strings.Contains(line, ": In function ") || strings.Contains(line, ": At top level") ||
		strings.Contains(line, ": In ") || strings.HasPrefix(line, "In file included from ")),
		strings.HasPrefix(line, "                 from "),
		strings.HasPrefix(line, "compilation terminated."):
		return pos, true
	}
	if r.fixit(start, line) {
		return pos, true
	}
	d, driver, ok, ctx := cClassify(line)
	if ctx {
		return pos, true // "/usr/bin/ld: x.o: in function `main':" names the function of the next
	}
	if !ok {
		if wasAfter {
			return r.excerpt(pos)
		}
		return pos, false
	}
	r.afterDiag = true
	m := cMessage(line, d)
	if d.sev == "note" {
		if r.last < 0 {
			r.afterDiag = r.dropped
			return pos, r.dropped
		}
		r.note(start, line, d, m)
		return pos, true
	}
	r.diag(start, line, d, driver, m)
	return pos, true
}

// fixit reads clang's "fix-it:" line under a diagnostic (or one omitted); false when the
// line is none.
func (r *cReader) fixit(start int, line string) bool {
	c, res := r.c, r.res
	f, fileE, rS, rE, tS, ok := cFixit(line)
	if !ok {
		return false
	}
	if r.last < 0 {
		return r.dropped
	}
	last := r.last
	dg := &res.Diagnostics[last]
	k := len(dg.Fixes)
	c.Span(start+len("fix-it:"), start+fileE, "unquote", "diagnostics", last, "fixes", k, "file")
	for _, leaf := range []string{"line", "column", "end_line", "end_column"} {
		c.Span(start+rS, start+rE, "parseInt", "diagnostics", last, "fixes", k, leaf)
	}
	c.Span(start+tS, start+len(line), "unquote", "diagnostics", last, "fixes", k, "text")
	dg.Fixes = append(dg.Fixes, f)
	return true
}

// cClassify reads a diagnostic line of the compiler, its driver or the linker; driver
// says it names no place, ctx that it is the linker's "in function" line before one.
func cClassify(line string) (d cDiagAt, driver, ok, ctx bool) {
	d, ok = cDiagLine(line)
	if !ok {
		d, ok = cDriverLine(line)
		driver = ok
	}
	if !ok {
		ld, lctx := cLinkerLine(line)
		if lctx {
			return d, driver, ok, true
		}
		if ld.msg > 0 {
			d, ok, driver = ld, true, ld.line == 0 && ld.file == ""
			if !driver {
				d.lineS, d.lineE = ld.fileE, ld.fileE // no line: the span of line 0 is empty, at the file's end
			}
		}
	}
	return d, driver, ok, false
}

// excerpt skips clang's excerpt (and gcc's without line numbers) after a diagnostic: the
// source line, the caret line under it, and the text of a fix-it under that, indented.
func (r *cReader) excerpt(pos int) (int, bool) {
	raw := r.c.Raw
	nl, np, ok := cNext(raw, pos)
	if !ok || !cCaret(nl) {
		return pos, false
	}
	pos = np
	if fl, fp, ok := cNext(raw, pos); ok && strings.HasPrefix(fl, " ") && strings.TrimSpace(fl) != "" &&
		!cCaret(fl) && !cExcerpt(fl) && !strings.HasPrefix(fl, "fix-it:") {
		if _, isDiag := cDiagLine(fl); !isDiag {
			if _, _, isGen := cGenerated(fl); !isGen {
				pos = fp
			}
		}
	}
	return pos, true
}

// cMsg is a diagnostic's message (ending at msgE in its line) and its warning option.
type cMsg struct {
	msg   string
	msgE  int
	code  string
	codeS int
}

// cMessage splits the message of d from its " [-Wunused-variable]".
func cMessage(line string, d cDiagAt) cMsg {
	m := cMsg{msg: line[d.msg:], msgE: len(line)}
	if strings.HasSuffix(m.msg, "]") {
		if i := strings.LastIndex(m.msg, " [-W"); i >= 0 {
			m.code, m.codeS = m.msg[i+2:len(m.msg)-1], d.msg+i+2
			m.msg, m.msgE = m.msg[:i], d.msg+i
			// clang's -Werror: [-Werror,-Wunused-variable]
			if w, ok := strings.CutPrefix(m.code, "-Werror,"); ok {
				m.code, m.codeS = w, m.codeS+len("-Werror,")
			}
		}
	}
	return m
}

// note adds a "note:" line to the last diagnostic.
func (r *cReader) note(start int, line string, d cDiagAt, m cMsg) {
	c, last := r.c, r.last
	dg := &r.res.Diagnostics[last]
	k := len(dg.Notes)
	n := DiagNote{File: d.file, Line: d.line, Message: m.msg}
	c.Span(start, start+d.fileE, "", "diagnostics", last, "notes", k, "file")
	c.Span(start+d.lineS, start+d.lineE, "parseInt", "diagnostics", last, "notes", k, "line")
	if d.hasCol {
		n.Column = catalog.Intp(d.col)
		c.Span(start+d.colS, start+at(line, d), "parseInt", "diagnostics", last, "notes", k, "column")
	}
	c.Span(start+d.msg, start+m.msgE, "", "diagnostics", last, "notes", k, "message")
	dg.Notes = append(dg.Notes, n)
}

// diag adds a diagnostic (or counts it omitted when the answer is full).
func (r *cReader) diag(start int, line string, d cDiagAt, driver bool, m cMsg) {
	c, res := r.c, r.res
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		r.omitted++
		r.last, r.dropped = -1, true
		return
	}
	i := len(res.Diagnostics)
	sev := d.sev
	if sev == "fatal error" {
		sev = "error"
	}
	dg := Diagnostic{File: d.file, Line: d.line, Severity: sev, Code: m.code, Message: m.msg, Tool: r.name}
	if driver {
		// A driver's or linker's line names no place: file "" and line 0,
		// as cargo's and make's place-less errors.
		c.Span(start, start+d.fileE, "impliedDefault", "diagnostics", i, "file")
		c.Span(start, start+d.fileE, "impliedZero", "diagnostics", i, "line")
	} else {
		c.Span(start, start+d.fileE, "", "diagnostics", i, "file")
		if d.lineE > d.lineS {
			c.Span(start+d.lineS, start+d.lineE, "parseInt", "diagnostics", i, "line")
		} else {
			c.Span(start, start+d.fileE, "impliedZero", "diagnostics", i, "line")
		}
	}
	if d.hasCol {
		dg.Column = catalog.Intp(d.col)
		c.Span(start+d.colS, start+at(line, d), "parseInt", "diagnostics", i, "column")
	}
	sevS := start + d.msg - len(d.sev) - 2
	if d.sevImplied {
		c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "severity")
	} else if sev == d.sev {
		c.Span(sevS, sevS+len(d.sev), "", "diagnostics", i, "severity")
	} else {
		c.Span(sevS, sevS+len(d.sev), "statusWord", "diagnostics", i, "severity")
	}
	if m.code != "" {
		c.Span(start+m.codeS, start+m.codeS+len(m.code), "", "diagnostics", i, "code")
	}
	c.Span(start+d.msg, start+m.msgE, "", "diagnostics", i, "message")
	c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
	res.Diagnostics = kit.AppendRow(res.Diagnostics, dg)
	r.last, r.dropped = i, false
	switch {
	case driver && d.fileE > 0:
		// clang's "N errors generated." counts the compiler's own (its
		// bare "fatal error: too many errors emitted" among them), not
		// the driver's or the linker's.
	case sev == "error":
		r.counted[0]++
	default:
		r.counted[1]++
	}
}

// cLinkerLine reads GNU ld's lines: "x.c:(.text+0xa): undefined reference
// to `f'" (file, no line: the object's section instead) as an error; "ld:
// cannot find -lfoo: ..." (the linker, a path allowed, with no severity) as
// an error of no place; and ctx for "ld: x.o: in function `main':", the
// context line before an undefined reference.
func cLinkerLine(s string) (d cDiagAt, ctx bool) {
	if i := strings.Index(s, ":(."); i > 0 && !strings.ContainsAny(s[:i], " \t") {
		if j := strings.Index(s[i:], "): "); j > 0 {
			d.sev, d.file, d.fileE, d.msg, d.sevImplied = "error", s[:i], i, i+j+3, true
			return d, false
		}
	}
	prog, rest, found := strings.Cut(s, ": ")
	if !found || (prog != "ld" && !strings.HasSuffix(prog, "/ld")) || strings.ContainsAny(prog, " \t") {
		return d, false
	}
	if strings.HasSuffix(rest, "':") && strings.Contains(rest, ": in function `") {
		return d, true
	}
	// The driver's "sev: " forms were read before; what is left is an error.
	d.sev, d.fileE, d.msg, d.sevImplied = "error", len(prog), len(prog)+2, true
	return d, false
}

// cDriverLine reads a line of the compiler driver, its passes or the
// linker that names no place: "gcc: error: x.c: No such file or
// directory", "cc1: fatal error: x.h: ...", "collect2: error: ld returned
// 1 exit status", "clang: error: linker command failed ...", clang's bare
// "fatal error: too many errors emitted, stopping now". The program is one
// word (a path allowed); file stays "" and line 0. fileE is the end of the
// program's name (the whole prefix the span of file covers).
func cDriverLine(s string) (cDiagAt, bool) {
	var d cDiagAt
	for _, sv := range cSeverities[:3] {
		bare := strings.TrimPrefix(sv, ": ")
		if strings.HasPrefix(s, bare) {
			d.sev, d.msg = strings.Trim(sv, ": "), len(bare)
			return d, true
		}
		i := strings.Index(s, sv)
		if i <= 0 || strings.ContainsAny(s[:i], " \t:") {
			continue
		}
		d.sev, d.fileE, d.msg = strings.Trim(sv, ": "), i, i+len(sv)
		return d, true
	}
	return d, false
}

// finish counts the rows and checks them against clang's own count.
func (r *cReader) finish() *DiagResult {
	countSummary(r.c, r.res, true)
	if r.stated {
		// clang counts what it printed: a count we did not read (a
		// location-less "fatal error: too many errors emitted" among them)
		// is said, never left silent.
		e, w := r.counted[0], r.counted[1]
		if e+w+r.omitted != r.statedE+r.statedW || e > r.statedE {
			r.c.Warn(fmt.Sprintf("%s reported %d errors and %d warnings; %d errors and %d warnings read, %d omitted",
				r.name, r.statedE, r.statedW, e, w, r.omitted))
		}
	}
	return r.res
}

// at is where the column number of d ends in line.
func at(line string, d cDiagAt) int {
	return d.colS + strings.IndexByte(line[d.colS:], ':')
}
