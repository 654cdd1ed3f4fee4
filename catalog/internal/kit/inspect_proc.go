package kit

import (
	"strings"
)

func isTopFloat(s string) bool {
	i := strings.IndexByte(s, '.')
	return i > 0 && InsIsInt(s[:i]) && (i == len(s)-1 || InsIsInt(s[i+1:]))
}
