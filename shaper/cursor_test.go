package shaper

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

func TestCursorRoundTrip(t *testing.T) {
	s := NewSigner([]byte("k1"))
	for _, c := range []Cursor{{"r_1", "abc", 0}, {"r_42", QueryHash(Query{}), 138}, {"", "", 1 << 30}, {"r_é", strings.Repeat("h", 300), 7}} {
		tok := s.Encode(c)
		if strings.ContainsAny(tok, "+/=") {
			t.Errorf("%q is not URL-safe", tok)
		}
		got, err := s.Decode(tok, c.ResultID, c.QueryHash)
		if err != nil || got != c {
			t.Errorf("Decode(Encode(%+v)) = %+v, %v", c, got, err)
		}
	}
	// A random key still round-trips, and is not the other signer's.
	r := NewSigner(nil)
	tok := r.Encode(Cursor{"r_1", "q", 5})
	if _, err := r.Decode(tok, "r_1", "q"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decode(tok, "r_1", "q"); ReasonOf(err) != ReasonCursorInvalid {
		t.Fatalf("another key's cursor: %v", err)
	}
}

func TestCursorRefusals(t *testing.T) {
	s := NewSigner([]byte("k1"))
	c := Cursor{"r_1", "q1", 138}
	tok := s.Encode(c)
	raw, _ := base64.RawURLEncoding.DecodeString(tok)

	// Every altered byte, anywhere, is caught.
	for i := range raw {
		for _, bit := range []byte{1, 0x80} {
			alt := append([]byte(nil), raw...)
			alt[i] ^= bit
			if _, err := s.Decode(base64.RawURLEncoding.EncodeToString(alt), "r_1", "q1"); ReasonOf(err) != ReasonCursorInvalid {
				t.Fatalf("byte %d ^ %#x: got %v", i, bit, err)
			}
		}
	}
	// A forged cursor: another offset with the old tag.
	forged := []byte{1, 3, 'r', '_', '1', 2, 'q', '1', 0}
	forged = append(forged, raw[len(raw)-cursorTagLen:]...)
	cases := []struct {
		name, tok, rid, qh, reason string
	}{
		{"genuine", tok, "r_1", "q1", ""},
		{"other result", tok, "r_2", "q1", ReasonCursorMismatch},
		{"other query", tok, "r_1", "q2", ReasonCursorMismatch},
		{"forged offset", base64.RawURLEncoding.EncodeToString(forged), "r_1", "q1", ReasonCursorInvalid},
		{"truncated", tok[:len(tok)-2], "r_1", "q1", ReasonCursorInvalid},
		{"extended", tok + "AA", "r_1", "q1", ReasonCursorInvalid},
		{"padded", tok + "=", "r_1", "q1", ReasonCursorInvalid},
		{"not base64", "!!!", "r_1", "q1", ReasonCursorInvalid},
		{"empty", "", "r_1", "q1", ReasonCursorInvalid},
		{"huge", strings.Repeat("A", 5000), "r_1", "q1", ReasonCursorInvalid},
	}
	for _, c := range cases {
		_, err := s.Decode(c.tok, c.rid, c.qh)
		if ReasonOf(err) != c.reason || c.reason == "" && err != nil {
			t.Errorf("%s: got %v, want %q", c.name, err, c.reason)
		}
	}
}

func TestQueryHash(t *testing.T) {
	one := 1
	base := Query{Where: []Cond{{"size_bytes", "gt", 1000.0}}, SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name"}, Array: "entries"}
	var decoded Query
	if err := json.Unmarshal([]byte(`{"where":[{"field":"size_bytes","op":"gt","value":1e3}],"sort_by":{"field":"name","order":"asc"},"limit":1,"select":["name"],"array":"entries"}`), &decoded); err != nil {
		t.Fatal(err)
	}
	same := []Query{
		decoded,
		{Where: []Cond{{"size_bytes", "gt", json.Number("1000.0")}}, SortBy: &SortBy{Field: "name", Order: "asc"}, Limit: &one, Select: []string{"name"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name"}, Array: "entries"},
	}
	h := QueryHash(base)
	for i, q := range same {
		if QueryHash(q) != h {
			t.Errorf("equal query %d hashes differently", i)
		}
	}
	two := 2
	differ := []Query{
		{},
		{Where: []Cond{{"size_bytes", "gt", 1001}}, SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", "1000"}}, SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, SortBy: &SortBy{Field: "name", Order: "desc"}, Limit: &one, Select: []string{"name"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, SortBy: &SortBy{Field: "name"}, Limit: &two, Select: []string{"name"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, SortBy: &SortBy{Field: "name"}, Select: []string{"name"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name", "size_bytes"}, Array: "entries"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name"}, Array: "files"},
		{Where: []Cond{{"size_bytes", "gt", 1000}}, Filter: "true", SortBy: &SortBy{Field: "name"}, Limit: &one, Select: []string{"name"}, Array: "entries"},
	}
	seen := map[string]int{h: -1}
	for i, q := range differ {
		qh := QueryHash(q)
		if j, dup := seen[qh]; dup {
			t.Errorf("query %d hashes like %d", i, j)
		}
		seen[qh] = i
	}
	if QueryHash(base, "compact") == h || QueryHash(base, "compact") != QueryHash(base, "compact") {
		t.Error("extra strings must join the hash, stably")
	}
}

func FuzzCursorDecode(f *testing.F) {
	s := NewSigner([]byte("fuzz key"))
	f.Add(s.Encode(Cursor{"r_1", "q", 3}), "r_1", "q")
	f.Add("", "", "")
	f.Add("AQNyXzECcTED", "r_1", "q1")
	f.Fuzz(func(t *testing.T, tok, rid, qh string) {
		c, err := s.Decode(tok, rid, qh)
		if err != nil {
			if r := ReasonOf(err); r != ReasonCursorInvalid && r != ReasonCursorMismatch {
				t.Fatalf("reason %q", r)
			}
			return
		}
		// Only a token the signer made is accepted, for what it was made.
		if c.ResultID != rid || c.QueryHash != qh || c.Offset < 0 || s.Encode(c) != tok {
			t.Fatalf("accepted %q as %+v", tok, c)
		}
	})
}
