package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
)

// golden is one case of catalog/testdata/<os>/<parser>/<name>.json (the
// format is in catalog/testdata/README.md).
type golden struct {
	Args        []string        `json:"args"`
	Now         string          `json:"now"`
	Location    string          `json:"location"`
	MaxItems    int             `json:"max_items"`
	RowsOmitted int             `json:"rows_omitted"`
	UnreadLines []int           `json:"unread_lines"`
	Warnings    []string        `json:"warnings"`
	Expected    json.RawMessage `json:"expected"`
}

// Mismatch is one field a parser got wrong.
type Mismatch struct {
	Case     string // os/parser/name
	Pointer  string // JSON pointer into "expected"
	Expected string // "(absent)" when the parser produced a field not expected
	Got      string
}

// ParserAccuracy counts the fields of one parser's golden cases.
type ParserAccuracy struct {
	Parser string
	Cases  int
	Fields int
	Right  int
}

// Accuracy is the golden-fixture comparison.
type Accuracy struct {
	Parsers    []ParserAccuracy
	Mismatches []Mismatch
	// Errors are cases that could not be run at all (no such parser, a
	// bad fixture).
	Errors []string
}

// Totals sums the parsers.
func (a *Accuracy) Totals() (cases, fields, right int) {
	for _, p := range a.Parsers {
		cases, fields, right = cases+p.Cases, fields+p.Fields, right+p.Right
	}
	return
}

// RunAccuracy parses every golden case of the catalog at dir
// (parsers/<package>/testdata/<os>/<parser-id>/<case>.json) and
// compares the outcome with "expected" leaf by leaf: every scalar, every
// empty array or object, counted once whether right, wrong, missing or
// unexpected. unread_lines and rows_omitted count as one field each, and
// warnings when the case states them, as in the catalog's golden test.
func RunAccuracy(dir string) (*Accuracy, error) {
	files, err := filepath.Glob(filepath.Join(dir, "parsers", "*", "testdata", "*", "*", "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no golden cases under %s", dir)
	}
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(caseOf(a), caseOf(b)) })
	byID := map[string]*catalog.Parser{}
	reg := builtin.Default()
	for _, p := range reg.Parsers() {
		byID[p.ID] = p
	}
	acc := &Accuracy{}
	per := map[string]*ParserAccuracy{}
	for _, f := range files {
		parts := strings.Split(filepath.ToSlash(f), "/")
		parts = parts[len(parts)-3:]
		osName, parserID, name := parts[0], parts[1], strings.TrimSuffix(parts[2], ".json")
		id := osName + "/" + parserID + "/" + name
		pa := per[parserID]
		if pa == nil {
			pa = &ParserAccuracy{Parser: parserID}
			per[parserID] = pa
		}
		fail := func(format string, a ...any) {
			acc.Errors = append(acc.Errors, id+": "+fmt.Sprintf(format, a...))
			pa.Cases++
			pa.Fields++ // a case that cannot run is one field wrong
		}
		o, err := catalog.ParseOS(osName)
		if err != nil {
			fail("%v", err)
			continue
		}
		p := byID[parserID]
		if p == nil {
			fail("no parser with ID %q", parserID)
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var gc golden
		if err := json.Unmarshal(b, &gc); err != nil {
			fail("%v", err)
			continue
		}
		raw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if err != nil {
			fail("no raw input: %v", err)
			continue
		}
		now, err := time.Parse(time.RFC3339, gc.Now)
		if err != nil {
			fail("now: %v", err)
			continue
		}
		loc, err := time.LoadLocation(gc.Location)
		if err != nil {
			fail("location: %v", err)
			continue
		}
		r := reg.Parse(catalog.Input{Cmd: p.Command, Args: gc.Args, Raw: string(raw), OS: o, MaxItems: gc.MaxItems, Now: now, Location: loc})
		var got any
		switch {
		case r.Err != nil:
			got = map[string]any{"parse_error": r.Err}
		case r.Parser == nil && !r.Passthrough:
			got = nil
		default:
			got = r.Value
		}
		gotJSON, err := json.Marshal(got)
		if err != nil {
			fail("marshal: %v", err)
			continue
		}
		want, err := decode(gc.Expected)
		if err != nil {
			fail("expected: %v", err)
			continue
		}
		have, err := decode(gotJSON)
		if err != nil {
			fail("result: %v", err)
			continue
		}
		wl, hl := map[string]string{}, map[string]string{}
		leaves("", want, wl)
		leaves("", have, hl)
		// As the catalog's golden test: unread lines and omitted rows are
		// always checked (absent means none), warnings when stated.
		wl["#unread_lines"] = fmt.Sprint(nonNilInts(gc.UnreadLines))
		hl["#unread_lines"] = fmt.Sprint(nonNilInts(r.UnreadLines))
		wl["#rows_omitted"] = strconv.Itoa(gc.RowsOmitted)
		hl["#rows_omitted"] = strconv.Itoa(r.RowsOmitted)
		if gc.Warnings != nil {
			wl["#warnings"] = fmt.Sprintf("%q", gc.Warnings)
			hl["#warnings"] = fmt.Sprintf("%q", nonNilStrings(r.Warnings))
		}
		keys := map[string]bool{}
		for k := range wl {
			keys[k] = true
		}
		for k := range hl {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		pa.Cases++
		for _, k := range sorted {
			pa.Fields++
			w, wok := wl[k]
			h, hok := hl[k]
			if wok && hok && sameLeaf(w, h) {
				pa.Right++
				continue
			}
			if !wok {
				w = "(absent)"
			}
			if !hok {
				h = "(absent)"
			}
			acc.Mismatches = append(acc.Mismatches, Mismatch{Case: id, Pointer: k, Expected: w, Got: h})
		}
	}
	for _, pa := range per {
		acc.Parsers = append(acc.Parsers, *pa)
	}
	slices.SortFunc(acc.Parsers, func(a, b ParserAccuracy) int { return strings.Compare(a.Parser, b.Parser) })
	return acc, nil
}

func decode(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// leaves flattens v into JSON pointer -> literal: scalars, and empty arrays
// and objects (so that [] against a missing field is counted).
func leaves(ptr string, v any, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			out[ptr] = "{}"
		}
		for k, e := range x {
			leaves(ptr+"/"+strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"), e, out)
		}
	case []any:
		if len(x) == 0 {
			out[ptr] = "[]"
		}
		for i, e := range x {
			leaves(ptr+"/"+strconv.Itoa(i), e, out)
		}
	default:
		b, _ := json.Marshal(x)
		out[ptr] = string(b)
	}
}

// sameLeaf compares two literals; numbers by value (1 and 1.0 are equal).
func sameLeaf(a, b string) bool {
	if a == b {
		return true
	}
	fa, ea := strconv.ParseFloat(a, 64)
	fb, eb := strconv.ParseFloat(b, 64)
	return ea == nil && eb == nil && fa == fb
}

func nonNilInts(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// caseOf is a golden file's <os>/<parser-id>/<case>.json, the order the
// cases are read in whichever parser package holds them.
func caseOf(path string) string {
	parts := strings.Split(filepath.ToSlash(path), "/")
	return strings.Join(parts[max(0, len(parts)-3):], "/")
}
