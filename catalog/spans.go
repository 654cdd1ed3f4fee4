package catalog

import (
	"strconv"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Span recording for rows, built to cost little on large outputs: while a
// parse runs, each span is a small pointer-free record (row, field id,
// offsets, transform id), so the garbage collector neither scans nor
// write-barriers it; finish hands the records to the context as they are,
// and a SpanSet builds Spans from them only when they are read. A row's
// spans can be dropped until then.

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
	c     *Context
	spans []compactSpan
	key   uint16
	row   int32
	local []string
	mark  spanMark // where the current row's spans begin
}

// newRowSpans prepares for about perRow spans per line of output, so that
// recording a large output does not regrow its buffer.
func newRowSpans(c *Context, perRow int) rowSpans {
	r := rowSpans{c: c}
	if c.recording {
		r.spans = make([]compactSpan, 0, min(lex.CountLines(c.Raw), 1<<20)*perRow)
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

// begin starts the spans of row idx of the top-level array key.
func (r *rowSpans) begin(key uint16, idx int) {
	r.key, r.row = key, int32(idx)
	r.mark = spanMark{len(r.spans)}
}

// add records a field of the current row from Raw[start:end].
func (r *rowSpans) add(field uint16, start, end int, tr spanTr) {
	r.spans = append(r.spans, compactSpan{int32(start), int32(end), r.row, r.key, field, tr})
}

// discard drops the current row's spans.
func (r *rowSpans) discard() { r.truncate(r.mark) }

func (r *rowSpans) truncate(m spanMark) { r.spans = r.spans[:m.n] }

// finish hands the recorded spans to the context, which keeps them in this
// compact form until someone asks for them (see SpanSet). Call it once, at
// the end of a successful parse.
func (r *rowSpans) finish() {
	if len(r.spans) > 0 {
		r.c.addSpanSeg(&rowSeg{spans: r.spans, local: r.local})
	}
	r.spans = nil
}

// rowSeg is what rowSpans hands over: "/key/row/field" pointers.
type rowSeg struct {
	spans []compactSpan
	local []string
}

func (g *rowSeg) segLen() int { return len(g.spans) }

func (g *rowSeg) each(b []byte, f spanFunc) bool {
	for i := range g.spans {
		s := &g.spans[i]
		b = append(b[:0], '/')
		b = append(b, g.name(s.key)...)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(s.row), 10)
		b = append(b, '/')
		b = append(b, g.name(s.field)...)
		if !f(b, int(s.start), int(s.end), trNames[s.tr]) {
			return false
		}
	}
	return true
}

func (g *rowSeg) name(id uint16) string {
	if id >= localIDs {
		return g.local[id-localIDs]
	}
	return spanNames[id]
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
