package catalog

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// gcc and clang: file:line:col: severity: message [-Wflag], with the
// source excerpt under it (left out) and its notes attached to it.

var cFlags = Flags{
	"-c": Bool, "-o": Value, "-S": Bool, "-fsyntax-only": Bool, "-Wall": Bool, "-Wextra": Bool,
	"-Werror": Bool, "-Wpedantic": Bool, "-pedantic": Bool, "-w": Bool, "-std": Value, "-O0": Bool,
	"-O1": Bool, "-O2": Bool, "-O3": Bool, "-Os": Bool, "-g": Bool, "-I": Value, "-D": Value,
	"-L": Value, "-l": Value, "-x": Value, "-fdiagnostics-color": Value, "-fno-diagnostics-color": Bool,
	"-fno-caret-diagnostics": Bool, "-fcolor-diagnostics": Bool, "-fno-color-diagnostics": Bool,
	"-fPIC": Bool, "-pthread": Bool, "-march": Value, "-m64": Bool, "-m32": Bool,
}

func cParser(cmd string) *Parser {
	return &Parser{
		ID: cmd, Command: cmd, Version: "1", GoFlags: true,
		Format: cmd + "'s file:line:col: severity: message [-Wflag] lines, notes attached to the diagnostic before them, " +
			"source excerpts left out (stderr: pipe 2>&1 to parism parse; -Iinclude attached is not read, -I include is)",
		Stream: StreamStderr,
		Flags:  cFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
		Examples: [][]string{{"-Wall", "-c", "a.c"}, {"-fsyntax-only", "-std=c11", "a.c", "b.c"}},
		Parse:    func(c *Context) (any, error) { return parseCDiag(c, cmd) },
	}
}

// cDiagParsers wires gcc and cc (clang prints the same form, not verified here) for the builtin list.
func cDiagParsers() []*Parser { return []*Parser{cParser("gcc"), cParser("cc")} }

var cSeverities = []string{": fatal error: ", ": error: ", ": warning: ", ": note: "}

// cDiagLine reads "file:line[:col]: severity: message".
type cDiagAt struct {
	file, sev        string
	line, col        int64
	hasCol           bool
	fileE, lineS     int
	lineE, colS, msg int
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

// cExcerpt reports a source excerpt line ("   10 |   code", "      |   ^").
func cExcerpt(s string) bool {
	t := strings.TrimLeft(s, " ")
	if len(t) == len(s) {
		return false
	}
	t = strings.TrimLeft(t, "0123456789+")
	return strings.HasPrefix(t, " |") || strings.HasPrefix(t, "|")
}

func parseCDiag(c *Context, name string) (any, error) {
	raw := c.Raw
	res := &DiagResult{Diagnostics: []Diagnostic{}}
	last := -1
	for pos := 0; pos < len(raw); {
		start := pos
		end := lex.NextNL(raw, pos)
		pos = end + 1
		line := strings.TrimSuffix(raw[start:end], "\r")
		switch {
		case strings.TrimSpace(line) == "", cExcerpt(line):
			continue
		case strings.HasSuffix(line, ":") && (strings.Contains(line, ": In function ") || strings.Contains(line, ": At top level") ||
			strings.Contains(line, ": In ") || strings.HasPrefix(line, "In file included from ")),
			strings.HasPrefix(line, "                 from "),
			strings.HasSuffix(line, " generated.") && (strings.Contains(line, " warning") || strings.Contains(line, " error")),
			strings.HasPrefix(line, "compilation terminated."):
			continue
		}
		d, ok := cDiagLine(line)
		if !ok {
			c.Unread(start)
			continue
		}
		msg, msgE := line[d.msg:], len(line)
		code, codeS := "", 0
		if strings.HasSuffix(msg, "]") {
			if i := strings.LastIndex(msg, " [-W"); i >= 0 {
				code, codeS = msg[i+2:len(msg)-1], d.msg+i+2
				msg, msgE = msg[:i], d.msg+i
			}
		}
		if d.sev == "note" {
			if last < 0 {
				c.Unread(start)
				continue
			}
			dg := &res.Diagnostics[last]
			k := len(dg.Notes)
			n := DiagNote{File: d.file, Line: d.line, Message: msg}
			c.spanPath(start, start+d.fileE, "", "diagnostics", last, "notes", k, "file")
			c.spanPath(start+d.lineS, start+d.lineE, "parseInt", "diagnostics", last, "notes", k, "line")
			if d.hasCol {
				n.Column = intp(d.col)
				c.spanPath(start+d.colS, start+at(line, d), "parseInt", "diagnostics", last, "notes", k, "column")
			}
			c.spanPath(start+d.msg, start+msgE, "", "diagnostics", last, "notes", k, "message")
			dg.Notes = append(dg.Notes, n)
			continue
		}
		if c.Full(len(res.Diagnostics)) {
			c.Omit(1)
			last = -1
			continue
		}
		i := len(res.Diagnostics)
		sev := d.sev
		if sev == "fatal error" {
			sev = "error"
		}
		dg := Diagnostic{File: d.file, Line: d.line, Severity: sev, Code: code, Message: msg, Tool: name}
		c.spanPath(start, start+d.fileE, "", "diagnostics", i, "file")
		c.spanPath(start+d.lineS, start+d.lineE, "parseInt", "diagnostics", i, "line")
		if d.hasCol {
			dg.Column = intp(d.col)
			c.spanPath(start+d.colS, start+at(line, d), "parseInt", "diagnostics", i, "column")
		}
		sevS := start + d.msg - len(d.sev) - 2
		if sev == d.sev {
			c.spanPath(sevS, sevS+len(d.sev), "", "diagnostics", i, "severity")
		} else {
			c.spanPath(sevS, sevS+len(d.sev), "statusWord", "diagnostics", i, "severity")
		}
		if code != "" {
			c.spanPath(start+codeS, start+codeS+len(code), "", "diagnostics", i, "code")
		}
		c.spanPath(start+d.msg, start+msgE, "", "diagnostics", i, "message")
		c.spanPath(start, start+len(line), "impliedDefault", "diagnostics", i, "tool")
		res.Diagnostics = append(res.Diagnostics, dg)
		last = i
	}
	goSummary(c, res)
	return res, nil
}

// at is where the column number of d ends in line.
func at(line string, d cDiagAt) int {
	return d.colS + strings.IndexByte(line[d.colS:], ':')
}
