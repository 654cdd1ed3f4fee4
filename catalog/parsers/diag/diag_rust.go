package diag

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// cargoBuildFlags are the options build, check, clippy and test share.
var cargoBuildFlags = catalog.Flags{
	"--message-format": catalog.Value, "-v": catalog.Bool, "--verbose": catalog.Bool, "--color": catalog.Value, "--future-incompat-report": catalog.Bool,
	"-p": catalog.Value, "--package": catalog.Value, "--workspace": catalog.Bool, "--exclude": catalog.Value, "--all": catalog.Bool,
	"--lib": catalog.Bool, "--bins": catalog.Bool, "--bin": catalog.Value, "--examples": catalog.Bool, "--example": catalog.Value,
	"--tests": catalog.Bool, "--test": catalog.Value, "--benches": catalog.Bool, "--bench": catalog.Value, "--all-targets": catalog.Bool,
	"-F": catalog.Value, "--features": catalog.Value, "--all-features": catalog.Bool, "--no-default-features": catalog.Bool,
	"-r": catalog.Bool, "--release": catalog.Bool, "--profile": catalog.Value, "-j": catalog.Value, "--jobs": catalog.Value, "--keep-going": catalog.Bool,
	"--target": catalog.Value, "--target-dir": catalog.Value, "--timings": catalog.Bool, "--manifest-path": catalog.Value,
	"--ignore-rust-version": catalog.Bool, "--locked": catalog.Bool, "--offline": catalog.Bool, "--frozen": catalog.Bool,
}

// cargoMessageFormats are --message-format's values (comma lists allowed).
var cargoMessageFormats = []string{"human", "short", "json", "json-diagnostic-short",
	"json-diagnostic-rendered-ansi", "json-render-diagnostics"}

// libtestFlags are the test binary's options after "--" that keep its
// pretty output (terse -q, --format, --list and --nocapture change it).
var libtestFlags = catalog.Flags{"--test-threads": catalog.Value, "--include-ignored": catalog.Bool, "--ignored": catalog.Bool,
	"--exact": catalog.Bool, "--skip": catalog.Value, "--show-output": catalog.Bool, "--color": catalog.Value}

func cargoParser(sub string) *catalog.Parser {
	flags := catalog.Flags{}
	for k, v := range cargoBuildFlags {
		flags[k] = v
	}
	p := &catalog.Parser{
		ID: "cargo-" + sub, Command: "cargo", Subcommand: sub, Version: "1",
		Format: "cargo " + sub + "'s rustc diagnostics: human blocks (error[E0308]: ... --> file:line:col, code frame, = note/= help), " +
			"--message-format=short lines and --message-format=json* messages",
		Stream: catalog.StreamStderr, StreamOf: cargoStream,
		Flags: flags, MaxPositionals: 0, Result: DiagResult{}, RowsKey: "diagnostics",
		Examples: [][]string{{sub}, {sub, "--message-format=json"}},
		Check:    cargoCheck,
		Parse:    func(c *catalog.Context) (any, error) { return parseCargo(c, "cargo "+sub) },
	}
	switch sub {
	case "build", "check":
		flags["-q"], flags["--quiet"] = catalog.Bool, catalog.Bool
	case "clippy":
		// Arguments after "--" are clippy-driver's lint levels (-D warnings).
		flags["-q"], flags["--quiet"], flags["--no-deps"] = catalog.Bool, catalog.Bool, catalog.Bool
		p.MaxPositionals = -1
		p.Examples = append(p.Examples, []string{"clippy", "--", "-D", "warnings"})
	case "test":
		// -q makes libtest terse (one character per test): not read.
		flags["--no-run"], flags["--no-fail-fast"], flags["--doc"] = catalog.Bool, catalog.Bool, catalog.Bool
		p.MaxPositionals = -1
		p.Stream, p.Check = catalog.StreamBoth, cargoTestCheck
		p.Format = "cargo test's libtest lines (test NAME ... ok|FAILED|ignored), ---- NAME stdout ---- blocks, test result lines, " +
			"Doc-tests, and the build's rustc diagnostics in every form cargo build reads (results on stdout, the build on stderr: both are read)"
		p.Examples = [][]string{{"test"}, {"test", "--no-fail-fast"}, {"test", "parser::", "--", "--test-threads", "1"}}
	}
	return p
}

