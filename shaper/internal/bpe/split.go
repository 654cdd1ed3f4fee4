package bpe

import (
	"unicode"
	"unicode/utf8"
)

// A Splitter cuts valid UTF-8 text into the pieces an encoding's
// pre-tokenization regular expression matches, in order; the pieces tile
// the text. Each splitter is a hand-written equivalent of the regexp2 program
// tiktoken-go compiles for the encoding (same alternation order, same
// backtracking outcome, same Unicode tables: Go's), so a piece's tokens can be
// counted once and reused. TestSplitMatchesRegexp checks the equivalence.
type Splitter func(s string, i int) int

// rune classes, as bits, for the ASCII range; other runes go through the
// unicode tables.
const (
	cL     = 1 << iota // \p{L}
	cN                 // \p{N}
	cSpace             // \s (unicode.IsSpace)
	cUpper             // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	cLower             // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	cMark              // \p{M}
	cNL                // \r or \n
)

var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		t[r] = classOf(r)
	}
	return t
}()

func classOf(r rune) uint8 {
	var c uint8
	if unicode.IsLetter(r) {
		c |= cL
	}
	if unicode.IsNumber(r) {
		c |= cN
	}
	if unicode.IsSpace(r) {
		c |= cSpace
	}
	mark := unicode.IsMark(r)
	if mark {
		c |= cMark
	}
	if mark || unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo) {
		c |= cUpper
	}
	if mark || unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo) {
		c |= cLower
	}
	if r == '\r' || r == '\n' {
		c |= cNL
	}
	return c
}

// at returns the class and width of the rune at i (i < len(s)).
func at(s string, i int) (uint8, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return asciiClass[b], 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	return classOf(r), n
}

// run returns the end of the run of runes from i whose class has any of the
// bits in want.
func run(s string, i int, want uint8) int {
	for i < len(s) {
		c, n := at(s, i)
		if c&want == 0 {
			break
		}
		i += n
	}
	return i
}

// isPrefix reports whether the class may be the optional leading
// [^\r\n\p{L}\p{N}].
func isPrefix(c uint8) bool { return c&(cL|cN|cNL) == 0 }

// isPunct reports [^\s\p{L}\p{N}].
func isPunct(c uint8) bool { return c&(cL|cN|cSpace) == 0 }

// contraction returns the length of (?i:'s|'t|'re|'ve|'m|'ll|'d) at i, or 0.
// regexp2 folds case the .NET way: [STstſ] for s and t, ASCII pairs
// otherwise.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return 0
	}
	rest := s[i+1:]
	if len(rest) == 0 {
		return 0
	}
	switch rest[0] | 0x20 {
	case 's', 't', 'm', 'd':
		return 2
	case 'r', 'v':
		if len(rest) > 1 && rest[1]|0x20 == 'e' {
			return 3
		}
	case 'l':
		if len(rest) > 1 && rest[1]|0x20 == 'l' {
			return 3
		}
	}
	if len(rest) >= 2 && rest[0] == 0xC5 && rest[1] == 0xBF { // ſ U+017F
		return 3
	}
	return 0
}

// spaces handles the three whitespace alternatives shared by both
// encodings: \s*[\r\n]+ | \s+(?!\S) | \s+. s[i] is a space.
func spaces(s string, i int) int {
	end := run(s, i, cSpace)
	// \s*[\r\n]+: the greedy \s* gives back until a newline follows; the
	// atomic [\r\n]+ then takes that last newline of the run.
	for j := end; j > i; {
		r, n := utf8.DecodeLastRuneInString(s[i:j])
		j -= n
		if r == '\r' || r == '\n' {
			return j + 1
		}
	}
	if end == len(s) {
		return end // \s+(?!\S) at the end of the text
	}
	// \s+(?!\S): give back the last space so that a space follows.
	_, n := utf8.DecodeLastRuneInString(s[i:end])
	if end-n > i {
		return end - n
	}
	return end // \s+
}

// SplitO200k returns the end of the o200k_base piece starting at i:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
func SplitO200k(s string, i int) int {
	c, n := at(s, i)
	// The optional leading character is tried first, as the greedy ? does.
	starts := [2]int{-1, i}
	if isPrefix(c) {
		starts[0] = i + n
	}
	// Alternative 1: upper* lower+ contraction?
	for _, j := range starts {
		if j < 0 {
			continue
		}
		uEnd := run(s, j, cUpper)
		// Greedy upper* gives back runes until a lower-class rune follows.
		p := -1
		if uEnd < len(s) {
			if cc, _ := at(s, uEnd); cc&cLower != 0 {
				p = uEnd
			}
		}
		for q := uEnd; p < 0 && q > j; {
			r, w := utf8.DecodeLastRuneInString(s[j:q])
			q -= w
			if classOf(r)&cLower != 0 {
				p = q
			}
		}
		if p < 0 {
			continue
		}
		e := run(s, p, cLower)
		return e + contraction(s, e)
	}
	// Alternative 2: upper+ lower* contraction?
	for _, j := range starts {
		if j < 0 || j >= len(s) {
			continue
		}
		if cc, _ := at(s, j); cc&cUpper == 0 {
			continue
		}
		e := run(s, run(s, j, cUpper), cLower)
		return e + contraction(s, e)
	}
	return splitRest(s, i, c, n, true)
}

// splitRest handles the alternatives after the letter ones, common to both
// encodings but for the trailing class of the punctuation run.
func splitRest(s string, i int, c uint8, n int, slash bool) int {
	if c&cN != 0 { // \p{N}{1,3}
		e := i + n
		for k := 1; k < 3 && e < len(s); k++ {
			cc, w := at(s, e)
			if cc&cN == 0 {
				break
			}
			e += w
		}
		return e
	}
	// ` ?[^\s\p{L}\p{N}]+[\r\n/]*` (o200k) or `[\r\n]*` (cl100k)
	j := i
	if s[i] == ' ' {
		j++
	}
	if j < len(s) {
		if cc, _ := at(s, j); isPunct(cc) {
			e := j
			for e < len(s) {
				cc, w := at(s, e)
				if !isPunct(cc) {
					break
				}
				e += w
			}
			for e < len(s) && (s[e] == '\r' || s[e] == '\n' || slash && s[e] == '/') {
				e++
			}
			return e
		}
	}
	if c&cSpace != 0 {
		return spaces(s, i)
	}
	// Unreachable for valid input: every rune is a letter, a number, a space
	// or punctuation. Keep the splitter total anyway.
	return i + n
}

// SplitCl100k returns the end of the cl100k_base piece starting at i:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func SplitCl100k(s string, i int) int {
	if k := contraction(s, i); k > 0 {
		return i + k
	}
	c, n := at(s, i)
	if isPrefix(c) && i+n < len(s) {
		if cc, _ := at(s, i+n); cc&cL != 0 {
			return run(s, i+n, cL)
		}
	}
	if c&cL != 0 {
		return run(s, i, cL)
	}
	return splitRest(s, i, c, n, false)
}
