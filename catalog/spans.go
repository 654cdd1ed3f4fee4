package catalog

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Names (templates, leaves: JSON Pointer text, already escaped) get small
// ids when the package initialises; id 0 is "", no leaf.
var SpanNames = []string{""}

var (
	spanHoles = []uint8{0}
	spanIndex = map[string]uint16{"": 0}
)

// SpanID registers a template or a leaf name.
func SpanID(name string) uint16 {
	if id, ok := spanIndex[name]; ok {
		return id
	}
	id := uint16(len(SpanNames))
	SpanNames = append(SpanNames, name)
	spanHoles = append(spanHoles, uint8(strings.Count(name, "*")))
	spanIndex[name] = id
	return id
}

// NoLeaf is the leaf of a span whose template names the whole value.
const NoLeaf = 0

// localIDs marks ids of names registered by one recorder at parse time
// (table columns), which index SpanRec.local.
const localIDs = 0x8000

// tmplWhole marks a span whose pointer is kept as text (a path no template
// spells, or no id left): its index is one of SpanRec.whole.
const tmplWhole = 0xffff

// SpanTr is a transform; trNames spells them. Ids from trLocal on are
// transforms one recorder registered at parse time ("parseInt*512").
type SpanTr uint16

const (
	TrVerbatim SpanTr = iota
	TrParseInt
	TrParseFloat
	TrParseHex
	TrUnquote
	TrFileType
	TrMarker
	TrTimestamp
	TrIndicator
	TrStatusCode
	TrStatusWord
	trInvalidUTF8
	TrImpliedZero
	TrImpliedDefault
	TrCount
	TrRenameSplit
	TrDedent
	TrParseBytes
	TrParseDuration
	trSplitList
	TrUpToDate
	TrTrimPrefix
	TrAction
	TrTreeDepth
	TrSection

	trLocal SpanTr = 0x8000
)

var TrNames = [...]string{
	TrVerbatim: "", TrParseInt: "parseInt", TrParseFloat: "parseFloat", TrParseHex: "parseHex",
	TrUnquote: "unquote", TrFileType: "fileType", TrMarker: "marker", TrTimestamp: "timestamp",
	TrIndicator: "indicator", TrStatusCode: "statusCode", TrStatusWord: "statusWord",
	trInvalidUTF8: "invalidUTF8", TrImpliedZero: "impliedZero", TrImpliedDefault: "impliedDefault",
	TrCount: "count", TrRenameSplit: "renameSplit", TrDedent: "dedent", TrParseBytes: "parseBytes",
	TrParseDuration: "parseDuration", trSplitList: "splitList", TrUpToDate: "upToDate",
	TrTrimPrefix: "trimPrefix", TrAction: "action", TrTreeDepth: "treeDepth", TrSection: "section",
}

// SpanRecord is one recorded span, 20 bytes. A template with one "*"
// (most rows) keeps its index in idx; one with more keeps in idx where its
// indices begin in SpanRec.more.
type SpanRecord struct {
	start, end int32
	idx        int32
	Tmpl, Leaf uint16
	Tr         SpanTr
}

// SpanRec records spans as small ids: the row recorder a parser gets from
// Context.Rows, and the one behind Context.Span. When the caller did not
// ask for spans every method is a cheap no-op.
type SpanRec struct {
	c        *Context
	On       bool
	Spans    []SpanRecord
	local    []string // names known only at parse time, escaped
	localIdx map[string]uint16
	localTr  []string
	whole    []string // pointers given as text, for tmplWhole
	more     []int32  // the indices of templates with several "*"
	holes    []uint8  // the "*" of each local name
	buf      []byte

	// The row being read, for begin and field.
	tmpl  uint16
	row   int32
	RowAt int // where its spans begin
}

// newSpanRec prepares for about perLine spans per line of output (Rows).
func newSpanRec(c *Context, perLine int) *SpanRec {
	r := &SpanRec{c: c, On: c.recording}
	if r.On {
		r.Spans = make([]SpanRecord, 0, min(lex.CountLines(c.Raw), 1<<20)*perLine)
	}
	return r
}

// LocalName registers a leaf name met at parse time, escaping it.
func (r *SpanRec) LocalName(name string) uint16 {
	if !r.On {
		return 0
	}
	id := r.nameBytes(appendEscaped(r.buf[:0], name))
	if id == tmplWhole {
		// More names than ids (no real header has 32 k columns): this
		// recorder gives up rather than record a wrong pointer.
		r.On, r.Spans = false, nil
		return 0
	}
	return id
}

// Name registers a template or leaf (already escaped) met at parse time.
func (r *SpanRec) Name(name string) uint16 {
	if !r.On {
		return 0
	}
	if id, ok := spanIndex[name]; ok {
		return id
	}
	if id, ok := r.localIdx[name]; ok {
		return id
	}
	if r.localIdx == nil {
		r.localIdx = map[string]uint16{}
	}
	if len(r.local) >= tmplWhole-localIDs {
		return tmplWhole // no id left: path records the pointer as text
	}
	r.local = append(r.local, name)
	r.holes = append(r.holes, uint8(strings.Count(name, "*")))
	id := uint16(localIDs + len(r.local) - 1)
	r.localIdx[name] = id
	return id
}

