package shaper

// Compact folds every top-level array of objects into a table
// {"schema": [field...], "rows": [[value...]...]}, writing the key names once
// instead of once per row. A field a row lacks is written as null; an array
// in which some row holds an explicit null is left unfolded, because folding
// it could not be undone exactly. Expand is the inverse.
//
// v must be in the generic form (see Generic). The result shares no
// mutable state with v.
func Compact(v any) any {
	switch t := v.(type) {
	case []any:
		if tbl, ok := fold(t); ok {
			return tbl
		}
		return t
	case *Object:
		out := &Object{Keys: append([]string(nil), t.Keys...), Vals: make([]any, len(t.Vals))}
		for i, val := range t.Vals {
			out.Vals[i] = val
			if arr, ok := val.([]any); ok {
				if tbl, ok := fold(arr); ok {
					out.Vals[i] = tbl
				}
			}
		}
		return out
	}
	return v
}

// Table reports whether v is a folded table and returns its parts.
func Table(v any) (schema []string, rows [][]any, ok bool) {
	o, isObj := v.(*Object)
	if !isObj || len(o.Keys) != 2 || o.Keys[0] != "schema" || o.Keys[1] != "rows" {
		return nil, nil, false
	}
	s, ok1 := o.Vals[0].([]any)
	r, ok2 := o.Vals[1].([]any)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	for _, k := range s {
		ks, isStr := k.(string)
		if !isStr {
			return nil, nil, false
		}
		schema = append(schema, ks)
	}
	for _, row := range r {
		cells, isArr := row.([]any)
		if !isArr || len(cells) != len(schema) {
			return nil, nil, false
		}
		rows = append(rows, cells)
	}
	return schema, rows, true
}

func fold(arr []any) (*Object, bool) {
	if len(arr) == 0 {
		return nil, false
	}
	var schema []string
	index := map[string]int{}
	for _, el := range arr {
		o, ok := el.(*Object)
		if !ok {
			return nil, false
		}
		for i, k := range o.Keys {
			if o.Vals[i] == nil {
				return nil, false
			}
			if _, seen := index[k]; !seen {
				index[k] = len(schema)
				schema = append(schema, k)
			}
		}
	}
	rows := make([]any, len(arr))
	all := make([]any, len(arr)*len(schema)) // one allocation for every cell
	for r, el := range arr {
		o := el.(*Object)
		cells := all[r*len(schema) : (r+1)*len(schema) : (r+1)*len(schema)]
		for i, k := range o.Keys {
			if i < len(schema) && schema[i] == k {
				cells[i] = o.Vals[i] // the common case: the rows share a key order
				continue
			}
			cells[index[k]] = o.Vals[i]
		}
		rows[r] = cells
	}
	s := make([]any, len(schema))
	for i, k := range schema {
		s[i] = k
	}
	return &Object{Keys: []string{"schema", "rows"}, Vals: []any{s, rows}}, true
}

// Expand undoes Compact: each top-level table becomes an array of objects
// again, null cells dropped.
func Expand(v any) any {
	if schema, rows, ok := Table(v); ok {
		return unfold(schema, rows)
	}
	o, ok := v.(*Object)
	if !ok {
		return v
	}
	out := &Object{Keys: append([]string(nil), o.Keys...), Vals: make([]any, len(o.Vals))}
	for i, val := range o.Vals {
		out.Vals[i] = val
		if schema, rows, ok := Table(val); ok {
			out.Vals[i] = unfold(schema, rows)
		}
	}
	return out
}

func unfold(schema []string, rows [][]any) []any {
	arr := make([]any, len(rows))
	for r, cells := range rows {
		o := &Object{}
		for i, c := range cells {
			if c != nil {
				o.Keys = append(o.Keys, schema[i])
				o.Vals = append(o.Vals, c)
			}
		}
		arr[r] = o
	}
	return arr
}

// Rows counts the rows of the largest top-level array in v (generic form),
// the figure the adaptive format thresholds compare against.
func Rows(v any) int {
	switch t := v.(type) {
	case []any:
		return len(t)
	case *Object:
		n := 0
		for _, val := range t.Vals {
			if arr, ok := val.([]any); ok && len(arr) > n {
				n = len(arr)
			}
		}
		return n
	}
	return 0
}
