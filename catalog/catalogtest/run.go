package catalogtest

import (
	"reflect"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// Run is the test every parser package runs on its own parsers
// (func TestCatalog(t *testing.T) { catalogtest.Run(t, Parsers()) }):
//
//   - each parser is valid (Register accepts it), declares a Result and
//     has golden cases on every OS it declares (somewhere when it declares
//     none), and every case of the package names one of its parsers for an
//     OS that parser reads;
//   - every case answers what it says (value or error, unread lines, rows
//     omitted, warnings), or is rewritten with -update;
//   - with spans on the value is the same, no span is recorded with spans
//     off, and every span reads back its value (CheckSpans);
//   - every value keeps the parser's JSON Schema;
//   - every parser shows examples it reads (Examples, on the OSes it
//     declares, Linux when none).
//
// The package's fuzz tests, seeded from the same cases (SeedGolden), run as
// ordinary tests with go test.
func Run(t *testing.T, ps []*catalog.Parser) {
	t.Helper()
	if len(ps) == 0 {
		t.Fatal("no parsers")
	}
	reg := Registry(ps)
	byID := map[string]*catalog.Parser{}
	for _, p := range ps {
		byID[p.ID] = p
		if p.Result == nil {
			t.Errorf("parser %s declares no Result", p.ID)
		}
	}
	cases := Cases(t)
	seen := map[string]map[catalog.OS]int{}
	for i := range cases {
		c := &cases[i]
		p := byID[c.Parser]
		if p == nil {
			t.Errorf("%s: testdata/%s/%s/ names no parser of this package", c.Path, c.OS, c.Parser)
			continue
		}
		if !p.ForOS(c.OS) {
			t.Errorf("%s: parser %s does not read %s output", c.Path, p.ID, c.OS)
		}
		if seen[p.ID] == nil {
			seen[p.ID] = map[catalog.OS]int{}
		}
		seen[p.ID][c.OS]++
		t.Run(string(c.OS)+"/"+c.Parser+"/"+c.Name, func(t *testing.T) {
			off := reg.Parse(c.Input(t, p, false))
			if off.Parser != p && off.Err == nil {
				t.Fatalf("the case's arguments reach parser %v, not %s", off.Parser, p.ID)
			}
			c.Check(t, off)
			on := reg.Parse(c.Input(t, p, true))
			if !reflect.DeepEqual(off.Err, on.Err) || !reflect.DeepEqual(off.Value, on.Value) {
				t.Fatalf("the answer differs with spans on")
			}
			if len(off.Spans) != 0 {
				t.Fatalf("spans recorded while off")
			}
			if on.Err != nil {
				return
			}
			if err := CheckSpans(c.Raw, on.Value, on.Spans); err != nil {
				t.Fatal(err)
			}
			if !on.Passthrough {
				if err := p.ValidateValue(on.Value); err != nil {
					t.Errorf("the value breaks the %s schema: %v", p.ID, err)
				}
			}
		})
	}
	Examples(t, ps)
	for _, p := range ps {
		if len(seen[p.ID]) == 0 {
			t.Errorf("parser %s has no golden case under testdata/<os>/%s/", p.ID, p.ID)
		}
		for _, o := range p.OS {
			if seen[p.ID][o] == 0 {
				t.Errorf("parser %s declares %s but has no golden case under testdata/%s/%s/", p.ID, o, o, p.ID)
			}
		}
	}
}
