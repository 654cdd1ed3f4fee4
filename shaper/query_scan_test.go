package shaper

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// scanApply must answer exactly what the general path answers: the same
// rows, summary and error, and the same compacted table. These tests run
// both on random rows and queries.

// randRows makes rows of mixed kinds: objects holding random subsets of a
// few keys (some dotted themselves, some nested objects or arrays), with
// numbers small, huge, fractional and in exponent form, unicode strings,
// nulls and booleans; now and then a row that is not an object, or an
// object built by hand with a key twice.
func randRows(r *rand.Rand, n int) []any {
	keys := []string{"name", "size", "type", "p", "p.o", "tags", "n", "é"}
	rows := make([]any, n)
	// Most rows share a few key lists, as a listing's do.
	lists := make([][]string, 1+r.IntN(4))
	for i := range lists {
		for _, k := range keys {
			if r.IntN(3) > 0 {
				lists[i] = append(lists[i], k)
			}
		}
	}
	for i := range rows {
		switch r.IntN(40) {
		case 0:
			rows[i] = randScalar(r)
			continue
		case 1:
			rows[i] = []any{randScalar(r), &Object{Keys: []string{"o"}, Vals: []any{randScalar(r)}}}
			continue
		}
		ks := lists[r.IntN(len(lists))]
		if r.IntN(10) == 0 {
			ks = nil
			for _, k := range keys {
				if r.IntN(2) == 0 {
					ks = append(ks, k)
				}
			}
		}
		o := &Object{}
		for _, k := range ks {
			o.Keys = append(o.Keys, k)
			o.Vals = append(o.Vals, randValue(r, k))
		}
		if len(o.Keys) > 0 && r.IntN(200) == 0 {
			// A key twice: only a hand-built object can hold one.
			j := r.IntN(len(o.Keys))
			o.Keys = append(o.Keys, o.Keys[j])
			o.Vals = append(o.Vals, randScalar(r))
		}
		rows[i] = o
	}
	return rows
}

func randValue(r *rand.Rand, key string) any {
	switch key {
	case "p":
		switch r.IntN(8) {
		case 0:
			return []any{&Object{Keys: []string{"o"}, Vals: []any{randScalar(r)}}, randScalar(r)}
		case 1:
			return randScalar(r)
		}
		sub := &Object{}
		for _, k := range []string{"g", "o", "x"} {
			if r.IntN(4) > 0 {
				sub.Keys = append(sub.Keys, k)
				sub.Vals = append(sub.Vals, randScalar(r))
			}
		}
		if len(sub.Keys) > 0 && r.IntN(100) == 0 {
			sub.Keys = append(sub.Keys, sub.Keys[0])
			sub.Vals = append(sub.Vals, randScalar(r))
		}
		return sub
	case "tags":
		return []any{randScalar(r), randScalar(r)}
	}
	return randScalar(r)
}

func randScalar(r *rand.Rand) any {
	switch r.IntN(14) {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return json.Number(fmt.Sprint(r.Int64()))
	case 3:
		return json.Number("1234567890123456789012")
	case 4:
		return json.Number(fmt.Sprintf("%d.%d", r.IntN(2000)-1000, r.IntN(100)))
	case 5:
		return json.Number(fmt.Sprintf("%de%d", r.IntN(20), r.IntN(5)))
	case 6:
		return json.Number("-0")
	case 7, 8, 9:
		return json.Number(fmt.Sprint(r.IntN(3000) - 100))
	case 10:
		return []string{"rwx", "r--", "r-x", "ünï", "𝔘", "", "rw-rw-", "longer than seven"}[r.IntN(8)]
	case 11:
		return float64(r.IntN(100)) / 4
	}
	return []string{"file", "dir", "a", "b", "file", "ab", "Ω", "x.log"}[r.IntN(8)]
}

