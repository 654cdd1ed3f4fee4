package catalog

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// The span recorder. Every parser that records spans for a large output
// does it through one spanRec: while a parse runs, each span is a small
// pointer-free record (pointer template, up to four indices, leaf name,
// transform, offsets), so the garbage collector neither scans nor
// write-barriers it; finish hands the records to the context as they are,
// and a SpanSet builds the pointers only when they are read. A template is
// a JSON Pointer without its leading "/" in which each "*" takes the next
// index ("commits/*/files_changed/*"); the leaf, when there is one, follows
// it ("/commits/3/files_changed/1/path").

// Names (templates, leaves: JSON Pointer text, already escaped) get small
// ids when the package initialises; id 0 is "", no leaf.
var (
	spanNames = []string{""}
	spanHoles = []uint8{0} // the "*" of each name
	spanIndex = map[string]uint16{"": 0}
)

// spanID registers a template or a leaf name.
func spanID(name string) uint16 {
	if id, ok := spanIndex[name]; ok {
		return id
	}
	id := uint16(len(spanNames))
	spanNames = append(spanNames, name)
	spanHoles = append(spanHoles, uint8(strings.Count(name, "*")))
	spanIndex[name] = id
	return id
}

// noLeaf is the leaf of a span whose template names the whole value.
const noLeaf = 0

// localIDs marks ids of names registered by one recorder at parse time
// (table columns), which index spanRec.local.
const localIDs = 0x8000

// tmplWhole marks a span whose whole pointer was given as text
// (Context.Span): its index is one of spanRec.whole.
const tmplWhole = 0xffff

// spanTr is a transform; trNames spells them. Ids from trLocal on are
// transforms one recorder registered at parse time ("parseInt*512").
type spanTr uint16

const (
	trVerbatim spanTr = iota
	trParseInt
	trParseFloat
	trParseHex
	trUnquote
	trFileType
	trMarker
	trTimestamp
	trIndicator
	trStatusCode
	trStatusWord
	trInvalidUTF8
	trImpliedZero
	trImpliedDefault
	trCount
	trRenameSplit
	trDedent
	trParseBytes
	trParseDuration
	trSplitList
	trUpToDate
	trTrimPrefix
	trAction
	trTreeDepth
	trSection

	trLocal spanTr = 0x8000
)

var trNames = [...]string{
	trVerbatim: "", trParseInt: "parseInt", trParseFloat: "parseFloat", trParseHex: "parseHex",
	trUnquote: "unquote", trFileType: "fileType", trMarker: "marker", trTimestamp: "timestamp",
	trIndicator: "indicator", trStatusCode: "statusCode", trStatusWord: "statusWord",
	trInvalidUTF8: "invalidUTF8", trImpliedZero: "impliedZero", trImpliedDefault: "impliedDefault",
	trCount: "count", trRenameSplit: "renameSplit", trDedent: "dedent", trParseBytes: "parseBytes",
	trParseDuration: "parseDuration", trSplitList: "splitList", trUpToDate: "upToDate",
	trTrimPrefix: "trimPrefix", trAction: "action", trTreeDepth: "treeDepth", trSection: "section",
}

// spanRecord is one recorded span, 20 bytes. A template with one "*"
// (most rows) keeps its index in idx; one with more keeps in idx where its
// indices begin in spanRec.more.
type spanRecord struct {
	start, end int32
	idx        int32
	tmpl, leaf uint16
	tr         spanTr
}

// spanRec records the spans of one parse. When the caller did not ask for
// spans every method is a cheap no-op.
type spanRec struct {
	c        *Context
	on       bool
	spans    []spanRecord
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
	rowAt int // where its spans begin
}

// newSpanRec prepares for about perLine spans per line of output, so that
// recording a large output does not regrow its buffer.
func newSpanRec(c *Context, perLine int) *spanRec {
	r := &spanRec{c: c, on: c.recording}
	if r.on {
		r.spans = make([]spanRecord, 0, min(lex.CountLines(c.Raw), 1<<20)*perLine)
	}
	return r
}

// localName registers a leaf name met at parse time, escaping it.
func (r *spanRec) localName(name string) uint16 {
	if !r.on {
		return 0
	}
	id := r.nameBytes(appendEscaped(r.buf[:0], name))
	if id == tmplWhole {
		// More names than ids (no real header has 32 k columns): this
		// recorder gives up rather than record a wrong pointer.
		r.on, r.spans = false, nil
		return 0
	}
	return id
}

