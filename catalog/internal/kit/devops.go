package kit

import (
	"encoding/json"
	"iter"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
)

// DvField is a column the parser does not know: its snake_case header and
// its value (a string, or an int64 for a column known to be a count).
type DvField struct {
	Key   string
	Value any
}

// DvInline yields the unknown columns, in order, for MarshalInline and a
// row's JSONInline; nil when there are none (most rows: no closure made).
func DvInline(extra []DvField) iter.Seq2[string, any] {
	if len(extra) == 0 {
		return nil
	}
	return func(yield func(string, any) bool) {
		for _, f := range extra {
			if !yield(f.Key, f.Value) {
				return
			}
		}
	}
}

// MarshalInline writes known (a struct without a MarshalJSON of its own)
// as encoding/json does, then the members extra yields, inline and in
// order. A row type whose MarshalJSON is MarshalInline of what its
// JSONInline returns (the same two values) is walked by the shaper without
// being encoded: JSONInline declares that its encoding is this one, and
// writing both from one pair keeps the declaration true.
func MarshalInline(known any, extra iter.Seq2[string, any]) ([]byte, error) {
	b, err := json.Marshal(known)
	if err != nil || extra == nil {
		return b, err
	}
	b = b[:len(b)-1]
	for k, v := range extra {
		if len(b) > 1 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b = append(b, kb...)
		b = append(b, ':')
		b = append(b, vb...)
	}
	return append(b, '}'), nil
}

// DvUniqueKey makes an unknown column's key unique among the row's keys.
func DvUniqueKey(k string, used map[string]bool) string {
	base := k
	for n := 2; used[k]; n++ {
		k = base + "_" + strconv.Itoa(n)
	}
	used[k] = true
	return k
}

// DvHint rebuilds a complete argument list for a hint: the leading
// global options (those global reports, with their values), sub, then the
// other arguments, each flag match accepts replaced by repl(flag, value)
// (an empty result drops it and its value).
func DvHint(sub []string, args []string, global func(flag string) bool, takesValue func(flag string) bool,
	match func(flag string) bool, repl func(flag, value string) []string) []string {
	out := []string{}
	i := 0
	for i < len(args) {
		a := args[i]
		name, _, hasEq := strings.Cut(a, "=")
		if len(a) < 2 || a[0] != '-' || global == nil || !global(name) {
			break
		}
		out = append(out, a)
		if !hasEq && takesValue(name) && i+1 < len(args) {
			out = append(out, args[i+1])
			i++
		}
		i++
	}
	out = append(out, sub...)
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		name, v, attached := strings.Cut(a, "=")
		if !attached && a[1] != '-' && len(a) > 2 && takesValue(a[:2]) {
			name, v, attached = a[:2], strings.TrimPrefix(a[2:], "="), true
		}
		if !match(name) {
			out = append(out, a)
			if !attached && takesValue(name) && i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
			continue
		}
		if !attached && takesValue(name) && i+1 < len(args) {
			v = args[i+1]
			i++
		}
		out = append(out, repl(name, v)...)
	}
	return out
}

var (
	DvFCreated   = catalog.SpanID("created")
	DvFCreatedAt = catalog.SpanID("created_at")
	DvFStatus    = catalog.SpanID("status")
	DvFState     = catalog.SpanID("state")
)
