package kit

import (
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// FirstLine reads an output of one line (date, uname, id): the first
// line that is not blank and its offset; every later line that is not
// blank is marked unread. ok is false when every line is blank.
func FirstLine(c *catalog.Context) (line string, start int, ok bool) {
	it := lex.Lines{Raw: c.Raw}
	for {
		l, s, more := it.NextNonBlank()
		if !more {
			return line, start, ok
		}
		if ok {
			c.Unread(s)
			continue
		}
		line, start, ok = l, s, true
	}
}