// cargoRustParsers wires cargo build, check, clippy and test for the builtin list.
func cargoRustParsers() []*catalog.Parser {
	return []*catalog.Parser{cargoParser("build"), cargoParser("check"), cargoParser("clippy"), cargoParser("test")}
}

// cargoFormats returns the --message-format values given.
func cargoFormats(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			break
		}
		v, ok := strings.CutPrefix(a, "--message-format=")
		if !ok && a == "--message-format" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok {
			out = append(out, strings.Split(v, ",")...)
		}
	}
	return out
}

// cargoStream: the JSON forms go to stdout, but json-render-diagnostics
// has cargo render the diagnostics itself, to stderr (stdout keeps the
// artifacts): both; cargo test reads both always (libtest's lines on
// stdout, cargo's Running lines on stderr).
func cargoStream(a catalog.Args) catalog.Stream {
	if slices.Contains(a.List, "test") {
		return ""
	}
	formats := cargoFormats(a.List)
	if slices.Contains(formats, "json-render-diagnostics") {
		return catalog.StreamBoth
	}
	for _, f := range formats {
		if strings.HasPrefix(f, "json") {
			return catalog.StreamStdout
		}
	}
	return ""
}

func cargoCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	for _, f := range cargoFormats(args) {
		if !slices.Contains(cargoMessageFormats, f) {
			return catalog.Unsupported(nil, "cargo --message-format %q is not one the parser reads (%s)", f, strings.Join(cargoMessageFormats, ", "))
		}
	}
	for _, a := range argv.Items {
		if a.Flag == "--color" && a.Value == "always" {
			return catalog.Unsupported(nil, "cargo --color always writes terminal colour escapes: give --color never")
		}
	}
	return nil
}

// cargoTestCheck refuses the test binary's options (after "--") that
// change libtest's output.
func cargoTestCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	if perr := cargoCheck(argv, os); perr != nil {
		return perr
	}
	i := slices.Index(args, "--")
	if i < 0 {
		return nil
	}
	rest := args[i+1:]
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if !strings.HasPrefix(a, "-") {
			continue // a test name filter
		}
		name, _, attached := strings.Cut(a, "=")
		k, ok := libtestFlags[name]
		if !ok {
			return catalog.Unsupported(nil, "the cargo test parser is not verified for the test binary's %s "+
				"(terse, JSON, list and no-capture outputs are not read; a failing test's output is kept in its block anyway)", name)
		}
		if k == catalog.Value && !attached {
			j++
		}
	}
	return nil
}

// rustHeader reads "error[E0308]: message" or "warning: message": the
// severity, the code (empty without brackets) and where the message starts.
func rustHeader(line string) (sev, code string, codeS, msg int, ok bool) {
	for _, w := range []string{"error", "warning"} {
		if !strings.HasPrefix(line, w) {
			continue
		}
		rest := line[len(w):]
		if strings.HasPrefix(rest, ": ") && len(rest) > 2 {
			return w, "", 0, len(w) + 2, true
		}
		if strings.HasPrefix(rest, "[") {
			e := strings.Index(rest, "]: ")
			if e > 1 && !strings.ContainsAny(rest[1:e], " []") && len(rest) > e+3 {
				return w, rest[1:e], len(w) + 1, len(w) + e + 3, true
			}
		}
	}
	return "", "", 0, 0, false
}

// rustSummary reports cargo's and rustc's closing lines, which count or
// repeat what the diagnostics already say.
func rustSummary(sev, msg string) bool {
	switch {
	case sev == "error" && (strings.HasPrefix(msg, "could not compile `") || strings.HasPrefix(msg, "aborting due to ") ||
		strings.HasPrefix(msg, "test failed, to rerun pass ") || strings.HasPrefix(msg, "doctest failed, to rerun pass ")):
		return true
	case sev == "warning" && strings.HasPrefix(msg, "`") && strings.Contains(msg, ") generated "):
		return true
	case sev == "warning" && (msg == "build failed, waiting for other jobs to finish..." ||
		strings.HasSuffix(msg, " warning emitted") || strings.HasSuffix(msg, " warnings emitted")):
		return true
	}
	return false
}

// rustTargetsFailed reports "error: 2 targets failed:", which lists the
// targets on the indented lines after it.
func rustTargetsFailed(sev, msg string) bool {
	n, rest, ok := strings.Cut(msg, " target")
	if !ok || sev != "error" || (rest != "s failed:" && rest != " failed:") {
		return false // the number read only then: Atoi's error allocates
	}
	_, err := strconv.Atoi(n)
	return err == nil
}

