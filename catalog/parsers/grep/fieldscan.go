package grep

import (
	"strings"
)

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
