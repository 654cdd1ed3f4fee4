package shaper

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Compact folds every top-level array of objects into a table, writing the
// key names once instead of once per row:
//
//	{"schema": [field...], "const": {field: value}, "dict": {field: [value...]}, "rows": [[cell...]...]}
//
// schema lists every field in order. A field every row holds with the same
// value is written once in const and has no cell. A field with few distinct
// values, where that is shorter, is written as a list in dict and its
// cells are 0-based indexes into that list. The other cells are the values
// themselves; a cell is null where the row lacks the field. const and dict
// are left out when empty. Rows hold one cell per schema field that is not
// in const, in schema order.
//
// A field whose string cells all start with the same prefix ending in
// punctuation, or end with the same suffix starting with it ("/home/u/",
// ":00+00:00"), has that [prefix, suffix] pair in affix and its cells
// without them. Trailing null cells are left out: a short row lacks the
// fields after its last cell.
//
// An array is left unfolded when folding could not be undone exactly: a
// row holding an explicit null, or rows whose keys come in different
// orders. Expand is the inverse: Expand(Compact(v)) equals v for any v in
// which no object already has the shape of a table (keys schema, [const],
// [dict], [affix], rows, as Expand checks them).
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

// Keys of a folded table, in this order (const and dict only when used).
const (
	tableSchema = "schema"
	tableConst  = "const"
	tableDict   = "dict"
	tableAffix  = "affix"
	tableRows   = "rows"
)

// table is a folded table's parts.
type table struct {
	schema []string
	consts map[string]any       // field -> its value in every row
	dicts  map[string][]any     // field -> the values its indexes name
	affix  map[string][2]string // field -> the prefix and suffix its cells lack
	rows   [][]any              // cells of the fields not in consts, trailing nulls dropped
}

// Table reports whether v is a folded table and returns its schema and
// rows with every field's cell (constants and dictionary values put back,
// null where a row lacks the field).
func Table(v any) (schema []string, rows [][]any, ok bool) {
	t, ok := parseTable(v)
	if !ok {
		return nil, nil, false
	}
	for _, cells := range t.rows {
		full := make([]any, len(t.schema))
		c := 0
		for i, f := range t.schema {
			if cv, isConst := t.consts[f]; isConst {
				full[i] = cv
				continue
			}
			full[i] = t.decode(f, cellAt(cells, c))
			c++
		}
		rows = append(rows, full)
	}
	return t.schema, rows, true
}

// cellAt is a row's cell c, null when trailing nulls were dropped.
func cellAt(cells []any, c int) any {
	if c < len(cells) {
		return cells[c]
	}
	return nil
}

func (t *table) decode(field string, cell any) any {
	if cell == nil {
		return nil
	}
	if d, ok := t.dicts[field]; ok {
		i, _ := cellIndex(cell, len(d))
		return d[i]
	}
	if a, ok := t.affix[field]; ok {
		return a[0] + cell.(string) + a[1]
	}
	return cell
}

// cellIndex reads a dictionary index.
func cellIndex(cell any, n int) (int, bool) {
	num, ok := cell.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(string(num))
	if err != nil || i < 0 || i >= n || string(num) != strconv.Itoa(i) {
		return 0, false
	}
	return i, true
}

