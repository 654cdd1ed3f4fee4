package lex

import "strings"

// SGRLine is one line with its ANSI escape sequences (colours, "\x1b[1m")
// taken out, as tools print them when forced to colour (tsc --pretty):
// Text is what a terminal shows, and Raw maps a range of Text back to the
// bytes of the line, so that a value read from the text keeps its span.
type SGRLine struct {
	Text  string
	Start int // offset of the line in the raw output
	// raw is the line as printed when it had an escape ("" when Text is
	// the line itself): Raw walks it to map Text back. A table of the
	// runs between escapes, made per line, was half of the allocations
	// of tsc --pretty on a 1 MB input, most of them for code frame lines
	// nothing maps back.
	raw string
	n   int // length of the line
}

// StripSGR takes the CSI escape sequences ("\x1b[" ... final byte) out of
// line, which starts at offset start of the raw output.
func StripSGR(line string, start int) SGRLine {
	if strings.IndexByte(line, 0x1b) < 0 {
		return SGRLine{Text: line, Start: start, n: len(line)}
	}
	var b strings.Builder
	b.Grow(len(line))
	for i := 0; i < len(line); {
		if j, ok := sgrAt(line, i); ok {
			i = j
			continue
		}
		// The text up to the next escape, copied at once.
		end := len(line)
		if k := strings.IndexByte(line[i+1:], 0x1b); k >= 0 {
			end = i + 1 + k
		}
		b.WriteString(line[i:end])
		i = end
	}
	return SGRLine{Text: b.String(), Start: start, raw: line, n: len(line)}
}

// sgrAt reports whether an escape sequence starts at line[i], and the
// index past its final byte (past the end when it has none).
func sgrAt(line string, i int) (int, bool) {
	if line[i] != 0x1b || i+1 >= len(line) || line[i+1] != '[' {
		return 0, false
	}
	j := i + 2
	for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
		j++
	}
	return j + 1, true
}

// offs is the offsets in the line of Text[s] and Text[e], s <= e, in one
// walk of the line; past the end of Text they run on from its last byte.
func (l SGRLine) offs(s, e int) (int, int) {
	rs, last, t := -1, 0, 0 // t: the bytes of Text passed; last: where the last was
	for r := 0; r < len(l.raw); {
		if j, ok := sgrAt(l.raw, r); ok {
			r = j
			continue
		}
		if t == s {
			rs = r
		}
		if t == e {
			return rs, r
		}
		last = r
		t++
		r++
	}
	if rs < 0 {
		rs = last + s - (t - 1)
	}
	return rs, last + e - (t - 1)
}

// Raw is the range of the raw output that Text[s:e] was read from, and
// whether those bytes are the text itself (no escape inside the range).
func (l SGRLine) Raw(s, e int) (int, int, bool) {
	if l.raw == "" {
		return l.Start + s, l.Start + e, true
	}
	if e <= s {
		at := l.n
		if s < len(l.Text) {
			at, _ = l.offs(s, s)
		}
		return l.Start + at, l.Start + at, true
	}
	rs, re := l.offs(s, e-1)
	re++
	return l.Start + rs, l.Start + re, re-rs == e-s
}
