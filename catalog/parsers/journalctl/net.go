package journalctl

import (
	"github.com/parism-go/parism/catalog/internal/lex"
)

// netInt reads an optionally signed decimal integer.
func netInt(s string) (int64, bool) {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		n, ok := lex.Atoi(s[1:])
		if s[0] == '-' {
			n = -n
		}
		return n, ok
	}
	return lex.Atoi(s)
}
