package shaper

import (
	"encoding/json"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// scanApply is Apply's where, sort_by, limit and select for a query
// without a filter. It reads the rows in their order, once, instead of
// looking each one up again per stage and projecting them in sorted order
// (a miss of the cache nearly every row): each row's conditions, its sort
// key (an integer, when the field holds integers: sorted as words) and,
// when every row kept is shown, its projection. With a limit the rows
// shown are projected after the sort, in row order still. The rows of a
// listing share their key list, so where each field sits is worked out
// once per key list (scanner.shape), not searched for per row, and rows
// of one key list project by one recipe (scanner.makeRecipe).
//
// It reports false, having done nothing the caller can see, when an
// object holds a key it needs twice: the general path's hinted lookups
// may pick another copy than the first, and only it can say which. Its
// answers are otherwise the general path's, byte for byte
// (FuzzScanApplyMatchesGeneral).
func (p *queryPlan) scanApply(rows []any, q Query, sortField string, sum *Summary) ([]any, bool, error) {
	var pr *projector
	if len(q.Select) > 0 {
		pr = newProjector(q.Select, 0)
		pr.canon(rows)
	}
	s := newScanner(p, sortField, pr)
	sc := scratchPool.Get().(*scanScratch)
	defer sc.put()
	if cap(sc.kept) < len(rows) {
		sc.kept = make([]int32, 0, len(rows))
	}
	kept := sc.kept[:0]
	sorting := q.SortBy != nil
	ints := sorting // the sort keys are integers so far
	if sorting && cap(sc.keys) < len(rows) {
		sc.keys = make([]int64, 0, len(rows))
	}
	keys := sc.keys[:0]
	infos := make([]fieldInfo, len(p.conds))
	hints := make([]int, len(p.conds)) // for rows that are not objects
	sortHint := 0
	// Without a limit every row kept is shown: projecting it as it is
	// read spares reading it again.
	eager := pr != nil && q.Limit == nil
	var store projStore
	if pr != nil {
		store.width = len(pr.fields)
	}
	for ri, r := range rows {
		o, isObj := r.(*Object)
		if isObj && !sameKeyList(o.Keys, s.keys) {
			s.shape(o)
		}
		keep := true
		var sortN int64
		sortSet := false
		for i := range s.conds {
			sc := &s.conds[i]
			c := sc.m
			var v any
			var ok bool
			if !isObj {
				v, ok = lookupFrom(r, c.field, &hints[i])
			} else if pos := s.at[2*sc.path]; pos >= 0 {
				v, ok = o.Vals[pos], true
			} else {
				v, ok, _ = s.get(o, sc.path)
			}
			if !ok {
				keep = keep && c.match(nil, false)
				continue
			}
			infos[i].present = true
			// The kinds the field holds, and the common matches without
			// match's general steps.
			switch t := v.(type) {
			case string:
				infos[i].kinds |= kString
				if sc.fast == fastEqString {
					keep = keep && t == c.str
					continue
				}
			case json.Number:
				infos[i].kinds |= kNumber
				if sc.fast == fastCmpInt {
					if n, isInt := smallInt(string(t)); isInt {
						if sc.path == s.sortPath {
							sortN, sortSet = n, true
						}
						keep = keep && c.cmpHolds(cmpInt(n, c.int))
						continue
					}
				}
			case nil:
			default:
				infos[i].kinds |= kindOf(v)
			}
			keep = keep && c.match(v, true)
		}
		if s.bail {
			return nil, false, nil
		}
		if !keep {
			continue
		}
		i := int32(len(kept))
		kept = append(kept, int32(ri))
		if eager && !s.projectInto(&store, i, r, true) {
			return nil, false, nil
		}
		if !ints {
			continue
		}
		if sortSet {
			keys = append(keys, sortN)
			continue
		}
		var v any
		var ok bool
		if isObj {
			v, ok, _ = s.get(o, s.sortPath)
		} else {
			v, ok = lookupFrom(r, sortField, &sortHint)
		}
		if !ok || v == nil {
			keys = append(keys, nulKey)
			continue
		}
		text, isNum := numberText(v)
		n, isInt := smallInt(text)
		if !isNum || !isInt {
			ints = false // sortPermVals decides
			continue
		}
		keys = append(keys, n)
	}
	if s.bail {
		return nil, false, nil
	}
	for i := range p.conds {
		if err := p.checkField(p.conds[i].arg, p.conds[i].field, infos[i].present); err != nil {
			return nil, true, err
		}
		if err := p.conds[i].checkKinds(infos[i].kinds); err != nil {
			return nil, true, err
		}
	}
	sum.Matched = len(kept)
	n := len(kept)
	if q.Limit != nil && *q.Limit < n {
		n = *q.Limit
	}
	sum.Shown = n

	var perm []int32 // positions in kept, in the sorted order; nil: as they are
	if sorting {
		desc := q.SortBy.Order == "desc"
		if ints {
			if cap(sc.perm) < len(keys) {
				sc.perm = make([]int32, 0, len(keys))
			}
			var packed bool
			if perm, packed = sortIntKeys(keys, sc.perm[:0], &sc.tmp, desc); packed {
				sc.perm = perm
			}
		}
		if perm == nil {
			out := make([]any, len(kept))
			for i, ri := range kept {
				out[i] = rows[ri]
			}
			perm = sortPermVals(out, nil, sortField, desc)
		}
	}
	res := make([]any, n)
	switch {
	case eager:
		for k := range res {
			i := int32(k)
			if perm != nil {
				i = perm[k]
			}
			res[k] = store.get(i)
		}
	case pr == nil:
		for k := range res {
			i := k
			if perm != nil {
				i = int(perm[k])
			}
			res[k] = rows[kept[i]]
		}
	case perm == nil:
		for k := range res {
			if !s.projectInto(&store, int32(k), rows[kept[k]], false) {
				return nil, false, nil
			}
			res[k] = store.get(int32(k))
		}
	default:
		// The shown rows are projected in row order too, each into its
		// place in the answer: reading the rows in sorted order would
		// miss the cache on nearly every one.
		at := append(sc.at[:0], make([]int32, len(kept))...) // 1 + a kept row's place in res; 0: not shown
		sc.at = at
		for k, i := range perm[:n] {
			at[i] = int32(k) + 1
		}
		for i, ri := range kept {
			if at[i] == 0 {
				continue
			}
			k := at[i] - 1
			if !s.projectInto(&store, k, rows[ri], false) {
				return nil, false, nil
			}
			res[k] = store.get(k)
		}
	}
	return res, true, nil
}

// projStore holds projected rows by number, carved from chunks: an
// Object and its values per row.
type projStore struct {
	width  int // values of a row
	objs   [][]Object
	vals   [][]any
	others map[int32]any // rows that are not a new object
}

// storeChunk is how many rows a chunk of a projStore holds.
const storeChunk = 512

// slot returns row i's object and room for its values.
func (st *projStore) slot(i int32) (*Object, []any) {
	c, j := int(i/storeChunk), int(i%storeChunk)
	for len(st.objs) <= c {
		st.objs = append(st.objs, make([]Object, storeChunk))
		st.vals = append(st.vals, make([]any, storeChunk*st.width))
	}
	return &st.objs[c][j], st.vals[c][j*st.width : (j+1)*st.width : (j+1)*st.width]
}

// get returns row i.
func (st *projStore) get(i int32) any {
	if v, ok := st.others[i]; ok {
		return v
	}
	return &st.objs[i/storeChunk][i%storeChunk]
}

// projectInto projects r as row i of st; placed says the scanner's
// places are r's already. It reports false when it finds a key twice
// (see scanApply).
func (s *scanner) projectInto(st *projStore, i int32, r any, placed bool) bool {
	o, ok := r.(*Object)
	if !ok {
		if st.others == nil {
			st.others = map[int32]any{}
		}
		st.others[i] = r
		return true
	}
	if !placed && !sameKeyList(o.Keys, s.keys) {
		s.shape(o)
	}
	if s.recipe == nil {
		s.makeRecipe()
	}
	dst, vals := st.slot(i)
	if s.recipe.ok && s.projectRecipe(o, dst, vals) {
		return true
	}
	if s.bail {
		return false
	}
	v, ok := s.project(o)
	if !ok {
		return false
	}
	*dst = *v.(*Object) // project returns a new object for an object
	return true
}

// fast kinds of where conditions (scanCond.fast).
const (
	fastNone     = iota
	fastEqString // eq a string
	fastCmpInt   // gt, gte, lt or lte a small integer
)

// scanCond is a where condition as the scan runs it.
type scanCond struct {
	m    *condMatcher
	path int
	fast uint8
}

// cmpHolds reports whether the comparison c (of a row's value with the
// condition's) satisfies a gt, gte, lt or lte condition.
func (m *condMatcher) cmpHolds(c int) bool {
	switch m.code {
	case opGt:
		return c > 0
	case opGte:
		return c >= 0
	case opLt:
		return c < 0
	}
	return c <= 0 // lte
}

// nulKey is the sort key of a row whose field is missing or null; smallInt
// never reads it.
const nulKey = math.MaxInt64

// sortIntKeys is sortExactNumbers on integer keys (nulKey: missing or
// null) read beforehand, appending the order to perm. Each key is packed
// with its position into one word whose order is the answer's, so that a
// plain sort of words does it; it reports false when the keys span too
// wide a range to pack. It reuses keys.
func sortIntKeys(keys []int64, perm []int32, tmp *[]int64, desc bool) ([]int32, bool) {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for i, k := range keys {
		if k == nulKey {
			continue
		}
		if desc {
			k = -k // smallInt's keys are far from overflowing
			keys[i] = k
		}
		lo, hi = min(lo, k), max(hi, k)
	}
	var nul uint64 // the rank of missing and null, after every number
	if lo <= hi {
		nul = uint64(hi-lo) + 1
	}
	posBits := bits.Len(uint(len(keys)))
	if bits.Len64(nul)+posBits > 63 {
		return nil, false
	}
	for i, k := range keys {
		rank := nul
		if k != nulKey {
			rank = uint64(k - lo)
		}
		keys[i] = int64(rank<<posBits | uint64(i))
	}
	if len(keys) < radixMin {
		// The words are distinct (the position is in them), so an
		// unstable sort orders them as the stable one would.
		slices.Sort(keys)
	} else {
		// The words are in position order already: a stable sort of
		// their ranks alone orders them.
		if cap(*tmp) < len(keys) {
			*tmp = make([]int64, len(keys))
		}
		radixSort(keys, (*tmp)[:len(keys)], posBits, bits.Len64(nul))
	}
	mask := int64(1)<<posBits - 1
	for _, k := range keys {
		perm = append(perm, int32(k&mask))
	}
	return perm, true
}

// radixMin is the fewest keys sortIntKeys sorts by radix: fewer sort
// faster by comparisons than a radix sort clears its counts.
const radixMin = 1024

// radixDigit is how many bits of the keys a radix pass sorts by.
const radixDigit = 11

// radixSort sorts keys stably by their bits [shift, shift+width), by
// least significant digit first, using tmp (as long as keys).
func radixSort(keys, tmp []int64, shift, width int) {
	var count [1 << radixDigit]int32
	const mask = 1<<radixDigit - 1
	src, dst := keys, tmp
	for s := shift; s < shift+width; s += radixDigit {
		clear(count[:])
		for _, k := range src {
			count[(k>>s)&mask]++
		}
		var sum int32
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, k := range src {
			d := (k >> s) & mask
			dst[count[d]] = k
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// scanScratch is scanApply's working memory, none of which its answer
// holds: kept by a pool between calls, so that a query allocates little
// more than its answer (and the garbage collector runs that much less
// often).
type scanScratch struct {
	kept, perm, at []int32
	keys, tmp      []int64
}

var scratchPool = sync.Pool{New: func() any { return new(scanScratch) }}

// put gives the scratch back to the pool, unless one query made it
// very large.
func (sc *scanScratch) put() {
	if cap(sc.kept) > 1<<20 || cap(sc.keys) > 1<<20 || cap(sc.tmp) > 1<<20 {
		return
	}
	scratchPool.Put(sc)
}

// how a field of a row was found.
type how uint8

const (
	hMissing how = iota
	hDirect      // the row holds the path as one key
	hDotted      // "head.rest": the row's head object holds rest
	hGeneral     // anything else, found by lookupFrom
)

// pathRef is a field path the scan reads (where rows hold it is
// scanner.at's), and where the head object last seen holds rest.
type pathRef struct {
	path       string
	head, rest string
	oneDot     bool // path is head.rest, rest without dots
	multiDot   bool // more dots: lookupFrom finds it
	hint       int  // lookupFrom's, for multiDot
	// the key list of the last head object, and rest's place in it
	subKeys []string
	rpos    int
}

// scanner reads a query's fields from rows, each field's place worked out
// once per key list.
type scanner struct {
	paths    []pathRef
	sortPath int
	selPath  []int // per projected field, its path
	conds    []scanCond
	keys     []string // the key list the paths' places are for
	at       []int32  // where keys holds path i: at[2i] the path, at[2i+1] its head; -1: nowhere
	shapes   []knownShape
	cur      int     // keys' index in shapes (-1: none)
	next     int     // the next of shapes to forget
	recipe   *recipe // the current shape's (nil: not worked out yet)
	// bail: an object holds a needed key twice (see scanApply)
	bail bool
	pr   *projector
	vals []any
	hows []how
}

func newScanner(p *queryPlan, sortField string, pr *projector) *scanner {
	s := &scanner{pr: pr, sortPath: -1, cur: -1}
	for i := range p.conds {
		c := &p.conds[i]
		sc := scanCond{m: c, path: s.add(c.field)}
		switch {
		case c.code == opEq && c.kind == kString:
			sc.fast = fastEqString
		case c.code >= opGt && c.intOK:
			sc.fast = fastCmpInt
		}
		s.conds = append(s.conds, sc)
	}
	if sortField != "" {
		s.sortPath = s.add(sortField)
	}
	if pr != nil {
		for _, f := range pr.fields {
			s.selPath = append(s.selPath, s.add(f))
		}
	}
	s.at = make([]int32, 2*len(s.paths))
	for i := range s.at {
		s.at[i] = -1 // until a row with keys is placed
	}
	if pr != nil {
		s.vals = make([]any, len(pr.fields))
		s.hows = make([]how, len(pr.fields))
	}
	return s
}

// add returns the index of path in s.paths, adding it.
func (s *scanner) add(path string) int {
	for i := range s.paths {
		if s.paths[i].path == path {
			return i
		}
	}
	p := pathRef{path: path, rpos: -1}
	if head, rest, ok := strings.Cut(path, "."); ok {
		if strings.Contains(rest, ".") {
			p.multiDot = true
		} else {
			p.oneDot, p.head, p.rest = true, head, rest
		}
	}
	s.paths = append(s.paths, p)
	return len(s.paths) - 1
}

// maxShapes is how many key lists a scanner remembers the places of:
// listings alternate between a few (ls rows with and without a target).
const maxShapes = 8

// knownShape is a key list, where it holds each path (pos, hpos) and
// how its rows project (nil: not worked out yet).
type knownShape struct {
	keys []string
	at   []int32
	rec  *recipe
}

// shape works out where o's key list holds each path, remembering it.
func (s *scanner) shape(o *Object) {
	for si := range s.shapes {
		sh := &s.shapes[si]
		if !sameKeyList(o.Keys, sh.keys) {
			continue
		}
		s.keys, s.at, s.cur, s.recipe = sh.keys, sh.at, si, sh.rec
		return
	}
	s.place(o)
	sh := knownShape{keys: o.Keys, at: s.at}
	s.cur = len(s.shapes)
	if s.cur == maxShapes {
		s.cur = s.next % maxShapes
		s.next++
		s.shapes[s.cur] = sh
	} else {
		s.shapes = append(s.shapes, sh)
	}
	s.recipe = nil
}

// recipe is how the rows of a key list project when every selected field
// is a key of theirs or a path into an object no other field shares
// (ok): their projections all have the same keys, and a value per field.
type recipe struct {
	ok   bool
	keys []string // shared by the projected rows
	pos  []int32  // per field: its place in the row; -1: a dotted path
}

// makeRecipe works out the recipe of the key list the paths are placed
// for.
func (s *scanner) makeRecipe() {
	pr := s.pr
	r := &recipe{pos: make([]int32, len(pr.fields))}
	keys := make([]string, 0, len(pr.fields))
	for j, f := range pr.fields {
		i := s.selPath[j]
		switch {
		case s.at[2*i] >= 0:
			r.pos[j] = s.at[2*i]
			keys = append(keys, f)
		case s.paths[i].oneDot && s.at[2*i+1] >= 0 && pr.dots[j].alone:
			r.pos[j] = -1
			keys = append(keys, pr.dots[j].head)
		default:
			keys = nil
		}
		if keys == nil || slices.Contains(keys[:len(keys)-1], keys[len(keys)-1]) {
			r.pos = nil
			break
		}
	}
	if r.pos != nil {
		r.ok, r.keys = true, pr.shape(keys)
	}
	s.recipe = r
	if s.cur >= 0 {
		s.shapes[s.cur].rec = r
	}
}

// projectRecipe projects o by the recipe into dst and vals. It reports
// false, having put nothing in dst, when a dotted path does not lead to
// a value in an object.
func (s *scanner) projectRecipe(o *Object, dst *Object, vals []any) bool {
	pr := s.pr
	for j, pj := range s.recipe.pos {
		if pj >= 0 {
			vals[j] = o.Vals[pj]
			continue
		}
		i := s.selPath[j]
		var v any
		if sub, ok := o.Vals[s.at[2*i+1]].(*Object); ok && s.paths[i].rpos >= 0 && sameKeyList(sub.Keys, s.paths[i].subKeys) {
			v = sub.Vals[s.paths[i].rpos] // get's common case, inline
		} else {
			var found bool
			var h how
			if v, found, h = s.get(o, i); !found || h != hDotted {
				pr.finish()
				return false
			}
		}
		d := &pr.dots[j]
		if sc := d.share(v); sc != nil {
			vals[j] = sc
			continue
		}
		child := pr.object(pr.child)
		child.Keys = append(child.Keys, d.rest)
		child.Vals = append(child.Vals, v)
		vals[j] = child
	}
	if len(pr.made) > 0 {
		pr.finish()
	}
	dst.Keys, dst.Vals = s.recipe.keys, vals
	return true
}

// place works out where o's key list holds each path, in a new s.at.
func (s *scanner) place(o *Object) {
	s.keys = o.Keys
	s.at = make([]int32, 2*len(s.paths))
	for i := range s.paths {
		p := &s.paths[i]
		pos, hpos := int32(-1), int32(-1)
		for k, key := range o.Keys {
			if key == p.path {
				if pos >= 0 {
					s.bail = true
				}
				pos = int32(k)
			}
			if p.oneDot && key == p.head {
				if hpos >= 0 {
					s.bail = true
				}
				hpos = int32(k)
			}
		}
		s.at[2*i], s.at[2*i+1] = pos, hpos
	}
}

// get returns the value of path i in o, whose key list s.keys is.
func (s *scanner) get(o *Object, i int) (any, bool, how) {
	if pos := s.at[2*i]; pos >= 0 {
		return o.Vals[pos], true, hDirect
	}
	p := &s.paths[i]
	if p.multiDot {
		v, ok := lookupFrom(o, p.path, &p.hint)
		return v, ok, hGeneral
	}
	hpos := s.at[2*i+1]
	if !p.oneDot || hpos < 0 {
		return nil, false, hMissing
	}
	switch h := o.Vals[hpos].(type) {
	case *Object:
		if !sameKeyList(h.Keys, p.subKeys) {
			p.subKeys, p.rpos = h.Keys, -1
			for k, key := range h.Keys {
				if key == p.rest {
					if p.rpos >= 0 {
						s.bail = true
					}
					p.rpos = k
				}
			}
		}
		if p.rpos < 0 {
			return nil, false, hMissing
		}
		return h.Vals[p.rpos], true, hDotted
	case []any:
		v, ok := lookup(h, p.rest)
		return v, ok, hGeneral
	}
	return nil, false, hMissing
}

// project is projector.project with the fields found by get. It reports
// false when it finds a key twice.
func (s *scanner) project(r any) (any, bool) {
	o, ok := r.(*Object)
	if !ok {
		return r, true
	}
	if !sameKeyList(o.Keys, s.keys) {
		s.shape(o)
	}
	pr := s.pr
	general := false
	for j := range pr.fields {
		v, found, h := s.get(o, s.selPath[j])
		if !found && h != hGeneral {
			h = hMissing
		}
		s.vals[j], s.hows[j] = v, h
		general = general || h == hGeneral
	}
	if s.bail {
		return nil, false
	}
	if general {
		return pr.project(o), true
	}
	out := pr.object(pr.top)
	for j, f := range pr.fields {
		switch s.hows[j] {
		case hDirect:
			if _, taken := out.Get(f); !taken {
				out.Keys = append(out.Keys, f)
				out.Vals = append(out.Vals, s.vals[j])
			}
		case hDotted:
			pr.putDotted(out, &pr.dots[j], s.vals[j])
		}
	}
	pr.finish()
	return out, true
}

// sameKeyList reports whether two key lists are equal; rows sharing one
// list compare by its address.
func sameKeyList(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	for i, x := range a {
		y := b[i]
		// Rows' keys are shared strings (see Decode): equal ones are
		// mostly the same bytes, told apart without comparing them.
		if len(x) != len(y) || unsafe.StringData(x) != unsafe.StringData(y) && x != y {
			return false
		}
	}
	return true
}
