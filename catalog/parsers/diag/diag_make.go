package diag

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// MakeResult is the diagnostics shape with the lines no form reads kept.
type MakeResult struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Output holds the other lines, in order: the commands make echoed,
	// their output, make's "Entering directory" and "Nothing to be done".
	Output  []string    `json:"output,omitempty"`
	Summary DiagSummary `json:"summary"`
}

// makeFlags were checked against make(1) of GNU Make 4.3 (Debian 12): the
// options that leave the output in the form read here. -d, --debug, -p,
// -q, -t and --trace print other things and are not admitted.
var makeFlags = catalog.Flags{
	"-k": catalog.Bool, "--keep-going": catalog.Bool, "-S": catalog.Bool, "--no-keep-going": catalog.Bool, "--stop": catalog.Bool,
	"-j": catalog.Value, "--jobs": catalog.Value, "-l": catalog.Value, "--load-average": catalog.Value,
	"-s": catalog.Bool, "--silent": catalog.Bool, "--quiet": catalog.Bool, "-w": catalog.Bool, "--print-directory": catalog.Bool, "--no-print-directory": catalog.Bool,
	"-i": catalog.Bool, "--ignore-errors": catalog.Bool, "-B": catalog.Bool, "--always-make": catalog.Bool, "-n": catalog.Bool, "--just-print": catalog.Bool,
	"--dry-run": catalog.Bool, "--recon": catalog.Bool, "-e": catalog.Bool, "--environment-overrides": catalog.Bool, "-r": catalog.Bool,
	"--no-builtin-rules": catalog.Bool, "-R": catalog.Bool, "--no-builtin-variables": catalog.Bool, "-L": catalog.Bool, "--check-symlink-times": catalog.Bool,
	"-f": catalog.Value, "--file": catalog.Value, "--makefile": catalog.Value, "-C": catalog.Value, "--directory": catalog.Value, "-I": catalog.Value, "--include-dir": catalog.Value,
	"-O": catalog.Value, "--output-sync": catalog.Value, "-W": catalog.Value, "--what-if": catalog.Value, "--new-file": catalog.Value, "--assume-new": catalog.Value,
	"-o": catalog.Value, "--old-file": catalog.Value, "--assume-old": catalog.Value,
}

var makeParserDef = &catalog.Parser{
	ID: "make", Command: "make", Version: "1",
	Format: "GNU make's `make: *** [Makefile:3: all] Error 1` (code: the target), `Makefile:5: *** missing separator.  Stop.`, " +
		"`make: *** No rule to make target ...` (file \"\" and line 0: make names no place), warnings and `(ignored)` errors; " +
		"gcc/clang (tool cc) and Go (tool go) diagnostics of the recipes; other lines kept in output (stderr: pipe 2>&1 to parism parse)",
	Flags: makeFlags, MaxPositionals: -1, Result: MakeResult{}, RowsKey: "diagnostics",
	Examples: [][]string{{}, {"-k", "all"}, {"-j4", "test"}},
}

// makeParsers wires make for the builtin list.
func makeParsers() []*catalog.Parser {
	makeParserDef.Parse = parseMake
	return []*catalog.Parser{makeParserDef}
}

// makePrefix reads make's "make: " or "make[2]: " (gmake, a path's base
// too) and returns where the rest starts.
func makePrefix(s string) (int, bool) {
	i := strings.Index(s, ": ")
	if i <= 0 {
		return 0, false
	}
	name := s[:i]
	if b := strings.IndexByte(name, '['); b > 0 && strings.HasSuffix(name, "]") {
		if _, err := strconv.Atoi(name[b+1 : len(name)-1]); err != nil {
			return 0, false
		}
		name = name[:b]
	}
	name = name[strings.LastIndexByte(name, '/')+1:]
	if !strings.HasSuffix(name, "make") || strings.ContainsAny(name, " \t:") {
		return 0, false
	}
	return i + 2, true
}

// makefileName reports a name make reads as a makefile.
func makefileName(f string) bool {
	b := f[strings.LastIndexByte(f, '/')+1:]
	return strings.Contains(strings.ToLower(b), "makefile") || strings.HasSuffix(b, ".mk") ||
		strings.HasSuffix(b, ".mak") || strings.HasSuffix(b, ".make")
}