// parseTable recognizes a folded table, checking every part, so that
// Expand never misreads an object that merely looks like one.
func parseTable(v any) (*table, bool) {
	o, isObj := v.(*Object)
	if !isObj || len(o.Keys) < 2 || len(o.Keys) > 5 || o.Keys[0] != tableSchema || o.Keys[len(o.Keys)-1] != tableRows {
		return nil, false
	}
	t := &table{}
	s, ok := o.Vals[0].([]any)
	if !ok {
		return nil, false
	}
	seen := map[string]bool{}
	for _, k := range s {
		ks, isStr := k.(string)
		if !isStr || seen[ks] {
			return nil, false
		}
		seen[ks] = true
		t.schema = append(t.schema, ks)
	}
	for i := 1; i < len(o.Keys)-1; i++ {
		part, ok := o.Vals[i].(*Object)
		if !ok || len(part.Keys) == 0 {
			return nil, false
		}
		switch {
		case o.Keys[i] == tableConst && i == 1:
			t.consts = map[string]any{}
			for j, f := range part.Keys {
				if !seen[f] || part.Vals[j] == nil {
					return nil, false
				}
				t.consts[f] = part.Vals[j]
			}
		case o.Keys[i] == tableAffix && t.affix == nil:
			t.affix = map[string][2]string{}
			for j, f := range part.Keys {
				pair, ok := part.Vals[j].([]any)
				if _, isConst := t.consts[f]; !seen[f] || isConst || t.dicts[f] != nil || !ok || len(pair) != 2 {
					return nil, false
				}
				pre, ok1 := pair[0].(string)
				suf, ok2 := pair[1].(string)
				if !ok1 || !ok2 {
					return nil, false
				}
				t.affix[f] = [2]string{pre, suf}
			}
		case o.Keys[i] == tableDict && t.dicts == nil && t.affix == nil:
			t.dicts = map[string][]any{}
			for j, f := range part.Keys {
				d, ok := part.Vals[j].([]any)
				if _, isConst := t.consts[f]; !seen[f] || isConst || !ok || len(d) == 0 {
					return nil, false
				}
				t.dicts[f] = d
			}
		default:
			return nil, false
		}
	}
	r, ok := o.Vals[len(o.Vals)-1].([]any)
	if !ok {
		return nil, false
	}
	width := len(t.schema) - len(t.consts)
	for _, row := range r {
		cells, isArr := row.([]any)
		if !isArr || len(cells) > width || len(cells) > 0 && cells[len(cells)-1] == nil {
			return nil, false
		}
		c := 0
		for _, f := range t.schema {
			if _, isConst := t.consts[f]; isConst {
				continue
			}
			if c >= len(cells) {
				break
			}
			if d, isDict := t.dicts[f]; isDict && cells[c] != nil {
				if _, ok := cellIndex(cells[c], len(d)); !ok {
					return nil, false
				}
			}
			if _, isAffix := t.affix[f]; isAffix && cells[c] != nil {
				if _, ok := cells[c].(string); !ok {
					return nil, false
				}
			}
			c++
		}
		t.rows = append(t.rows, cells)
	}
	if len(t.consts) > 0 && len(t.rows) == 0 {
		return nil, false
	}
	return t, true
}

// column is what fold learns of one field.
type column struct {
	present int              // rows holding the field
	strs    map[string]int32 // string value -> index in values (past the first oneScan)
	strList [oneScan]string  // the first strN distinct strings, and their indexes
	strIdx  [oneScan]int32
	strN    int
	jsons   map[string]int32 // an object's or array's JSON text -> index in values
	values  []any            // distinct values, in first-seen order
	sizes   []int            // about how many bytes each value's JSON takes
	// oneKey is the field of the first value when it is an object of one
	// string field; oneVals indexes the values of that shape by the string.
	// oneStrs and oneIdx hold the first oneScan of them, oneVals (when
	// there are more) all of them.
	oneKey   string
	oneStrs  []string
	oneWords []uint64 // oneStrs packed by packShort
	oneIdx   []int32
	oneVals  map[string]int32
	idx      []int32 // each present row's index in values (nil: none yet)
	plain    int     // bytes of the cells written as they are
	coded    int     // bytes of the dictionary and of the index cells
	noDict   bool    // numbers, booleans, or too many distinct values
}

// dictProbe is how many rows fold looks at before giving a column with
// mostly distinct values up as a dictionary candidate.
const dictProbe = 64

// oneScan is how many distinct one-field objects findObject compares one
// by one before it indexes them in a map.
const oneScan = 8