// TrID registers a transform name met at parse time.
func (r *SpanRec) TrID(name string) SpanTr {
	if !r.On {
		return 0
	}
	for i, n := range TrNames {
		if n == name {
			return SpanTr(i)
		}
	}
	for i, n := range r.localTr {
		if n == name {
			return trLocal + SpanTr(i)
		}
	}
	r.localTr = append(r.localTr, name)
	return trLocal + SpanTr(len(r.localTr)-1)
}

// Add records Raw[start:end] as the source of the value at template tmpl
// with indices idx and leaf name leaf.
func (r *SpanRec) Add(tmpl uint16, idx [4]int32, leaf uint16, start, end int, tr SpanTr) {
	if !r.On {
		return
	}
	r.Spans = append(r.Spans, SpanRecord{start: int32(start), end: int32(end), idx: r.indices(tmpl, idx), Tmpl: tmpl, Leaf: leaf, Tr: tr})
}

// indices is what a record of template tmpl keeps of idx.
func (r *SpanRec) indices(tmpl uint16, idx [4]int32) int32 {
	n := r.holesOf(tmpl)
	if n <= 1 {
		return idx[0]
	}
	at := int32(len(r.more))
	r.more = append(r.more, idx[:n]...)
	return at
}

func (r *SpanRec) holesOf(tmpl uint16) int {
	switch {
	case tmpl == tmplWhole:
		return 0
	case tmpl >= localIDs:
		return int(r.holes[tmpl-localIDs])
	}
	return int(spanHoles[tmpl])
}

// Index and setIndex read and change the k-th index of a record.
func (r *SpanRec) Index(s *SpanRecord, k int) int32 {
	if r.holesOf(s.Tmpl) <= 1 {
		return s.idx
	}
	return r.more[int(s.idx)+k]
}

func (r *SpanRec) SetIndex(s *SpanRecord, k int, v int32) {
	if r.holesOf(s.Tmpl) <= 1 {
		s.idx = v
		return
	}
	r.more[int(s.idx)+k] = v
}

// whole records a span whose pointer is given as text.
func (r *SpanRec) wholeRecord(pointer string, start, end int, tr SpanTr) SpanRecord {
	r.whole = append(r.whole, pointer)
	return SpanRecord{start: int32(start), end: int32(end), idx: int32(len(r.whole) - 1), Tmpl: tmplWhole, Tr: tr}
}

// Path records a span at the pointer built from tokens (strings, ints and
// Pointer text, as Context.Span takes them). The ints become the indices
// of a template, so that the rows of a list share one name; a pointer with
// more than four indices, a name holding "*", Pointer text or a token of
// another type is kept as text (Ptr's own spelling).
func (r *SpanRec) Path(start, end int, tr string, tokens ...any) {
	if r.On {
		r.Spans = append(r.Spans, r.pathRecord(start, end, tr, tokens))
	}
}

func (r *SpanRec) pathRecord(start, end int, tr string, tokens []any) SpanRecord {
	var idx [4]int32
	k := 0
	b := r.buf[:0] // the pointer, a "*" in place of each index
	for _, t := range tokens {
		switch t := t.(type) {
		case int:
			if k == len(idx) {
				return r.wholeRecord(Ptr(tokens...), start, end, r.TrID(tr))
			}
			b = append(b, '/', '*')
			idx[k] = int32(t)
			k++
		case string:
			if strings.IndexByte(t, '*') >= 0 {
				return r.wholeRecord(Ptr(tokens...), start, end, r.TrID(tr))
			}
			b = appendEscaped(append(b, '/'), t)
		default: // Pointer text (built by the caller already) or another type
			return r.wholeRecord(Ptr(tokens...), start, end, r.TrID(tr))
		}
	}
	r.buf = b
	if len(b) == 0 { // the whole document
		return SpanRecord{start: int32(start), end: int32(end), Tr: r.TrID(tr)}
	}
	// A template is the pointer without its leading "/"; "/" has none.
	if len(b) == 1 {
		return r.wholeRecord(Ptr(tokens...), start, end, r.TrID(tr))
	}
	tmpl := r.nameBytes(b[1:])
	if tmpl == tmplWhole { // no id left
		return r.wholeRecord(Ptr(tokens...), start, end, r.TrID(tr))
	}
	return SpanRecord{start: int32(start), end: int32(end), idx: r.indices(tmpl, idx), Tmpl: tmpl, Tr: r.TrID(tr)}
}

// nameBytes is name for a template being built, without a copy when it is
// known already.
func (r *SpanRec) nameBytes(b []byte) uint16 {
	if id, ok := spanIndex[string(b)]; ok {
		return id
	}
	if id, ok := r.localIdx[string(b)]; ok {
		return id
	}
	return r.Name(string(b))
}

func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, s[i])
		}
	}
	return b
}

