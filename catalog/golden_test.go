package catalog

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
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the \"expected\" part of every golden case")

// goldenCase is testdata/<os>/<parser-id>/<name>.txt (raw output, byte
// exact) with <name>.json beside it.
type goldenCase struct {
	os     OS
	parser string
	name   string
	raw    string
	path   string // of the .json
	spec   goldenSpec
	fields map[string]json.RawMessage // the .json as read, for -update
}

type goldenSpec struct {
	Args        []string        `json:"args"`
	Now         string          `json:"now"`
	Location    string          `json:"location"`
	MaxItems    int             `json:"max_items"`
	RowsOmitted int             `json:"rows_omitted"`
	Expected    json.RawMessage `json:"expected"`
	UnreadLines []int           `json:"unread_lines"`
	Warnings    []string        `json:"warnings"`
}

func loadGolden(t testing.TB) []goldenCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*", "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden cases under testdata/")
	}
	var cases []goldenCase
	for _, f := range files {
		parts := strings.Split(filepath.ToSlash(f), "/")
		osName, parser := parts[1], parts[2]
		o, err := ParseOS(osName)
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
		gc := goldenCase{os: o, parser: parser, name: strings.TrimSuffix(parts[3], ".json"), raw: string(raw), path: f}
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

func (gc *goldenCase) input(t testing.TB, spans bool) Input {
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
	return Input{Cmd: p.Command, Args: gc.spec.Args, Raw: gc.raw, OS: gc.os, Spans: spans,
		MaxItems: gc.spec.MaxItems, Now: now, Location: loc}
}

func findParser(t testing.TB, id string) *Parser {
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
func outcome(t testing.TB, r Result) any {
	t.Helper()
	if r.Err != nil {
		return map[string]any{"parse_error": r.Err}
	}
	if r.Parser == nil {
		t.Fatalf("no parser applied")
	}
	return r.Value
}

func marshalIndent(v any, prefix string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

func canonical(t testing.TB, b []byte) string {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("canonical: %v", err)
	}
	return string(marshalIndent(v, ""))
}

func TestGolden(t *testing.T) {
	cases := loadGolden(t)
	seen := map[string]int{}
	for _, gc := range cases {
		seen[gc.parser]++
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			r := Default().Parse(gc.input(t, false))
			got := marshalIndent(outcome(t, r), "  ")
			if *update {
				writeGolden(t, &gc, got)
				return
			}
			if len(gc.spec.Expected) == 0 || string(gc.spec.Expected) == "null" {
				t.Fatalf("%s has no expected value; run go test -run Golden -update", gc.path)
			}
			if want, have := canonical(t, gc.spec.Expected), canonical(t, got); want != have {
				t.Errorf("%s: value differs\n%s", gc.path, lineDiff(want, have))
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

func lineDiff(want, have string) string {
	w, h := strings.Split(want, "\n"), strings.Split(have, "\n")
	for i := 0; i < len(w) || i < len(h); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(h) {
			b = h[i]
		}
		if a != b {
			lo := max(0, i-3)
			return fmt.Sprintf("first difference at line %d:\nwant: %s\nhave: %s\ncontext (have):\n%s", i+1, a, b,
				strings.Join(h[lo:min(len(h), i+3)], "\n"))
		}
	}
	return "(no line differs)"
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
			if err := checkSpans(gc.raw, on.Value, on.Spans); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// checkSpans verifies spans against the JSON form of v.
func checkSpans(raw string, v any, spans []Span) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return err
	}
	covered := map[string]bool{}
	for _, s := range spans {
		if s.Start < 0 || s.End < s.Start || s.End > len(raw) {
			return fmt.Errorf("span %s [%d,%d) outside the raw text (%d bytes)", s.Pointer, s.Start, s.End, len(raw))
		}
		val, ok := resolvePointer(doc, s.Pointer)
		if !ok {
			return fmt.Errorf("span pointer %s resolves to nothing", s.Pointer)
		}
		if s.Verbatim() {
			str, isStr := val.(string)
			if !isStr || str != raw[s.Start:s.End] {
				return fmt.Errorf("verbatim span %s: raw %q, value %#v", s.Pointer, raw[s.Start:s.End], val)
			}
		}
		covered[s.Pointer] = true
	}
	var missing []string
	walkLeaves(doc, "", func(ptr string) {
		if !covered[ptr] {
			missing = append(missing, ptr)
		}
	})
	if len(missing) > 0 {
		if len(missing) > 10 {
			missing = missing[:10]
		}
		return fmt.Errorf("scalar leaves without a span: %v", missing)
	}
	return nil
}

func resolvePointer(doc any, ptr string) (any, bool) {
	if ptr == "" {
		return doc, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	cur := doc
	for _, tok := range strings.Split(ptr[1:], "/") {
		if strings.IndexByte(tok, '~') >= 0 {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		}
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) || strconv.Itoa(i) != tok {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func walkLeaves(v any, ptr string, f func(string)) {
	switch c := v.(type) {
	case map[string]any:
		for k, x := range c {
			if strings.ContainsAny(k, "~/") {
				k = strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
			}
			walkLeaves(x, ptr+"/"+k, f)
		}
	case []any:
		for i, x := range c {
			walkLeaves(x, ptr+"/"+strconv.Itoa(i), f)
		}
	case nil:
		f(ptr) // a null is a leaf too, and should not be emitted at all
	default:
		f(ptr)
	}
}

// TestGoldenCoverage: every registered parser has golden cases on every OS
// it declares (somewhere, when it declares none), and every golden case
// names a parser that reads output of its OS.
func TestGoldenCoverage(t *testing.T) {
	cases := map[string]map[OS]int{}
	for _, gc := range loadGolden(t) {
		if cases[gc.parser] == nil {
			cases[gc.parser] = map[OS]int{}
		}
		cases[gc.parser][gc.os]++
	}
	ids := map[string]*Parser{}
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
