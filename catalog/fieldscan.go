package catalog

import "strings"

// skipBlanks returns the first index at or after i that is not a space or
// a tab, or len(s).
func skipBlanks(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// skipWord returns the first index at or after i that is a space or a
// tab, or len(s).
func skipWord(s string, i int) int {
	for i < len(s) && !isSpace(s[i]) {
		i++
	}
	return i
}

// nextNL returns the index of the first '\n' in s at or after i, or len(s).
func nextNL(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// nextColonDash returns the index of the first ':' or '-' in s at or after
// i, or len(s): where a grep file name may end.
func nextColonDash(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	if j := strings.IndexAny(s[i:], ":-"); j >= 0 {
		return i + j
	}
	return len(s)
}
