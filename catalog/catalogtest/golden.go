package catalogtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

type GoldenSpec struct {
	Args        []string        `json:"args"`
	Now         string          `json:"now"`
	Location    string          `json:"location"`
	MaxItems    int             `json:"max_items"`
	RowsOmitted int             `json:"rows_omitted"`
	Expected    json.RawMessage `json:"expected"`
	UnreadLines []int           `json:"unread_lines"`
	Warnings    []string        `json:"warnings"`
}

func MarshalIndent(v any, prefix string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

func Canonical(t testing.TB, b []byte) string {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("canonical: %v", err)
	}
	return string(MarshalIndent(v, ""))
}

func LineDiff(want, have string) string {
	w, h := strings.Split(want, "\n"), strings.Split(have, "\n")
	for i := 0; i < len(w) || i < len(h); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(h) {
			b = h[i]
		}
		if a != b {
			lo := max(0, i-3)
			return fmt.Sprintf("first difference at line %d:\nwant: %s\nhave: %s\ncontext (have):\n%s", i+1, a, b,
				strings.Join(h[lo:min(len(h), i+3)], "\n"))
		}
	}
	return "(no line differs)"
}

// CheckSpans verifies spans against the JSON form of v.
func CheckSpans(raw string, v any, spans []catalog.Span) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return err
	}
	covered := map[string]bool{}
	for _, s := range spans {
		if s.Start < 0 || s.End < s.Start || s.End > len(raw) {
			return fmt.Errorf("span %s [%d,%d) outside the raw text (%d bytes)", s.Pointer, s.Start, s.End, len(raw))
		}
		val, ok := ResolvePointer(doc, s.Pointer)
		if !ok {
			return fmt.Errorf("span pointer %s resolves to nothing", s.Pointer)
		}
		if s.Verbatim() {
			str, isStr := val.(string)
			if !isStr || str != raw[s.Start:s.End] {
				return fmt.Errorf("verbatim span %s: raw %q, value %#v", s.Pointer, raw[s.Start:s.End], val)
			}
		}
		covered[s.Pointer] = true
	}
	var missing []string
	walkLeaves(doc, "", func(ptr string) {
		if !covered[ptr] {
			missing = append(missing, ptr)
		}
	})
	if len(missing) > 0 {
		if len(missing) > 10 {
			missing = missing[:10]
		}
		return fmt.Errorf("scalar leaves without a span: %v", missing)
	}
	return nil
}

func ResolvePointer(doc any, ptr string) (any, bool) {
	if ptr == "" {
		return doc, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	cur := doc
	for _, tok := range strings.Split(ptr[1:], "/") {
		if strings.IndexByte(tok, '~') >= 0 {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		}
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) || strconv.Itoa(i) != tok {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func walkLeaves(v any, ptr string, f func(string)) {
	switch c := v.(type) {
	case map[string]any:
		for k, x := range c {
			if strings.ContainsAny(k, "~/") {
				k = strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
			}
			walkLeaves(x, ptr+"/"+k, f)
		}
	case []any:
		for i, x := range c {
			walkLeaves(x, ptr+"/"+strconv.Itoa(i), f)
		}
	case nil:
		f(ptr) // a null is a leaf too, and should not be emitted at all
	default:
		f(ptr)
	}
}
