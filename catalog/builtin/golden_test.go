package builtin

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

var update = flag.Bool("update", false, "rewrite the \"expected\" part of every golden case")

// goldenCase is testdata/<os>/<parser-id>/<name>.txt (raw output, byte
// exact) with <name>.json beside it.
type goldenCase struct {
	os     catalog.OS
	parser string
	name   string
	raw    string
	path   string // of the .json
	spec   catalogtest.GoldenSpec
	fields map[string]json.RawMessage // the .json as read, for -update
}

func loadGolden(t testing.TB) []goldenCase {
	t.Helper()
	files := catalogtest.Glob(filepath.Join("*", "*", "*.json"))
	if len(files) == 0 {
		t.Fatal("no golden cases under testdata/")
	}
	var cases []goldenCase
	for _, f := range files {
		parts := strings.Split(catalogtest.Rel(f), "/")
		osName, parser := parts[0], parts[1]
		o, err := catalog.ParseOS(osName)
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
		gc := goldenCase{os: o, parser: parser, name: strings.TrimSuffix(parts[2], ".json"), raw: string(raw), path: f}
		if err := json.Unmarshal(b, &gc.spec); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := json.Unmarshal(b, &gc.fields); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases = append(cases, gc)
	}
	return cases
}

func (gc *goldenCase) input(t testing.TB, spans bool) catalog.Input {
	t.Helper()
	p := findParser(t, gc.parser)
	now, err := time.Parse(time.RFC3339, gc.spec.Now)
	if err != nil {
		t.Fatalf("%s: now: %v", gc.path, err)
	}
	loc, err := time.LoadLocation(gc.spec.Location)
	if err != nil {
		t.Fatalf("%s: location: %v", gc.path, err)
	}
	return catalog.Input{Cmd: p.Command, Args: gc.spec.Args, Raw: gc.raw, OS: gc.os, Spans: spans,
		MaxItems: gc.spec.MaxItems, Now: now, Location: loc}
}

func findParser(t testing.TB, id string) *catalog.Parser {
	t.Helper()
	for _, p := range Default().Parsers() {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no parser with ID %q", id)
	return nil
}

// outcome is what a golden case pins: the value, or the parse error.
func outcome(t testing.TB, r catalog.Result) any {
	t.Helper()
	if r.Err != nil {
		return map[string]any{"parse_error": r.Err}
	}
	if r.Parser == nil {
		t.Fatalf("no parser applied")
	}
	return r.Value
}

func TestGolden(t *testing.T) {
	cases := loadGolden(t)
	seen := map[string]int{}
	for _, gc := range cases {
		seen[gc.parser]++
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			r := Default().Parse(gc.input(t, false))
			got := catalogtest.MarshalIndent(outcome(t, r), "  ")
			if *update {
				writeGolden(t, &gc, got)
				return
			}
			if len(gc.spec.Expected) == 0 || string(gc.spec.Expected) == "null" {
				t.Fatalf("%s has no expected value; run go test -run Golden -update", gc.path)
			}
			if want, have := catalogtest.Canonical(t, gc.spec.Expected), catalogtest.Canonical(t, got); want != have {
				t.Errorf("%s: value differs\n%s", gc.path, catalogtest.LineDiff(want, have))
			}
			if !slices.Equal(r.UnreadLines, gc.spec.UnreadLines) {
				t.Errorf("%s: unread lines %v, the case says %v", gc.path, r.UnreadLines, gc.spec.UnreadLines)
			}
			if r.RowsOmitted != gc.spec.RowsOmitted {
				t.Errorf("%s: %d rows omitted, the case says %d", gc.path, r.RowsOmitted, gc.spec.RowsOmitted)
			}
			if gc.spec.Warnings != nil && !slices.Equal(r.Warnings, gc.spec.Warnings) {
				t.Errorf("%s: warnings %q, the case says %q", gc.path, r.Warnings, gc.spec.Warnings)
			}
		})
	}
	for _, id := range []string{"ls", "git-status", "ps"} {
		if seen[id] == 0 {
			t.Errorf("no golden case for parser %s", id)
		}
	}
}

// writeGolden replaces the "expected" member and keeps every other member
// as it was written.
func writeGolden(t *testing.T, gc *goldenCase, expected []byte) {
	order := []string{"args", "now", "location", "max_items", "rows_omitted", "unread_lines", "warnings"}
	var keys []string
	for k := range gc.fields {
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
		if v, ok := gc.fields[k]; ok {
			emit(k, v)
		}
	}
	emit("expected", expected)
	b.WriteString("\n}\n")
	if err := os.WriteFile(gc.path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenSpans checks the span contract on every golden case: verbatim
// spans hold exactly the value's bytes, every scalar leaf has a span, and
// recording does not change the value.
func TestGoldenSpans(t *testing.T) {
	for _, gc := range loadGolden(t) {
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			off := Default().Parse(gc.input(t, false))
			on := Default().Parse(gc.input(t, true))
			if off.Err != nil || on.Err != nil {
				if !reflect.DeepEqual(off.Err, on.Err) {
					t.Fatalf("errors differ with spans on: %v / %v", off.Err, on.Err)
				}
				return
			}
			if !reflect.DeepEqual(off.Value, on.Value) {
				t.Fatalf("the value differs with spans on")
			}
			if len(off.Spans) != 0 {
				t.Fatalf("spans recorded while off")
			}
			if err := catalogtest.CheckSpans(gc.raw, on.Value, on.Spans); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestGoldenCoverage: every registered parser has golden cases on every OS
// it declares (somewhere, when it declares none), and every golden case
// names a parser that reads output of its OS.
func TestGoldenCoverage(t *testing.T) {
	cases := map[string]map[catalog.OS]int{}
	for _, gc := range loadGolden(t) {
		if cases[gc.parser] == nil {
			cases[gc.parser] = map[catalog.OS]int{}
		}
		cases[gc.parser][gc.os]++
	}
	ids := map[string]*catalog.Parser{}
	for _, p := range Default().Parsers() {
		ids[p.ID] = p
		if len(cases[p.ID]) == 0 {
			t.Errorf("parser %s has no golden case", p.ID)
		}
		for _, o := range p.OS {
			if cases[p.ID][o] == 0 {
				t.Errorf("parser %s declares %s but has no golden case under testdata/%s/%s/", p.ID, o, o, p.ID)
			}
		}
	}
	for id, byOS := range cases {
		p := ids[id]
		if p == nil {
			t.Errorf("testdata/*/%s/ names no registered parser", id)
			continue
		}
		for o := range byOS {
			if !p.ForOS(o) {
				t.Errorf("testdata/%s/%s/: parser %s does not read %s output", o, id, id, o)
			}
		}
	}
}
