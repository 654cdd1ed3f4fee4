package engine

import (
	"encoding/json"
	"testing"

	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/shaper"
)

// TestTypedMaxRowsOnGoldenValues: for every parser's golden cases (with
// and without evidence), the rows counted on the typed value are the rows
// shaper.Rows counts on its generic copy, whenever the typed count answers;
// the adaptive format chooses from it (shape).
func TestTypedMaxRowsOnGoldenValues(t *testing.T) {
	reg := builtin.Default()
	typed, all := 0, 0
	for _, g := range catalogGoldens(t, reg) {
		for _, evidence := range []bool{false, true} {
			in := g.Input
			in.Evidence = evidence
			r := reg.Parse(in)
			if r.Err != nil || r.Value == nil {
				continue
			}
			all++
			n, ok := typedMaxRows(r.Value)
			if !ok {
				continue
			}
			typed++
			gv, err := shaper.Generic(r.Value)
			if err != nil {
				t.Errorf("%s: Generic: %v", g.Path, err)
				continue
			}
			if want := shaper.Rows(gv); n != want {
				t.Errorf("%s (evidence %v): typed rows %d, generic rows %d", g.Path, evidence, n, want)
			}
		}
	}
	// Most parsers' values are plain structs: the count must answer for
	// them, or the saving is gone.
	if typed < all/2 {
		t.Errorf("typed count answered for %d of %d values", typed, all)
	}
	t.Logf("typed count answered for %d of %d values", typed, all)
}

type selfEncoded []int

func (selfEncoded) MarshalJSON() ([]byte, error) { return []byte(`"x"`), nil }

// TestTypedMaxRowsShapes: the cases the typed count must leave to the
// generic copy, and the ones it reads.
func TestTypedMaxRowsShapes(t *testing.T) {
	type inner struct{ A []int }
	type hidden struct {
		Rows []int `json:"rows"`
		Skip []int `json:"-"`
		priv []int
	}
	type embedded struct {
		inner
		B []int
	}
	type boxed struct{ V any }
	type self struct{ S selfEncoded }
	type bytes struct{ B []byte }
	type ptr struct{ P *[]int }
	three := []int{1, 2, 3}
	for _, c := range []struct {
		name string
		v    any
		n    int
		ok   bool
	}{
		{"slice", []string{"a", "b"}, 2, true},
		{"hidden fields do not count", &hidden{Rows: []int{1}, Skip: three, priv: three}, 1, true},
		{"longest field", struct{ A, B []int }{[]int{1}, three}, 3, true},
		{"pointer to slice", ptr{&three}, 3, true},
		{"nil pointer to slice", ptr{}, 0, true},
		{"embedded", embedded{inner{three}, nil}, 0, false},
		{"interface field", boxed{three}, 0, false},
		{"self-encoding field", self{selfEncoded(three)}, 0, false},
		{"bytes", bytes{[]byte("abc")}, 0, false},
		{"generic", &shaper.Object{}, 0, false},
		{"nil", nil, 0, false},
		{"json.RawMessage", json.RawMessage(`[1]`), 0, false},
	} {
		n, ok := typedMaxRows(c.v)
		if n != c.n || ok != c.ok {
			t.Errorf("%s: typedMaxRows = %d, %v; want %d, %v", c.name, n, ok, c.n, c.ok)
		}
		if !ok {
			continue
		}
		g, err := shaper.Generic(c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if want := shaper.Rows(g); n != want {
			t.Errorf("%s: typed %d, generic %d", c.name, n, want)
		}
	}
}