// rustLoc reads "file:line:col" (rustc's --> and ::: locations, and the
// head of a short-form line), from the right so that a Windows drive
// letter stays in the file.
func rustLoc(s string) (fileE, lineS, lineE, colS int, line, col int64, ok bool) {
	c2 := strings.LastIndexByte(s, ':')
	if c2 <= 0 {
		return
	}
	c1 := strings.LastIndexByte(s[:c2], ':')
	if c1 <= 0 {
		return
	}
	l, err1 := strconv.ParseInt(s[c1+1:c2], 10, 64)
	k, err2 := strconv.ParseInt(s[c2+1:], 10, 64)
	if err1 != nil || err2 != nil || l < 0 || k < 0 || s[c1+1] == '+' || s[c2+1] == '+' {
		return
	}
	return c1, c1 + 1, c2, c2 + 1, l, k, true
}

// cargoStatus reports cargo's right-aligned status lines ("   Compiling
// x v0.1.0 (/p)", "    Finished ...", "     Running ...", "   Doc-tests x"):
// a capitalised word ending at column 12.
func cargoStatus(line string) (word string, ok bool) {
	if len(line) < 14 || line[12] != ' ' {
		return "", false
	}
	w := strings.TrimLeft(line[:12], " ")
	if w == "" || w[0] < 'A' || w[0] > 'Z' || strings.TrimLeft(line[:12], " ") != w {
		return "", false
	}
	for i := 1; i < len(w); i++ {
		if !(w[i] >= 'a' && w[i] <= 'z' || w[i] == '-') {
			return "", false
		}
	}
	return w, true
}

