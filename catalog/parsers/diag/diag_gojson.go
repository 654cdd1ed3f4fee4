package diag

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// goEvent is one line of `go test -json` (cmd/test2json's TestEvent, and
// the build-output events of go 1.24 and later).
type goEvent struct {
	Action      string
	Package     string
	ImportPath  string
	Test        string
	Elapsed     *float64
	Output      *string
	FailedBuild string
}

// jsonValueAt is where the value of "key" begins and ends in one event
// line, for spans; the whole line when it is not found.
func jsonValueAt(line string, key string) (int, int) {
	k := `"` + key + `":`
	i := strings.Index(line, k)
	if i < 0 {
		return 0, len(line)
	}
	s := i + len(k)
	if s < len(line) && line[s] == '"' {
		for e := s + 1; e < len(line); e++ {
			if line[e] == '\\' {
				e++
				continue
			}
			if line[e] == '"' {
				return s, e + 1
			}
		}
		return s, len(line)
	}
	e := s
	for e < len(line) && line[e] != ',' && line[e] != '}' {
		e++
	}
	return s, e
}

// goFrame reports the lines of a test's output that frame it rather than
// belong to it (=== RUN, --- FAIL: ...), left out as in the plain form.
func goFrame(s string) bool {
	t := strings.TrimLeft(s, " ")
	if _, _, _, _, _, ok := goTestHead(strings.TrimSuffix(t, "\n")); ok {
		return true
	}
	return strings.HasPrefix(t, "=== RUN ") || strings.HasPrefix(t, "=== PAUSE ") ||
		strings.HasPrefix(t, "=== CONT ") || strings.HasPrefix(t, "=== NAME ")
}

// parseGoTestJSON reads a `go test -json` event stream. Values come out of
// JSON strings, so their spans are the JSON tokens ("jsonValue"); a line
// that is not an event is unread.
func parseGoTestJSON(c *catalog.Context) (any, error) {
	raw := c.Raw
	res := &DiagResult{Diagnostics: []Diagnostic{}}
	type outAt struct {
		text       strings.Builder
		start, end int
	}
	outs := map[string]*outAt{} // package + "\x00" + test
	buildPkg := map[string]string{}
	it := lex.Lines{Raw: raw}
	for line, start := range it.All() {
		if strings.TrimSpace(line) == "" {
			continue
		}
		// encoding/json matches keys regardless of case (readGoEvent
		// too); go test writes "Action" as such, and a line spelling it
		// otherwise is not its.
		if line[0] != '{' || !strings.Contains(line, `"Action"`) {
			c.Unread(start)
			continue
		}
		ev, ok := readGoEvent(line)
		if !ok || ev.Action == "" {
			c.Unread(start)
			continue
		}
		span := func(key, tr string, tokens ...any) {
			if c.Recording() {
				s, e := jsonValueAt(line, key)
				c.Span(start+s, start+e, tr, tokens...)
			}
		}
		switch ev.Action {
		case "build-output":
			if ev.Output == nil {
				continue
			}
			o := strings.TrimSuffix(*ev.Output, "\n")
			if strings.HasPrefix(o, "# ") {
				buildPkg[ev.ImportPath] = o[2:]
				continue
			}
			if strings.HasPrefix(o, "\t") && len(res.Diagnostics) > 0 {
				d := &res.Diagnostics[len(res.Diagnostics)-1]
				d.Message += "\n" + o
				continue
			}
			body, sev := o, "error"
			body = strings.TrimPrefix(body, "vet: ")
			p, ok := goPos(body)
			if !ok {
				c.Unread(start)
				continue
			}
			if c.Full(len(res.Diagnostics)) {
				c.Omit(1)
				continue
			}
			i := len(res.Diagnostics)
			d := Diagnostic{File: body[:p.fileEnd], Line: p.line, Severity: sev, Message: body[p.msg:], Tool: "go test"}
			if p.hasCol {
				d.Column = catalog.Intp(p.col)
				span("Output", "jsonValue", "diagnostics", i, "column")
			}
			for _, f := range []string{"file", "line", "severity", "message", "tool"} {
				span("Output", "jsonValue", "diagnostics", i, f)
			}
			if pk := buildPkg[ev.ImportPath]; pk != "" {
				d.Package = pk
				span("ImportPath", "jsonValue", "diagnostics", i, "package")
			}
			res.Diagnostics = append(res.Diagnostics, d)
		case "output":
			if ev.Output == nil || ev.Test == "" || goFrame(*ev.Output) {
				continue
			}
			k := ev.Package + "\x00" + ev.Test
			o := outs[k]
			if o == nil {
				o = &outAt{start: start}
				outs[k] = o
			}
			o.text.WriteString(*ev.Output)
			o.end = start + len(line)
		case "pass", "fail", "skip":
			if ev.Test == "" {
				if ev.Package == "" {
					continue
				}
				i := len(res.Packages)
				pk := DiagPackage{Package: ev.Package, Status: ev.Action}
				if ev.FailedBuild != "" {
					pk.Status = "build_failed"
				} else if ev.Action == "skip" {
					pk.Status = "no_tests"
				}
				span("Package", "jsonValue", "packages", i, "package")
				span("Action", "jsonValue", "packages", i, "status")
				if ev.Elapsed != nil {
					pk.DurationMs = catalog.Floatp(*ev.Elapsed * 1000)
					span("Elapsed", "parseDuration", "packages", i, "duration_ms")
				}
				res.Packages = append(res.Packages, pk)
				continue
			}
			if c.Full(len(res.Tests)) {
				c.Omit(1)
				continue
			}
			i := len(res.Tests)
			t := DiagTest{Name: ev.Test, Package: ev.Package, Status: ev.Action}
			span("Test", "jsonValue", "tests", i, "name")
			if ev.Package != "" { // omitted from the answer when empty
				span("Package", "jsonValue", "tests", i, "package")
			}
			span("Action", "jsonValue", "tests", i, "status")
			if ev.Elapsed != nil {
				t.DurationMs = catalog.Floatp(*ev.Elapsed * 1000)
				span("Elapsed", "parseDuration", "tests", i, "duration_ms")
			}
			if o := outs[ev.Package+"\x00"+ev.Test]; o != nil {
				if t.Output = strings.TrimSuffix(o.text.String(), "\n"); t.Output != "" {
					c.Span(o.start, o.end, "jsonJoin", "tests", i, "output")
				}
			}
			res.Tests = append(res.Tests, t)
		}
	}
	countSummary(c, res, true)
	return res, nil
}

// parseGoTestAny reads go test's plain output, or its -json stream.
func parseGoTestAny(c *catalog.Context) (any, error) {
	if slices.Contains(c.Args.List, "-json") || slices.Contains(c.Args.List, "--json") {
		return parseGoTestJSON(c)
	}
	return parseGoText(c, "go test")
}