func fold(arr []any) (*Object, bool) {
	if len(arr) == 0 {
		return nil, false
	}
	schema, cells, state := sameKeyCells(arr)
	switch state {
	case cellsNotFoldable:
		return nil, false
	case cellsOther:
		var ok bool
		if schema, cells, ok = mixedKeyCells(arr); !ok {
			return nil, false
		}
	}
	n := len(schema)
	full := state == cellsDone // every row holds every field
	scratch := foldPool.Get().(*foldScratch)
	defer scratch.put()
	if cap(scratch.idx) < n*len(arr) {
		scratch.idx = make([]int32, n*len(arr))
	}

	cols := make([]column, n)
	var buf []byte
	for j := range cols {
		c := &cols[j]
		for r := range arr {
			v := cells.all[r*n+j]
			if v == nil {
				continue
			}
			c.present++
			if c.noDict {
				if full {
					c.present = len(arr) // nothing left to learn
					break
				}
				continue
			}
			var i int32
			var seen bool
			switch t := v.(type) {
			case string:
				c.plain += len(t) + 3
				if i, seen = c.findString(t); !seen {
					i = int32(len(c.values))
					c.noteString(t, i)
					c.coded += len(t) + 3 // the value in the dictionary, quoted, with its comma
					c.sizes = append(c.sizes, len(t)+2)
				}
			case *Object, []any:
				if o, isObj := v.(*Object); isObj {
					if k, ok := c.findObject(o); ok {
						// The common case, a few distinct small objects:
						// no key to build.
						i, seen = k, true
						c.plain += c.sizes[k] + 1
						break
					}
				}
				b, size, err := valueKey(buf[:0], v)
				if err != nil {
					c.noDict = true
					continue
				}
				buf = b
				c.plain += size + 1
				if i, seen = c.jsons[string(buf)]; !seen {
					if c.jsons == nil {
						c.jsons = map[string]int32{}
					}
					i = int32(len(c.values))
					c.jsons[string(buf)] = i
					c.coded += size + 1
				}
				if !seen {
					c.sizes = append(c.sizes, size)
					c.noteObject(v, i)
				}
			default:
				c.noDict = true // numbers and booleans are as short as an index
				continue
			}
			if !seen {
				c.values = append(c.values, v)
			}
			if c.idx == nil {
				// Only columns with a dictionary value need indexes.
				c.idx = scratch.idx[j*len(arr) : (j+1)*len(arr) : (j+1)*len(arr)]
			}
			c.idx[r] = i
			c.coded += digits(int(i)) + 1
			if c.present == dictProbe && len(c.values) > dictProbe/2 {
				c.noDict = true // mostly distinct: no dictionary will pay
			}
		}
	}

	var consts, dicts *Object
	isConst := make([]bool, n)
	isDict := make([]bool, n)
	for j := range cols {
		c := &cols[j]
		switch {
		case len(arr) >= 2 && c.present == len(arr) && !c.noDict && len(c.values) == 1:
			isConst[j] = true
			if consts == nil {
				consts = &Object{}
			}
			consts.Keys = append(consts.Keys, schema[j])
			consts.Vals = append(consts.Vals, c.values[0])
		case len(arr) >= 2 && c.present == len(arr) && constant(cells, j):
			// Numbers and booleans are hoisted too when they never vary.
			isConst[j] = true
			if consts == nil {
				consts = &Object{}
			}
			consts.Keys = append(consts.Keys, schema[j])
			consts.Vals = append(consts.Vals, cells.all[j])
		case !c.noDict && len(c.values) < c.present && c.coded*10 < c.plain*8:
			// A dictionary that saves at least a fifth of the column.
			isDict[j] = true
			if dicts == nil {
				dicts = &Object{}
			}
			dicts.Keys = append(dicts.Keys, schema[j])
			dicts.Vals = append(dicts.Vals, c.values)
		}
	}

	// A prefix and a suffix every cell of a string column shares (a time
	// zone, a directory) are written once.
	var affix *Object
	cut := make([][2]int, n) // bytes of prefix and suffix cut from column j's cells
	for j := range cols {
		if isConst[j] || isDict[j] || cols[j].present < 2 {
			continue
		}
		pre, suf, ok := commonAffix(cells, j)
		if !ok || len(pre)+len(suf) < 3 {
			continue
		}
		if affix == nil {
			affix = &Object{}
		}
		affix.Keys = append(affix.Keys, schema[j])
		affix.Vals = append(affix.Vals, []any{pre, suf})
		cut[j] = [2]int{len(pre), len(suf)}
	}

	rows := make([]any, len(arr))
	headers := make([][]any, len(arr)) // the rows' slice headers (see boxRows)
	width := n
	if consts != nil {
		width -= len(consts.Keys)
	}
	var indexes []any // the index cells, shared by the rows
	for j := range cols {
		if isDict[j] {
			for len(indexes) < len(cols[j].values) {
				indexes = append(indexes, json.Number(strconv.Itoa(len(indexes))))
			}
		}
	}
	coded := width < n || dicts != nil || affix != nil
	// What coding does to each column's cells, decided once.
	type cellCode struct {
		act      uint8 // codePlain, codeConst, codeDict or codeCut
		idx      []int32
		pre, suf int
	}
	const (
		codePlain = iota
		codeConst
		codeDict
		codeCut
	)
	codes := make([]cellCode, n)
	for j := range codes {
		switch {
		case isConst[j]:
			codes[j].act = codeConst
		case isDict[j]:
			codes[j] = cellCode{act: codeDict, idx: cols[j].idx}
		case cut[j] != [2]int{}:
			codes[j] = cellCode{act: codeCut, pre: cut[j][0], suf: cut[j][1]}
		}
	}
	for r := range arr {
		row := cells.row(r)
		if coded {
			// Coded in place: cell c is written after cell j >= c was read.
			c := 0
			for j, v := range row {
				switch code := &codes[j]; code.act {
				case codeConst:
					continue
				case codeDict:
					if v != nil {
						v = indexes[code.idx[r]]
					}
				case codeCut:
					if v != nil {
						str := v.(string)
						v = str[code.pre : len(str)-code.suf]
					}
				}
				row[c] = v
				c++
			}
			row = row[:c]
		}
		// Trailing nulls say nothing: a short row lacks the fields after it.
		for len(row) > 0 && row[len(row)-1] == nil {
			row = row[:len(row)-1]
		}
		headers[r] = row
	}
	boxRows(rows, headers)
	s := make([]any, n)
	for i, k := range schema {
		s[i] = k
	}
	tbl := &Object{Keys: []string{tableSchema}, Vals: []any{s}}
	if consts != nil {
		tbl.Keys, tbl.Vals = append(tbl.Keys, tableConst), append(tbl.Vals, consts)
	}
	if dicts != nil {
		tbl.Keys, tbl.Vals = append(tbl.Keys, tableDict), append(tbl.Vals, dicts)
	}
	if affix != nil {
		tbl.Keys, tbl.Vals = append(tbl.Keys, tableAffix), append(tbl.Vals, affix)
	}
	tbl.Keys, tbl.Vals = append(tbl.Keys, tableRows), append(tbl.Vals, rows)
	return tbl, true
}

