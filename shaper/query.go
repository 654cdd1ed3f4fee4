package shaper

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Cond is one where condition. All conditions of a query must hold.
//
// Ops: eq, ne, prefix, contains (strings, numbers, booleans, null) and gt,
// gte, lt, lte (numbers). Numbers compare exactly by value (1 eq 1.0),
// strings byte by byte. eq null matches a row whose field is null or
// missing; ne is the negation of eq, so ne "x" matches rows without the
// field. prefix and contains compare text: a number's literal, "true" or
// "false"; contains on an array field tests its elements with eq.
type Cond struct {
	Field string `json:"field"`
	Op    string `json:"op"`
	Value any    `json:"value"`
}

// SortBy orders rows by a field: asc (the default) or desc. The sort is
// stable. Rows where the field is missing or null go last in both orders;
// the others order numbers before strings before booleans (false before
// true) before objects and arrays, numbers by value and strings by bytes.
type SortBy struct {
	Field string `json:"field"`
	Order string `json:"order,omitempty"`
}

// Query filters and projects one top-level array of a result. Its stages
// apply in this order: Where, Filter, SortBy, Limit, Select.
type Query struct {
	// Where conditions, all of which must hold.
	Where []Cond `json:"where,omitempty"`
	// Filter is an expression (github.com/expr-lang/expr) over a row's
	// fields that must be true, such as `size_bytes > 1e6 && name
	// endsWith ".log"`. See the package documentation for what it may use.
	Filter string `json:"filter,omitempty"`
	// SortBy orders the rows that remain.
	SortBy *SortBy `json:"sort_by,omitempty"`
	// Limit keeps at most this many rows.
	Limit *int `json:"limit,omitempty"`
	// Select keeps only these fields of each row, in this order; dotted
	// paths keep the nesting ("permissions.owner").
	Select []string `json:"select,omitempty"`
	// Array names the top-level array to work on. Empty: the only array of
	// objects (see FindArray).
	Array string `json:"array,omitempty"`
}

// IsZero reports whether the query asks for nothing.
func (q Query) IsZero() bool {
	return len(q.Where) == 0 && q.Filter == "" && q.SortBy == nil && q.Limit == nil && len(q.Select) == 0 && q.Array == ""
}

// WithFields returns q with fields added to Select when Select is in use
// and lacks them, so that a projection never drops a budget's required or
// identity fields.
func (q Query) WithFields(fields ...string) Query {
	if len(q.Select) == 0 {
		return q
	}
	sel := slices.Clone(q.Select)
	for _, f := range fields {
		if !slices.Contains(sel, f) {
			sel = append(sel, f)
		}
	}
	q.Select = sel
	return q
}

// Summary counts rows through a query: Total in the array, Matched by Where
// and Filter, Shown after Limit. Array is the key of the array the query
// worked on (TopLevelArray when the result was an array).
type Summary struct {
	Total   int    `json:"total"`
	Matched int    `json:"matched"`
	Shown   int    `json:"shown"`
	Array   string `json:"-"`
}

// SummaryKey is the top-level key Apply adds, and TopLevelArray the key
// under which it puts the rows of a result that was a bare array.
const (
	SummaryKey    = "_summary"
	TopLevelArray = "items"
)

