package diag

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// readGoEvent decodes one line into a goEvent as encoding/json.Unmarshal
// does (keys matched case-insensitively by its folding, the last of a
// repeated key wins, null leaves a string as it is and clears a pointer,
// invalid UTF-8 and lone surrogates become U+FFFD, nesting bounded at
// 10000); ok is false exactly when Unmarshal returns an error
// (FuzzGoEventDecoder holds the two together). encoding/json took 60% of
// parsing a 1 MB go test -json stream (55-62 MB/cpu-s); string values
// without escapes are slices of the line here, not copies.
func readGoEvent(line string) (ev goEvent, ok bool) {
	r := jsonReader{s: line}
	r.space()
	switch {
	case r.i < len(r.s) && r.s[r.i] == '{':
		ok = r.event(&ev)
	case strings.HasPrefix(r.s[r.i:], "null"):
		r.i += 4
		ok = true
	default: // any other value is not an object: a syntax or a type error
		return goEvent{}, false
	}
	r.space()
	return ev, ok && r.i == len(r.s)
}

// jsonMaxDepth is encoding/json's bound on nesting.
const jsonMaxDepth = 10000

// jsonReader reads JSON from s at i; each method reports whether what it
// read is valid.
type jsonReader struct {
	s string
	i int
}

func (r *jsonReader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// next is the byte at i, 0 at the end.
func (r *jsonReader) next() byte {
	if r.i < len(r.s) {
		return r.s[r.i]
	}
	return 0
}

// event reads an object at i into ev, skipping the keys no field has.
func (r *jsonReader) event(ev *goEvent) bool {
	r.i++ // '{'
	r.space()
	if r.next() == '}' {
		r.i++
		return true
	}
	for {
		if r.next() != '"' {
			return false
		}
		key, ok := r.str()
		if !ok {
			return false
		}
		r.space()
		if r.next() != ':' {
			return false
		}
		r.i++
		r.space()
		if !r.field(ev, key) {
			return false
		}
		r.space()
		switch r.next() {
		case ',':
			r.i++
			r.space()
		case '}':
			r.i++
			return true
		default:
			return false
		}
	}
}

// field reads the value of key at i into its field of ev.
func (r *jsonReader) field(ev *goEvent, key string) bool {
	var dst *string
	switch {
	case foldEq(key, "ACTION"):
		dst = &ev.Action
	case foldEq(key, "PACKAGE"):
		dst = &ev.Package
	case foldEq(key, "IMPORTPATH"):
		dst = &ev.ImportPath
	case foldEq(key, "TEST"):
		dst = &ev.Test
	case foldEq(key, "FAILEDBUILD"):
		dst = &ev.FailedBuild
	case foldEq(key, "OUTPUT"):
		if r.null() {
			ev.Output = nil
			return true
		}
		if r.next() != '"' {
			return false
		}
		s, ok := r.str()
		ev.Output = &s
		return ok
	case foldEq(key, "ELAPSED"):
		if r.null() {
			ev.Elapsed = nil
			return true
		}
		start := r.i
		if !r.number() {
			return false
		}
		f, err := strconv.ParseFloat(r.s[start:r.i], 64)
		ev.Elapsed = &f
		return err == nil
	default:
		return r.skip(1)
	}
	if r.null() {
		return true
	}
	if r.next() != '"' {
		return false
	}
	s, ok := r.str()
	*dst = s
	return ok
}

// null reads a null at i.
func (r *jsonReader) null() bool {
	if strings.HasPrefix(r.s[r.i:], "null") {
		r.i += 4
		return true
	}
	return false
}

// foldEq reports whether key folds to upper (upper case ASCII) the way
// encoding/json folds names: ASCII letters to upper case, any other rune
// to the smallest of its simple folding orbit (the Kelvin sign is K, the
// long s is S).
func foldEq(key, upper string) bool {
	j := 0
	for i := 0; i < len(key); {
		c := key[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			i++
		} else {
			ru, n := utf8.DecodeRuneInString(key[i:])
			i += n
			f := foldRune(ru)
			if f >= utf8.RuneSelf {
				return false
			}
			c = byte(f)
		}
		if j >= len(upper) || upper[j] != c {
			return false
		}
		j++
	}
	return j == len(upper)
}

// foldRune is the smallest rune of r's simple folding orbit.
func foldRune(r rune) rune {
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}

// str reads a string at i (at its '"') and returns its value.
func (r *jsonReader) str() (string, bool) {
	r.i++
	start := r.i
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			return r.s[start : r.i-1], true
		case c == '\\' || c < ' ':
			return r.strSlow(start)
		case c >= utf8.RuneSelf:
			ru, n := utf8.DecodeRuneInString(r.s[r.i:])
			if ru == utf8.RuneError && n == 1 {
				return r.strSlow(start)
			}
			r.i += n
			continue
		}
		r.i++
	}
	return "", false
}

