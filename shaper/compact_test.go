package shaper

import (
	"encoding/json"
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
		{"missing field is null", `{"entries":[{"name":"a"},{"name":"b","target":"c"}]}`,
			`{"entries":{"schema":["name","target"],"rows":[["a",null],["b","c"]]}}`},
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
	want := `{"entries":{"schema":["name","size_bytes","alpha"],"rows":[["z",3,null],["a<b>",1,true]]}}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	if Rows(v) != 2 {
		t.Fatalf("Rows = %d", Rows(v))
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
