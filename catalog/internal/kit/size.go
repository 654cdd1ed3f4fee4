package kit

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// Size reads Raw[s:e] as a size of dialect d (lex.Size) and records the
// span of its number, the unit left out, with the transform tr names for
// the unit as printed; nil when it is not a size of d.
func Size(c *catalog.Context, s, e int, d lex.SizeDialect, tr func(unit string) string, tokens ...any) *int64 {
	n, ok := SizeVal(c, s, e, d, tr, tokens...)
	if !ok {
		return nil
	}
	return &n
}

// SizeVal is Size's value, for a row that keeps its numbers in one
// backing array (see IntVal); ok is false when Raw[s:e] is not a size of
// d, and then nothing is recorded.
func SizeVal(c *catalog.Context, s, e int, d lex.SizeDialect, tr func(unit string) string, tokens ...any) (int64, bool) {
	v := c.Raw[s:e]
	n, unit, ok := lex.Size(v, d)
	if !ok {
		return 0, false
	}
	num := strings.TrimRight(strings.TrimSuffix(strings.TrimRight(v, " "), unit), " ")
	c.Span(s, s+len(num), tr(unit), tokens...)
	return n, true
}