// foldScratch is fold's working memory that its table does not hold,
// kept between calls.
type foldScratch struct {
	idx []int32 // the columns' dictionary indexes, column after column
}

var foldPool = sync.Pool{New: func() any { return new(foldScratch) }}

// put gives the scratch back to the pool, unless a table made it very
// large.
func (sc *foldScratch) put() {
	if cap(sc.idx) <= 1<<22 {
		foldPool.Put(sc)
	}
}

// What sameKeyCells found.
const (
	cellsDone        = iota
	cellsNotFoldable // a row that is not an object, or holds a null
	cellsOther       // rows with other keys than the first: mixedKeyCells decides
)

// sameKeyCells is the grid of cells of rows that all hold the first row's
// keys (the common case: a parser's listing, Apply's projections), read
// in one pass over the rows.
func sameKeyCells(arr []any) ([]string, grid, int) {
	first, ok := arr[0].(*Object)
	if !ok {
		return nil, grid{}, cellsNotFoldable
	}
	keys := first.Keys
	n := len(keys)
	if n == 0 {
		return nil, grid{}, cellsOther
	}
	for i, k := range keys {
		if slices.Contains(keys[:i], k) {
			return nil, grid{}, cellsOther // mixedKeyCells refuses it
		}
	}
	// The rows are checked before the grid is made: rows of other keys
	// (a listing's optional fields) go to mixedKeyCells, which makes its
	// own.
	for _, el := range arr {
		o, ok := el.(*Object)
		if !ok {
			return nil, grid{}, cellsNotFoldable
		}
		if !sameKeyList(o.Keys, keys) {
			return nil, grid{}, cellsOther
		}
		if slices.Contains(o.Vals, nil) {
			return nil, grid{}, cellsNotFoldable
		}
	}
	cells := grid{all: make([]any, len(arr)*n), n: n} // one allocation for every cell
	for r, el := range arr {
		copy(cells.row(r), el.(*Object).Vals)
	}
	return keys, cells, cellsDone
}