// At is add for a template with one index.
func (r *SpanRec) At(tmpl uint16, i int, leaf uint16, start, end int, tr SpanTr) {
	r.Add(tmpl, [4]int32{int32(i)}, leaf, start, end, tr)
}

// Begin starts row i of template tmpl ("entries/*"), which field adds to.
func (r *SpanRec) Begin(tmpl uint16, i int) {
	r.tmpl, r.row, r.RowAt = tmpl, int32(i), len(r.Spans)
}

// Field records a field of the current row from Raw[start:end].
func (r *SpanRec) Field(leaf uint16, start, end int, tr SpanTr) {
	if !r.On {
		return
	}
	r.Spans = append(r.Spans, SpanRecord{start: int32(start), end: int32(end), idx: r.row, Tmpl: r.tmpl, Leaf: leaf, Tr: tr})
}

// Discard drops the current row's spans.
func (r *SpanRec) Discard() { r.Truncate(r.RowAt) }

// Mark and truncate drop the spans of what turns out not to be kept.
func (r *SpanRec) Mark() int { return len(r.Spans) }

func (r *SpanRec) Truncate(m int) {
	if r.On {
		r.Spans = r.Spans[:m]
	}
}

// Cut drops the spans in [from, to).
func (r *SpanRec) Cut(from, to int) {
	if r.On && from < to {
		r.Spans = append(r.Spans[:from], r.Spans[to:]...)
	}
}

// DropLast drops the last span.
func (r *SpanRec) DropLast() {
	if r.On && len(r.Spans) > 0 {
		r.Spans = r.Spans[:len(r.Spans)-1]
	}
}

// RedoLast gives the last span another range and transform.
func (r *SpanRec) RedoLast(start, end int, tr SpanTr) {
	if r.On && len(r.Spans) > 0 {
		l := &r.Spans[len(r.Spans)-1]
		l.start, l.end, l.Tr = int32(start), int32(end), tr
	}
}

// DropLeaf drops every span at leaf leaf.
func (r *SpanRec) DropLeaf(leaf uint16) {
	if !r.On {
		return
	}
	kept := r.Spans[:0]
	for _, s := range r.Spans {
		if s.Leaf != leaf {
			kept = append(kept, s)
		}
	}
	r.Spans = kept
}

// Extend moves the end of the last span, as when a path turns out to run
// over the next line.
func (r *SpanRec) Extend(end int) {
	if r.On && len(r.Spans) > 0 {
		r.Spans[len(r.Spans)-1].end = int32(end)
	}
}

// Retemplate moves the spans from mark m on to template tmpl: the last
// row read turned out to be a total ("total", no index).
func (r *SpanRec) Retemplate(m int, tmpl uint16) {
	if !r.On {
		return
	}
	for i := m; i < len(r.Spans); i++ {
		r.Spans[i].Tmpl = tmpl
	}
}

// Finish hands the recorded spans to the context, which keeps them compact
// until read (see SpanSet). Call it once, at the end of a successful parse.
func (r *SpanRec) Finish() {
	if r.On && len(r.Spans) > 0 {
		r.c.addSpanSeg(r.seg())
	}
	r.Spans = nil
}

func (r *SpanRec) seg() *recordSeg {
	return &recordSeg{spans: r.Spans, local: r.local, localTr: r.localTr, whole: r.whole, more: r.more}
}

// recordSeg is what a SpanRec hands over.
type recordSeg struct {
	spans   []SpanRecord
	local   []string
	localTr []string
	whole   []string
	more    []int32
}

func (g *recordSeg) each(b []byte, f spanFunc) bool { return g.eachIn(0, len(g.spans), b, f) }

// eachIn is each for the spans [from, to).
func (g *recordSeg) eachIn(from, to int, b []byte, f spanFunc) bool {
	for i := from; i < to; i++ {
		s := &g.spans[i]
		b = g.pointer(b[:0], s)
		tr := ""
		if s.Tr >= trLocal {
			tr = g.localTr[s.Tr-trLocal]
		} else {
			tr = TrNames[s.Tr]
		}
		if !f(b, int(s.start), int(s.end), tr) {
			return false
		}
	}
	return true
}

func (g *recordSeg) pointer(b []byte, s *SpanRecord) []byte {
	if s.Tmpl == tmplWhole {
		return append(b, g.whole[s.idx]...)
	}
	t := g.name(s.Tmpl)
	multi := strings.Count(t, "*") > 1
	k := 0
	if t != "" {
		b = append(b, '/')
	}
	for i := 0; i < len(t); i++ {
		if t[i] == '*' {
			v := s.idx
			if multi {
				v = g.more[int(s.idx)+k]
			}
			b = strconv.AppendInt(b, int64(v), 10)
			k++
			continue
		}
		b = append(b, t[i])
	}
	if s.Leaf != NoLeaf {
		b = append(b, '/')
		b = append(b, g.name(s.Leaf)...)
	}
	return b
}

func (g *recordSeg) name(id uint16) string {
	if id >= localIDs {
		return g.local[id-localIDs]
	}
	return SpanNames[id]
}

// Span field ids of the parsers.
