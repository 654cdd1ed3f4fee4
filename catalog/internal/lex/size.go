package lex

import (
	"math"
	"strconv"
	"strings"
)

// HumanSize reports whether v is a size as ls -h, du -h and df -h print
// it: digits with '.' or ',' and at most one unit letter ("4.0K", "12M",
// BSD's "512B", --si's "5.0k", "0"). With iec, macOS df's binary forms
// ("460Gi", "1.0Ki", "0Bi") are sizes too.
func HumanSize(v string, iec bool) bool {
	if n := len(v); iec && n > 2 && v[n-1] == 'i' && v[n-2] >= 'A' && v[n-2] <= 'Z' {
		v = v[:n-1]
	}
	digits := 0
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.' || v[i] == ',') {
		if v[i] >= '0' && v[i] <= '9' {
			digits++
		}
		i++
	}
	switch {
	case digits == 0:
		return false
	case i == len(v):
		return true
	case i != len(v)-1:
		return false
	}
	return strings.IndexByte("BKkMGTPEZYRQ", v[i]) >= 0
}

// Bytes reads a size with its unit spelled out, as docker prints them:
// IEC units ("1.5MiB", "7.6GiB"), SI ones ("1.2kB", "187MB"), "0B". The
// printed number is converted exactly and rounded to whole bytes.
func Bytes(s string) (int64, bool) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, false
	}
	var mult float64
	switch strings.TrimSpace(s[i:]) {
	case "B":
		mult = 1
	case "kB", "KB":
		mult = 1e3
	case "MB":
		mult = 1e6
	case "GB":
		mult = 1e9
	case "TB":
		mult = 1e12
	case "PB":
		mult = 1e15
	case "KiB":
		mult = 1 << 10
	case "MiB":
		mult = 1 << 20
	case "GiB":
		mult = 1 << 30
	case "TiB":
		mult = 1 << 40
	case "PiB":
		mult = 1 << 50
	default:
		return 0, false
	}
	v := math.Round(f * mult)
	if v >= math.MaxInt64/2 {
		return 0, false
	}
	return int64(v), true
}