// mixedKeyCells is the schema and grid of cells of rows whose keys may
// differ; it reports false when the rows cannot be folded.
func mixedKeyCells(arr []any) ([]string, grid, bool) {
	var schema []string
	index := map[string]int{}
	var prev []string // the keys of the last row the map checked
	for _, el := range arr {
		o, ok := el.(*Object)
		if !ok {
			return nil, grid{}, false
		}
		if sameKeys(o.Keys, prev) {
			// The common case: the same keys as the row before, which
			// the map has checked already (interned keys compare by
			// pointer). Only the values are left to check.
			for _, v := range o.Vals {
				if v == nil {
					return nil, grid{}, false
				}
			}
			continue
		}
		prev = o.Keys
		last := -1
		for i, k := range o.Keys {
			if o.Vals[i] == nil {
				return nil, grid{}, false
			}
			j, seen := index[k]
			if !seen {
				j = len(schema)
				index[k] = j
				schema = append(schema, k)
			}
			if j <= last {
				// Expand writes fields in schema order: rows whose keys
				// come in another order could not be restored exactly.
				return nil, grid{}, false
			}
			last = j
		}
	}
	n := len(schema)
	cells := grid{all: make([]any, len(arr)*n), n: n} // one allocation for every cell
	for r, el := range arr {
		o := el.(*Object)
		row := cells.row(r)
		for i, k := range o.Keys {
			if i < n && schema[i] == k {
				row[i] = o.Vals[i] // the common case: the rows share a key order
				continue
			}
			row[index[k]] = o.Vals[i]
		}
	}
	return schema, cells, true
}

// packShort packs a string of at most 7 bytes into a word that tells it
// apart from any other such string: its bytes, then its length in the top
// byte (so never all ones).
func packShort(s string) uint64 {
	var w uint64
	for i := 0; i < len(s); i++ {
		w |= uint64(s[i]) << (8 * i)
	}
	return w | uint64(len(s))<<56
}

