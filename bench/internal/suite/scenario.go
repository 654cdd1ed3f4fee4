package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
)

// Now and Location anchor every date a parser completes (ls prints no year
// for recent files): with the clock fixed, parsing a committed input gives
// the same structure, and the same token count, on every run and in every
// year. Now is just after the inputs were captured.
var (
	Now      = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	Location = time.UTC
)

// Scenario is one input of the token benchmark: bench/testdata/<ID>/raw.txt
// and scenario.json beside it.
type Scenario struct {
	ID  string `json:"-"`
	Raw string `json:"-"`

	// Title names the scenario in the report.
	Title string `json:"title"`
	// Cmd, Args and OS are how the output was produced, and how it is
	// parsed.
	Cmd  string     `json:"cmd"`
	Args []string   `json:"args"`
	OS   catalog.OS `json:"os"`
	// Source is "captured" (a real run on a Linux machine, see
	// capture-linux.sh) or "written" (from the documented format, see
	// synth.go).
	Source string `json:"source"`
	// Select is the pair of fields of the select+limit form; Array the
	// top-level array it and the budget form work on (empty: the only one).
	Select []string `json:"select"`
	Array  string   `json:"array,omitempty"`
	// Repeat is the run of lines (0-based, half-open; a negative To counts
	// from the end) repeated to build the throughput input; the lines
	// before and after it are kept once. Zero: the whole output.
	Repeat *LineRange `json:"repeat,omitempty"`
}

// LineRange is a half-open range of line indexes.
type LineRange struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// CommandLine is the scenario's command as typed.
func (s *Scenario) CommandLine() string {
	parts := []string{s.Cmd}
	for _, a := range s.Args {
		if a == "" || strings.ContainsAny(a, " \t'\"\\$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// LoadScenarios reads every scenario under dir, sorted by ID.
func LoadScenarios(dir string) ([]*Scenario, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "scenario.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no scenarios under %s", dir)
	}
	slices.Sort(files)
	var out []*Scenario
	for _, f := range files {
		s := &Scenario{ID: filepath.Base(filepath.Dir(f))}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(s); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		raw, err := os.ReadFile(filepath.Join(filepath.Dir(f), "raw.txt"))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.ID, err)
		}
		s.Raw = string(raw)
		if s.Cmd == "" || s.Title == "" || len(s.Select) != 2 {
			return nil, fmt.Errorf("%s: scenario.json needs title, cmd and a select pair", f)
		}
		if _, err := catalog.ParseOS(string(s.OS)); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if s.Args == nil {
			s.Args = []string{}
		}
		out = append(out, s)
	}
	return out, nil
}

// fixedClock returns a registry holding every built-in parser with Now and
// Location pinned, for the engine, whose Parse takes no clock. Lookups
// choose as Default's do unless two parsers of one command claim the same
// OS; the token benchmark checks each scenario's choice.
func fixedClock() *catalog.Registry {
	r := catalog.NewRegistry()
	for _, p := range builtin.Default().Parsers() {
		q := *p
		parse := p.Parse
		q.Parse = func(c *catalog.Context) (any, error) {
			c.Now, c.Location = Now, Location
			return parse(c)
		}
		if err := r.Register(&q); err != nil {
			panic(err)
		}
	}
	return r
}

// ParserFor returns the parser the catalog would choose for s, or nil.
func ParserFor(s *Scenario) *catalog.Parser {
	p, _ := builtin.Default().Lookup(s.Cmd, s.Args, s.OS)
	return p
}

// lines splits text into lines, each with its newline.
func lines(text string) []string {
	ls := strings.SplitAfter(text, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// Repeated builds an input of at least size bytes from s's output: the
// lines before and after s.Repeat kept once, the lines inside it repeated.
func (s *Scenario) Repeated(size int) string {
	ls := lines(s.Raw)
	if !strings.HasSuffix(s.Raw, "\n") && len(ls) > 0 {
		ls[len(ls)-1] += "\n"
	}
	from, to := 0, len(ls)
	if r := s.Repeat; r != nil {
		from, to = r.From, r.To
		if to <= 0 {
			to += len(ls)
		}
	}
	head, body, tail := strings.Join(ls[:from], ""), strings.Join(ls[from:to], ""), strings.Join(ls[to:], "")
	var b strings.Builder
	b.Grow(size + len(body) + len(head) + len(tail))
	b.WriteString(head)
	for b.Len()+len(tail) < size {
		b.WriteString(body)
	}
	b.WriteString(tail)
	return b.String()
}