// cargoSuite reads the test binary's name from a Running line's
// "(target/debug/deps/name-0123abcd)": the offsets of name in line.
func cargoSuite(line string) (int, int, bool) {
	if !strings.HasSuffix(line, ")") {
		return 0, 0, false
	}
	o := strings.LastIndexByte(line, '(')
	if o < 0 {
		return 0, 0, false
	}
	path := line[o+1 : len(line)-1]
	path = strings.TrimSuffix(path, ".exe")
	s := o + 1 + max(strings.LastIndexAny(path, `/\`)+1, 0)
	e := o + 1 + len(path)
	if h := strings.LastIndexByte(line[s:e], '-'); h > 0 {
		e = s + h
	}
	return s, e, e > s
}

// rustTestLine reads "test NAME ... ok|FAILED|ignored[, reason]|bench: ...".
func rustTestLine(line string) (status string, nameE, statS, statE int, ok bool) {
	if !strings.HasPrefix(line, "test ") {
		return
	}
	i := strings.LastIndex(line, " ... ")
	if i <= 5 {
		return
	}
	r := line[i+5:]
	nameE, statS = i, i+5
	switch {
	case r == "ok":
		status = "pass"
	case r == "FAILED":
		status = "fail"
	case r == "ignored" || strings.HasPrefix(r, "ignored, "):
		status, r = "skip", "ignored"
	case strings.HasPrefix(r, "bench: "):
		status, r = "pass", "bench"
	default:
		return
	}
	if n := strings.TrimSuffix(line[5:nameE], " - should panic"); len(n) < nameE-5 {
		nameE = 5 + len(n)
	}
	return status, nameE, statS, statS + len(r), true
}

// rustOutHeader reads "---- NAME stdout ----": the offsets of NAME.
func rustOutHeader(line string) (int, int, bool) {
	if !strings.HasPrefix(line, "---- ") || !strings.HasSuffix(line, " stdout ----") || len(line) <= len("----  stdout ----") {
		return 0, 0, false
	}
	return 5, len(line) - len(" stdout ----"), true
}

// rustLintLevel finds the lint name in "`#[warn(unused_variables)]` ...":
// its offsets in s.
func rustLintLevel(s string) (int, int, bool) {
	for _, lv := range []string{"`#[warn(", "`#[deny(", "`#[forbid("} {
		if i := strings.Index(s, lv); i >= 0 {
			b := i + len(lv)
			if e := strings.Index(s[b:], ")]`"); e > 0 {
				return b, b + e, true
			}
		}
	}
	return 0, 0, false
}

type rustLocAt struct {
	set, lineOnly        bool
	fileS, fileE, ls, le int
	cs, ce               int
	file                 string
	line, col            int64
}

// rustBlock is the diagnostic being read and where its parts are.
type rustBlock struct {
	i              int // in res.Diagnostics, -1 when omitted
	frameS, frameE int
	loc            rustLocAt
	notes          []rustLocAt // each note's own location, if any
	noteEnd        []int       // each note's message end
	noteMsgS       []int
	lastNote       int // the note a deeper-indented line continues, -1
	noteIndent     int
	sub            int // the sub-diagnostic ("help:") waiting for its location, -1
}

// cargoState is what the steps of parseCargo share: the block, test output or cause being
// read, the test binary, and the lists of names being skipped.
type cargoState struct {
	c    *catalog.Context
	res  *DiagResult
	tool string
	blk  *rustBlock
	// blkBuf is the memory of every block in turn (rustEndBlock copies
	// what it keeps): one block and its note lists per diagnostic were
	// a sixth of cargo build's allocations.
	blkBuf   rustBlock
	suiteS   int // the test binary's name, raw[suiteS:suiteE]; -1 none
	suiteE   int
	byName   map[string]int // this binary's tests
	outTest  int            // the test whose output is being read (-1: one omitted), -2 none
	outS     int
	outE     int
	inList   bool            // the indented names after "failures:"
	inTarget bool            // the indented targets after "error: N targets failed:"
	seen     map[string]bool // rendered JSON diagnostics
	cause    int             // the diagnostic of a "Caused by:" (-1: omitted), -2 none
	causeS   int
	causeE   int
	causeH   int // where "Caused by:" is
}

// parseCargo reads cargo's human, short and JSON forms, mixed as cargo
// test --message-format=json mixes them.
func parseCargo(c *catalog.Context, tool string) (any, error) {
	st := &cargoState{c: c, res: &DiagResult{Diagnostics: []Diagnostic{}}, tool: tool, suiteS: -1,
		byName: map[string]int{}, outTest: -2, seen: map[string]bool{}, cause: -2}
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		blank := strings.TrimSpace(line) == ""
		if st.continues(line, start, blank) {
			continue
		}
		if blank {
			st.inList, st.inTarget = false, false
			continue
		}
		if !st.line(line, start) {
			c.Unread(start)
		}
	}
	st.endOut()
	st.endBlock()
	st.endCause()
	countSummary(c, st.res, true)
	return st.res, nil
}

func (st *cargoState) endCause() {
	switch {
	case st.cause >= 0 && st.causeE > st.causeS:
		st.res.Diagnostics[st.cause].Message = st.c.Raw[st.causeS:st.causeE]
		st.c.Span(st.causeS, st.causeE, "", "diagnostics", st.cause, "message")
	case st.cause >= 0: // no cause under it: the message is empty
		st.c.Span(st.causeH, st.causeH+len("Caused by:"), "impliedDefault", "diagnostics", st.cause, "message")
	}
	st.cause = -2
}

func (st *cargoState) endOut() {
	if st.outTest >= 0 && st.outE > st.outS {
		st.res.Tests[st.outTest].Output = st.c.Raw[st.outS:st.outE]
		st.c.Span(st.outS, st.outE, "", "tests", st.outTest, "output")
	}
	st.outTest = -2
}

func (st *cargoState) endBlock() {
	if st.blk != nil && st.blk.i >= 0 {
		rustEndBlock(st.c, st.res, st.blk)
	}
	st.blk = nil
}

// continues reads a line that continues a test's output, a diagnostic block or a
// "Caused by:", ending the one the line does not continue; it reports whether the line
// was read.
func (st *cargoState) continues(line string, start int, blank bool) bool {
	if st.outTest != -2 {
		_, _, hdr := rustOutHeader(line)
		if !hdr && line != "failures:" && line != "successes:" && !strings.HasPrefix(line, "test result: ") {
			if !blank {
				if st.outE == 0 {
					st.outS = start // blank lines before the output are not its
				}
				st.outE = start + len(line)
			}
			return true
		}
		st.endOut()
	}
	if st.blk != nil {
		_, _, _, _, hdr := rustHeader(line)
		if blank || hdr || line[0] == '{' {
			st.endBlock()
		} else {
			rustBlockLine(st.c, st.res, st.blk, line, start)
			return true
		}
	}
	if st.cause != -2 {
		if strings.HasPrefix(line, "  ") && !blank {
			if st.causeE == 0 {
				st.causeS = start + len(line) - len(strings.TrimLeft(line, " "))
			}
			st.causeE = start + len(line)
			return true
		}
		st.endCause()
	}
	return false
}

// line reads a non-blank line that starts something; it reports whether it was read.
func (st *cargoState) line(line string, start int) bool {
	c := st.c
	if line == "Caused by:" {
		st.causedBy(line, start)
		return true
	}
	if (st.inList || st.inTarget) && strings.HasPrefix(line, "    ") {
		return true
	}
	st.inList, st.inTarget = false, false
	if line[0] == '{' {
		return cargoJSON(c, st.res, st.seen, line, start, st.tool)
	}
	if w, ok := cargoStatus(line); ok {
		switch w {
		case "Running":
			if s, e, ok := cargoSuite(line); ok {
				st.suiteS, st.suiteE = start+s, start+e
			}
		case "Doc-tests":
			st.suiteS, st.suiteE = start+13, start+len(line)
		}
		return true
	}
	if sev, code, codeS, msg, ok := rustHeader(line); ok {
		st.header(line, start, sev, code, codeS, msg)
		return true
	}
	if rustShort(c, st.res, line, start, st.tool) {
		return true
	}
	switch {
	case strings.HasPrefix(line, "Some errors have detailed explanations: "),
		strings.HasPrefix(line, "For more information about this error, try `rustc --explain "),
		strings.HasPrefix(line, "For more information about an error, try `rustc --explain "),
		strings.HasPrefix(line, "all doctests ran in "), strings.HasPrefix(line, "test result: "):
		return true
	case strings.HasPrefix(line, "running ") && (strings.HasSuffix(line, " tests") || strings.HasSuffix(line, " test")):
		st.byName = map[string]int{}
		return true
	case line == "failures:" || line == "successes:":
		st.inList = true
		return true
	}
	if status, nameE, statS, statE, ok := rustTestLine(line); ok {
		st.testLine(line, start, status, nameE, statS, statE)
		return true
	}
	if s, e, ok := rustOutHeader(line); ok {
		i, known := st.byName[line[s:e]]
		if !known {
			i = -1
			c.Unread(start)
		}
		st.outTest, st.outS, st.outE = i, 0, 0
		return true
	}
	return false
}

// causedBy starts cargo's cause of a failure it reported as a closing line
// ("test failed, to rerun pass `--lib`"): a test binary that
// died (signal: 6, SIGABRT) printed no verdict of its own.
func (st *cargoState) causedBy(line string, start int) {
	c, res := st.c, st.res
	st.cause, st.causeS, st.causeE, st.causeH = -1, 0, 0, start
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return
	}
	st.cause = len(res.Diagnostics)
	res.Diagnostics = append(res.Diagnostics, Diagnostic{Severity: "error", Tool: st.tool})
	for _, f := range []string{"file", "line", "severity", "tool"} {
		c.Span(start, start+len(line), "impliedDefault", "diagnostics", st.cause, f)
	}
}

// header reads "error[E0308]: mismatched types", which starts a block unless it is a
// summary or the "targets failed" list.
func (st *cargoState) header(line string, start int, sev, code string, codeS, msg int) {
	c, res := st.c, st.res
	if rustSummary(sev, line[msg:]) {
		return
	}
	if rustTargetsFailed(sev, line[msg:]) {
		st.inTarget = true
		return
	}
	b := &st.blkBuf
	*b = rustBlock{i: -1, lastNote: -1, sub: -1, notes: b.notes[:0], noteEnd: b.noteEnd[:0], noteMsgS: b.noteMsgS[:0]}
	st.blk = b
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return
	}
	i := len(res.Diagnostics)
	st.blk.i = i
	d := Diagnostic{Severity: sev, Code: code, Message: line[msg:], Tool: st.tool}
	c.Span(start, start+len(sev), "", "diagnostics", i, "severity")
	if code != "" {
		c.Span(start+codeS, start+codeS+len(code), "", "diagnostics", i, "code")
	}
	c.Span(start+msg, start+len(line), "", "diagnostics", i, "message")
	c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
	res.Diagnostics = append(res.Diagnostics, d)
	st.blk.loc.fileS, st.blk.loc.fileE = start, start+len(line) // until a --> says where
}

