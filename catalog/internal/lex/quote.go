package lex

import (
	"strconv"
	"strings"
)

// CUnquote decodes a C-style quoted string as git (quote_c_style) and GNU
// ls (--quoting-style=c) write it. q must start with '"'. It returns the
// decoded text and the number of bytes of q consumed, or ok false when q
// does not start with a well-formed quoted string.
func CUnquote(q string) (s string, n int, ok bool) {
	if len(q) < 2 || q[0] != '"' {
		return "", 0, false
	}
	i := 1
	for i < len(q) && q[i] != '"' && q[i] != '\\' {
		i++
	}
	if i < len(q) && q[i] == '"' {
		return q[1:i], i + 1, true // no escapes: the text itself
	}
	var b strings.Builder
	b.WriteString(q[1:i])
	for i < len(q) {
		c := q[i]
		switch {
		case c == '"':
			return b.String(), i + 1, true
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		e, n, ok := CEscape(q, i+1, `"\'?`)
		if !ok {
			return "", 0, false
		}
		b.WriteByte(e)
		i += 1 + n
	}
	return "", 0, false
}

// HexUnescape decodes the \xHH escapes lsblk and udev write (a space is
// \x20); ok is false when v holds no "\x", and v is returned as it is. A
// backslash not followed by two hex digits stays.
func HexUnescape(v string) (string, bool) {
	if !strings.Contains(v, `\x`) {
		return v, false
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+3 < len(v) && v[i+1] == 'x' {
			if n, err := strconv.ParseUint(v[i+2:i+4], 16, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String(), true
}

// CEscape decodes the escape sequence whose first byte (the one after the
// backslash) is s[i]: the C letters a b f n r t v, three octal digits of a
// byte ("\000" to "\377"), or a byte of literal standing for itself. It
// returns the byte and how many bytes of s it read from i; ok is false for
// any other sequence, or one cut by the end of s.
func CEscape(s string, i int, literal string) (b byte, n int, ok bool) {
	if i >= len(s) {
		return 0, 0, false
	}
	switch e := s[i]; e {
	case 'a':
		return '\a', 1, true
	case 'b':
		return '\b', 1, true
	case 'f':
		return '\f', 1, true
	case 'n':
		return '\n', 1, true
	case 'r':
		return '\r', 1, true
	case 't':
		return '\t', 1, true
	case 'v':
		return '\v', 1, true
	case '0', '1', '2', '3':
		if i+2 >= len(s) || !IsOctal(s[i+1]) || !IsOctal(s[i+2]) {
			return 0, 0, false
		}
		return (e-'0')<<6 | (s[i+1]-'0')<<3 | (s[i+2] - '0'), 3, true
	default:
		if strings.IndexByte(literal, e) >= 0 {
			return e, 1, true
		}
		return 0, 0, false
	}
}
