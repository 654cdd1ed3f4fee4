package catalog

import (
	"iter"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// SpanSet holds the spans of one parse in the compact form SpanRec
// records them in: per span a small pointer-free record (offsets,
// template, indices, leaf and transform ids), not a Span with two strings. A Span costs about 56
// bytes plus its pointer text and is a pointer the garbage collector scans;
// building one per field of a large output costs more than parsing it. A
// SpanSet builds Spans (pointer strings, line numbers) only when they are
// read, which explain_result does for a few hundred at most.
//
// A SpanSet is immutable once Parse returns it and safe for concurrent use.
type SpanSet struct {
	raw  string
	own  *recordSeg // spans recorded one by one (Context.Span), in call order
	segs []spanSegAt
	n    int

	linesOnce  sync.Once
	lineStarts []int // offsets at which a line starts, for Span.Line
	validOnce  sync.Once
	rawValid   bool // raw is valid UTF-8
}

// spanFunc receives one span while a SpanSet is walked: its JSON Pointer
// (valid during the call), byte range and transform. A verbatim span whose
// bytes are not valid UTF-8 is told apart only then: JSON carries such
// text with U+FFFD in place of the bad bytes, so its transform is then
// "invalidUTF8". It returns false to stop the walk.
type spanFunc func(ptr []byte, start, end int, transform string) bool

// spanSegAt places a recorder's spans among the context's own (Span): they
// come after the first at of those, as the recorder finished then.
type spanSegAt struct {
	at  int
	seg *recordSeg
}

// addSpanSeg takes a recorder's spans at the end of its parse.
func (c *Context) addSpanSeg(seg *recordSeg) {
	if c.recording && len(seg.spans) > 0 {
		c.segs = append(c.segs, spanSegAt{at: len(c.own.Spans), seg: seg})
	}
}

// SpanSet returns what the parse recorded, or nil when it did not record.
func (c *Context) SpanSet() *SpanSet {
	if !c.recording {
		return nil
	}
	own := c.rec().seg()
	s := &SpanSet{raw: c.Raw, own: own, segs: c.segs, n: len(own.spans)}
	for _, g := range c.segs {
		s.n += len(g.seg.spans)
	}
	return s
}

// Len is the number of spans; a nil SpanSet has none.
func (s *SpanSet) Len() int {
	if s == nil {
		return 0
	}
	return s.n
}

// walk calls f with every span in order, its pointer as bytes that are
// valid only during the call.
func (s *SpanSet) walk(f spanFunc) {
	if s == nil {
		return
	}
	g := func(ptr []byte, start, end int, tr string) bool {
		if tr == "" && !s.validText(start, end) {
			tr = "invalidUTF8"
		}
		return f(ptr, start, end, tr)
	}
	e := 0
	for _, sg := range s.segs {
		if !s.own.eachIn(e, sg.at, nil, g) {
			return
		}
		e = sg.at
		if !sg.seg.each(nil, g) {
			return
		}
	}
	s.own.eachIn(e, len(s.own.spans), nil, g)
}

// All yields every span, line numbers filled in, in the order they were
// recorded. Each yielded Span is built anew.
func (s *SpanSet) All() iter.Seq[Span] {
	return func(yield func(Span) bool) {
		s.walk(func(ptr []byte, start, end int, tr string) bool {
			return yield(Span{Pointer: string(ptr), Start: start, End: end, Transform: tr, Line: s.line(start)})
		})
	}
}

// Slice builds every span at once, their pointers in one string.
func (s *SpanSet) Slice() []Span {
	if s.Len() == 0 {
		return nil
	}
	out := make([]Span, 0, s.n)
	text := make([]byte, 0, s.n*24) // pointers run about this long ("/entries/1234/size_bytes")
	ends := make([]int32, 0, s.n)
	s.walk(func(ptr []byte, start, end int, tr string) bool {
		text = append(text, ptr...)
		ends = append(ends, int32(len(text)))
		out = append(out, Span{Start: start, End: end, Transform: tr})
		return true
	})
	all := string(text)
	at := int32(0)
	for i := range out {
		out[i].Pointer = all[at:ends[i]]
		at = ends[i]
		out[i].Line = s.line(out[i].Start)
	}
	return out
}

// line is the 1-based number of the line holding byte offset off, as
// lineNumbers counts.
func (s *SpanSet) line(off int) int {
	s.linesOnce.Do(func() {
		s.lineStarts = []int{0}
		raw := s.raw
		for i := 0; i < len(raw); {
			j := strings.IndexByte(raw[i:], '\n')
			if j < 0 {
				break
			}
			j += i
			if j+1 < len(raw) {
				s.lineStarts = append(s.lineStarts, j+1)
			}
			i = j + 1
		}
	})
	return sort.SearchInts(s.lineStarts, off+1)
}

// validText reports whether raw[start:end] is valid UTF-8. When the whole
// output is, a range is unless it cuts a character, which only its two
// ends can show.
func (s *SpanSet) validText(start, end int) bool {
	s.validOnce.Do(func() { s.rawValid = utf8.ValidString(s.raw) })
	raw := s.raw
	if !s.rawValid {
		return utf8.ValidString(raw[start:end])
	}
	return (start >= len(raw) || utf8.RuneStart(raw[start])) && (end >= len(raw) || utf8.RuneStart(raw[end]))
}