// testLine reads "test tests::adds ... ok".
func (st *cargoState) testLine(line string, start int, status string, nameE, statS, statE int) {
	c, res := st.c, st.res
	if c.Full(len(res.Tests)) {
		c.Omit(1)
		return
	}
	i := len(res.Tests)
	t := DiagTest{Name: line[5:nameE], Status: status}
	c.Span(start+5, start+nameE, "", "tests", i, "name")
	c.Span(start+statS, start+statE, "statusWord", "tests", i, "status")
	if st.suiteS >= 0 {
		t.Package = c.Raw[st.suiteS:st.suiteE]
		c.Span(st.suiteS, st.suiteE, "", "tests", i, "package")
	}
	st.byName[t.Name] = i
	res.Tests = append(res.Tests, t)
}

// rustBlockLine reads one line inside a diagnostic block.
func rustBlockLine(c *catalog.Context, res *DiagResult, b *rustBlock, line string, start int) {
	if b.frameE == 0 {
		b.frameS = start
	}
	b.frameE = start + len(line)
	if b.i < 0 {
		return
	}
	t := strings.TrimLeft(line, " ")
	ind := len(line) - len(t)
	if p, ok := strings.CutPrefix(t, "--> "); ok || strings.HasPrefix(t, "::: ") {
		if !ok {
			p = t[4:]
		}
		off := start + ind + 4
		fe, ls, le, cs, l, col, ok := rustLoc(p)
		if !ok {
			return
		}
		at := rustLocAt{set: true, fileS: off, fileE: off + fe, ls: off + ls, le: off + le, cs: off + cs, ce: off + len(p),
			file: p[:fe], line: l, col: col}
		switch {
		case b.sub >= 0:
			b.notes[b.sub] = at
			b.sub = -1
		case !b.loc.set:
			b.loc = at
		}
		b.lastNote = -1
		return
	}
	if b.sub >= 0 && rustFrameNumber(t) {
		// A help without a location of its own shows the lines it is
		// about: the first one's number is its line.
		n := len(t) - len(strings.TrimLeft(t, "0123456789"))
		l, _ := strconv.ParseInt(t[:n], 10, 64)
		b.notes[b.sub] = rustLocAt{set: true, lineOnly: true, ls: start + ind, le: start + ind + n, line: l}
		b.sub = -1
		return
	}
	if !strings.HasPrefix(t, "|") {
		b.sub = -1
	}
	d := &res.Diagnostics[b.i]
	addNote := func(level string, msgS int) {
		k := len(d.Notes)
		d.Notes = append(d.Notes, DiagNote{Level: level})
		b.notes = append(b.notes, rustLocAt{})
		b.noteMsgS = append(b.noteMsgS, msgS)
		b.noteEnd = append(b.noteEnd, start+len(line))
		c.Span(msgS-len(level)-2, msgS-2, "", "diagnostics", b.i, "notes", k, "level")
		if d.Code == "" {
			if s, e, ok := rustLintLevel(line[msgS-start:]); ok {
				d.Code = line[msgS-start+s : msgS-start+e]
				c.Span(msgS+s, msgS+e, "", "diagnostics", b.i, "code")
			}
		}
	}
	for _, lv := range []string{"note", "help"} {
		if strings.HasPrefix(t, "= "+lv+": ") {
			addNote(lv, start+ind+len(lv)+4)
			b.lastNote, b.noteIndent = len(d.Notes)-1, ind
			return
		}
		if ind == 0 && strings.HasPrefix(t, lv+": ") {
			addNote(lv, start+len(lv)+2)
			b.sub, b.lastNote = len(d.Notes)-1, -1
			return
		}
	}
	// A "= note:" that goes on over deeper-indented lines (expected/found).
	if b.lastNote >= 0 && ind > b.noteIndent+1 && !strings.HasPrefix(t, "|") && !rustFrameNumber(t) {
		b.noteEnd[b.lastNote] = start + len(line)
		return
	}
	b.lastNote = -1
}