// Apply runs q on v, a value in the generic form (see Generic). It returns
// an object holding SummaryKey first, then v's top-level fields with the
// chosen array replaced by the resulting rows (a bare array becomes
// {"_summary": ..., "items": [...]}). Errors are *Error values with the
// reasons unknown_field, type_mismatch, invalid_filter, ambiguous_array,
// no_array and invalid_argument; nothing is filtered when q is invalid.
//
// The result shares rows and untouched fields with v. Apply never modifies
// v; callers must modify neither.
//
// A field that no row has is unknown_field, unless the array is empty: an
// empty listing answers any query with no rows.
func Apply(v any, q Query) (any, Summary, error) {
	key, rows, err := FindArray(v, q.Array)
	if err != nil {
		return nil, Summary{}, err
	}
	sum := Summary{Total: len(rows), Array: key}
	p, err := plan(rows, q)
	if err != nil {
		return nil, sum, err
	}
	var sortField string
	if q.SortBy != nil {
		sortField = canonKey(rows, q.SortBy.Field)
	}
	if p.filter == nil && !generalOnly {
		res, ok, err := p.scanApply(rows, q, sortField, &sum)
		if err != nil {
			return nil, Summary{Total: sum.Total, Array: key}, err
		}
		if ok {
			return WithRows(v, key, res, sum), sum, nil
		}
		sum = Summary{Total: len(rows), Array: key}
	}
	out, sortVals, err := p.where(rows, sortField)
	if err != nil {
		return nil, sum, err
	}
	if p.filter != nil {
		if out, err = p.filter.run(out); err != nil {
			return nil, sum, err
		}
		sortVals = nil // no longer in step with out
	}
	sum.Matched = len(out)
	n := len(out)
	if q.Limit != nil && *q.Limit < n {
		n = *q.Limit
	}
	sum.Shown = n
	var perm []int32 // the sorted order; nil: as they are
	if q.SortBy != nil {
		perm = sortPermVals(out, sortVals, sortField, q.SortBy.Order == "desc")
	}
	var res []any
	if sortVals != nil && cap(sortVals) >= n {
		// The sort values are dead once sorted: their array holds the
		// answer instead of a new one.
		res = sortVals[:n:n]
	} else {
		res = make([]any, n)
	}
	switch {
	case len(q.Select) > 0:
		// Projected rows are carved from slabs in the order they are
		// answered in, so that what reads them next (Compact, Marshal)
		// goes through memory in order.
		pr := newProjector(q.Select, n)
		pr.canon(out)
		for i := range res {
			if perm != nil {
				res[i] = pr.project(out[perm[i]])
			} else {
				res[i] = pr.project(out[i])
			}
		}
	case perm != nil:
		for i, p := range perm[:n] {
			res[i] = out[p]
		}
	default:
		copy(res, out)
	}
	out = res
	return WithRows(v, key, out, sum), sum, nil
}

// generalOnly turns scanApply off, for tests comparing it with the
// general path.
var generalOnly = false

// WithRows returns v with the array under key replaced by rows and
// SummaryKey set to sum first, as Apply does. The server uses it to render
// a page of rows from Apply's result.
func WithRows(v any, key string, rows []any, sum Summary) any {
	so := &Object{Keys: []string{"total", "matched", "shown"}, Vals: []any{
		json.Number(strconv.Itoa(sum.Total)), json.Number(strconv.Itoa(sum.Matched)), json.Number(strconv.Itoa(sum.Shown))}}
	res := &Object{Keys: []string{SummaryKey}, Vals: []any{so}}
	o, ok := v.(*Object)
	if !ok {
		res.Set(TopLevelArray, rows)
		return res
	}
	for i, k := range o.Keys {
		switch k {
		case SummaryKey:
		case key:
			res.Keys = append(res.Keys, k)
			res.Vals = append(res.Vals, rows)
		default:
			res.Keys = append(res.Keys, k)
			res.Vals = append(res.Vals, o.Vals[i])
		}
	}
	return res
}

// FindArray returns the top-level array a query works on and its key. A
// bare array is TopLevelArray. Otherwise name picks a field of v; empty,
// the only field holding an array of objects (empty arrays included), or
// failing that the only array field. Several candidates are
// ambiguous_array, none no_array.
func FindArray(v any, name string) (string, []any, error) {
	switch t := v.(type) {
	case []any:
		if name != "" && name != TopLevelArray {
			return "", nil, errorf(ReasonNoArray, "array", "the result is a bare array, not an object: omit array (or use %q)", TopLevelArray)
		}
		return TopLevelArray, t, nil
	case *Object:
		var arrays, objectArrays []string
		for i, k := range t.Keys {
			arr, ok := t.Vals[i].([]any)
			if !ok || k == SummaryKey {
				continue
			}
			arrays = append(arrays, k)
			if allObjects(arr) {
				objectArrays = append(objectArrays, k)
			}
		}
		if name != "" {
			val, ok := t.Get(name)
			if !ok {
				return "", nil, errorf(ReasonNoArray, "array", "no top-level field %q; arrays: %s", name, listNames(arrays, 20))
			}
			arr, ok := val.([]any)
			if !ok {
				return "", nil, errorf(ReasonNoArray, "array", "field %q is %s, not an array; arrays: %s", name, kindOf(val), listNames(arrays, 20))
			}
			return name, arr, nil
		}
		cands := objectArrays
		if len(cands) == 0 {
			cands = arrays
		}
		switch len(cands) {
		case 1:
			arr, _ := t.Get(cands[0])
			return cands[0], arr.([]any), nil
		case 0:
			return "", nil, errorf(ReasonNoArray, "array", "the result has no top-level array")
		}
		return "", nil, errorf(ReasonAmbiguousArray, "array", "the result has several arrays (%s): choose one with array", listNames(cands, 20))
	case nil:
		return "", nil, errorf(ReasonNoArray, "array", "the result is null: there is no array to work on")
	}
	return "", nil, errorf(ReasonNoArray, "array", "the result is a %s: there is no array to work on", kindOf(v))
}