type makeDiag struct {
	file, target, msg, sev       string
	line                         int64
	fileS, fileE, lineS, lineE   int
	targetS, targetE, msgS, msgE int
	sevS, sevE                   int
}

// makeLine reads one of make's own diagnostics.
func makeLine(s string) (makeDiag, bool) {
	var d makeDiag
	stop := func(at int) {
		d.msgS, d.msgE = at, len(s)
		if b, ok := strings.CutSuffix(s[at:], "  Stop."); ok {
			d.msgE = at + len(strings.TrimSuffix(b, "."))
		}
		d.msg = s[d.msgS:d.msgE]
	}
	if p, ok := makePrefix(s); ok {
		rest := s[p:]
		switch {
		case strings.HasPrefix(rest, "*** ["), strings.HasPrefix(rest, "["):
			// [Makefile:3: all] Error 1, or make 3.81's [all] Error 1
			open := p + strings.IndexByte(rest, '[')
			closeAt := strings.LastIndex(s, "] ")
			if closeAt < open {
				return d, false
			}
			d.sev, d.sevS, d.sevE = "error", p, open
			if !strings.HasPrefix(rest, "***") {
				d.sev = "warning"
			}
			in := s[open+1 : closeAt]
			d.targetS, d.targetE = open+1, closeAt
			if c2 := strings.LastIndex(in, ": "); c2 > 0 {
				if c1 := strings.LastIndexByte(in[:c2], ':'); c1 > 0 {
					if n, err := strconv.ParseInt(in[c1+1:c2], 10, 64); err == nil && n >= 0 {
						d.file, d.line = in[:c1], n
						d.fileS, d.fileE, d.lineS, d.lineE = open+1, open+1+c1, open+1+c1+1, open+1+c2
						d.targetS = open + 1 + c2 + 2
					}
				}
			}
			d.target = s[d.targetS:d.targetE]
			d.msgS, d.msgE = closeAt+2, len(s)
			d.msg = s[d.msgS:]
			return d, d.target != "" && d.msg != ""
		case strings.HasPrefix(rest, "*** Waiting for unfinished jobs"):
			return d, false
		case strings.HasPrefix(rest, "*** "):
			d.sev, d.sevS, d.sevE = "error", p, p+3
			stop(p + 4)
			return d, d.msg != ""
		case strings.HasPrefix(rest, "warning: "):
			d.sev, d.sevS, d.sevE = "warning", p, p+7
			d.msgS, d.msgE, d.msg = p+9, len(s), s[p+9:]
			return d, d.msg != ""
		}
		return d, false
	}
	// Makefile:5: *** missing separator.  Stop. / Makefile:4: warning: ...
	c1 := strings.Index(s, ": ")
	if c1 <= 0 {
		return d, false
	}
	c0 := strings.LastIndexByte(s[:c1], ':')
	if c0 <= 0 || !makefileName(s[:c0]) {
		return d, false
	}
	n, err := strconv.ParseInt(s[c0+1:c1], 10, 64)
	if err != nil || n < 0 {
		return d, false
	}
	d.file, d.line, d.fileE, d.lineS, d.lineE = s[:c0], n, c0, c0+1, c1
	rest := s[c1+2:]
	switch {
	case strings.HasPrefix(rest, "*** "):
		d.sev, d.sevS, d.sevE = "error", c1+2, c1+5
		stop(c1 + 6)
	case strings.HasPrefix(rest, "warning: "):
		d.sev, d.sevS, d.sevE = "warning", c1+2, c1+9
		d.msgS, d.msgE, d.msg = c1+11, len(s), s[c1+11:]
	default:
		return d, false
	}
	return d, d.msg != ""
}

// makeDirLine reads "make[1]: Entering directory '/x'" (and Leaving):
// where the directory's name is in s.
func makeDirLine(s string) (entering bool, dirS, dirE int, ok bool) {
	p, ok := makePrefix(s)
	if !ok {
		return false, 0, 0, false
	}
	rest := s[p:]
	switch {
	case strings.HasPrefix(rest, "Entering directory "):
		entering, p = true, p+len("Entering directory ")
	case strings.HasPrefix(rest, "Leaving directory "):
		p += len("Leaving directory ")
	default:
		return false, 0, 0, false
	}
	// GNU make 4 quotes with '...', make 3 with `...'
	if len(s)-p < 3 || s[len(s)-1] != '\'' || (s[p] != '\'' && s[p] != '`') {
		return false, 0, 0, false
	}
	return entering, p + 1, len(s) - 1, true
}