func randQuery(r *rand.Rand) Query {
	fields := []string{"name", "size", "type", "p", "p.o", "p.g", "p.x", "tags", "tags.0", "p.0.o", "n", "é", "none"}
	field := func() string { return fields[r.IntN(len(fields))] }
	var q Query
	for range r.IntN(3) {
		c := Cond{Field: field(), Op: Ops[r.IntN(len(Ops))]}
		switch r.IntN(6) {
		case 0:
			c.Value = nil
		case 1:
			c.Value = true
		case 2, 3:
			c.Value = float64(r.IntN(3000) - 100)
		case 4:
			c.Value = 2.5
		default:
			c.Value = []string{"file", "a", "r", "rwx", "Ω"}[r.IntN(5)]
		}
		q.Where = append(q.Where, c)
	}
	if r.IntN(4) > 0 {
		q.SortBy = &SortBy{Field: field(), Order: []string{"", "asc", "desc"}[r.IntN(3)]}
	}
	if r.IntN(4) == 0 {
		l := r.IntN(20)
		q.Limit = &l
	}
	for range r.IntN(4) {
		q.Select = append(q.Select, field())
	}
	return q
}

// bothPaths runs q on v by scanApply and by the general path.
func bothPaths(t *testing.T, v any, q Query) {
	t.Helper()
	got, gotSum, gotErr := Apply(v, q)
	generalOnly = true
	want, wantSum, wantErr := Apply(v, q)
	generalOnly = false
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotSum != wantSum {
		t.Fatalf("query %s: scan %v %+v, general %v %+v", encode(t, q), gotErr, gotSum, wantErr, wantSum)
	}
	if gotErr != nil {
		return
	}
	if g, w := encode(t, got), encode(t, want); g != w {
		t.Fatalf("query %s on %s:\nscan    %s\ngeneral %s", encode(t, q), encode(t, v), g, w)
	}
	if g, w := encode(t, Compact(got)), encode(t, Compact(want)); g != w {
		t.Fatalf("query %s: compacted\nscan    %s\ngeneral %s", encode(t, q), g, w)
	}
}

func TestScanApplyMatchesGeneral(t *testing.T) {
	ls, err := Generic(map[string]any{"entries": lsEntries(newRand(7), 2500)})
	if err != nil {
		t.Fatal(err)
	}
	lsQueries := []Query{
		{Where: []Cond{{Field: "type", Op: "eq", Value: "file"}, {Field: "size_bytes", Op: "gt", Value: 1000.0}},
			SortBy: &SortBy{Field: "size_bytes", Order: "desc"}, Select: []string{"name", "size_bytes", "permissions.owner"}},
		{SortBy: &SortBy{Field: "name"}, Select: []string{"permissions.owner", "permissions.group", "target"}},
		{Where: []Cond{{Field: "permissions.owner", Op: "prefix", Value: "rw"}}, Limit: new(7), Select: []string{"links", "name"}},
		{Where: []Cond{{Field: "size_bytes", Op: "lte", Value: 2.5e4}}, SortBy: &SortBy{Field: "modified_at", Order: "desc"}},
		{SortBy: &SortBy{Field: "target"}, Limit: new(30)},
		{Select: []string{"permissions"}},
	}
	for i, q := range lsQueries {
		t.Run(fmt.Sprintf("ls/%d", i), func(t *testing.T) { bothPaths(t, ls, q) })
	}
	r := newRand(11)
	for i := range 3000 {
		rows := randRows(r, 1+r.IntN(60))
		var v any = rows
		if r.IntN(2) == 0 {
			v = &Object{Keys: []string{"path", "entries"}, Vals: []any{"/", rows}}
		}
		q := randQuery(r)
		t.Run(fmt.Sprint(i), func(t *testing.T) { bothPaths(t, v, q) })
	}
}

// FuzzScanApplyMatchesGeneral explores more random rows and queries.
func FuzzScanApplyMatchesGeneral(f *testing.F) {
	f.Add(uint64(1), uint8(10))
	f.Add(uint64(99), uint8(200))
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		r := rand.New(rand.NewPCG(seed, 3))
		rows := randRows(r, int(n))
		bothPaths(t, rows, randQuery(r))
	})
}

