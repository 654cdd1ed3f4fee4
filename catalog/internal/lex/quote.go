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
		if i+1 >= len(q) {
			return "", 0, false
		}
		e := q[i+1]
		i += 2
		switch e {
		case 'a':
			b.WriteByte('\a')
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
		case 'v':
			b.WriteByte('\v')
		case '"', '\\', '\'', '?':
			b.WriteByte(e)
		case '0', '1', '2', '3':
			if i+1 >= len(q) || !IsOctal(q[i]) || !IsOctal(q[i+1]) {
				return "", 0, false
			}
			b.WriteByte((e-'0')<<6 | (q[i]-'0')<<3 | (q[i+1] - '0'))
			i += 2
		default:
			return "", 0, false
		}
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
