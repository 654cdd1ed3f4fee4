package catalog

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Span recording for rows, built to cost little on large outputs: while a
// parse runs, each span is a small pointer-free record (row, field id,
// offsets, transform id), so the garbage collector neither scans nor
// write-barriers it; finish turns them into Spans with one string holding
// every JSON Pointer. A row's spans can be dropped until then.

// Field names (JSON Pointer suffixes below a row, already escaped) and row
// keys get small ids when the package initialises.
var (
	spanNames []string
	spanIndex = map[string]uint16{}
)

func spanID(name string) uint16 {
	if id, ok := spanIndex[name]; ok {
		return id
	}
	id := uint16(len(spanNames))
	spanNames = append(spanNames, name)
	spanIndex[name] = id
	return id
}

// localIDs marks ids of names registered by one recorder (ps's unknown
// columns), which index rowSpans.local.
const localIDs = 0x8000

// Transforms.
type spanTr uint8

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
)

var trNames = [...]string{
	trVerbatim: "", trParseInt: "parseInt", trParseFloat: "parseFloat", trParseHex: "parseHex",
	trUnquote: "unquote", trFileType: "fileType", trMarker: "marker", trTimestamp: "timestamp",
	trIndicator: "indicator", trStatusCode: "statusCode", trStatusWord: "statusWord",
	trInvalidUTF8: "invalidUTF8",
}

type compactSpan struct {
	start, end int32
	row        int32
	key, field uint16
	tr         spanTr
}

// spanMark is a position in the recorded spans, to drop what follows it.
type spanMark struct{ n int }

type rowSpans struct {
	c        *Context
	spans    []compactSpan
	key      uint16
	row      int32
	local    []string
	mark     spanMark // where the current row's spans begin
	rawValid int8     // 0 unknown, 1 c.Raw is valid UTF-8, -1 it is not
}

// newRowSpans prepares for about perRow spans per line of output, so that
// recording a large output does not regrow its buffer.
func newRowSpans(c *Context, perRow int) rowSpans {
	r := rowSpans{c: c}
	if c.recording {
		r.spans = make([]compactSpan, 0, min(countLines(c.Raw), 1<<20)*perRow)
	}
	return r
}

// localID registers a field name known only at parse time (escaping it).
func (r *rowSpans) localID(name string) uint16 {
	if id, ok := spanIndex[name]; ok {
		return id
	}
	esc := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case '~':
			esc = append(esc, '~', '0')
		case '/':
			esc = append(esc, '~', '1')
		default:
			esc = append(esc, name[i])
		}
	}
	r.local = append(r.local, string(esc))
	return uint16(localIDs + len(r.local) - 1)
}

func (r *rowSpans) name(id uint16) string {
	if id >= localIDs {
		return r.local[id-localIDs]
	}
	return spanNames[id]
}

// begin starts the spans of row idx of the top-level array key.
func (r *rowSpans) begin(key uint16, idx int) {
	r.key, r.row = key, int32(idx)
	r.mark = spanMark{len(r.spans)}
}

// add records a field of the current row from Raw[start:end].
func (r *rowSpans) add(field uint16, start, end int, tr spanTr) {
	if tr == trVerbatim && !r.validText(start, end) {
		tr = trInvalidUTF8
	}
	r.spans = append(r.spans, compactSpan{int32(start), int32(end), r.row, r.key, field, tr})
}

// validText reports whether Raw[start:end] is valid UTF-8. When the whole
// output is, a range is unless it cuts a character, which only its two
// ends can show.
func (r *rowSpans) validText(start, end int) bool {
	raw := r.c.Raw
	if r.rawValid == 0 {
		r.rawValid = -1
		if utf8.ValidString(raw) {
			r.rawValid = 1
		}
	}
	if r.rawValid < 0 {
		return utf8.ValidString(raw[start:end])
	}
	return (start >= len(raw) || utf8.RuneStart(raw[start])) && (end >= len(raw) || utf8.RuneStart(raw[end]))
}

// discard drops the current row's spans.
func (r *rowSpans) discard() { r.truncate(r.mark) }

func (r *rowSpans) truncate(m spanMark) { r.spans = r.spans[:m.n] }

// finish appends the recorded spans to the context. Call it once, at the
// end of a successful parse.
func (r *rowSpans) finish() {
	if len(r.spans) == 0 {
		return
	}
	// One string for every pointer: measure, write, then slice it. Rows are
	// contiguous, so each row's "/key/row/" prefix is built once.
	var prefix []byte
	lastKey, lastRow := uint16(0xffff), int32(-1)
	rowPrefix := func(s *compactSpan) []byte {
		if s.key != lastKey || s.row != lastRow {
			lastKey, lastRow = s.key, s.row
			prefix = append(prefix[:0], '/')
			prefix = append(prefix, r.name(s.key)...)
			prefix = append(prefix, '/')
			prefix = strconv.AppendInt(prefix, int64(s.row), 10)
			prefix = append(prefix, '/')
		}
		return prefix
	}
	size := 0
	for i := range r.spans {
		s := &r.spans[i]
		size += len(rowPrefix(s)) + len(r.name(s.field))
	}
	var b strings.Builder
	b.Grow(size)
	lastKey, lastRow = 0xffff, -1
	for i := range r.spans {
		s := &r.spans[i]
		b.Write(rowPrefix(s))
		b.WriteString(r.name(s.field))
	}
	all := b.String()
	c := r.c
	out := make([]Span, len(c.spans), len(c.spans)+len(r.spans)+16) // room for a few top-level spans after
	copy(out, c.spans)
	lastKey, lastRow = 0xffff, -1
	at := 0
	for i := range r.spans {
		s := &r.spans[i]
		n := len(rowPrefix(s)) + len(r.name(s.field))
		out = append(out, Span{Pointer: all[at : at+n], Start: int(s.start), End: int(s.end), Transform: trNames[s.tr]})
		at += n
	}
	c.spans = out
	r.spans = r.spans[:0]
}

// recordSpan records a span outside rows; a verbatim one whose bytes are
// not valid UTF-8 is marked "invalidUTF8", since JSON carries such text
// with U+FFFD in place of the bad bytes and the value is then no longer the
// source bytes.
func recordSpan(c *Context, pointer string, start, end int, transform string) {
	if transform == "" && !utf8.ValidString(c.Raw[start:end]) {
		transform = "invalidUTF8"
	}
	c.Span(pointer, start, end, transform)
}

// Span field ids of the parsers.
var (
	skEntries   = spanID("entries")
	skProcesses = spanID("processes")
	skStaged    = spanID("staged")
	skModified  = spanID("modified")
	skUnmerged  = spanID("unmerged")

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
