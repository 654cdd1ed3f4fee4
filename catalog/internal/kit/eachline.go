package kit

import (
	"iter"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// EachLine yields the lines of raw as lex.SplitLines does, one at a time: a
// parser that reads each line once needs no slice of them all.
func EachLine(raw string) iter.Seq[lex.Line] {
	return func(yield func(lex.Line) bool) {
		it := lex.Lines{Raw: raw}
		for {
			s, at, ok := it.Next()
			if !ok || !yield(lex.Line{Text: s, At: at}) {
				return
			}
		}
	}
}
