package kit

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// insLine is one line of the output: its text (without "\n" or a final
// "\r") and the offset of its first byte.
type InsLine struct {
	Text string
	At   int
}

// insLines splits raw into lines.
func InsLines(raw string) []InsLine {
	out := make([]InsLine, 0, min(lex.CountLines(raw), 1<<16))
	it := lex.Lines{Raw: raw}
	for {
		s, at, ok := it.Next()
		if !ok {
			return out
		}
		out = append(out, InsLine{s, at})
	}
}

// insFields are the whitespace-separated words of l, as absolute ranges;
// max > 0 keeps the rest of the line in the last one (lex.Fields).
func InsFields(l InsLine, max int) [][2]int {
	fs := lex.Fields(nil, l.Text, max)
	out := make([][2]int, len(fs))
	for i, f := range fs {
		out[i] = [2]int{l.At + f.Start, l.At + f.End}
	}
	return out
}

// insStr is Raw[s:e], recorded verbatim.
func InsStr(c *catalog.Context, s, e int, tokens ...any) string {
	c.SpanPath(s, e, "", tokens...)
	return c.Raw[s:e]
}

// insInt reads Raw[s:e] as a decimal integer (a sign allowed); nil when it
// is not one, and then nothing is recorded.
func InsInt(c *catalog.Context, s, e int, tokens ...any) *int64 {
	v, err := strconv.ParseInt(c.Raw[s:e], 10, 64)
	if err != nil {
		return nil
	}
	c.SpanPath(s, e, "parseInt", tokens...)
	return &v
}

// insIsInt reports whether s is what insInt reads.
func InsIsInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// insIsFloat reports whether s is what insFloat reads.
func InsIsFloat(s string) bool {
	if s == "" || strings.ContainsAny(s, "xXpPeEinIN_") {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// insFloat reads Raw[s:e] as a decimal number; nil when it is not one.
func InsFloat(c *catalog.Context, s, e int, tokens ...any) *float64 {
	t := c.Raw[s:e]
	if t == "" || strings.ContainsAny(t, "xXpPeEinIN_") { // no hex, exponents, Inf, NaN
		return nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return nil
	}
	c.SpanPath(s, e, "parseFloat", tokens...)
	return &v
}

// insScaled reads Raw[s:e] as a number of units of unit bytes (vmstat's
// KiB, top's "1.2g"), rounded to whole bytes, recorded with transform tr.
func InsScaled(c *catalog.Context, s, e int, unit float64, tr string, tokens ...any) *int64 {
	t := c.Raw[s:e]
	if t == "" || strings.ContainsAny(t, "xXpPeEinIN_+-") {
		return nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v*unit > 9e18 {
		return nil
	}
	n := int64(v*unit + 0.5)
	c.SpanPath(s, e, tr, tokens...)
	return &n
}

// insKV splits l at the first sep into a key and a value, both trimmed of
// blanks; ok is false without sep, with an empty key, or with a key that
// is not valid UTF-8 (JSON would carry another key than the bytes read).
func InsKV(l InsLine, sep string) (ks, ke, vs, ve int, ok bool) {
	i := strings.Index(l.Text, sep)
	if i <= 0 {
		return 0, 0, 0, 0, false
	}
	ks, ke = lex.TrimSpaceRange(l.Text, 0, i)
	vs, ve = lex.TrimSpaceRange(l.Text, i+len(sep), len(l.Text))
	if ks == ke || !utf8.ValidString(l.Text[ks:ke]) {
		return 0, 0, 0, 0, false
	}
	return l.At + ks, l.At + ke, l.At + vs, l.At + ve, true
}

// insNoRows is the answer to output that held data lines and gave no row.
func InsNoRows(what string) error {
	return catalog.Unrecognized("no %s line was recognized", what)
}

// insValidKeys reports whether every name is valid UTF-8, so that it can
// be a key of the JSON value.
func InsValidKeys(names []string) bool {
	for _, n := range names {
		if !utf8.ValidString(n) {
			return false
		}
	}
	return true
}
