package catalogtest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// Update makes the golden tests rewrite the "expected" member of every case
// they run (go test -run Golden -update) instead of comparing it.
var Update = flag.Bool("update", false, "rewrite the \"expected\" part of every golden case")

// Case is one golden case: testdata/<os>/<parser-id>/<name>.txt, the raw
// output byte for byte, and <name>.json beside it (its arguments, clock,
// zone, max_items, and what the parse must answer).
type Case struct {
	OS     catalog.OS
	Parser string // the parser's ID
	Name   string
	Raw    string
	Path   string // of the .json
	Spec   GoldenSpec
	fields map[string]json.RawMessage // the .json as read, for Update
}

// Cases reads every golden case of this package (from the builtin
// package: of every parser package), in the order of their paths inside
// testdata/. A case that cannot be read fails the test.
func Cases(t testing.TB) []Case {
	t.Helper()
	var cases []Case
	for _, f := range Glob(filepath.Join("*", "*", "*.json")) {
		parts := strings.Split(Rel(f), "/")
		o, err := catalog.ParseOS(parts[0])
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if err != nil {
			t.Fatalf("%s: no raw input beside it: %v", f, err)
		}
		c := Case{OS: o, Parser: parts[1], Name: strings.TrimSuffix(parts[2], ".json"), Raw: string(raw), Path: f}
		if err := json.Unmarshal(b, &c.Spec); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := json.Unmarshal(b, &c.fields); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases = append(cases, c)
	}
	return cases
}

// Input is the parse the case pins, for parser p, with spans or without.
func (c *Case) Input(t testing.TB, p *catalog.Parser, spans bool) catalog.Input {
	t.Helper()
	now, err := time.Parse(time.RFC3339, c.Spec.Now)
	if err != nil {
		t.Fatalf("%s: now: %v", c.Path, err)
	}
	loc, err := time.LoadLocation(c.Spec.Location)
	if err != nil {
		t.Fatalf("%s: location: %v", c.Path, err)
	}
	return catalog.Input{Cmd: p.Command, Args: c.Spec.Args, Raw: c.Raw, OS: c.OS, Spans: spans,
		MaxItems: c.Spec.MaxItems, Now: now, Location: loc}
}

// Outcome is what a golden case pins of a result: the value, or the parse
// error.
func Outcome(t testing.TB, r catalog.Result) any {
	t.Helper()
	if r.Err != nil {
		return map[string]any{"parse_error": r.Err}
	}
	if r.Parser == nil {
		t.Fatalf("no parser applied")
	}
	return r.Value
}

// Check compares result r (read with spans off) with what the case says:
// the value, the unread lines, the rows omitted and, when the case states
// them, the warnings. With Update it rewrites the case's "expected" instead.
func (c *Case) Check(t *testing.T, r catalog.Result) {
	t.Helper()
	got := MarshalIndent(Outcome(t, r), "  ")
	if *Update {
		c.WriteExpected(t, got)
		return
	}
	if len(c.Spec.Expected) == 0 || string(c.Spec.Expected) == "null" {
		t.Fatalf("%s has no expected value; run go test -run Golden -update", c.Path)
	}
	if want, have := Canonical(t, c.Spec.Expected), Canonical(t, got); want != have {
		t.Errorf("%s: value differs\n%s", c.Path, LineDiff(want, have))
	}
	if !slices.Equal(r.UnreadLines, c.Spec.UnreadLines) {
		t.Errorf("%s: unread lines %v, the case says %v", c.Path, r.UnreadLines, c.Spec.UnreadLines)
	}
	if r.RowsOmitted != c.Spec.RowsOmitted {
		t.Errorf("%s: %d rows omitted, the case says %d", c.Path, r.RowsOmitted, c.Spec.RowsOmitted)
	}
	if c.Spec.Warnings != nil && !slices.Equal(r.Warnings, c.Spec.Warnings) {
		t.Errorf("%s: warnings %q, the case says %q", c.Path, r.Warnings, c.Spec.Warnings)
	}
}

// WriteExpected replaces the case's "expected" member and keeps every
// other member as it was written.
func (c *Case) WriteExpected(t testing.TB, expected []byte) {
	t.Helper()
	order := []string{"args", "now", "location", "max_items", "rows_omitted", "unread_lines", "warnings"}
	var keys []string
	for k := range c.fields {
		if k != "expected" && !slices.Contains(order, k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.WriteString("{\n")
	first := true
	emit := func(k string, v []byte) {
		if !first {
			b.WriteString(",\n")
		}
		first = false
		fmt.Fprintf(&b, "  %q: %s", k, v)
	}
	for _, k := range append(order, keys...) {
		if v, ok := c.fields[k]; ok {
			emit(k, v)
		}
	}
	emit("expected", expected)
	b.WriteString("\n}\n")
	if err := os.WriteFile(c.Path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
