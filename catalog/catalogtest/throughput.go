package catalogtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// The throughput floor: every table parser (one with a Table or a RowsKey)
// reads a 1 MB input built from one of its golden cases at 100 MB/s or
// more, spans off. The input is found, not written by hand: head lines of
// the capture once, the lines between repeated, tail lines once, with the
// fewest head and tail lines under which the repeated lines are rows (each
// repetition adds the same number of rows, every line read). A new table
// parser is covered as soon as it has a golden case; without one,
// ThroughputInput fails and so does the test that calls it for every
// parser.

// ThroughputMin is the floor, in MB/s, spans off.
const ThroughputMin = 100

// ThroughputSize is the least size of a throughput input.
const ThroughputSize = 1 << 20

// maxEdge bounds the head and tail lines tried.
const maxEdge = 16

// ThroughputCase is one parser's 1 MB input and how it was built.
type ThroughputCase struct {
	Parser   *catalog.Parser
	Golden   string // the golden case's .json, relative to testdata/
	OS       catalog.OS
	Args     []string
	Now      time.Time
	Location *time.Location
	// Head and Tail are the capture's lines given once; Reps is how many
	// times the lines between are repeated.
	Head, Tail, Reps int
	// RowsPerRep is the rows one repetition adds; Rows the rows of Raw.
	RowsPerRep, Rows int
	Raw              string
}

// TableParsers returns the parsers of r the floor covers, sorted by ID.
func TableParsers(r *catalog.Registry) []*catalog.Parser {
	var out []*catalog.Parser
	for _, p := range r.Parsers() {
		if p.Table != nil || p.RowsKey != "" {
			out = append(out, p)
		}
	}
	return out
}

// ThroughputInput builds p's throughput case from its golden cases
// (testdata/<os>/<id>/*.json), trying them from the longest capture down.
// The error says why none gives an input.
func ThroughputInput(p *catalog.Parser) (ThroughputCase, error) {
	files := Glob(filepath.Join("*", p.ID, "*.json"))
	if len(files) == 0 {
		return ThroughputCase{}, fmt.Errorf("parser %s: no golden case (testdata/<os>/%s/*.json) to build a throughput input from", p.ID, p.ID)
	}
	type golden struct {
		path  string
		spec  GoldenSpec
		os    catalog.OS
		lines []string
	}
	var gs []golden
	var why []string
	for _, f := range files {
		g := golden{path: f}
		o, err := catalog.ParseOS(strings.Split(Rel(f), "/")[0])
		if err != nil {
			return ThroughputCase{}, fmt.Errorf("%s: %v", f, err)
		}
		g.os = o
		spec, err := os.ReadFile(f)
		if err != nil {
			return ThroughputCase{}, err
		}
		if err := json.Unmarshal(spec, &g.spec); err != nil {
			return ThroughputCase{}, fmt.Errorf("%s: %v", f, err)
		}
		raw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if err != nil {
			return ThroughputCase{}, err
		}
		g.lines = dataLines(string(raw), g.spec.UnreadLines)
		gs = append(gs, g)
	}
	slices.SortStableFunc(gs, func(a, b golden) int { return len(b.lines) - len(a.lines) })
	for _, g := range gs {
		tc := ThroughputCase{Parser: p, Golden: Rel(g.path), OS: g.os, Args: g.spec.Args, Location: time.UTC}
		if g.spec.Now != "" {
			now, err := time.Parse(time.RFC3339, g.spec.Now)
			if err != nil {
				return ThroughputCase{}, fmt.Errorf("%s: now: %v", g.path, err)
			}
			tc.Now = now
		} else {
			tc.Now = Now
		}
		if g.spec.Location != "" {
			loc, err := time.LoadLocation(g.spec.Location)
			if err != nil {
				return ThroughputCase{}, fmt.Errorf("%s: location: %v", g.path, err)
			}
			tc.Location = loc
		}
		head, tail, per, err := findEdges(tc, g.lines)
		if err != nil {
			why = append(why, fmt.Sprintf("%s: %v", tc.Golden, err))
			continue
		}
		tc.Head, tc.Tail, tc.RowsPerRep = head, tail, per
		body := strings.Join(g.lines[head:len(g.lines)-tail], "")
		tc.Reps = (ThroughputSize + len(body) - 1) / len(body)
		tc.Raw = assemble(g.lines, head, tail, tc.Reps)
		rows0, err := tc.rows(assemble(g.lines, head, tail, 1), false)
		if err != nil {
			return ThroughputCase{}, err
		}
		tc.Rows = rows0 + (tc.Reps-1)*per
		return tc, nil
	}
	return ThroughputCase{}, fmt.Errorf("parser %s: no golden case repeats into a table input:\n\t%s", p.ID, strings.Join(why, "\n\t"))
}

// dataLines is raw's lines, each with its newline, without the lines the
// golden case reports unread (a throughput parse must read every line).
func dataLines(raw string, unread []int) []string {
	if raw != "" && !strings.HasSuffix(raw, "\n") {
		raw += "\n"
	}
	var out []string
	n := 0
	for line := range strings.Lines(raw) {
		n++
		if !slices.Contains(unread, n) {
			out = append(out, line)
		}
	}
	return out
}

func assemble(lines []string, head, tail, reps int) string {
	var b strings.Builder
	body := strings.Join(lines[head:len(lines)-tail], "")
	b.Grow(head*80 + reps*len(body) + tail*80)
	b.WriteString(strings.Join(lines[:head], ""))
	for range reps {
		b.WriteString(body)
	}
	b.WriteString(strings.Join(lines[len(lines)-tail:], ""))
	return b.String()
}

