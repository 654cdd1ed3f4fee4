package lex

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// Lines walks Raw line by line; each line excludes its "\n" and a
// trailing "\r" (Windows output). With NUL, records end with a NUL byte
// instead (find -print0, grep -z, head -z) and a "\r" is kept.
type Lines struct {
	Raw string
	Pos int  // offset of the next line
	NUL bool // records end with '\x00', not '\n'
	// NonBlank counts the lines NextNonBlank returned: a parser that read
	// none of them says the output was not recognized.
	NonBlank int
}

// Next returns the next line and the offset of its first byte.
func (it *Lines) Next() (line string, start int, ok bool) {
	if it.Pos >= len(it.Raw) {
		return "", 0, false
	}
	start = it.Pos
	if it.NUL {
		end := len(it.Raw)
		if j := strings.IndexByte(it.Raw[start:], 0); j >= 0 {
			end = start + j
		}
		it.Pos = end + 1
		return it.Raw[start:end], start, true
	}
	end := NextNL(it.Raw, start)
	it.Pos = end + 1
	line = it.Raw[start:end]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, start, true
}

// NextNonBlank is Next, passing over the lines that hold only spaces and
// tabs.
func (it *Lines) NextNonBlank() (line string, start int, ok bool) {
	for {
		line, start, ok = it.Next()
		if !ok {
			return "", 0, false
		}
		if !IsBlank(line) {
			it.NonBlank++
			return line, start, true
		}
	}
}

// All ranges over the lines Next returns, with their offsets.
func (it *Lines) All() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for {
			l, s, ok := it.Next()
			if !ok || !yield(l, s) {
				return
			}
		}
	}
}

// NonBlankLines ranges over the lines NextNonBlank returns, with their
// offsets, counting them in NonBlank.
func (it *Lines) NonBlankLines() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for {
			l, s, ok := it.NextNonBlank()
			if !ok || !yield(l, s) {
				return
			}
		}
	}
}

// CountLines is a cheap upper bound for preallocating row slices.
func CountLines(raw string) int { return strings.Count(raw, "\n") + 1 }

// NextNL returns the index of the first '\n' in s at or after i, or len(s).
func NextNL(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// IsSpace reports whether b separates fields: a space or a tab.
func IsSpace(b byte) bool { return b == ' ' || b == '\t' }

// IsBlank reports whether a line holds only spaces and tabs.
func IsBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !IsSpace(s[i]) {
			return false
		}
	}
	return true
}

// SkipBlanks returns the first index at or after i that is not a space or
// a tab, or len(s).
func SkipBlanks(s string, i int) int {
	for i < len(s) && IsSpace(s[i]) {
		i++
	}
	return i
}

// SkipWord returns the first index at or after i that is a space or a
// tab, or len(s).
func SkipWord(s string, i int) int {
	for i < len(s) && !IsSpace(s[i]) {
		i++
	}
	return i
}

// NextField returns the next whitespace-separated word of line at or
// after i as [start, end); start is len(line) when there is none.
func NextField(line string, i int) (int, int) {
	i = SkipBlanks(line, i)
	return i, SkipWord(line, i)
}

// Field is a [Start, End) range of a whitespace-separated word in a line.
type Field struct{ Start, End int }

// Fields appends up to max fields of line to dst (max <= 0: all). When
// max is reached, the last field runs to the end of the line with trailing
// spaces removed, which is how a command or file name containing spaces is
// kept whole.
func Fields(dst []Field, line string, max int) []Field {
	i := 0
	for {
		i = SkipBlanks(line, i)
		if i >= len(line) {
			return dst
		}
		if max > 0 && len(dst) == max-1 {
			end := len(line)
			for end > i && IsSpace(line[end-1]) {
				end--
			}
			return append(dst, Field{i, end})
		}
		j := SkipWord(line, i)
		dst = append(dst, Field{i, j})
		i = j
	}
}

// TrimSpaceRange narrows [s,e) of line to exclude spaces and tabs.
func TrimSpaceRange(line string, s, e int) (int, int) {
	for s < e && IsSpace(line[s]) {
		s++
	}
	for e > s && IsSpace(line[e-1]) {
		e--
	}
	return s, e
}

// Digits reads the decimal digits at s[i:] and returns their value and
// the index after them; past 18 digits the value overflows, which callers
// check by the count.
func Digits(s string, i int) (int64, int) {
	var v int64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		v = v*10 + int64(s[i]-'0')
		i++
	}
	return v, i
}

// Atoi parses a non-negative decimal integer of 1 to 18 digits; ok is
// false for anything else.
func Atoi(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	n, end := Digits(s, 0)
	return n, end == len(s)
}

// IsDigits reports whether s is one or more decimal digits.
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// IsOctal reports whether b is an octal digit.
func IsOctal(b byte) bool { return b >= '0' && b <= '7' }

// Word is a whitespace-separated word of a line: its bytes [Start, End)
// and its display columns [Col, EndCol) (runes, tabs and spaces one
// column each), for tables whose columns line up on screen.
type Word struct{ Start, End, Col, EndCol int }

// Words appends the words of line to dst.
func Words(dst []Word, line string) []Word {
	col := 0
	i := 0
	for i < len(line) {
		for i < len(line) && IsSpace(line[i]) {
			i++
			col++
		}
		if i >= len(line) {
			break
		}
		w := Word{Start: i, Col: col}
		for i < len(line) && !IsSpace(line[i]) {
			if line[i] < utf8.RuneSelf || utf8.RuneStart(line[i]) {
				col++
			}
			i++
		}
		w.End, w.EndCol = i, col
		dst = append(dst, w)
	}
	return dst
}