// rustFrameNumber reports a code frame line "12 | code" (or a suggestion's
// "12 + code", "12 ~ code").
func rustFrameNumber(t string) bool {
	d := strings.TrimLeft(t, "0123456789")
	return len(d) < len(t) && len(d) >= 2 && d[0] == ' ' && strings.ContainsRune("|+-~", rune(d[1]))
}

// rustEndBlock sets what a block's lines said: location, frame, notes.
func rustEndBlock(c *catalog.Context, res *DiagResult, b *rustBlock) {
	d := &res.Diagnostics[b.i]
	i := b.i
	if b.loc.set {
		l := b.loc
		d.File, d.Line, d.Column = l.file, l.line, catalog.Intp(l.col)
		c.Span(l.fileS, l.fileE, "", "diagnostics", i, "file")
		c.Span(l.ls, l.le, "parseInt", "diagnostics", i, "line")
		c.Span(l.cs, l.ce, "parseInt", "diagnostics", i, "column")
	} else {
		// No place named: file "" and line 0, implied by the header.
		c.Span(b.loc.fileS, b.loc.fileE, "impliedDefault", "diagnostics", i, "file")
		c.Span(b.loc.fileS, b.loc.fileE, "impliedDefault", "diagnostics", i, "line")
	}
	if b.frameE > b.frameS {
		d.Frame = c.Raw[b.frameS:b.frameE]
		c.Span(b.frameS, b.frameE, "", "diagnostics", i, "frame")
	}
	for k := range d.Notes {
		n := &d.Notes[k]
		n.Message = c.Raw[b.noteMsgS[k]:b.noteEnd[k]]
		c.Span(b.noteMsgS[k], b.noteEnd[k], "", "diagnostics", i, "notes", k, "message")
		if l := b.notes[k]; l.set && l.lineOnly {
			n.File, n.Line = d.File, l.line
			c.Span(b.loc.fileS, b.loc.fileE, "impliedDefault", "diagnostics", i, "notes", k, "file")
			c.Span(l.ls, l.le, "parseInt", "diagnostics", i, "notes", k, "line")
			continue
		} else if l.set {
			n.File, n.Line, n.Column = l.file, l.line, catalog.Intp(l.col)
			c.Span(l.fileS, l.fileE, "", "diagnostics", i, "notes", k, "file")
			c.Span(l.ls, l.le, "parseInt", "diagnostics", i, "notes", k, "line")
			c.Span(l.cs, l.ce, "parseInt", "diagnostics", i, "notes", k, "column")
			continue
		}
		// A note without a place of its own is about its diagnostic's.
		n.File, n.Line = d.File, d.Line
		c.Span(b.loc.fileS, b.loc.fileE, "impliedDefault", "diagnostics", i, "notes", k, "file")
		if b.loc.set {
			c.Span(b.loc.ls, b.loc.le, "impliedDefault", "diagnostics", i, "notes", k, "line")
		} else {
			c.Span(b.loc.fileS, b.loc.fileE, "impliedDefault", "diagnostics", i, "notes", k, "line")
		}
	}
}