// strSlow reads the rest of a string whose bytes from start to i needed
// nothing done.
func (r *jsonReader) strSlow(start int) (string, bool) {
	var b strings.Builder
	b.WriteString(r.s[start:r.i])
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			return b.String(), true
		case c < ' ':
			return "", false
		case c < utf8.RuneSelf && c != '\\':
			b.WriteByte(c)
			r.i++
		case c >= utf8.RuneSelf:
			ru, n := utf8.DecodeRuneInString(r.s[r.i:])
			b.WriteRune(ru) // an invalid byte is U+FFFD
			r.i += n
		default: // '\\'
			if r.i+1 >= len(r.s) {
				return "", false
			}
			e := r.s[r.i+1]
			r.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				ru, ok := hex4(r.s, r.i)
				if !ok {
					return "", false
				}
				r.i += 4
				if utf16.IsSurrogate(ru) {
					// a pair is read whole; anything else is U+FFFD and
					// what follows is read on its own
					if r.i+1 < len(r.s) && r.s[r.i] == '\\' && r.s[r.i+1] == 'u' {
						if lo, ok := hex4(r.s, r.i+2); ok {
							if d := utf16.DecodeRune(ru, lo); d != unicode.ReplacementChar {
								b.WriteRune(d)
								r.i += 6
								continue
							}
						}
					}
					ru = unicode.ReplacementChar
				}
				b.WriteRune(ru)
			default:
				return "", false
			}
		}
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var ru rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		ru = ru*16 + rune(c)
	}
	return ru, true
}

// number reads a number at i.
func (r *jsonReader) number() bool {
	if r.next() == '-' {
		r.i++
	}
	switch c := r.next(); {
	case c == '0':
		r.i++
	case '1' <= c && c <= '9':
		r.digits()
	default:
		return false
	}
	if r.next() == '.' {
		r.i++
		if !r.digits() {
			return false
		}
	}
	if c := r.next(); c == 'e' || c == 'E' {
		r.i++
		if c := r.next(); c == '+' || c == '-' {
			r.i++
		}
		if !r.digits() {
			return false
		}
	}
	return true
}

// digits reads one or more digits at i.
func (r *jsonReader) digits() bool {
	start := r.i
	for r.i < len(r.s) && '0' <= r.s[r.i] && r.s[r.i] <= '9' {
		r.i++
	}
	return r.i > start
}

// skip reads any value at i, depth being the nesting of what holds it.
func (r *jsonReader) skip(depth int) bool {
	switch c := r.next(); {
	case c == '"':
		_, ok := r.str()
		return ok
	case c == '-' || '0' <= c && c <= '9':
		return r.number()
	case c == '{' || c == '[':
		if depth+1 > jsonMaxDepth {
			return false
		}
		return r.compound(depth + 1)
	}
	for _, lit := range []string{"true", "false", "null"} {
		if strings.HasPrefix(r.s[r.i:], lit) {
			r.i += len(lit)
			return true
		}
	}
	return false
}

// compound reads an object or an array at i, at depth.
func (r *jsonReader) compound(depth int) bool {
	end := byte(']')
	if r.s[r.i] == '{' {
		end = '}'
	}
	r.i++
	r.space()
	if r.next() == end {
		r.i++
		return true
	}
	for {
		if end == '}' {
			if r.next() != '"' {
				return false
			}
			if _, ok := r.str(); !ok {
				return false
			}
			r.space()
			if r.next() != ':' {
				return false
			}
			r.i++
			r.space()
		}
		if !r.skip(depth) {
			return false
		}
		r.space()
		switch r.next() {
		case ',':
			r.i++
			r.space()
		case end:
			r.i++
			return true
		default:
			return false
		}
	}
}