// name registers a template or leaf (already escaped) met at parse time.
func (r *spanRec) name(name string) uint16 {
	if !r.on {
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

// trID registers a transform name met at parse time.
func (r *spanRec) trID(name string) spanTr {
	if !r.on {
		return 0
	}
	for i, n := range trNames {
		if n == name {
			return spanTr(i)
		}
	}
	for i, n := range r.localTr {
		if n == name {
			return trLocal + spanTr(i)
		}
	}
	r.localTr = append(r.localTr, name)
	return trLocal + spanTr(len(r.localTr)-1)
}

// add records Raw[start:end] as the source of the value at template tmpl
// with indices idx and leaf name leaf.
func (r *spanRec) add(tmpl uint16, idx [4]int32, leaf uint16, start, end int, tr spanTr) {
	if !r.on {
		return
	}
	r.spans = append(r.spans, spanRecord{start: int32(start), end: int32(end), idx: r.indices(tmpl, idx), tmpl: tmpl, leaf: leaf, tr: tr})
}

// indices is what a record of template tmpl keeps of idx.
func (r *spanRec) indices(tmpl uint16, idx [4]int32) int32 {
	n := r.holesOf(tmpl)
	if n <= 1 {
		return idx[0]
	}
	at := int32(len(r.more))
	r.more = append(r.more, idx[:n]...)
	return at
}

func (r *spanRec) holesOf(tmpl uint16) int {
	switch {
	case tmpl == tmplWhole:
		return 0
	case tmpl >= localIDs:
		return int(r.holes[tmpl-localIDs])
	}
	return int(spanHoles[tmpl])
}

// index and setIndex read and change the k-th index of a record.
func (r *spanRec) index(s *spanRecord, k int) int32 {
	if r.holesOf(s.tmpl) <= 1 {
		return s.idx
	}
	return r.more[int(s.idx)+k]
}

func (r *spanRec) setIndex(s *spanRecord, k int, v int32) {
	if r.holesOf(s.tmpl) <= 1 {
		s.idx = v
		return
	}
	r.more[int(s.idx)+k] = v
}

// whole records a span whose pointer is given as text.
func (r *spanRec) wholeRecord(pointer string, start, end int, tr spanTr) spanRecord {
	r.whole = append(r.whole, pointer)
	return spanRecord{start: int32(start), end: int32(end), idx: int32(len(r.whole) - 1), tmpl: tmplWhole, tr: tr}
}

// path records a span at the pointer built from tokens (strings and ints,
// as Ptr takes them). The ints become the indices of a template, so that
// the rows of a list share one name; a pointer with more than four
// indices, a name holding "*" or a token of another type is kept as text
// (Ptr's own spelling).
func (r *spanRec) path(start, end int, tr string, tokens ...any) {
	if r.on {
		r.spans = append(r.spans, r.pathRecord(start, end, tr, tokens))
	}
}

func (r *spanRec) pathRecord(start, end int, tr string, tokens []any) spanRecord {
	var idx [4]int32
	k := 0
	b := r.buf[:0]
	for i, t := range tokens {
		if i > 0 {
			b = append(b, '/')
		}
		switch t := t.(type) {
		case int:
			if k == len(idx) {
				return r.wholeRecord(Ptr(tokens...), start, end, r.trID(tr))
			}
			b = append(b, '*')
			idx[k] = int32(t)
			k++
		case string:
			if strings.IndexByte(t, '*') >= 0 {
				return r.wholeRecord(Ptr(tokens...), start, end, r.trID(tr))
			}
			b = appendEscaped(b, t)
		default:
			return r.wholeRecord(Ptr(tokens...), start, end, r.trID(tr))
		}
	}
	r.buf = b
	tmpl := r.nameBytes(b)
	if tmpl == tmplWhole || len(b) == 0 && len(tokens) > 0 { // no id left, or the pointer "/"
		return r.wholeRecord(Ptr(tokens...), start, end, r.trID(tr))
	}
	return spanRecord{start: int32(start), end: int32(end), idx: r.indices(tmpl, idx), tmpl: tmpl, tr: r.trID(tr)}
}

// nameBytes is name for a template being built, without a copy when it is
// known already.
func (r *spanRec) nameBytes(b []byte) uint16 {
	if id, ok := spanIndex[string(b)]; ok {
		return id
	}
	if id, ok := r.localIdx[string(b)]; ok {
		return id
	}
	return r.name(string(b))
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

// held collects spans of a line until the whole line has read (commit),
// so that a line given up halfway leaves no span behind.
type held struct {
	r     *spanRec
	spans []spanRecord
}

// hold starts spans held for the context's own recorder.
func (c *Context) hold() held { return held{r: c.rec()} }

func (h *held) add(start, end int, tr string, tokens ...any) {
	if h.r.on {
		h.spans = append(h.spans, h.r.pathRecord(start, end, tr, tokens))
	}
}

// commit records the held spans.
func (h *held) commit() {
	h.r.spans = append(h.r.spans, h.spans...)
	h.spans = h.spans[:0]
}

// at is add for a template with one index.
func (r *spanRec) at(tmpl uint16, i int, leaf uint16, start, end int, tr spanTr) {
	r.add(tmpl, [4]int32{int32(i)}, leaf, start, end, tr)
}

// begin starts row i of template tmpl ("entries/*"), which field adds to.
func (r *spanRec) begin(tmpl uint16, i int) {
	r.tmpl, r.row, r.rowAt = tmpl, int32(i), len(r.spans)
}

// field records a field of the current row from Raw[start:end].
func (r *spanRec) field(leaf uint16, start, end int, tr spanTr) {
	if !r.on {
		return
	}
	r.spans = append(r.spans, spanRecord{start: int32(start), end: int32(end), idx: r.row, tmpl: r.tmpl, leaf: leaf, tr: tr})
}

// discard drops the current row's spans.
func (r *spanRec) discard() { r.truncate(r.rowAt) }

// mark and truncate drop the spans of what turns out not to be kept.
func (r *spanRec) mark() int { return len(r.spans) }

func (r *spanRec) truncate(m int) {
	if r.on {
		r.spans = r.spans[:m]
	}
}

// cut drops the spans in [from, to).
func (r *spanRec) cut(from, to int) {
	if r.on && from < to {
		r.spans = append(r.spans[:from], r.spans[to:]...)
	}
}

// dropLast drops the last span.
func (r *spanRec) dropLast() {
	if r.on && len(r.spans) > 0 {
		r.spans = r.spans[:len(r.spans)-1]
	}
}

// redoLast gives the last span another range and transform.
func (r *spanRec) redoLast(start, end int, tr spanTr) {
	if r.on && len(r.spans) > 0 {
		l := &r.spans[len(r.spans)-1]
		l.start, l.end, l.tr = int32(start), int32(end), tr
	}
}

// dropLeaf drops every span at leaf leaf.
func (r *spanRec) dropLeaf(leaf uint16) {
	if !r.on {
		return
	}
	kept := r.spans[:0]
	for _, s := range r.spans {
		if s.leaf != leaf {
			kept = append(kept, s)
		}
	}
	r.spans = kept
}

// extend moves the end of the last span, as when a path turns out to run
// over the next line.
func (r *spanRec) extend(end int) {
	if r.on && len(r.spans) > 0 {
		r.spans[len(r.spans)-1].end = int32(end)
	}
}

// retemplate moves the spans from mark m on to template tmpl: the last
// row read turned out to be a total ("total", no index).
func (r *spanRec) retemplate(m int, tmpl uint16) {
	if !r.on {
		return
	}
	for i := m; i < len(r.spans); i++ {
		r.spans[i].tmpl = tmpl
	}
}

// finish hands the recorded spans to the context, which keeps them compact
// until read (see SpanSet). Call it once, at the end of a successful parse.
func (r *spanRec) finish() {
	if r.on && len(r.spans) > 0 {
		r.c.addSpanSeg(r.seg())
	}
	r.spans = nil
}

func (r *spanRec) seg() *recordSeg {
	return &recordSeg{spans: r.spans, local: r.local, localTr: r.localTr, whole: r.whole, more: r.more}
}

// recordSeg is what a spanRec hands over.
type recordSeg struct {
	spans   []spanRecord
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
		if s.tr >= trLocal {
			tr = g.localTr[s.tr-trLocal]
		} else {
			tr = trNames[s.tr]
		}
		if !f(b, int(s.start), int(s.end), tr) {
			return false
		}
	}
	return true
}

func (g *recordSeg) pointer(b []byte, s *spanRecord) []byte {
	if s.tmpl == tmplWhole {
		return append(b, g.whole[s.idx]...)
	}
	t := g.name(s.tmpl)
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
	if s.leaf != noLeaf {
		b = append(b, '/')
		b = append(b, g.name(s.leaf)...)
	}
	return b
}

func (g *recordSeg) name(id uint16) string {
	if id >= localIDs {
		return g.local[id-localIDs]
	}
	return spanNames[id]
}

// Span field ids of the parsers.
var (
	skEntries   = spanID("entries/*")
	skProcesses = spanID("processes/*")
	skStaged    = spanID("staged/*")
	skModified  = spanID("modified/*")
	skUnmerged  = spanID("unmerged/*")

	sfDirectory     = spanID("directory")
	sfDeviceMajor   = spanID("device/major")
	sfDeviceMinor   = spanID("device/minor")
	sfDeviceNumber  = spanID("device/number")
	sfSizeBytes     = spanID("size_bytes")
	sfSizeHuman     = spanID("size_human")
	sfLinks         = spanID("links")
	sfType          = spanID("type")
	sfMode          = spanID("mode")
	sfPermOwner     = spanID("permissions/owner")
	sfPermGroup     = spanID("permissions/group")
	sfPermOther     = spanID("permissions/other")
	sfHasACL        = spanID("has_acl")
	sfHasXattr      = spanID("has_xattr")
	sfHasSecContext = spanID("has_security_context")
	sfUID           = spanID("uid")
	sfOwner         = spanID("owner")
	sfGID           = spanID("gid")
	sfGroup         = spanID("group")
	sfInode         = spanID("inode")
	sfBlocks        = spanID("blocks")
	sfBlocksHuman   = spanID("blocks_human")
	sfName          = spanID("name")
	sfSymlinkTarget = spanID("symlink_target")
	sfModifiedAt    = spanID("modified_at")

	sfXY        = spanID("xy")
	sfIndex     = spanID("index")
	sfWorktree  = spanID("worktree")
	sfPath      = spanID("path")
	sfOrigPath  = spanID("orig_path")
	sfQuoted    = spanID("quoted")
	sfStatus    = spanID("status")
	sfSubmodule = spanID("submodule")

	sfUser           = spanID("user")
	sfElapsed        = spanID("elapsed")
	sfElapsedSeconds = spanID("elapsed_seconds")
)
