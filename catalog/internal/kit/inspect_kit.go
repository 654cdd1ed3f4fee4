package kit

import (
	"unicode/utf8"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// Text is Raw[s:e], recorded verbatim.
func Text(c *catalog.Context, s, e int, tokens ...any) string {
	c.Span(s, e, "", tokens...)
	return c.Raw[s:e]
}

// Int reads Raw[s:e] as a decimal integer (a sign allowed); nil when it
// is not one, and then nothing is recorded.
func Int(c *catalog.Context, s, e int, tokens ...any) *int64 {
	v, ok := IntVal(c, s, e, tokens...)
	if !ok {
		return nil
	}
	return &v
}

// Float reads Raw[s:e] as a decimal number (lex.Float); nil when it is
// not one, and then nothing is recorded.
func Float(c *catalog.Context, s, e int, tokens ...any) *float64 {
	v, ok := lex.Float(c.Raw[s:e])
	if !ok {
		return nil
	}
	c.Span(s, e, "parseFloat", tokens...)
	return &v
}

// Scaled reads Raw[s:e] as a number of units of unit bytes (vmstat's
// KiB, top's "1.2g"), rounded to whole bytes, recorded with transform tr.
func Scaled(c *catalog.Context, s, e int, unit float64, tr string, tokens ...any) *int64 {
	n, ok := ScaledVal(c, s, e, unit, tr, tokens...)
	if !ok {
		return nil
	}
	return &n
}

// NoRows is the answer to output that held data lines and gave no row.
func NoRows(what string) error {
	return catalog.Unrecognized("no %s line was recognized", what)
}

// ValidKeys reports whether every name is valid UTF-8, so that it can
// be a key of the JSON value.
func ValidKeys(names []string) bool {
	for _, n := range names {
		if !utf8.ValidString(n) {
			return false
		}
	}
	return true
}
