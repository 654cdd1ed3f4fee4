package catalog

import (
	"strconv"
	"unicode/utf8"
)

// rowSpans batches the spans of one row so that all of its JSON Pointers
// share one allocation, and so that a row can be dropped (with its spans)
// after the fact. It is used only while c.Recording().
type rowSpans struct {
	c      *Context
	buf    []byte
	prefix int // length of "/rows/12" at the start of buf
	pend   []pendingSpan
}

type pendingSpan struct {
	p0, p1     int
	start, end int
	transform  string
}

// begin starts the spans of row idx of the top-level array key.
func (r *rowSpans) begin(key string, idx int) {
	r.buf = r.buf[:0]
	r.pend = r.pend[:0]
	r.buf = append(r.buf, '/')
	r.buf = append(r.buf, key...)
	r.buf = append(r.buf, '/')
	r.buf = strconv.AppendInt(r.buf, int64(idx), 10)
	r.prefix = len(r.buf)
}

// add records field (a pointer suffix such as "name" or "permissions/owner",
// already escaped) of the current row.
func (r *rowSpans) add(field string, start, end int, transform string) {
	p0 := len(r.buf)
	r.buf = append(r.buf, r.buf[:r.prefix]...)
	r.buf = append(r.buf, '/')
	r.buf = append(r.buf, field...)
	r.pend = append(r.pend, pendingSpan{p0, len(r.buf), start, end, transform})
}

// addIndex records element i of the array field of the current row.
func (r *rowSpans) addIndex(field string, i int, start, end int, transform string) {
	p0 := len(r.buf)
	r.buf = append(r.buf, r.buf[:r.prefix]...)
	r.buf = append(r.buf, '/')
	r.buf = append(r.buf, field...)
	r.buf = append(r.buf, '/')
	r.buf = strconv.AppendInt(r.buf, int64(i), 10)
	r.pend = append(r.pend, pendingSpan{p0, len(r.buf), start, end, transform})
}

// addEscaped records a field whose name may need JSON Pointer escaping.
func (r *rowSpans) addEscaped(field string, start, end int, transform string) {
	p0 := len(r.buf)
	r.buf = append(r.buf, r.buf[:r.prefix]...)
	r.buf = append(r.buf, '/')
	for i := 0; i < len(field); i++ {
		switch field[i] {
		case '~':
			r.buf = append(r.buf, '~', '0')
		case '/':
			r.buf = append(r.buf, '~', '1')
		default:
			r.buf = append(r.buf, field[i])
		}
	}
	r.pend = append(r.pend, pendingSpan{p0, len(r.buf), start, end, transform})
}

// flush hands the current row's spans to the context.
func (r *rowSpans) flush() {
	if len(r.pend) == 0 {
		return
	}
	s := string(r.buf)
	for _, p := range r.pend {
		recordSpan(r.c, s[p.p0:p.p1], p.start, p.end, p.transform)
	}
	r.pend = r.pend[:0]
}

// discard forgets the current row's spans.
func (r *rowSpans) discard() { r.pend = r.pend[:0] }

// recordSpan records a span; a verbatim one whose bytes are not valid UTF-8
// is marked "invalidUTF8", since JSON carries such text with U+FFFD in place
// of the bad bytes and the value is then no longer the source bytes.
func recordSpan(c *Context, pointer string, start, end int, transform string) {
	if transform == "" && !utf8.ValidString(c.Raw[start:end]) {
		transform = "invalidUTF8"
	}
	c.Span(pointer, start, end, transform)
}
