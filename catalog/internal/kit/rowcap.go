package kit

import (
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// RowCap is the capacity to give the row slice of a parser that reads at
// most one row per line: the lines of c.Raw, at most c.MaxItems. Growing
// the slice by appending instead copies every row about twice and was
// most of the time of the parsers with small lines and wide rows (git
// branch: 26 MB/cpu-s growing, see the throughput benchmark).
func RowCap(c *catalog.Context) int {
	n := lex.CountLines(c.Raw)
	if c.MaxItems > 0 && n > c.MaxItems {
		n = c.MaxItems
	}
	return n
}