// findEdges returns the head and tail lines, fewest first (the table's
// declared headers are tried first as the head), under which 1, 2 and 3
// repetitions of the lines between parse, with every line read, into
// rows that grow by the same positive number per repetition.
func findEdges(tc ThroughputCase, lines []string) (head, tail, per int, err error) {
	hdr := 0
	if t := tc.Parser.Table; t != nil {
		hdr = t.Headers
	}
	type edge struct{ head, tail int }
	var edges []edge
	for h := 0; h <= maxEdge && h < len(lines); h++ {
		for t := 0; t <= maxEdge && h+t < len(lines); t++ {
			edges = append(edges, edge{h, t})
		}
	}
	cost := func(e edge) int { return max(e.head-hdr, hdr-e.head) + e.tail }
	slices.SortStableFunc(edges, func(a, b edge) int { return cost(a) - cost(b) })
	var first error
	for _, e := range edges {
		var r [3]int
		var err error
		for k := range r {
			if r[k], err = tc.rows(assemble(lines, e.head, e.tail, k+1), k == 1); err != nil {
				break
			}
		}
		if err == nil && (r[1]-r[0] <= 0 || r[2]-r[1] != r[1]-r[0]) {
			err = fmt.Errorf("rows %v for 1, 2, 3 repetitions", r)
		}
		if err == nil {
			return e.head, e.tail, r[1] - r[0], nil
		}
		if first == nil {
			first = fmt.Errorf("head %d tail %d: %v", e.head, e.tail, err)
		}
	}
	if len(lines) == 0 {
		first = fmt.Errorf("empty capture")
	}
	return 0, 0, 0, first
}

// rows parses raw as tc's output and counts the rows of the answer (the
// array under RowsKey, or the answer itself when it is an array); it fails
// on an error, an unread line, or, with spans, on no span recorded.
func (tc ThroughputCase) rows(raw string, spans bool) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	c := tc.context(raw, spans)
	v, err := tc.Parser.Parse(c)
	if err != nil {
		return 0, err
	}
	if u := c.UnreadOffsets(); len(u) > 0 {
		return 0, fmt.Errorf("%d unread lines, first at offset %d", len(u), u[0])
	}
	if spans && c.SpanSet().Len() == 0 {
		return 0, fmt.Errorf("no span recorded")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return 0, err
	}
	var arr []json.RawMessage
	if tc.Parser.RowsKey != "" {
		var obj map[string]json.RawMessage
		if json.Unmarshal(b, &obj) != nil || obj[tc.Parser.RowsKey] == nil {
			return 0, fmt.Errorf("no %q array in the answer", tc.Parser.RowsKey)
		}
		b = obj[tc.Parser.RowsKey]
	}
	if err := json.Unmarshal(b, &arr); err != nil {
		return 0, fmt.Errorf("rows: %v", err)
	}
	return len(arr), nil
}

func (tc ThroughputCase) context(raw string, spans bool) *catalog.Context {
	c := &catalog.Context{Raw: raw, Args: tc.Parser.ReadArgs(tc.Args), OS: tc.OS, Now: tc.Now, Location: tc.Location}
	if spans {
		c.RecordSpans()
	}
	return c
}

// Check parses the whole input once, spans off, and fails unless every
// line is read into the rows the repetitions promise.
func (tc ThroughputCase) Check() error {
	n, err := tc.rows(tc.Raw, false)
	if err != nil {
		return fmt.Errorf("%s (%s, %d bytes): %v", tc.Parser.ID, tc.Golden, len(tc.Raw), err)
	}
	if n != tc.Rows {
		return fmt.Errorf("%s (%s, %d bytes): %d rows, %d repetitions of %d rows promise %d", tc.Parser.ID, tc.Golden, len(tc.Raw), n, tc.Reps, tc.RowsPerRep, tc.Rows)
	}
	return nil
}

// RunThroughput benchmarks each parser's case as <id>/off and <id>/spans,
// reporting MB/s (b.SetBytes) and MB/cpu-s (by the process's CPU time,
// which other load on a shared machine skews less). A parser's input is
// built only when its benchmark runs (-bench 'Throughput/ls/').
func RunThroughput(b *testing.B, ps []*catalog.Parser) {
	for _, p := range ps {
		b.Run(p.ID, func(b *testing.B) {
			tc, err := ThroughputInput(p)
			if err != nil {
				b.Fatal(err)
			}
			for _, spans := range []bool{false, true} {
				mode := "off"
				if spans {
					mode = "spans"
				}
				b.Run(mode, func(b *testing.B) { tc.bench(b, spans) })
			}
		})
	}
}

func (tc ThroughputCase) bench(b *testing.B, spans bool) {
	b.SetBytes(int64(len(tc.Raw)))
	b.ReportAllocs()
	cpu0 := BenchCPU()
	for b.Loop() {
		c := tc.context(tc.Raw, spans)
		if _, err := tc.Parser.Parse(c); err != nil {
			b.Fatal(err)
		}
		if len(c.UnreadOffsets()) != 0 {
			b.Fatalf("%d unread lines, first at %d", len(c.UnreadOffsets()), c.UnreadOffsets()[0])
		}
	}
	if cpu := BenchCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(tc.Raw))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}
