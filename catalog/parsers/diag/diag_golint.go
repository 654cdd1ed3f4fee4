package diag

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GofmtResult is gofmt -l's answer: the files whose formatting differs,
// and the syntax errors of those gofmt could not read.
type GofmtResult struct {
	Files       []string     `json:"files"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Summary     GofmtSummary `json:"summary"`
}

// GofmtSummary counts gofmt's rows.
type GofmtSummary struct {
	Unformatted int64 `json:"unformatted"`
	Errors      int64 `json:"errors"`
}

var // gofmtFlags: gofmt -h of Go 1.26.8. Only -l prints the list read
// here (Check); -d prints diffs and -w rewrites the files.
gofmtParserDef = &catalog.Parser{
	ID: "gofmt", Command: "gofmt", Version: "1", GoFlags: true,
	Format: "gofmt -l's file names, one a line, and its file:line:col: syntax errors (stderr: pipe 2>&1 to parism parse)",
	Flags:  catalog.Flags{"-l": catalog.Bool, "-e": catalog.Bool, "-s": catalog.Bool, "-r": catalog.Value}, MaxPositionals: -1,
	Alternatives: map[string][]string{"-d": {"-l"}, "-w": {"-l"}},
	Result:       GofmtResult{}, RowsKey: "files",
	Examples: [][]string{{"-l", "."}, {"-l", "-s", "./pkg"}},
	Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		if !argv.Has("-l") {
			return catalog.Unsupported([]string{"-l"}, "gofmt without -l prints the formatted source, not a list of files")
		}
		return nil
	},
}

var // staticcheckFlags: staticcheck -h of staticcheck 2026.2.2 (0.8.2);
// -f text is the default, the only form read here (-f json is one
// JSON value a line, read by the JSON Lines passthrough).
staticcheckParserDef = &catalog.Parser{
	ID: "staticcheck", Command: "staticcheck", Version: "1", GoFlags: true,
	Format: "staticcheck's text form file:line:col: message (CODE), a package that does not compile as its compiler lines (code compile)",
	Flags: catalog.Flags{"-checks": catalog.Value, "-fail": catalog.Value, "-go": catalog.Value, "-tags": catalog.Value, "-tests": catalog.Bool, "-show-ignored": catalog.Bool,
		"-f": catalog.Value},
	MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
	Examples: [][]string{{"./..."}, {"-checks", "all", "./pkg/..."}},
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, WithOutput: true, Means: "problems were found (diagnostics lists them)",
		Source: "staticcheck -h (2026.2.2): -fail names the checks that can cause a non-zero exit status; checked: exit 1 with findings or compile errors"}},
	Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		for _, a := range argv.Items {
			if v := a.Value; a.Flag == "-f" && a.HasValue && v != "text" {
				return catalog.Unsupported([]string{"-f", "text"}, "staticcheck -f %s is not the text form", v)
			}
		}
		return nil
	},
}

var // golangciFlags: golangci-lint run --help of v2.15.0, the options that
// leave the default text output (on stdout) in the form read here.
golangciParserDef = &catalog.Parser{
	ID: "golangci-lint", Command: "golangci-lint", Subcommand: "run", Version: "1",
	Format: "golangci-lint run's text form file:line:col: message (linter) with the source line and caret under it (left out), " +
		"the \"N issues:\" count checked; a package that does not compile as its compiler lines (code typecheck)",
	Flags: catalog.Flags{
		"--no-config": catalog.Bool, "--default": catalog.Value, "-E": catalog.Value, "--enable": catalog.Value, "-D": catalog.Value, "--disable": catalog.Value,
		"--enable-only": catalog.Value, "--fast-only": catalog.Bool, "-j": catalog.Value, "--concurrency": catalog.Value, "--build-tags": catalog.Value,
		// pflag booleans, given as --show-stats=false: read as taking a
		// value, which only changes how positionals are counted.
		"--timeout": catalog.Value, "--tests": catalog.Value, "--max-issues-per-linter": catalog.Value, "--max-same-issues": catalog.Value,
		"--uniq-by-line": catalog.Value, "--show-stats": catalog.Value, "--output.text.print-issued-lines": catalog.Value,
		"--output.text.print-linter-name": catalog.Value, "--output.text.colors": catalog.Value, "--color": catalog.Value,
		"--modules-download-mode": catalog.Value, "-c": catalog.Value, "--config": catalog.Value, "--path-mode": catalog.Value,
	},
	MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
	Examples: [][]string{{"run", "./..."}, {"run", "--enable-only", "govet", "./pkg/..."}},
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, WithOutput: true, Means: "issues were found (diagnostics lists them)",
		Source: "golangci-lint run --help (v2.15.0): --issues-exit-code, exit code when issues were found (default 1)"}},
}

// goLintParsers wires gofmt, staticcheck and golangci-lint for the builtin list.
func goLintParsers() []*catalog.Parser {
	gofmtParserDef.Parse = parseGofmt
	staticcheckParserDef.Parse = func(c *catalog.Context) (any, error) { return parseGoLint(c, "staticcheck", false) }
	golangciParserDef.Parse = func(c *catalog.Context) (any, error) { return parseGoLint(c, "golangci-lint", true) }
	return []*catalog.Parser{gofmtParserDef, staticcheckParserDef, golangciParserDef}
}

func parseGofmt(c *catalog.Context) (any, error) {
	// About a line a diagnostic: rows sized once, not grown.
	res := &GofmtResult{Files: []string{}, Diagnostics: make([]Diagnostic, 0, kit.RowCap(c))}
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		switch p, ok := goPos(line); {
		case strings.TrimSpace(line) == "":
		case ok:
			if c.Full(len(res.Diagnostics)) {
				c.Omit(1)
				continue
			}
			i := len(res.Diagnostics)
			d := Diagnostic{File: line[:p.fileEnd], Line: p.line, Severity: "error", Message: line[p.msg:], Tool: "gofmt"}
			c.Span(start, start+p.fileEnd, "", "diagnostics", i, "file")
			c.Span(start+p.lineS, start+p.lineE, "parseInt", "diagnostics", i, "line")
			if p.hasCol {
				d.Column = catalog.Intp(p.col)
				c.Span(start+p.colS, start+p.colE, "parseInt", "diagnostics", i, "column")
			}
			c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "severity")
			c.Span(start+p.msg, start+len(line), "", "diagnostics", i, "message")
			c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
			res.Diagnostics = append(res.Diagnostics, d)
		case strings.HasSuffix(line, ".go"):
			if c.Full(len(res.Files)) {
				c.Omit(1)
				continue
			}
			c.Span(start, start+len(line), "", "files", len(res.Files))
			res.Files = append(res.Files, line)
		default:
			c.Unread(start)
		}
	}
	res.Summary = GofmtSummary{Unformatted: int64(len(res.Files)), Errors: int64(len(res.Diagnostics))}
	c.Span(0, len(c.Raw), "count", "summary", "unformatted")
	c.Span(0, len(c.Raw), "count", "summary", "errors")
	return res, nil
}

// lintCode reads a trailing " (SA4006)" or " (govet)": where it starts in
// msg, and the code.
func lintCode(msg string) (int, string, bool) {
	if !strings.HasSuffix(msg, ")") {
		return 0, "", false
	}
	i := strings.LastIndex(msg, " (")
	if i < 0 {
		return 0, "", false
	}
	code := msg[i+2 : len(msg)-1]
	if code == "" {
		return 0, "", false
	}
	for _, r := range code {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return 0, "", false
		}
	}
	return i, code, true
}

// lintCaret reports golangci-lint's caret line: blanks and one ^.
func lintCaret(s string) bool {
	t := strings.TrimLeft(s, " \t")
	return t == "^"
}

// golangciStats reads "10 issues:" or "0 issues." (and "1 issues:").
func golangciStats(s string) (int64, bool) {
	n, rest, ok := strings.Cut(s, " ")
	switch rest {
	case "issues:", "issues.", "issue:", "issue.":
	default:
		// Every line comes here: the number is read only on a stats line
		// (ParseInt's error on the others was a sixth of staticcheck's
		// allocations).
		return 0, false
	}
	v, err := strconv.ParseInt(n, 10, 64)
	if !ok || err != nil || v < 0 {
		return 0, false
	}
	return v, true
}

// goLintState is what the steps of parseGoLint share: the diagnostic the next lines
// continue, the open compile block, and the counts compared with the stated one.
type goLintState struct {
	c         *catalog.Context
	res       *DiagResult
	tool      string
	excerpts  bool
	closer    string  // the code that ends a block of compiler lines
	msgs      []goOut // each diagnostic's message, raw[start:end]
	lastDiag  int     // the diagnostic a tab-indented line continues (-2: one omitted at max_items)
	block     int     // index of the first diagnostic of the open compile block
	inBlock   bool
	source    bool // the next line is the source line of a diagnostic (golangci-lint)
	issues    int64
	stated    int64
	hasStated bool
	omitted   int64
}

func parseGoLint(c *catalog.Context, tool string, excerpts bool) (any, error) {
	// About a line a diagnostic: rows sized once, not grown.
	st := &goLintState{c: c, res: &DiagResult{Diagnostics: make([]Diagnostic, 0, kit.RowCap(c))}, tool: tool,
		excerpts: excerpts, closer: "compile", lastDiag: -1, block: -1}
	if tool == "golangci-lint" {
		st.closer = "typecheck"
	}
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		wasSource := st.source
		st.source = false
		if strings.TrimSpace(line) == "" {
			continue
		}
		if !st.line(&it, line, start, wasSource) {
			c.Unread(start)
		}
	}
	res := st.res
	for i, m := range st.msgs {
		res.Diagnostics[i].Message = c.Raw[m.start:m.end]
		c.Span(m.start, m.end, "", "diagnostics", i, "message")
	}
	countSummary(c, res, true)
	if st.hasStated && st.stated != st.issues {
		c.Warn(fmt.Sprintf("%s reported %d issues; %d read (%d omitted)", tool, st.stated, st.issues, st.omitted))
	}
	return res, nil
}

// closeBlock gives the block's diagnostics the closer's code; trim: the
// closer ends the last one's message.
func (st *goLintState) closeBlock(code string, codeS, codeE int, trim bool) {
	res := st.res
	for i := st.block; i < len(res.Diagnostics); i++ {
		res.Diagnostics[i].Code = code
		st.c.Span(codeS, codeE, "", "diagnostics", i, "code")
	}
	if n := len(st.msgs); trim && n > 0 && st.block < len(res.Diagnostics) {
		st.msgs[n-1].end = codeS - 2
	}
	st.inBlock, st.block = false, -1
	st.issues++
}

// line reads one non-blank line (it, to skip an excerpt's caret line); it reports whether
// the line was read.
func (st *goLintState) line(it *lex.Lines, line string, start int, wasSource bool) bool {
	tool := st.tool
	if st.lastDiag != -1 && line[0] == '\t' && !wasSource {
		if st.lastDiag >= 0 {
			st.msgs[len(st.msgs)-1].end = start + len(line)
		}
		if i, code, ok := lintCode(line); ok && st.inBlock && code == st.closer {
			st.closeBlock(code, start+i+2, start+len(line)-1, st.lastDiag >= 0)
			st.source, st.lastDiag = st.excerpts, -1
		}
		return true
	}
	if wasSource && st.excerpts {
		if _, ok := goPos(line); !ok {
			// the source line, and the caret under it
			if nl, np, ok := cNext(st.c.Raw, it.Pos); ok && lintCaret(nl) {
				it.Pos = np
			}
			st.lastDiag = -1
			return true
		}
	}
	st.lastDiag = -1
	if n, ok := golangciStats(line); ok && tool == "golangci-lint" {
		st.stated, st.hasStated = st.stated+n, true
		return true
	}
	if tool == "golangci-lint" && strings.HasPrefix(line, "* ") && strings.Contains(line, ": ") {
		return true // "* govet: 8", the per-linter counts of the stats
	}
	if tool == "staticcheck" && strings.HasPrefix(line, "-: # ") {
		st.inBlock, st.block = true, len(st.res.Diagnostics)
		return true
	}
	p, ok := goPos(line)
	if !ok {
		return false
	}
	if tool == "golangci-lint" && strings.HasPrefix(line[p.msg:], ": # ") {
		st.inBlock, st.block = true, len(st.res.Diagnostics)
		return true
	}
	st.diag(line, start, p)
	return true
}

// diag reads "x.go:3:2: message (code)" at p, which may close a compile block.
func (st *goLintState) diag(line string, start int, p goPosAt) {
	c, res := st.c, st.res
	ci, code, hasCode := lintCode(line[p.msg:])
	closes := hasCode && st.inBlock && code == st.closer
	if c.Full(len(res.Diagnostics)) {
		c.Omit(1)
		st.omitted++
		st.lastDiag = -2
		switch {
		case closes:
			st.closeBlock(code, start+p.msg+ci+2, start+len(line)-1, false)
			st.source = st.excerpts
		case !st.inBlock:
			st.issues++
			st.source = st.excerpts
		}
		return
	}
	i := len(res.Diagnostics)
	d := Diagnostic{File: line[:p.fileEnd], Line: p.line, Severity: "warning", Tool: st.tool}
	if st.inBlock || hasCode && code == st.closer {
		d.Severity = "error" // the compiler's, not a finding
	}
	c.Span(start, start+p.fileEnd, "", "diagnostics", i, "file")
	c.Span(start+p.lineS, start+p.lineE, "parseInt", "diagnostics", i, "line")
	if p.hasCol {
		d.Column = catalog.Intp(p.col)
		c.Span(start+p.colS, start+p.colE, "parseInt", "diagnostics", i, "column")
	}
	c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "severity")
	c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
	res.Diagnostics = append(res.Diagnostics, d)
	st.msgs = append(st.msgs, goOut{start + p.msg, start + len(line)})
	st.lastDiag = i
	switch {
	case closes:
		st.closeBlock(code, start+p.msg+ci+2, start+len(line)-1, true)
		st.source, st.lastDiag = st.excerpts, -1
		return
	case hasCode && !st.inBlock:
		res.Diagnostics[i].Code = code
		c.Span(start+p.msg+ci+2, start+len(line)-1, "", "diagnostics", i, "code")
		st.msgs[i].end = start + p.msg + ci
	}
	if !st.inBlock {
		st.issues++
		st.source = st.excerpts
	}
}
