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
	v := c.Raw[s:e]
	n, unit, ok := lex.Size(v, d)
	if !ok {
		return nil
	}
	num := strings.TrimRight(strings.TrimSuffix(strings.TrimRight(v, " "), unit), " ")
	c.SpanPath(s, s+len(num), tr(unit), tokens...)
	return &n
}