// rustShort reads "file:line:col: error[E0308]: message" (--message-format=short).
func rustShort(c *catalog.Context, res *DiagResult, line string, start int, tool string) bool {
	at := -1
	for _, m := range []string{": error: ", ": error[", ": warning: ", ": warning["} {
		if i := strings.Index(line, m); i > 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	fe, ls, le, cs, l, col, ok := rustLoc(line[:at])
	if !ok {
		return false
	}
	sev, code, codeS, msg, ok := rustHeader(line[at+2:])
	if !ok {
		return false
	}
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return true
	}
	i := len(res.Diagnostics)
	h := start + at + 2
	d := Diagnostic{File: line[:fe], Line: l, Column: catalog.Intp(col), Severity: sev, Code: code, Message: line[at+2+msg:], Tool: tool}
	c.Span(start, start+fe, "", "diagnostics", i, "file")
	c.Span(start+ls, start+le, "parseInt", "diagnostics", i, "line")
	c.Span(start+cs, start+at, "parseInt", "diagnostics", i, "column")
	c.Span(h, h+len(sev), "", "diagnostics", i, "severity")
	if code != "" {
		c.Span(h+codeS, h+codeS+len(code), "", "diagnostics", i, "code")
	}
	c.Span(h+msg, start+len(line), "", "diagnostics", i, "message")
	c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
	res.Diagnostics = append(res.Diagnostics, d)
	return true
}

// cargoMessage is one line of --message-format=json (cargo's "JSON
// messages" in The Cargo Book, rustc's JSON diagnostic format).
type cargoMessage struct {
	Reason string `json:"reason"`
	Target *struct {
		Name string `json:"name"`
	} `json:"target"`
	Message *rustcDiag `json:"message"`
}

