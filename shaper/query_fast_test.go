package shaper

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The fast paths of Apply and Compact (hinted dotted projection, sort
// values carried over from where, one-field objects compared as words)
// must answer exactly what the general paths answer. These tests run both
// on the same rows.

func TestProjectDottedMatchesGeneralPath(t *testing.T) {
	docs := []string{
		rowsDoc,
		// head not an object, head an array, head missing, rest missing
		`[{"a":{"b":1,"c":2}},{"a":"x"},{"a":[{"b":3}]},{"z":1},{"a":{"c":4}},{"a":{"c":5,"b":6}}]`,
		// a key holding the dot itself wins over the nested path
		`[{"a.b":"whole","a":{"b":"nested"}},{"a":{"b":"nested"},"a.b":"whole"},{"a":{"b":"only"}}]`,
		// keys in other orders, rows that are not objects
		`[{"p":{"o":"rwx","g":"r--"},"n":"a"},{"n":"b","p":{"g":"---","o":"r-x"}},3,null,{"p":{}}]`,
		// an array index inside a path
		`[{"c":[{"name":"x"},{"name":"y"}]},{"c":[{"name":"z"}]}]`,
	}
	// More distinct short values than rows share objects for, and long
	// ones.
	var many strings.Builder
	many.WriteString("[")
	for i := range 60 {
		if i > 0 {
			many.WriteString(",")
		}
		fmt.Fprintf(&many, `{"n":%d,"p":{"o":"v%d","g":"%s"}}`, i, i%23, strings.Repeat("x", i%11))
	}
	many.WriteString("]")
	docs = append(docs, many.String())
	selects := [][]string{
		{"a.b"}, {"a.b", "a.c"}, {"a.c", "a.b", "z"}, {"a", "a.b"}, {"a.b", "a.b"},
		{"p.o"}, {"n", "p.o", "p.g"}, {"p.g", "n"}, {"p.g", "p.o"}, {"n", "p.o"},
		{"name", "size_bytes", "permissions.owner"}, {"permissions.owner", "permissions.group"},
		{"c.0.name"}, {"c.1.name", "c.0"},
	}
	for di, doc := range docs {
		v := mustDecode(t, doc)
		_, rows, err := FindArray(v, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, sel := range selects {
			t.Run(fmt.Sprintf("doc%d/%s", di, strings.Join(sel, ",")), func(t *testing.T) {
				fast := newProjector(sel, len(rows))
				slow := newProjector(sel, len(rows))
				for j := range slow.dots {
					slow.dots[j].ok = false // the general path only
				}
				var got, want []any
				for _, r := range rows {
					got = append(got, fast.project(r))
					want = append(want, slow.project(r))
				}
				if g, w := encode(t, got), encode(t, want); g != w {
					t.Fatalf("projected\n%s\nwant\n%s", g, w)
				}
			})
		}
	}
}

func TestSortValuesFromWhereMatchLookup(t *testing.T) {
	ls, err := Generic(map[string]any{"entries": lsEntries(newRand(3), 300)})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		v     any
		conds []Cond
		field string
	}{
		{"integers", ls, []Cond{{Field: "size_bytes", Op: "gte", Value: 0.0}}, "size_bytes"},
		{"integers, other cond first", ls, []Cond{{Field: "type", Op: "eq", Value: "file"}, {Field: "size_bytes", Op: "gt", Value: 1000.0}}, "size_bytes"},
		{"strings", ls, []Cond{{Field: "name", Op: "ne", Value: "x"}}, "name"},
		{"mixed, missing and huge", mustDecode(t, rowsDoc), []Cond{{Field: "size_bytes", Op: "ne", Value: nil}}, "size_bytes"},
		{"missing kept by ne", mustDecode(t, rowsDoc), []Cond{{Field: "size_bytes", Op: "ne", Value: 4096.0}}, "size_bytes"},
		{"nested", ls, []Cond{{Field: "permissions.owner", Op: "prefix", Value: "r"}}, "permissions.owner"},
	}
	for _, c := range cases {
		for _, desc := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/desc=%v", c.name, desc), func(t *testing.T) {
				_, rows, err := FindArray(c.v, "")
				if err != nil {
					t.Fatal(err)
				}
				p, err := plan(rows, Query{Where: c.conds})
				if err != nil {
					t.Fatal(err)
				}
				out, vals, err := p.where(rows, c.field)
				if err != nil {
					t.Fatal(err)
				}
				if vals == nil || len(vals) != len(out) {
					t.Fatalf("where returned %d sort values for %d rows", len(vals), len(out))
				}
				got := sortPermVals(out, vals, c.field, desc)
				want := sortPerm(out, c.field, desc)
				if !slices.Equal(got, want) {
					t.Fatalf("order %v, want %v", got, want)
				}
			})
		}
	}
}

func TestCompactOneFieldObjects(t *testing.T) {
	// Values around packShort's limits (7 and 8 bytes, NUL bytes, empty),
	// and more distinct values than findObject compares one by one.
	var vals []string
	vals = append(vals, "", "a", "a\x00", "abcdefg", "abcdefgh", "abcdefg\x00", "abcdefgi", "rwx")
	for i := range 14 {
		vals = append(vals, fmt.Sprintf("v%d", i))
	}
	for _, distinct := range []int{1, 3, 8, 9, len(vals)} {
		t.Run(fmt.Sprint(distinct), func(t *testing.T) {
			var b strings.Builder
			b.WriteString(`{"entries":[`)
			for r := range 200 {
				if r > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"n":%d,"p":{"o":%s}}`, r, mustJSON(vals[(r*7)%distinct]))
			}
			b.WriteString(`]}`)
			v := mustDecode(t, b.String())
			c := Compact(v)
			if got, want := encode(t, Expand(c)), encode(t, v); got != want {
				t.Fatalf("round trip\n%s\nwant\n%s", got, want)
			}
			tbl, _ := c.(*Object).Get("entries")
			_, rows, ok := Table(tbl)
			if !ok || len(rows) != 200 {
				t.Fatalf("not a table of 200 rows: %s", encode(t, tbl))
			}
			for r, row := range rows {
				o, _ := row[1].(*Object)
				if o == nil || len(o.Keys) != 1 || o.Vals[0] != vals[(r*7)%distinct] {
					t.Fatalf("row %d: p is %s, want %q", r, encode(t, row[1]), vals[(r*7)%distinct])
				}
			}
			if distinct > 1 {
				dict, _ := tbl.(*Object).Get(tableDict)
				d, _ := dict.(*Object)
				if d == nil {
					t.Fatalf("no dictionary for %d distinct objects: %s", distinct, encode(t, tbl))
				}
				pd, _ := d.Get("p")
				if n := len(pd.([]any)); n != distinct {
					t.Fatalf("dictionary of %d values, want %d", n, distinct)
				}
			}
		})
	}
}
