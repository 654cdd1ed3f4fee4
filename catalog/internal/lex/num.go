package lex

import (
	"strconv"
	"strings"
)

// Atoi64 is Atoi up to int64's 19 digits: APFS inode numbers pass 2^60
// (1152921500311943298).
func Atoi64(v string) (int64, bool) {
	n, ok := Atoi(v)
	if !ok && len(v) == 19 && IsDigits(v) {
		n64, err := strconv.ParseInt(v, 10, 64)
		n, ok = n64, err == nil
	}
	return n, ok
}

// IsInt reports whether s is a decimal integer that fits int64, a sign
// allowed.
func IsInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// Float reads a decimal number as strconv does, a sign allowed, but no
// hex, exponent, underscore, Inf or NaN.
func Float(s string) (float64, bool) {
	if s == "" || strings.ContainsAny(s, "xXpPeEinIN_") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// IsFloat reports whether s is what Float reads.
func IsFloat(s string) bool {
	_, ok := Float(s)
	return ok
}

// Decimal reads a plain decimal ("0.121", "12", "-1.5"): digits, at most
// one '.', a leading '-'; no '+', exponent, "inf" or "nan", which strconv
// would accept.
func Decimal(s string) (float64, bool) {
	if s == "" {
		return 0, false
	}
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		case c == '-' && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// Hex reads 1 to 15 hexadecimal digits (either case).
func Hex(s string) (int64, bool) {
	if s == "" || len(s) > 15 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			n = n<<4 | int64(c-'0')
		case c >= 'a' && c <= 'f':
			n = n<<4 | int64(c-'a'+10)
		case c >= 'A' && c <= 'F':
			n = n<<4 | int64(c-'A'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

// IsHex reports whether s is one or more hexadecimal digits (either
// case), of any length (BSD netstat's addresses, checksums).
func IsHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !IsHexDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// IsHexDigit reports whether b is a hexadecimal digit (either case).
func IsHexDigit(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}

// Port finds the port of an address as printed, after the last sep (':'
// on Linux, '.' on BSD). It returns the port's offset within addr when the
// port is a number up to 65535.
func Port(addr string, sep byte) (ps int, port int64, ok bool) {
	i := strings.LastIndexByte(addr, sep)
	if i < 0 || i == len(addr)-1 {
		return 0, 0, false
	}
	n, ok := Atoi(addr[i+1:])
	if !ok || n > 65535 {
		return 0, 0, false
	}
	return i + 1, n, true
}
