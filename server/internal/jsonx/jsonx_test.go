package jsonx

import (
	"bytes"
	"encoding/json"
	"testing"
)

type row struct {
	Name  string            `json:"name"`
	Size  int64             `json:"size_bytes"`
	Perm  map[string]string `json:"permissions,omitempty"`
	Link  *string           `json:"symlink_target,omitempty"`
	Ratio float64           `json:"ratio"`
	Any   any               `json:"any"`
}

func stdlib(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// The fast encoder must write exactly what encoding/json writes for the
// shapes we emit, so either can serve.
func TestMatchesEncodingJSON(t *testing.T) {
	target := "b -> c"
	cases := []any{
		row{Name: "a b<c>&d", Size: 1 << 40, Perm: map[string]string{"owner": "rwx", "group": "r-x"}, Ratio: 0.5},
		row{Name: "ünï\u2028\x01", Link: &target, Ratio: 1e21, Any: []any{nil, true, json.Number("12345678901234567890")}},
		map[string]any{"z": 1, "a": []string{}, "m": nil},
		[]row{},
	}
	for i, c := range cases {
		got, err := Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if want := stdlib(c); !bytes.Equal(got, want) {
			t.Errorf("case %d:\n goccy  %s\n stdlib %s", i, got, want)
		}
	}
}

func benchValue() any {
	rows := make([]row, 200)
	for i := range rows {
		rows[i] = row{Name: "file-name-" + string(rune('a'+i%26)), Size: int64(i) * 1000, Perm: map[string]string{"owner": "rw-", "group": "r--", "other": "r--"}, Ratio: 0.25}
	}
	return map[string]any{"entries": rows}
}

func BenchmarkMarshalGoccy(b *testing.B) {
	v := benchValue()
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Marshal(v)
	}
}

func BenchmarkMarshalStdlib(b *testing.B) {
	v := benchValue()
	b.ReportAllocs()
	for b.Loop() {
		_ = stdlib(v)
	}
}
