package shaper

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"testing"
)

func mustDecode(t *testing.T, s string) any {
	t.Helper()
	v, err := Decode([]byte(s))
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return v
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCompact(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"folds rows", `{"entries":[{"name":"a","size_bytes":1},{"name":"b","size_bytes":2}]}`,
			`{"entries":{"schema":["name","size_bytes"],"rows":[["a",1],["b",2]]}}`},
		{"missing field is null", `{"entries":[{"name":"a","n":1},{"n":2,"target":"c"}]}`,
			`{"entries":{"schema":["name","n","target"],"rows":[["a",1],[null,2,"c"]]}}`},
		{"trailing nulls dropped", `{"entries":[{"name":"a"},{"name":"b","target":"c"}]}`,
			`{"entries":{"schema":["name","target"],"rows":[["a"],["b","c"]]}}`},
		{"constant hoisted", `[{"a":1,"k":"x","t":true},{"a":2,"k":"x","t":true}]`,
			`{"schema":["a","k","t"],"const":{"k":"x","t":true},"rows":[[1],[2]]}`},
		{"constant needs every row", `[{"a":1,"k":"x"},{"a":2}]`, `{"schema":["a","k"],"rows":[[1,"x"],[2]]}`},
		{"one row has no constants", `[{"a":1,"k":"x"}]`, `{"schema":["a","k"],"rows":[[1,"x"]]}`},
		{"dictionary", `[{"t":"directory","n":1},{"t":"directory","n":2},{"t":"file","n":3},{"t":"directory","n":4},{"n":5}]`,
			`{"schema":["t","n"],"dict":{"t":["directory","file"]},"rows":[[0,1],[0,2],[1,3],[0,4],[null,5]]}`},
		{"dictionary of objects", `[{"p":{"o":"rwx","g":"r-x"},"i":1},{"p":{"o":"rwx","g":"r-x"},"i":2},{"p":{"o":"rw-","g":"r--"},"i":3},{"p":{"o":"rwx","g":"r-x"},"i":4}]`,
			`{"schema":["p","i"],"dict":{"p":[{"o":"rwx","g":"r-x"},{"o":"rw-","g":"r--"}]},"rows":[[0,1],[0,2],[1,3],[0,4]]}`},
		{"no dictionary for short or distinct values", `[{"t":"a","n":1},{"t":"a","n":2},{"t":"b","n":1}]`,
			`{"schema":["t","n"],"rows":[["a",1],["a",2],["b",1]]}`},
		{"affix at punctuation", `[{"p":"/home/u/a.log","m":"2026-01-02T03:04:00+00:00"},{"p":"/home/u/bb.log","m":"2026-11-02T13:04:00+00:00"}]`,
			`{"schema":["p","m"],"affix":{"p":["/home/u/",".log"],"m":["2026-",":04:00+00:00"]},"rows":[["a","01-02T03"],["bb","11-02T13"]]}`},
		{"affix never inside a word", `[{"n":"alpha1"},{"n":"alpha2"}]`, `{"schema":["n"],"rows":[["alpha1"],["alpha2"]]}`},
		{"affix does not overlap", `[{"n":"ab/ab"},{"n":"ab/ab/ab"}]`, `{"schema":["n"],"affix":{"n":["ab/",""]},"rows":[["ab"],["ab/ab"]]}`},
		{"affix keeps multibyte runes", `[{"n":"é/x/é"},{"n":"é/y/é"}]`, `{"schema":["n"],"affix":{"n":["é/","/é"]},"rows":[["x"],["y"]]}`},
		{"key order differs stays unfolded", `[{"a":1,"b":2},{"b":3,"a":4}]`, `[{"a":1,"b":2},{"b":3,"a":4}]`},
		{"explicit null stays unfolded", `{"x":[{"a":null},{"a":1}]}`, `{"x":[{"a":null},{"a":1}]}`},
		{"scalars untouched", `{"path":"/tmp","lines":["a","b"]}`, `{"path":"/tmp","lines":["a","b"]}`},
		{"top-level array", `[{"a":1},{"a":2}]`, `{"schema":["a"],"rows":[[1],[2]]}`},
		{"empty array stays", `{"entries":[]}`, `{"entries":[]}`},
		{"nested objects kept in cells", `{"e":[{"p":{"o":"rwx"}}]}`, `{"e":{"schema":["p"],"rows":[[{"o":"rwx"}]]}}`},
		{"big numbers exact", `{"e":[{"n":123456789012345678901234567890}]}`, `{"e":{"schema":["n"],"rows":[[123456789012345678901234567890]]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := mustDecode(t, c.in)
			got := encode(t, Compact(in))
			if got != c.want {
				t.Fatalf("Compact:\n got %s\nwant %s", got, c.want)
			}
			if back := encode(t, Expand(Compact(in))); back != c.in {
				t.Fatalf("round trip:\n got %s\nwant %s", back, c.in)
			}
		})
	}
}

func TestGenericKeepsStructOrder(t *testing.T) {
	type row struct {
		Name  string `json:"name"`
		Size  int    `json:"size_bytes"`
		Alpha bool   `json:"alpha,omitempty"`
	}
	v, err := Generic(struct {
		Entries []row `json:"entries"`
	}{[]row{{"z", 3, false}, {"a<b>", 1, true}}})
	if err != nil {
		t.Fatal(err)
	}
	got := encode(t, Compact(v))
	want := `{"entries":{"schema":["name","size_bytes","alpha"],"rows":[["z",3],["a<b>",1,true]]}}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	if Rows(v) != 2 {
		t.Fatalf("Rows = %d", Rows(v))
	}
}

// TestCompactCorpus round-trips every corpus document (all shapes, 1 to
// 200 rows) through Compact and Expand, and checks that Table reads back
// the same cells.
func TestCompactCorpus(t *testing.T) {
	for _, n := range []int{1, 2, 20, 200} {
		for _, d := range corpus(3, n) {
			v := mustDecode(t, string(d.data))
			want := encode(t, v)
			c := Compact(v)
			if got := encode(t, Expand(c)); got != want {
				t.Fatalf("%s n=%d: round trip changed\n%s\ninto\n%s", d.name, n, want, got)
			}
			if got := encode(t, Expand(mustDecode(t, encode(t, c)))); got != want {
				t.Fatalf("%s n=%d: round trip through JSON text changed it", d.name, n)
			}
		}
	}
}

// TestExpandRejectsMalformedTables leaves objects that only look like
// tables alone.
func TestExpandRejectsMalformedTables(t *testing.T) {
	for _, in := range []string{
		`{"schema":["a"],"dict":{"a":["x"]},"rows":[[1]]}`,                       // index out of range
		`{"schema":["a"],"dict":{"a":["x"]},"rows":[["0"]]}`,                     // not an index
		`{"schema":["a"],"const":{"b":1},"rows":[[1]]}`,                          // const of an unknown field
		`{"schema":["a","b"],"const":{"b":1},"rows":[]}`,                         // constants need rows
		`{"schema":["a"],"affix":{"a":["x"]},"rows":[["y"]]}`,                    // affix is a pair
		`{"schema":["a"],"affix":{"a":["x",""]},"rows":[[1]]}`,                   // affixed cells are strings
		`{"schema":["a"],"rows":[[1,2]]}`,                                        // too many cells
		`{"schema":["a","b"],"rows":[[1,null]]}`,                                 // a trailing null is never written
		`{"schema":["a","a"],"rows":[[1,2]]}`,                                    // repeated field
		`{"schema":["a"],"affix":{"a":["",""]},"dict":{"a":["x"]},"rows":[[0]]}`, // wrong order
	} {
		v := mustDecode(t, in)
		if got := encode(t, Expand(v)); got != in {
			t.Errorf("Expand(%s) = %s, want it unchanged", in, got)
		}
	}
}

func TestDecodeRejectsTrailingData(t *testing.T) {
	if _, err := Decode([]byte(`{"a":1} x`)); err == nil {
		t.Fatal("want error for trailing data")
	}
}

func FuzzCompactRoundTrip(f *testing.F) {
	for _, s := range []string{`{"a":[{"b":1},{"c":"x"}]}`, `[{"a":null}]`, `[]`, `{"a":[1,2]}`, `[{"a":{"b":[{"c":1}]}}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		v, err := Decode([]byte(s))
		if err != nil {
			return
		}
		want := encode(t, v)
		if got := encode(t, Expand(Compact(v))); got != want {
			t.Fatalf("round trip changed %s into %s", want, got)
		}
	})
}

// TestBoxRows holds boxRows' interfaces to what putting the slices in
// interfaces makes: the same type, elements, length and capacity, through
// a garbage collection that finds them only through the interfaces.
func TestBoxRows(t *testing.T) {
	rows := make([]any, 300)
	func() {
		headers := make([][]any, len(rows))
		for i := range headers {
			headers[i] = []any{fmt.Sprint("cell", i), json.Number(fmt.Sprint(i))}[: 1+i%2 : 2]
		}
		boxRows(rows, headers)
	}()
	runtime.GC()
	for i, v := range rows {
		row, ok := v.([]any)
		if !ok {
			t.Fatalf("row %d is a %T, not an []any", i, v)
		}
		want := []any{fmt.Sprint("cell", i), json.Number(fmt.Sprint(i))}[: 1+i%2 : 2]
		if !reflect.DeepEqual(row, want) || cap(row) != cap(want) || !reflect.DeepEqual(v, any(want)) {
			t.Fatalf("row %d is %#v (cap %d), want %#v", i, row, cap(row), want)
		}
	}
}