func allObjects(arr []any) bool {
	for _, el := range arr {
		if _, ok := el.(*Object); !ok {
			return false
		}
	}
	return true
}

// Ops lists the where operators.
var Ops = []string{"eq", "ne", "prefix", "contains", "gt", "gte", "lt", "lte"}

// queryPlan is a validated query, ready to run on rows.
type queryPlan struct {
	conds  []condMatcher
	filter *filterProgram
	rows   []any
}

type condMatcher struct {
	arg   string // "where[i]", for messages
	field string
	op    string
	value any
	// the value, in the forms the op needs
	null bool
	kind kinds
	str  string  // string value, or the text for prefix/contains
	num  decimal // number value
	int  int64   // number value, when intOK: a small integer
	b    bool

	intOK bool
	code  opCode // op, to switch on per row without comparing strings
}

type opCode uint8

const (
	opEq opCode = iota
	opNe
	opPrefix
	opContains
	opGt
	opGte
	opLt
	opLte
)

// opCodeOf returns op's code; plan has checked op is one of Ops.
func opCodeOf(op string) opCode {
	switch op {
	case "eq":
		return opEq
	case "ne":
		return opNe
	case "prefix":
		return opPrefix
	case "contains":
		return opContains
	case "gt":
		return opGt
	case "gte":
		return opGte
	case "lt":
		return opLt
	}
	return opLte
}

// where keeps the rows all conditions hold for. It looks every condition's
// field up in every row, so that it learns the field's kinds on the way
// and checks them after: a condition that cannot apply to its field fails
// (unknown_field, type_mismatch) whatever the other conditions filter out.
//
// When a condition's field is sortField, it also returns the value each
// kept row holds there (nil: missing), so that the sort need not look the
// rows up again; otherwise vals is nil.
func (p *queryPlan) where(rows []any, sortField string) (out, vals []any, err error) {
	if len(p.conds) == 0 {
		return slices.Clone(rows), nil, nil
	}
	infos := make([]fieldInfo, len(p.conds))
	hints := make([]int, len(p.conds))
	out = make([]any, 0, len(rows))
	keyCond := -1
	for i := range p.conds {
		if sortField != "" && p.conds[i].field == sortField {
			keyCond = i
			vals = make([]any, 0, len(rows))
			break
		}
	}
	for _, r := range rows {
		keep := true
		var key any
		for i := range p.conds {
			c := &p.conds[i]
			var v any
			var ok bool
			if o, isObj := r.(*Object); isObj && hints[i] < len(o.Keys) && o.Keys[hints[i]] == c.field {
				v, ok = o.Vals[hints[i]], true // lookupFrom's first step, inline
			} else {
				v, ok = lookupFrom(r, c.field, &hints[i])
			}
			if ok {
				infos[i].present = true
				if k := kindOf(v); k != kNull {
					infos[i].kinds |= k
				}
				if i == keyCond {
					key = v
				}
			}
			keep = keep && c.match(v, ok)
		}
		if keep {
			out = append(out, r)
			if keyCond >= 0 {
				vals = append(vals, key)
			}
		}
	}
	for i := range p.conds {
		if err := p.checkField(p.conds[i].arg, p.conds[i].field, infos[i].present); err != nil {
			return nil, nil, err
		}
		if err := p.conds[i].checkKinds(infos[i].kinds); err != nil {
			return nil, nil, err
		}
	}
	return out, vals, nil
}

// fieldInfo says whether any row has a field and the kinds it holds.
type fieldInfo struct {
	present bool
	kinds   kinds // without null
}

// checkField fails with unknown_field when no row has the field, unless
// there are no rows to have it.
func (p *queryPlan) checkField(arg, path string, present bool) error {
	if present || len(p.rows) == 0 {
		return nil
	}
	for _, r := range p.rows {
		if _, ok := r.(*Object); ok {
			return errorf(ReasonUnknownField, path, "unknown field %q in %s; fields: %s", path, arg, listNames(fieldNames(p.rows), 40))
		}
	}
	return errorf(ReasonUnknownField, path, "unknown field %q in %s: the rows are not objects", path, arg)
}

