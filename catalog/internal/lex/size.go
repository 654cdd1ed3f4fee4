package lex

import "strings"

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