type rustcDiag struct {
	Message string `json:"message"`
	Code    *struct {
		Code string `json:"code"`
	} `json:"code"`
	Level    string      `json:"level"`
	Spans    []rustcSpan `json:"spans"`
	Children []rustcDiag `json:"children"`
	Rendered *string     `json:"rendered"`
}

type rustcSpan struct {
	FileName    string `json:"file_name"`
	LineStart   int64  `json:"line_start"`
	LineEnd     int64  `json:"line_end"`
	ColumnStart int64  `json:"column_start"`
	ColumnEnd   int64  `json:"column_end"`
	IsPrimary   bool   `json:"is_primary"`
}

// primary is the diagnostic's primary span, or its first.
func (d *rustcDiag) primary() *rustcSpan {
	for k := range d.Spans {
		if d.Spans[k].IsPrimary {
			return &d.Spans[k]
		}
	}
	if len(d.Spans) > 0 {
		return &d.Spans[0]
	}
	return nil
}

// cargoJSON reads one JSON message line; false when it is not one. Every
// value comes out of the JSON document: its span is the line ("jsonValue").
func cargoJSON(c *catalog.Context, res *DiagResult, seen map[string]bool, line string, start int, tool string) bool {
	var m cargoMessage
	if json.Unmarshal([]byte(line), &m) != nil || m.Reason == "" {
		return false
	}
	switch m.Reason {
	case "compiler-artifact", "build-script-executed", "build-finished", "timing-info":
		return true
	case "compiler-message":
	default:
		return false
	}
	msg := m.Message
	if msg == nil {
		return false
	}
	sev := ""
	switch {
	case msg.Level == "error" || strings.HasPrefix(msg.Level, "error:"):
		sev = "error"
	case msg.Level == "warning":
		sev = "warning"
	default:
		return true // failure-note: "Some errors have detailed explanations"
	}
	if len(msg.Spans) == 0 && rustSummary(sev, msg.Message) {
		return true
	}
	if r := msg.Rendered; r != nil {
		// cargo test builds the library twice (lib, lib test) and rustc
		// reports its warnings twice; the human form prints them once
		// ("1 duplicate"), and so do we.
		if seen[*r] {
			return true
		}
		seen[*r] = true
	}
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		return true
	}
	i := len(res.Diagnostics)
	span := func(tokens ...any) { c.Span(start, start+len(line), "jsonValue", tokens...) }
	d := Diagnostic{Severity: sev, Message: msg.Message, Tool: tool}
	for _, f := range []string{"file", "line", "severity", "message", "tool"} {
		span("diagnostics", i, f)
	}
	if p := msg.primary(); p != nil {
		d.File, d.Line, d.Column = p.FileName, p.LineStart, catalog.Intp(p.ColumnStart)
		d.EndLine, d.EndColumn = catalog.Intp(p.LineEnd), catalog.Intp(p.ColumnEnd)
		for _, f := range []string{"column", "end_line", "end_column"} {
			span("diagnostics", i, f)
		}
	}
	if msg.Code != nil && msg.Code.Code != "" {
		d.Code = msg.Code.Code
		span("diagnostics", i, "code")
	}
	if m.Target != nil && m.Target.Name != "" {
		d.Package = m.Target.Name
		span("diagnostics", i, "package")
	}
	if r := msg.Rendered; r != nil && !strings.Contains(*r, "\x1b") {
		// The rendered text less its header line: the human form's frame.
		if _, f, ok := strings.Cut(*r, "\n"); ok {
			if f = strings.TrimRight(f, "\n"); f != "" {
				d.Frame = f
				span("diagnostics", i, "frame")
			}
		}
	}
	for _, ch := range msg.Children {
		k := len(d.Notes)
		n := DiagNote{File: d.File, Line: d.Line, Message: ch.Message, Level: ch.Level}
		if p := ch.primary(); p != nil {
			n.File, n.Line, n.Column = p.FileName, p.LineStart, catalog.Intp(p.ColumnStart)
			span("diagnostics", i, "notes", k, "column")
		}
		for _, f := range []string{"file", "line", "message", "level"} {
			span("diagnostics", i, "notes", k, f)
		}
		d.Notes = append(d.Notes, n)
	}
	res.Diagnostics = append(res.Diagnostics, d)
	return true
}