func (p *queryPlan) hasField(arg, path string) error {
	if path == "" {
		return errorf(ReasonInvalidArgument, arg, "%s: field is empty", arg)
	}
	for _, r := range p.rows {
		if _, ok := lookup(r, path); ok {
			return nil
		}
	}
	return p.checkField(arg, path, false)
}

// plan validates q, but for what only the rows can tell about where
// conditions (see where).
func plan(rows []any, q Query) (*queryPlan, error) {
	p := &queryPlan{rows: rows}
	for i, c := range q.Where {
		arg := fmt.Sprintf("where[%d]", i)
		if !slices.Contains(Ops, c.Op) {
			return nil, errorf(ReasonInvalidArgument, arg, "%s: unknown op %q; ops: %s", arg, c.Op, strings.Join(Ops, ", "))
		}
		if c.Field == "" {
			return nil, errorf(ReasonInvalidArgument, arg, "%s: field is empty", arg)
		}
		m, err := newCondMatcher(arg, c)
		if err != nil {
			return nil, err
		}
		m.field = canonKey(rows, m.field)
		p.conds = append(p.conds, m)
	}
	if q.Filter != "" {
		f, err := compileFilter(q.Filter, rows)
		if err != nil {
			return nil, err
		}
		p.filter = f
	}
	if q.SortBy != nil {
		switch q.SortBy.Order {
		case "", "asc", "desc":
		default:
			return nil, errorf(ReasonInvalidArgument, "sort_by.order", "sort_by: unknown order %q; orders: asc, desc", q.SortBy.Order)
		}
		if err := p.hasField("sort_by", q.SortBy.Field); err != nil {
			return nil, err
		}
	}
	if q.Limit != nil && *q.Limit < 0 {
		return nil, errorf(ReasonInvalidArgument, "limit", "limit must not be negative, got %d", *q.Limit)
	}
	for i, s := range q.Select {
		if err := p.hasField(fmt.Sprintf("select[%d]", i), s); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func newCondMatcher(arg string, c Cond) (condMatcher, error) {
	m := condMatcher{arg: arg, field: c.Field, op: c.Op, value: c.Value, code: opCodeOf(c.Op)}
	vk := kindOf(c.Value)
	m.kind = vk
	switch vk {
	case kNull:
		m.null = true
	case kString:
		m.str = c.Value.(string)
	case kBool:
		m.b = c.Value.(bool)
		m.str = strconv.FormatBool(m.b)
	case kNumber:
		text, _ := numberText(c.Value)
		d, ok := parseDecimal(text)
		if !ok {
			return m, errorf(ReasonInvalidArgument, arg, "%s: %q is not a number", arg, text)
		}
		m.num = d
		m.str = text
		if f, ok := c.Value.(float64); ok {
			m.str = strconv.FormatFloat(f, 'f', -1, 64)
		}
		m.int, m.intOK = smallInt(m.str)
	default:
		return m, errorf(ReasonTypeMismatch, c.Field, "%s: the value of %s must be a string, number, boolean or null, not %s", arg, c.Op, vk)
	}
	switch c.Op {
	case "prefix", "contains":
		if m.null {
			return m, errorf(ReasonTypeMismatch, c.Field, "%s: %s needs a string, number or boolean value, not null", arg, c.Op)
		}
	case "gt", "gte", "lt", "lte":
		if vk != kNumber {
			return m, errorf(ReasonTypeMismatch, c.Field, "%s: %s compares numbers; the value %s is a %s", arg, c.Op, jsonText(c.Value), vk)
		}
	}
	return m, nil
}

// checkKinds fails when the op cannot apply to any value the field holds
// (fk, nulls aside; nothing when the field only holds null).
func (m *condMatcher) checkKinds(fk kinds) error {
	if fk == 0 {
		return nil
	}
	var ok kinds
	var want string
	switch m.op {
	case "eq", "ne":
		if m.null || fk&m.kind != 0 {
			return nil
		}
		return errorf(ReasonTypeMismatch, m.field, "%s: field %q holds %s, but the value %s is a %s", m.arg, m.field, fk, jsonText(m.value), m.kind)
	case "prefix":
		ok, want = kString|kNumber|kBool, "a string, number or boolean field"
	case "contains":
		ok, want = kString|kNumber|kBool|kArray, "a string, number, boolean or array field"
	default:
		ok, want = kNumber, "a number field"
	}
	if fk&ok != 0 {
		return nil
	}
	return errorf(ReasonTypeMismatch, m.field, "%s: %s %s needs %s; field %q holds %s", m.arg, m.field, m.op, want, m.field, fk)
}

func jsonText(v any) string {
	b, err := marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func (m *condMatcher) match(v any, present bool) bool {
	switch m.code {
	case opEq:
		return m.eq(v, present)
	case opNe:
		return !m.eq(v, present)
	case opPrefix:
		t, ok := valueText(v)
		return ok && strings.HasPrefix(t, m.str)
	case opContains:
		if arr, ok := v.([]any); ok {
			for _, el := range arr {
				if m.eq(el, true) {
					return true
				}
			}
			return false
		}
		t, ok := valueText(v)
		return ok && strings.Contains(t, m.str)
	}
	text, ok := numberText(v)
	if !ok {
		return false
	}
	var c int
	if n, ok := smallInt(text); ok && m.intOK {
		// Both sides are integers that float64 and int64 hold exactly:
		// no need for the decimal comparison (the common case: sizes,
		// counts, PIDs).
		c = cmpInt(n, m.int)
	} else {
		d, ok := parseDecimal(text)
		if !ok {
			return false
		}
		c = d.cmp(m.num)
	}
	return m.cmpHolds(c)
}

func (m *condMatcher) eq(v any, present bool) bool {
	if m.null {
		return !present || v == nil
	}
	switch m.kind {
	case kString:
		s, ok := v.(string)
		return ok && s == m.str
	case kBool:
		b, ok := v.(bool)
		return ok && b == m.b
	}
	text, ok := numberText(v)
	if !ok {
		return false
	}
	d, ok := parseDecimal(text)
	return ok && d.cmp(m.num) == 0
}

// valueText is the text prefix and contains look at.
func valueText(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case bool:
		return strconv.FormatBool(t), true
	}
	return numberText(v)
}

// sortKey is a row's sort value, decoded once: a number (digits and
// exponent of its decimal), a string (s), a boolean, or something else.
type sortKey struct {
	rank  uint8 // 0 number, 1 string, 2 bool, 3 other, 4 missing or null
	neg   bool  // number
	b     bool  // bool
	exact bool  // number: a small integer, f holds it exactly and s is its text
	exp   int32 // number
	f     float64
	s     string
}

const rankMissing = 4

func makeSortKey(row any, field string, hint *int) sortKey {
	v, ok := lookupFrom(row, field, hint)
	if !ok || v == nil {
		return sortKey{rank: rankMissing}
	}
	switch t := v.(type) {
	case string:
		return sortKey{rank: 1, s: t}
	case bool:
		return sortKey{rank: 2, b: t}
	}
	if text, ok := numberText(v); ok {
		if n, ok := smallInt(text); ok {
			return sortKey{rank: 0, exact: true, f: float64(n), s: text}
		}
		if d, ok := parseDecimal(text); ok {
			// Rounding to float64 keeps order (it never swaps two numbers),
			// so different floats decide; equal ones go to the digits.
			f, _ := strconv.ParseFloat(text, 64)
			return sortKey{rank: 0, neg: d.neg, exp: int32(d.exp), f: f, s: d.digits}
		}
	}
	return sortKey{rank: 3}
}

func (a *sortKey) cmp(b *sortKey) int {
	if a.rank != b.rank {
		return int(a.rank) - int(b.rank)
	}
	switch a.rank {
	case 0:
		switch {
		case a.f < b.f:
			return -1
		case a.f > b.f:
			return 1
		case a.exact && b.exact:
			return 0 // equal floats holding integers exactly
		}
		return a.decimal().cmp(b.decimal())
	case 1:
		return strings.Compare(a.s, b.s)
	case 2:
		switch {
		case a.b == b.b:
			return 0
		case b.b:
			return -1
		}
		return 1
	}
	return 0
}

// decimal is a number key's exact value.
func (a *sortKey) decimal() decimal {
	if a.exact {
		d, _ := parseDecimal(a.s)
		return d
	}
	return decimal{a.neg, a.s, int(a.exp)}
}

// smallInt reads an integer of at most 15 digits (which float64 holds
// exactly), as JSON writes it: no sign but "-", no leading zero.
func smallInt(s string) (int64, bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	digits := s[i:]
	if len(digits) == 0 || len(digits) > 15 || (digits[0] == '0' && len(digits) > 1) {
		return 0, false
	}
	var n int64
	for j := 0; j < len(digits); j++ {
		c := digits[j]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// sortRows orders rows by field, stably; rows without it (or null) last.
func sortRows(rows []any, field string, desc bool) {
	perm := sortPerm(rows, field, desc)
	sorted := make([]any, len(rows))
	for i, p := range perm {
		sorted[i] = rows[p]
	}
	copy(rows, sorted)
}

// sortPerm returns the positions of rows in sortRows' order.
func sortPerm(rows []any, field string, desc bool) []int32 {
	return sortPermVals(rows, nil, field, desc)
}

// sortPermVals is sortPerm given, when vals is not nil, the value each row
// holds at field (nil: missing or null).
func sortPermVals(rows, vals []any, field string, desc bool) []int32 {
	if perm, ok := sortExactNumbers(rows, vals, field, desc); ok {
		return perm
	}
	type keyed struct {
		key sortKey
		pos int32
	}
	ks := make([]keyed, len(rows))
	hint := 0
	for i, r := range rows {
		ks[i] = keyed{makeSortKey(r, field, &hint), int32(i)}
	}
	// pdqsort with the original position breaking ties: stable, with
	// fewer comparisons than a merge-based stable sort.
	slices.SortFunc(ks, func(a, b keyed) int {
		var c int
		switch {
		case a.key.rank == rankMissing || b.key.rank == rankMissing:
			// Missing and null stay last in both orders.
			c = int(a.key.rank/rankMissing) - int(b.key.rank/rankMissing)
		case desc:
			c = b.key.cmp(&a.key)
		default:
			c = a.key.cmp(&b.key)
		}
		if c != 0 {
			return c
		}
		return int(a.pos - b.pos)
	})
	perm := make([]int32, len(ks))
	for i := range ks {
		perm[i] = ks[i].pos
	}
	return perm
}

// sortExactNumbers is sortPerm for the common case of a field holding only
// small integers (or nothing): the rows are ordered by a 16-byte key, with
// no decimal parsing. It reports false when a row holds anything else.
func sortExactNumbers(rows, vals []any, field string, desc bool) ([]int32, bool) {
	type keyed struct {
		n   int64
		pos int32
		nul bool // missing or null: last in both orders
	}
	ks := make([]keyed, len(rows))
	hint := 0
	for i, r := range rows {
		ks[i].pos = int32(i)
		var v any
		ok := true
		if vals != nil {
			v = vals[i]
		} else {
			v, ok = lookupFrom(r, field, &hint)
		}
		if !ok || v == nil {
			ks[i].nul = true
			continue
		}
		text, ok := numberText(v)
		if !ok {
			return nil, false
		}
		if ks[i].n, ok = smallInt(text); !ok {
			return nil, false
		}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.nul != b.nul {
			if a.nul {
				return 1
			}
			return -1
		}
		c := cmpInt(a.n, b.n)
		if desc {
			c = -c
		}
		if c != 0 {
			return c
		}
		return int(a.pos - b.pos)
	})
	perm := make([]int32, len(ks))
	for i := range ks {
		perm[i] = ks[i].pos
	}
	return perm, true
}

// projector builds projected rows out of a few large allocations instead
// of several small ones per row.
type projector struct {
	fields []string // through selectPaths
	hints  []int
	dots   []dotted // per field: its parts, when it has exactly one dot
	top    int      // keys of a projected row: the fields' distinct heads
	child  int      // keys of a nested object: the most fields under one head
	nested int      // nested objects a row makes in the slabs
	objs   []Object
	vals   []any
	// Keys: the objects a row's projection made (made) build their keys in
	// scratch slices, which finish swaps for one of a few shared key
	// lists (shapes): the projected rows of a listing mostly hold the same
	// keys, and read-only results may share them.
	made    []*Object
	scratch [][]string
	shapes  [][]string
}

func newProjector(fields []string, rows int) *projector {
	fields = selectPaths(fields)
	// Room for each row and the nested objects its dotted fields make
	// (one per distinct head: "permissions.owner" and "permissions.group"
	// share one), each with as many slots as it will hold; the slabs grow
	// when that is not enough.
	under := map[string]int{}
	var heads []string
	for _, f := range fields {
		head, _, _ := strings.Cut(f, ".")
		if _, seen := under[head]; !seen {
			heads = append(heads, head)
		}
		under[head]++
	}
	pr := &projector{fields: fields, hints: make([]int, len(fields)), dots: make([]dotted, len(fields)), top: len(heads), child: 1}
	for j, f := range fields {
		if head, rest, ok := strings.Cut(f, "."); ok && !strings.Contains(rest, ".") {
			pr.dots[j] = dotted{head: head, rest: rest, ok: true, alone: under[head] == 1}
		}
	}
	nested := 0
	for j, f := range fields {
		if pr.dots[j].alone {
			// Rows mostly share the object this field makes (see
			// dotted.share): no room is kept for it.
			continue
		}
		if head, _, ok := strings.Cut(f, "."); ok && under[head] > 0 {
			pr.child = max(pr.child, under[head])
			nested++
			under[head] = -under[head] // counted
		}
	}
	pr.nested = nested
	pr.reserve(rows)
	return pr
}

// reserve makes the slabs room for rows projected rows.
func (pr *projector) reserve(rows int) {
	n := rows * (1 + pr.nested)
	slots := rows * (pr.top + pr.nested*pr.child)
	pr.objs, pr.vals = make([]Object, n), make([]any, slots)
}

// project keeps the selected fields of a row, nested as they were. Rows
// that are not objects stay as they are. No field lies inside another
// (selectPaths), so the only objects project extends are the ones it made.
func (pr *projector) project(row any) any {
	o, ok := row.(*Object)
	if !ok {
		return row
	}
	out := pr.object(pr.top)
	for j, f := range pr.fields {
		if v, ok := o.getHint(f, &pr.hints[j]); ok {
			if _, taken := out.Get(f); !taken {
				out.Keys = append(out.Keys, f)
				out.Vals = append(out.Vals, v)
			}
			continue
		}
		if pr.dots[j].ok && pr.projectDotted(out, o, &pr.dots[j]) {
			continue
		}
		pr.projectSplit(out, o, f) // getHint looked for the whole path already
	}
	pr.finish()
	return out
}

// dotted is a selected "head.rest" path, with hints for where the rows
// hold head and their head objects hold rest.
type dotted struct {
	head, rest string
	hh, rh     int
	ok         bool
	// alone: no other field has this head, so that the object it makes
	// holds rest only. Rows with the same short string there then share
	// one such object (shared), as long as there are few of them (full:
	// there were too many).
	alone  bool
	full   bool
	shared []sharedChild
}

// sharedChild is a projected {rest: s} object, for s packed by packShort.
type sharedChild struct {
	w uint64
	o *Object
}

// maxShared is how many distinct shared objects a dotted field keeps.
const maxShared = 16

// projectDotted is projectSplit for a path with one dot whose head is an
// object holding rest, the common case ("permissions.owner"), using
// hints. It reports false, having changed nothing, in any other case.
func (pr *projector) projectDotted(dst, src *Object, d *dotted) bool {
	val, ok := src.getHint(d.head, &d.hh)
	if !ok {
		return false
	}
	sub, ok := val.(*Object)
	if !ok {
		return false
	}
	v, ok := sub.getHint(d.rest, &d.rh)
	if !ok {
		return false
	}
	pr.putDotted(dst, d, v)
	return true
}

// putDotted is projectDotted once the value v at the path is found: it
// puts v under d.head and d.rest in dst.
func (pr *projector) putDotted(dst *Object, d *dotted, v any) {
	var ok bool
	var child *Object
	if cur, taken := dst.Get(d.head); taken {
		if child, ok = cur.(*Object); !ok {
			return
		}
	} else if sc := d.share(v); sc != nil {
		// Results are read-only: rows may share an equal object.
		dst.Keys = append(dst.Keys, d.head)
		dst.Vals = append(dst.Vals, sc)
		return
	} else {
		child = pr.object(pr.child)
		dst.Keys = append(dst.Keys, d.head)
		dst.Vals = append(dst.Vals, child)
	}
	if _, taken := child.Get(d.rest); !taken {
		child.Keys = append(child.Keys, d.rest)
		child.Vals = append(child.Vals, v)
	}
}

// share returns the object {rest: v} rows share, or nil when v is not a
// short string or there are too many distinct ones.
func (d *dotted) share(v any) *Object {
	s, ok := v.(string)
	if !d.alone || d.full || !ok || len(s) > 7 {
		return nil
	}
	w := packShort(s)
	for _, c := range d.shared {
		if c.w == w {
			return c.o
		}
	}
	if len(d.shared) == maxShared {
		d.full = true
		return nil
	}
	o := &Object{Keys: []string{d.rest}, Vals: []any{v}}
	d.shared = append(d.shared, sharedChild{w, o})
	return o
}

// canonKey returns key as the first object row spells it, when it holds
// it: rows' keys are shared strings (see Decode), so that comparing with
// that copy is a pointer comparison instead of a byte one.
func canonKey(rows []any, key string) string {
	for _, r := range rows[:min(len(rows), 4)] {
		o, ok := r.(*Object)
		if !ok {
			continue
		}
		for _, k := range o.Keys {
			if k == key {
				return k
			}
		}
		return key
	}
	return key
}

// canon spells the fields as the rows do (see canonKey).
func (pr *projector) canon(rows []any) {
	for j, f := range pr.fields {
		pr.fields[j] = canonKey(rows, f)
		d := &pr.dots[j]
		if !d.ok {
			continue
		}
		d.head = canonKey(rows, d.head)
		for _, r := range rows[:min(len(rows), 4)] {
			if o, ok := r.(*Object); ok {
				if sub, ok := o.Get(d.head); ok {
					d.rest = canonKey([]any{sub}, d.rest)
				}
				break
			}
		}
	}
}

// finish gives the objects the row's projection made their final keys.
func (pr *projector) finish() {
	for _, o := range pr.made {
		o.Keys = pr.shape(o.Keys)
	}
	pr.made = pr.made[:0]
}

// shape returns a shared list holding keys, made if there is none yet.
// Shared lists have no room to append to, so that appending to one
// copies it.
func (pr *projector) shape(keys []string) []string {
	for _, s := range pr.shapes {
		if slices.Equal(s, keys) {
			return s
		}
	}
	s := make([]string, len(keys))
	copy(s, keys)
	if len(pr.shapes) < 16 {
		pr.shapes = append(pr.shapes, s)
	}
	return s
}

// object returns an empty object with room for k keys, carved from slabs
// shared by the rows.
func (pr *projector) object(k int) *Object {
	if len(pr.objs) == 0 {
		pr.objs = make([]Object, 256)
	}
	if len(pr.vals) < k {
		pr.vals = make([]any, 256*k)
	}
	m := len(pr.made)
	if m == len(pr.scratch) {
		pr.scratch = append(pr.scratch, nil)
	}
	if cap(pr.scratch[m]) < k {
		pr.scratch[m] = make([]string, 0, k)
	}
	o := &pr.objs[0]
	o.Keys, o.Vals = pr.scratch[m][:0:k], pr.vals[:0:k]
	pr.objs, pr.vals = pr.objs[1:], pr.vals[k:]
	pr.made = append(pr.made, o)
	return o
}

// projectPath copies the value at path in src to dst, under the same keys
// (a path through an array index stays one key: "containers.0.name"), and
// reports whether it found one.
func (pr *projector) projectPath(dst, src *Object, path string) bool {
	if v, ok := src.Get(path); ok {
		if _, taken := dst.Get(path); !taken {
			dst.Keys = append(dst.Keys, path)
			dst.Vals = append(dst.Vals, v)
		}
		return true
	}
	return pr.projectSplit(dst, src, path)
}

// projectSplit is projectPath for a path src does not hold as one key: it
// splits it at each dot from the left.
func (pr *projector) projectSplit(dst, src *Object, path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] != '.' {
			continue
		}
		val, ok := src.Get(path[:i])
		if !ok {
			continue
		}
		rest := path[i+1:]
		found, ok := lookup(val, rest)
		if !ok {
			continue
		}
		sub, isObj := val.(*Object)
		if !isObj {
			if _, taken := dst.Get(path); !taken {
				dst.Set(path, found)
			}
			return true
		}
		key := path[:i]
		cur, taken := dst.Get(key)
		if !taken {
			child := pr.object(pr.child)
			dst.Set(key, child)
			return pr.projectPath(child, sub, rest)
		}
		if child, ok := cur.(*Object); ok {
			return pr.projectPath(child, sub, rest)
		}
		return true
	}
	return false
}

// selectPaths drops duplicates and paths inside another selected path
// ("permissions.owner" when "permissions" is selected whole).
func selectPaths(fields []string) []string {
	var out []string
	for i, f := range fields {
		inside := slices.Contains(fields[:i], f)
		for _, g := range fields {
			if strings.HasPrefix(f, g+".") {
				inside = true
			}
		}
		if !inside {
			out = append(out, f)
		}
	}
	return out
}
