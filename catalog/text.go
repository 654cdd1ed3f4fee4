package catalog

// Text helpers shared by the parsers. They work on offsets into the raw
// string so that spans come for free and no line is copied.

// lineIter walks raw line by line; each line excludes its "\n" and a
// trailing "\r" (Windows output).
type lineIter struct {
	raw string
	pos int
}

// next returns the next line and the offset of its first byte.
func (it *lineIter) next() (line string, start int, ok bool) {
	if it.pos >= len(it.raw) {
		return "", 0, false
	}
	start = it.pos
	end := len(it.raw)
	for i := start; i < len(it.raw); i++ {
		if it.raw[i] == '\n' {
			end = i
			break
		}
	}
	it.pos = end + 1
	line = it.raw[start:end]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, start, true
}

// field is a [start, end) range of a whitespace-separated word in a line.
type field struct{ start, end int }

func isSpace(b byte) bool { return b == ' ' || b == '\t' }

// splitFields appends up to max fields of line to dst (max <= 0: all). When
// max is reached, the last field runs to the end of the line with trailing
// spaces removed, which is how a command or file name containing spaces is
// kept whole.
func splitFields(dst []field, line string, max int) []field {
	i := 0
	for {
		i = skipBlanks(line, i)
		if i >= len(line) {
			return dst
		}
		if max > 0 && len(dst) == max-1 {
			end := len(line)
			for end > i && isSpace(line[end-1]) {
				end--
			}
			return append(dst, field{i, end})
		}
		j := skipWord(line, i)
		dst = append(dst, field{i, j})
		i = j
	}
}

// scanDigits reads the decimal digits at s[i:] as they are scanned and
// returns their value and the index after them; past 18 digits the value
// overflows, which callers check by the count.
func scanDigits(s string, i int) (int64, int) {
	var v int64
	for i < len(s) {
		d := s[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + int64(d)
		i++
	}
	return v, i
}

// atoi parses a non-negative decimal integer; ok is false for anything else.
func atoi(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// isBlank reports whether a line holds only spaces.
func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}
