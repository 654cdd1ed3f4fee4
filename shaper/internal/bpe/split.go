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
	return atSlow(s, i)
}

func atSlow(s string, i int) (uint8, int) {
	r, n := utf8.DecodeRuneInString(s[i:])
	return classOf(r), n
}

// run returns the end of the run of runes from i whose class has any of the
// bits in want.
func run(s string, i int, want uint8) int {
	for i < len(s) {
		if b := s[i]; b < utf8.RuneSelf {
			if asciiClass[b]&want == 0 {
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if classOf(r)&want == 0 {
			break
		}
		i += n
	}
	return i
}

// lastLower returns the start of the last rune in s[j:end] of the lower
// class, or -1.
func lastLower(s string, j, end int) int {
	for q := end; q > j; {
		if b := s[q-1]; b < utf8.RuneSelf {
			q--
			if asciiClass[b]&cLower != 0 {
				return q
			}
			continue
		}
		r, w := utf8.DecodeLastRuneInString(s[j:q])
		q -= w
		if classOf(r)&cLower != 0 {
			return q
		}
	}
	return -1
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
	// \s*[\r\n]+. Backtracking the greedy \s* should stop at the last
	// newline of the run, but the matcher regexp2 generates for tiktoken-go
	// jumps to the first one (IndexOfAny where LastIndexOfAny was meant); the
	// atomic [\r\n]+ then takes the newlines from there. We follow the
	// reference encoder, not the pattern's intent.
	for j := i; j < end; j++ {
		if s[j] == '\r' || s[j] == '\n' {
			for j < end && (s[j] == '\r' || s[j] == '\n') {
				j++
			}
			return j
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
	if e := asciiO200k(s, i); e >= 0 {
		return e
	}
	c, n := at(s, i)
	// Alternatives 1 and 2 each try the optional leading character first,
	// as the greedy ? does, then go without it.
	prefix := isPrefix(c) && i+n < len(s)
	if prefix {
		if e := upperLower(s, i+n); e >= 0 {
			return e
		}
	}
	if c&(cUpper|cLower) != 0 {
		if e := upperLower(s, i); e >= 0 {
			return e
		}
	}
	if prefix {
		if cc, _ := at(s, i+n); cc&cUpper != 0 {
			e := run(s, run(s, i+n, cUpper), cLower)
			return e + contraction(s, e)
		}
	}
	if c&cUpper != 0 {
		e := run(s, run(s, i, cUpper), cLower)
		return e + contraction(s, e)
	}
	return splitRest(s, i, c, n, true)
}

// upperLower matches [upper]*[lower]+(?i:contraction)? at j, or returns -1.
func upperLower(s string, j int) int {
	uEnd := run(s, j, cUpper)
	// Greedy upper* gives back runes until a lower-class rune follows.
	p := -1
	if uEnd < len(s) {
		if cc, _ := at(s, uEnd); cc&cLower != 0 {
			p = uEnd
		}
	}
	if p < 0 && uEnd > j {
		p = lastLower(s, j, uEnd)
	}
	if p < 0 {
		return -1
	}
	e := run(s, p, cLower)
	return e + contraction(s, e)
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
	if e := asciiCl100k(s, i); e >= 0 {
		return e
	}
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

// ASCII byte kinds for asciiO200k.
const (
	aUpper = 1 << iota
	aLower
	aDigit
	aSpace
	aPunct // [^\s\p{L}\p{N}], which is also the optional leading character
	aCRLF  // \r or \n: space, and not a leading character
	aOther // not ASCII
)

var asciiKind = func() (t [256]uint8) {
	for b := range 256 {
		switch c := byte(b); {
		case c >= utf8.RuneSelf:
			t[b] = aOther
		case c >= 'A' && c <= 'Z':
			t[b] = aUpper
		case c >= 'a' && c <= 'z':
			t[b] = aLower
		case c >= '0' && c <= '9':
			t[b] = aDigit
		case c == '\r' || c == '\n':
			t[b] = aSpace | aCRLF
		case asciiClass[c]&cSpace != 0:
			t[b] = aSpace
		default:
			t[b] = aPunct
		}
	}
	return t
}()

// asciiRun returns the end of the run of bytes of kind want from i, and
// whether it stopped at ASCII (or at the end), where the decision it feeds
// is safe to make without Unicode tables.
func asciiRun(s string, i int, want uint8) (int, bool) {
	for i < len(s) {
		k := asciiKind[s[i]]
		if k&want == 0 {
			return i, k != aOther
		}
		i++
	}
	return i, true
}

// asciiO200k is SplitO200k for the commonest pieces, made only of ASCII
// bytes, deciding with byte tables. It returns -1 when a decision needs a
// rune beyond ASCII (which may be a letter, a number or a space), and the
// general path takes over.
func asciiO200k(s string, i int) int {
	return asciiSplit(s, i, asciiWord, true)
}

// asciiCl100k is asciiO200k for cl100k_base, whose words are letters of
// any case and whose contractions stand alone.
func asciiCl100k(s string, i int) int {
	if s[i] == '\'' {
		return -1 // a contraction, maybe: the general path
	}
	return asciiSplit(s, i, asciiLetters, false)
}

func asciiSplit(s string, i int, word func(string, int) int, slash bool) int {
	k := asciiKind[s[i]]
	switch {
	case k&(aUpper|aLower) != 0:
		return word(s, i)
	case k&aDigit != 0:
		e, ok := asciiRun(s, i, aDigit)
		if e-i >= 3 {
			return i + 3
		}
		if !ok {
			return -1
		}
		return e
	case k&aPunct != 0 || k == aSpace && s[i] == ' ':
		// A leading character, then a word?
		if i+1 < len(s) {
			switch nk := asciiKind[s[i+1]]; {
			case nk&(aUpper|aLower) != 0:
				return word(s, i+1)
			case nk == aOther:
				return -1
			}
		}
		j := i
		if s[i] == ' ' {
			j++
		}
		if j >= len(s) || asciiKind[s[j]]&aPunct == 0 {
			return -1 // whitespace: the general path
		}
		e, ok := asciiRun(s, j, aPunct)
		if !ok {
			return -1
		}
		for e < len(s) && (s[e] == '\r' || s[e] == '\n' || slash && s[e] == '/') {
			e++
		}
		return e
	}
	return -1
}

// asciiLetters matches \p{L}+ from j, where s[j] is an ASCII letter, or
// returns -1.
func asciiLetters(s string, j int) int {
	e, ok := asciiRun(s, j, aUpper|aLower)
	if !ok {
		return -1
	}
	return e
}

// asciiWord matches [upper]*[lower]+ or [upper]+[lower]* and a contraction
// from j, where s[j] is an ASCII letter, or returns -1.
func asciiWord(s string, j int) int {
	uEnd, ok := asciiRun(s, j, aUpper)
	if !ok {
		return -1
	}
	e, ok := asciiRun(s, uEnd, aLower)
	if !ok {
		return -1
	}
	return e + contraction(s, e)
}