// sameKeys reports whether two rows hold the same keys in the same order.
func sameKeys(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// grid holds the cells of rows of n fields, row after row.
type grid struct {
	all []any
	n   int
}

// row returns row r's cells.
func (g grid) row(r int) []any {
	return g.all[r*g.n : (r+1)*g.n : (r+1)*g.n]
}

// constant reports whether every row holds the same number or boolean in
// column j (strings and structures are told by their dictionary).
func constant(cells grid, j int) bool {
	first := cells.all[j]
	var text string
	switch t := first.(type) {
	case json.Number:
		text = string(t)
	case bool:
		text = strconv.FormatBool(t)
	default:
		return false
	}
	for k := j + cells.n; k < len(cells.all); k += cells.n {
		switch t := cells.all[k].(type) {
		case json.Number:
			if string(t) != text {
				return false
			}
		case bool:
			if strconv.FormatBool(t) != text {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// commonAffix returns the longest prefix and suffix that every present
// cell of column j holds, not overlapping in any cell, the prefix ending
// and the suffix starting with punctuation; ok is false when a present
// cell is not a string.
func commonAffix(cells grid, j int) (pre, suf string, ok bool) {
	first, shortest := true, 0
	for k := j; k < len(cells.all); k += cells.n {
		v := cells.all[k]
		if v == nil {
			continue
		}
		str, isStr := v.(string)
		if !isStr {
			return "", "", false
		}
		if first {
			pre, suf, shortest, first = str, str, len(str), false
			continue
		}
		shortest = min(shortest, len(str))
		k := 0
		for k < len(pre) && k < len(str) && pre[k] == str[k] {
			k++
		}
		pre = pre[:k]
		k = 0
		for k < len(suf) && k < len(str) && suf[len(suf)-1-k] == str[len(str)-1-k] {
			k++
		}
		suf = suf[len(suf)-k:]
		if pre == "" && suf == "" {
			return "", "", true
		}
	}
	if len(pre) > shortest {
		pre = pre[:shortest]
	}
	if len(pre)+len(suf) > shortest {
		suf = suf[len(suf)-(shortest-len(pre)):]
	}
	// Cut only after and before punctuation ("/home/user/", ":00+00:00"),
	// never inside a word or a number: what is left reads as itself and
	// costs no more tokens than it did. Punctuation is ASCII, so the cut
	// is at a rune boundary too.
	for len(pre) > 0 && !separator(pre[len(pre)-1]) {
		pre = pre[:len(pre)-1]
	}
	for len(suf) > 0 && !separator(suf[0]) {
		suf = suf[1:]
	}
	return pre, suf, true
}

// separator reports whether b is ASCII punctuation or space.
func separator(b byte) bool {
	return b < utf8.RuneSelf && !(b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_')
}

// findString looks a string up among the column's distinct values: the
// first oneScan by comparing them (a listing's columns of few values,
// types and owners, mostly hold the same strings, told apart without
// reading their bytes), the others in a map.
func (c *column) findString(s string) (int32, bool) {
	if c.strs != nil {
		i, ok := c.strs[s]
		return i, ok
	}
	for k, d := range c.strList[:c.strN] {
		if d == s {
			return c.strIdx[k], true
		}
	}
	return 0, false
}

// noteString records a new distinct string value for findString.
func (c *column) noteString(s string, i int32) {
	if c.strs == nil && c.strN < oneScan {
		c.strList[c.strN], c.strIdx[c.strN] = s, i
		c.strN++
		return
	}
	if c.strs == nil {
		c.strs = make(map[string]int32, dictProbe) // what a column is probed for
		for k, d := range c.strList[:c.strN] {
			c.strs[d] = c.strIdx[k]
		}
	}
	c.strs[s] = i
}

// findObject looks o up among the column's first distinct values by
// comparing fields, for objects whose values are strings or numbers.
func (c *column) findObject(o *Object) (int32, bool) {
	for k := 0; k < len(c.values) && k < 8; k++ {
		if d, ok := c.values[k].(*Object); ok && d == o {
			// The same object (rows of a projection share equal ones):
			// no need to look inside.
			return int32(k), true
		}
	}
	if len(o.Keys) == 1 && c.oneKey != "" && o.Keys[0] == c.oneKey {
		// Objects of one string field (a projected permissions.owner):
		// a map lookup on the value instead of comparing with each.
		if s, ok := o.Vals[0].(string); ok {
			if c.oneVals == nil && len(s) <= 7 {
				// Few distinct short values (permissions, states):
				// comparing them as integers is cheaper than hashing s
				// or comparing bytes.
				w := packShort(s)
				for k, d := range c.oneWords {
					if d == w {
						return c.oneIdx[k], true
					}
				}
				return 0, false
			}
			if c.oneVals == nil {
				for k, d := range c.oneStrs {
					if d == s {
						return c.oneIdx[k], true
					}
				}
				return 0, false
			}
			i, found := c.oneVals[s]
			return i, found
		}
	}
	for k := 0; k < len(c.values) && k < 8; k++ {
		d, ok := c.values[k].(*Object)
		if !ok || len(d.Keys) != len(o.Keys) {
			continue
		}
		same := true
		for i, key := range o.Keys {
			if d.Keys[i] != key || !sameScalar(d.Vals[i], o.Vals[i]) {
				same = false
				break
			}
		}
		if same {
			return int32(k), true
		}
	}
	return 0, false
}

// noteObject records a new distinct value for findObject's map.
func (c *column) noteObject(v any, i int32) {
	o, ok := v.(*Object)
	if !ok || len(o.Keys) != 1 {
		return
	}
	s, ok := o.Vals[0].(string)
	if !ok {
		return
	}
	if c.oneKey == "" {
		c.oneKey = o.Keys[0]
	}
	if o.Keys[0] != c.oneKey {
		return
	}
	if c.oneVals == nil && len(c.oneStrs) < oneScan {
		c.oneStrs = append(c.oneStrs, s)
		c.oneIdx = append(c.oneIdx, i)
		w := ^uint64(0) // matches no string packShort packs
		if len(s) <= 7 {
			w = packShort(s)
		}
		c.oneWords = append(c.oneWords, w)
		return
	}
	if c.oneVals == nil {
		c.oneVals = make(map[string]int32, 2*oneScan)
		for k, d := range c.oneStrs {
			c.oneVals[d] = c.oneIdx[k]
		}
	}
	c.oneVals[s] = i
}

// sameScalar compares strings and numbers (by their text); anything else
// is not the same here, and goes to valueKey.
func sameScalar(a, b any) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	}
	return false
}

// valueKey appends a key that tells v apart from any other value, and
// returns about how many bytes v's JSON takes. Small objects of scalars
// (permissions, labels) get a length-prefixed key, several times cheaper
// than their JSON; anything else is keyed by its JSON.
func valueKey(buf []byte, v any) ([]byte, int, error) {
	if o, ok := v.(*Object); ok {
		buf = append(buf, 'o')
		size := 2
		for i, k := range o.Keys {
			var text string
			switch t := o.Vals[i].(type) {
			case string:
				buf = append(buf, 's')
				text = t
				size += 2
			case json.Number:
				buf = append(buf, 'n')
				text = string(t)
			default:
				b, err := appendValue(buf[:0], v)
				return append([]byte{'j'}, b...), len(b), err
			}
			buf = binary.AppendUvarint(buf, uint64(len(k)))
			buf = append(buf, k...)
			buf = binary.AppendUvarint(buf, uint64(len(text)))
			buf = append(buf, text...)
			size += len(k) + len(text) + 4
		}
		return buf, size, nil
	}
	buf = append(buf, 'j')
	b, err := appendValue(buf, v)
	return b, len(b) - 1, err
}

func digits(i int) int {
	n := 1
	for i >= 10 {
		i /= 10
		n++
	}
	return n
}

// Expand undoes Compact: each top-level table becomes an array of objects
// again, fields in schema order, null cells dropped.
func Expand(v any) any {
	if t, ok := parseTable(v); ok {
		return t.unfold()
	}
	o, ok := v.(*Object)
	if !ok {
		return v
	}
	out := &Object{Keys: append([]string(nil), o.Keys...), Vals: make([]any, len(o.Vals))}
	for i, val := range o.Vals {
		out.Vals[i] = val
		if t, ok := parseTable(val); ok {
			out.Vals[i] = t.unfold()
		}
	}
	return out
}

func (t *table) unfold() []any {
	arr := make([]any, len(t.rows))
	for r, cells := range t.rows {
		o := &Object{}
		c := 0
		for _, f := range t.schema {
			var v any
			if cv, isConst := t.consts[f]; isConst {
				v = cv
			} else {
				v = t.decode(f, cellAt(cells, c))
				c++
			}
			if v != nil {
				o.Keys = append(o.Keys, f)
				o.Vals = append(o.Vals, v)
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
