package catalog

import (
	"sort"
	"strconv"
	"time"
)

// Span locates the source of one emitted value: the UTF-8 byte range
// [Start, End) of the raw text it was read from.
type Span struct {
	Pointer   string `json:"pointer"`
	Start     int    `json:"start"`
	End       int    `json:"end"`
	Line      int    `json:"line"`
	Transform string `json:"transform,omitempty"`
}

// Verbatim reports whether the value is the source bytes themselves.
func (s Span) Verbatim() bool { return s.Transform == "" }

// Context is what a parser reads and where it reports what it could not.
type Context struct {
	// Raw is the command's output, never modified.
	Raw string
	// Args are the arguments, read once by the registry (Parser.ReadArgs):
	// Args.List as given, subcommand included.
	Args Args
	// OS is the userland whose output this is.
	OS OS
	// Now anchors dates the output leaves incomplete (ls omits the year of
	// recent files); Location is their zone.
	Now      time.Time
	Location *time.Location
	// MaxItems bounds the rows a parser keeps (0: no bound).
	MaxItems int

	recording bool
	own       SpanRec     // spans recorded one by one (Span), in call order
	segs      []spanSegAt // spans of the row recorders (Rows)
	unread    []int
	omitted   int
	joined    int
	warnings  []string
}

// Recording reports whether spans were requested. Parsers build pointers
// only when it is true, so recording costs nothing otherwise.
func (c *Context) Recording() bool { return c.recording }

// Span records that the value at path came from Raw[start:end]; an empty
// transform means verbatim. The path is the value's JSON Pointer given as
// its tokens: strings (escaped here) and ints (indices), and Pointer text
// spliced in as is ("/root", or a prefix built earlier). A path of strings
// and ints becomes its pointer text only when the span set is read; with
// recording off a call costs a branch and allocates nothing. A verbatim span whose bytes are not valid
// UTF-8 is read back as "invalidUTF8": JSON carries such text with U+FFFD
// in place of the bad bytes, so the value is no longer the source bytes.
func (c *Context) Span(start, end int, transform string, path ...any) {
	if c.recording {
		c.rec().Path(start, end, transform, path...)
	}
}

// Mark and Truncate drop the spans Span recorded for what turns out not
// to be kept (a line given up halfway): Truncate(Mark()) drops every span
// recorded since the mark.
func (c *Context) Mark() int { return len(c.own.Spans) }

func (c *Context) Truncate(m int) {
	if !c.recording {
		return
	}
	c.rec().Truncate(m)
	// A row recorder that finished since the mark now follows the spans
	// that stay.
	for i := range c.segs {
		c.segs[i].at = min(c.segs[i].at, m)
	}
}

// Rows is a recorder of the spans of rows (SpanRec), prepared for about
// perLine spans per line of output so that recording a large output does
// not regrow its buffer.
func (c *Context) Rows(perLine int) *SpanRec { return newSpanRec(c, perLine) }

// rec is the context's own recorder, which Span writes to.
func (c *Context) rec() *SpanRec {
	if c.own.c == nil {
		c.own = SpanRec{c: c, On: c.recording}
	}
	return &c.own
}

// Unread reports a data line (by its start offset) that could not be read.
func (c *Context) Unread(offset int) { c.unread = append(c.unread, offset) }

// Omit reports n rows dropped because MaxItems was reached.
func (c *Context) Omit(n int) { c.omitted += n }

// Join reports n data lines read as the rest of the row before them (a
// name holding a newline): they are part of that row, not lost.
func (c *Context) Join(n int) { c.joined += n }

// Full reports whether rows already kept reached MaxItems.
func (c *Context) Full(rows int) bool { return c.MaxItems > 0 && rows >= c.MaxItems }

// UnreadOffsets are the start offsets of the lines reported with Unread.
func (c *Context) UnreadOffsets() []int { return c.unread }

// Omitted is the number of rows reported with Omit.
func (c *Context) Omitted() int { return c.omitted }

// Warnings are the notes added with Warn, in order.
func (c *Context) Warnings() []string { return c.warnings }

// RecordSpans turns span recording on, for a caller that runs a parser's
// Parse on a Context of its own (a test); Registry.Parse sets it from
// Input.Spans.
func (c *Context) RecordSpans() { c.recording = true }

// Warn adds a note for the caller, such as an assumed year or zone.
func (c *Context) Warn(msg string) { c.warnings = append(c.warnings, msg) }

// Pointer is JSON Pointer text, already escaped, such as "/root" or a
// prefix built earlier: as a token of Span's path or Ptr's it is spliced
// in as is.
type Pointer string

// Ptr builds a JSON Pointer from tokens (strings and ints, escaping ~ and
// / in strings; Pointer text as is).
func Ptr(tokens ...any) string {
	var b []byte
	for _, t := range tokens {
		if p, ok := t.(Pointer); ok {
			b = append(b, p...)
			continue
		}
		b = append(b, '/')
		switch v := t.(type) {
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		case string:
			b = appendEscaped(b, v)
		}
	}
	return string(b)
}

// LineNumbers converts byte offsets into 1-based line numbers.
func LineNumbers(raw string, offsets []int) []int {
	starts := []int{0}
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\n' && i+1 < len(raw) {
			starts = append(starts, i+1)
		}
	}
	out := make([]int, len(offsets))
	for i, off := range offsets {
		out[i] = sort.Search(len(starts), func(j int) bool { return starts[j] > off })
	}
	return out
}
