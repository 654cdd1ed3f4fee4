package builtin

import (
	"reflect"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// update is catalogtest's -update flag, read by the golden and schema tests.
var update = catalogtest.Update

// goldenCase is a catalogtest.Case under the names the tests here use.
type goldenCase struct {
	os     catalog.OS
	parser string
	name   string
	raw    string
	path   string // of the .json
	spec   catalogtest.GoldenSpec
	c      catalogtest.Case
}

func loadGolden(t testing.TB) []goldenCase {
	t.Helper()
	var out []goldenCase
	for _, c := range catalogtest.Cases(t) {
		out = append(out, goldenCase{os: c.OS, parser: c.Parser, name: c.Name, raw: c.Raw, path: c.Path, spec: c.Spec, c: c})
	}
	if len(out) == 0 {
		t.Fatal("no golden cases under testdata/")
	}
	return out
}

func (gc *goldenCase) input(t testing.TB, spans bool) catalog.Input {
	t.Helper()
	return gc.c.Input(t, findParser(t, gc.parser), spans)
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

func TestGolden(t *testing.T) {
	cases := loadGolden(t)
	seen := map[string]int{}
	for _, gc := range cases {
		seen[gc.parser]++
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			gc.c.Check(t, Default().Parse(gc.input(t, false)))
		})
	}
	for _, id := range []string{"ls", "git-status", "ps"} {
		if seen[id] == 0 {
			t.Errorf("no golden case for parser %s", id)
		}
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
