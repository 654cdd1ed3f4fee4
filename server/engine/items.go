package engine

import (
	"reflect"
	"strings"

	"github.com/parism-go/parism/shaper"
)

// StageItems is the omission stage of rows guard.max_items kept out of
// one answer; continuation says where they continue.
const StageItems = "max_items"

// overItems reports whether the answer's rows (after the query) are more
// than max rows. It leaves the rows found in sh (the generic value and its
// summary), as itemsPage and the store read them. A result without one
// array of rows is never over: it is answered whole (max_output_bytes
// bounds it).
func overItems(env *Envelope, sh *shaped, rowsKey string, max int) bool {
	if max <= 0 || env.Stdout.Parsed == nil || (rowsKey == "" && !sh.queried) {
		return false
	}
	if sh.queried {
		return len((&pager{sh: *sh}).rows()) > max
	}
	if n, ok := typedRows(env.Stdout.Parsed, rowsKey); ok && n <= max {
		return false // the common case, counted without a generic copy
	}
	g := sh.value
	if g == nil {
		var err error
		if g, err = shaper.Generic(env.Stdout.Parsed); err != nil {
			return false
		}
	}
	if obj, ok := g.(*shaper.Object); ok {
		if v, _ := obj.Get(rowsKey); v != nil {
			if rows, _ := v.([]any); len(rows) <= max {
				return false // not over: the answer stays as shaped
			}
		}
	}
	q := shaper.Query{Array: rowsKey}
	v, sum, err := shaper.Apply(g, q)
	if err != nil {
		// A OneOf result names its rows after the type: its one array.
		q = shaper.Query{}
		if v, sum, err = shaper.Apply(g, q); err != nil {
			return false
		}
	}
	sh.value, sh.sum, sh.query, sh.queried, sh.generic = v, sum, q, true, g
	return len((&pager{sh: *sh}).rows()) > max
}

// typedRows counts the rows of a parser's typed value (a struct, or a
// pointer to one, whose field tagged key is a slice), or at most that; ok
// is false when the value has another shape.
func typedRows(v any, key string) (int, bool) {
	if _, shaped := v.(*shaper.Object); shaped {
		return 0, false // already generic (compact): not a parser's type
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return 0, false
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return 0, false
	}
	t := rv.Type()
	all, slices := 0, 0
	for i := range t.NumField() {
		if rv.Field(i).Kind() != reflect.Slice {
			continue
		}
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		// The rows array, printed even empty (ls: entries, beside its
		// directories, which are not rows), counts alone; one left out
		// when empty (kubectl get: items) may be beside the array that
		// holds the rows.
		if name == key && (rv.Field(i).Len() > 0 || !strings.Contains(opts, "omitempty")) {
			return rv.Field(i).Len(), true
		}
		all, slices = all+rv.Field(i).Len(), slices+1
	}
	// A result may name its rows after their type (kubectl get pods: pods,
	// events or items): the rows are then in its other arrays, counted
	// together (an upper bound, which is what the callers need).
	return all, slices > 0
}

// itemsPage makes env the page of at most limit rows from offset of a
// result overItems found over: its rows, an omission of stage max_items
// and, when rows are left, a continuation whose cursor fetch_result
// accepts. The raw text stays as the format has it (max_output_bytes
// bounds it) in run's answer; fetch_result's pages (offset > 0) do not
// repeat it.
func (e *Engine) itemsPage(env *Envelope, sh shaped, resultID string, retained bool, offset, limit int) {
	p := &pager{e: e, sh: sh}
	rows := p.rows()
	offset = min(max(offset, 0), len(rows))
	end := min(offset+limit, len(rows))
	sum := sh.sum
	sum.Shown = end - offset
	parsed := shaper.WithRows(sh.value, sh.sum.Array, rows[offset:end], sum)
	if sh.format == FormatCompact {
		parsed = shaper.Compact(parsed)
	}
	if offset > 0 {
		env.Stdout.Raw, env.Stdout.RawBase64 = nil, ""
	}
	env.Stdout.Parsed = parsed
	env.Omission = append([]Omission(nil), env.Omission...)
	env.Omission = append(env.Omission, Omission{Stage: StageItems, Reason: "max_items", RowsTotal: len(rows),
		RowsReturned: end - offset, RowsOmitted: len(rows) - (end - offset)})
	env.Continuation = nil
	if end < len(rows) {
		env.Continuation = &Continuation{ResultID: resultID, Retained: retained,
			Cursor: e.signer.Encode(shaper.Cursor{ResultID: resultID, QueryHash: queryHash(sh), Offset: end})}
	}
}