func parseMake(c *catalog.Context) (any, error) {
	cr := newCReader(c, "cc")
	res := cr.res
	out := &MakeResult{}
	type dirAt struct{ s, e int }
	var dirs []dirAt // the Entering directory stack
	inDir := func(from int) {
		if len(dirs) == 0 {
			return
		}
		d := dirs[len(dirs)-1]
		for i := from; i < len(res.Diagnostics); i++ {
			if f := res.Diagnostics[i].File; f != "" && !strings.HasPrefix(f, "/") {
				res.Diagnostics[i].Dir = c.Raw[d.s:d.e]
				c.Span(d.s, d.e, "", "diagnostics", i, "dir")
			}
		}
	}
	lastGo := -1 // a Go diagnostic a tab-indented line continues (-2: one omitted at max_items)
	type span struct{ i, s, e int }
	var goMsg []span
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		if lastGo != -1 && strings.HasPrefix(line, "\t") {
			if lastGo >= 0 {
				goMsg[len(goMsg)-1].e = start + len(line)
			}
			continue
		}
		lastGo = -1
		if entering, dS, dE, ok := makeDirLine(line); ok {
			if entering {
				dirs = append(dirs, dirAt{start + dS, start + dE})
			} else if len(dirs) > 0 {
				dirs = dirs[:len(dirs)-1]
			}
		}
		if d, ok := makeLine(line); ok {
			cr.last, cr.afterDiag, cr.dropped = -1, false, false
			if c.Full(len(res.Diagnostics)) {
				c.Omit(1)
				continue
			}
			i := len(res.Diagnostics)
			dg := Diagnostic{File: d.file, Line: d.line, Severity: d.sev, Code: d.target, Message: d.msg, Tool: "make"}
			if d.fileE > 0 {
				c.Span(start+d.fileS, start+d.fileE, "", "diagnostics", i, "file")
				c.Span(start+d.lineS, start+d.lineE, "parseInt", "diagnostics", i, "line")
			} else {
				c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "file")
				c.Span(start, start+len(line), "impliedZero", "diagnostics", i, "line")
			}
			c.Span(start+d.sevS, start+d.sevE, "statusWord", "diagnostics", i, "severity")
			if d.target != "" {
				c.Span(start+d.targetS, start+d.targetE, "", "diagnostics", i, "code")
			}
			c.Span(start+d.msgS, start+d.msgE, "", "diagnostics", i, "message")
			c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
			res.Diagnostics = append(res.Diagnostics, dg)
			inDir(i)
			continue
		}
		before := len(res.Diagnostics)
		if next, ok := cr.read(start, it.Pos, line); ok {
			it.Pos = next
			inDir(before)
			continue
		}
		if p, ok := goPos(line); ok && !strings.HasPrefix(line, "\t") {
			cr.last, cr.afterDiag = -1, false
			if c.Full(len(res.Diagnostics)) {
				c.Omit(1)
				lastGo = -2
				continue
			}
			i := len(res.Diagnostics)
			dg := Diagnostic{File: line[:p.fileEnd], Line: p.line, Severity: "error", Tool: "go"}
			c.Span(start, start+p.fileEnd, "", "diagnostics", i, "file")
			c.Span(start+p.lineS, start+p.lineE, "parseInt", "diagnostics", i, "line")
			if p.hasCol {
				dg.Column = catalog.Intp(p.col)
				c.Span(start+p.colS, start+p.colE, "parseInt", "diagnostics", i, "column")
			}
			c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "severity")
			c.Span(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
			res.Diagnostics = append(res.Diagnostics, dg)
			inDir(i)
			goMsg = append(goMsg, span{i, start + p.msg, start + len(line)})
			lastGo = i
			continue
		}
		cr.last, cr.afterDiag, cr.dropped = -1, false, false
		c.Span(start, start+len(line), "", "output", len(out.Output))
		out.Output = append(out.Output, line)
	}
	for _, m := range goMsg {
		res.Diagnostics[m.i].Message = c.Raw[m.s:m.e]
		c.Span(m.s, m.e, "", "diagnostics", m.i, "message")
	}
	cr.finish()
	out.Diagnostics, out.Summary = res.Diagnostics, res.Summary
	return out, nil
}
