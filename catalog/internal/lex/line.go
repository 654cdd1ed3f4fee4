package lex

import (
	"strings"
	"unicode/utf8"
)

// Line is one line of the output: its text (without "\n" or a final "\r")
// and the offset of its first byte.
type Line struct {
	Text string
	At   int
}

// SplitLines reads raw into its lines (Lines, collected).
func SplitLines(raw string) []Line {
	out := make([]Line, 0, min(CountLines(raw), 1<<16))
	it := Lines{Raw: raw}
	for {
		s, at, ok := it.Next()
		if !ok {
			return out
		}
		out = append(out, Line{s, at})
	}
}

// LineFields are the whitespace-separated words of l (Fields) as ranges
// of the raw output; max > 0 keeps the rest of the line in the last one.
func LineFields(l Line, max int) [][2]int {
	fs := Fields(nil, l.Text, max)
	out := make([][2]int, len(fs))
	for i, f := range fs {
		out[i] = [2]int{l.At + f.Start, l.At + f.End}
	}
	return out
}

// KeyValue splits l at the first sep into a key and a value, both trimmed
// of blanks, as ranges of the raw output; ok is false without sep, with
// an empty key, or with a key that is not valid UTF-8 (JSON would carry
// another key than the bytes read).
func KeyValue(l Line, sep string) (ks, ke, vs, ve int, ok bool) {
	i := strings.Index(l.Text, sep)
	if i <= 0 {
		return 0, 0, 0, 0, false
	}
	ks, ke = TrimSpaceRange(l.Text, 0, i)
	vs, ve = TrimSpaceRange(l.Text, i+len(sep), len(l.Text))
	if ks == ke || !utf8.ValidString(l.Text[ks:ke]) {
		return 0, 0, 0, 0, false
	}
	return l.At + ks, l.At + ke, l.At + vs, l.At + ve, true
}

// TrimCR drops the carriage returns left at the end of a line.
func TrimCR(s string) string {
	for len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return s
}