// The rows of a listing hold their keys once (see Decode): projecting
// keeps sharing them, so Compact compares key lists by address.
func TestScanApplySharesKeyLists(t *testing.T) {
	v := mustDecode(t, `[{"a":1,"b":{"c":"x"}},{"a":2,"b":{"c":"y"}},{"a":3,"b":{"c":"x"}}]`)
	out, _, err := Apply(v, Query{Select: []string{"a", "b.c"}, SortBy: &SortBy{Field: "a", Order: "desc"}})
	if err != nil {
		t.Fatal(err)
	}
	items, _ := out.(*Object).Get(TopLevelArray)
	rows := items.([]any)
	first := rows[0].(*Object)
	for _, row := range rows[1:] {
		o := row.(*Object)
		if &o.Keys[0] != &first.Keys[0] {
			t.Fatalf("projected rows hold separate key lists: %s", encode(t, out))
		}
	}
	if got := encode(t, out); !strings.Contains(got, `"items":[{"a":3,"b":{"c":"x"}},{"a":2,"b":{"c":"y"}},{"a":1,"b":{"c":"x"}}]`) {
		t.Fatalf("got %s", got)
	}
}

// TestSortIntKeys holds sortIntKeys, comparison and radix sorts both, to
// sortPerm on rows holding the same numbers (and nulls, and rows without
// the field).
func TestSortIntKeys(t *testing.T) {
	r := newRand(5)
	for _, n := range []int{0, 1, 7, radixMin - 1, radixMin, 3000, 9000} {
		for _, spread := range []int64{3, 1000, 1 << 40, 999_999_999_999_999} {
			for _, desc := range []bool{false, true} {
				keys := make([]int64, n)
				rows := make([]any, n)
				for i := range keys {
					o := &Object{}
					switch r.IntN(10) {
					case 0:
						keys[i] = nulKey
					case 1:
						keys[i] = nulKey
						o.Keys, o.Vals = []string{"k"}, []any{nil}
					default:
						keys[i] = r.Int64N(2*spread+1) - spread
						o.Keys, o.Vals = []string{"k"}, []any{json.Number(fmt.Sprint(keys[i]))}
					}
					rows[i] = o
				}
				var tmp []int64
				got, packed := sortIntKeys(keys, nil, &tmp, desc)
				want := sortPerm(rows, "k", desc)
				if !packed {
					// Too wide to pack: only for huge spreads and many rows.
					if spread < 1<<40 {
						t.Fatalf("n=%d spread=%d: not packed", n, spread)
					}
					continue
				}
				if len(got) != len(want) || fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("n=%d spread=%d desc=%v: order differs from sortPerm", n, spread, desc)
				}
			}
		}
	}
}

// TestSameKeyCellsMatchesMixed holds fold's one-pass reading of rows that
// share the first row's keys to the general reading: the same schema and
// cells, and the same refusals.
func TestSameKeyCellsMatchesMixed(t *testing.T) {
	r := newRand(9)
	for i := range 2000 {
		rows := randRows(r, 1+r.IntN(30))
		if r.IntN(2) == 0 {
			// All rows with the first row's keys, as listings mostly are.
			first, ok := rows[0].(*Object)
			for j := range rows {
				if !ok {
					break
				}
				o := &Object{Keys: append([]string(nil), first.Keys...)}
				for _, k := range o.Keys {
					o.Vals = append(o.Vals, randValue(r, k))
				}
				rows[j] = o
			}
		}
		schema, cells, state := sameKeyCells(rows)
		wantSchema, wantCells, ok := mixedKeyCells(rows)
		switch state {
		case cellsNotFoldable:
			if ok {
				t.Fatalf("case %d: sameKeyCells refused %s, mixedKeyCells folds it", i, encode(t, rows))
			}
		case cellsDone:
			if !ok || fmt.Sprint(schema) != fmt.Sprint(wantSchema) || encode(t, cells.all) != encode(t, wantCells.all) || cells.n != wantCells.n {
				t.Fatalf("case %d: %s\nsameKeyCells %v %s\nmixedKeyCells %v %v %s", i, encode(t, rows), schema, encode(t, cells.all), ok, wantSchema, encode(t, wantCells.all))
			}
		}
	}
}
