package catalog

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Readers shared by the inspection parsers of inspect_*.go (ip route,
// vmstat, lscpu, dpkg, pip, checksums...). They use only the contract
// (Context and its span recorder) and lex, so they move with those parsers
// when each program gets its own package. Offsets are absolute (into
// Context.Raw); every setter records the value's span at the pointer its
// tokens build.

// insLine is one line of the output: its text (without "\n" or a final
// "\r") and the offset of its first byte.
type insLine struct {
	text string
	at   int
}

// insLines splits raw into lines.
func insLines(raw string) []insLine {
	out := make([]insLine, 0, min(lex.CountLines(raw), 1<<16))
	it := lex.Lines{Raw: raw}
	for {
		s, at, ok := it.Next()
		if !ok {
			return out
		}
		out = append(out, insLine{s, at})
	}
}

// insFields are the whitespace-separated words of l, as absolute ranges;
// max > 0 keeps the rest of the line in the last one (lex.Fields).
func insFields(l insLine, max int) [][2]int {
	fs := lex.Fields(nil, l.text, max)
	out := make([][2]int, len(fs))
	for i, f := range fs {
		out[i] = [2]int{l.at + f.Start, l.at + f.End}
	}
	return out
}

// insStr is Raw[s:e], recorded verbatim.
func insStr(c *Context, s, e int, tokens ...any) string {
	c.spanPath(s, e, "", tokens...)
	return c.Raw[s:e]
}

// insInt reads Raw[s:e] as a decimal integer (a sign allowed); nil when it
// is not one, and then nothing is recorded.
func insInt(c *Context, s, e int, tokens ...any) *int64 {
	v, err := strconv.ParseInt(c.Raw[s:e], 10, 64)
	if err != nil {
		return nil
	}
	c.spanPath(s, e, "parseInt", tokens...)
	return &v
}

// insIsInt reports whether s is what insInt reads.
func insIsInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// insIsFloat reports whether s is what insFloat reads.
func insIsFloat(s string) bool {
	if s == "" || strings.ContainsAny(s, "xXpPeEinIN_") {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// insFloat reads Raw[s:e] as a decimal number; nil when it is not one.
func insFloat(c *Context, s, e int, tokens ...any) *float64 {
	t := c.Raw[s:e]
	if t == "" || strings.ContainsAny(t, "xXpPeEinIN_") { // no hex, exponents, Inf, NaN
		return nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return nil
	}
	c.spanPath(s, e, "parseFloat", tokens...)
	return &v
}

// insScaled reads Raw[s:e] as a number of units of unit bytes (vmstat's
// KiB, top's "1.2g"), rounded to whole bytes, recorded with transform tr.
func insScaled(c *Context, s, e int, unit float64, tr string, tokens ...any) *int64 {
	t := c.Raw[s:e]
	if t == "" || strings.ContainsAny(t, "xXpPeEinIN_+-") {
		return nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v*unit > 9e18 {
		return nil
	}
	n := int64(v*unit + 0.5)
	c.spanPath(s, e, tr, tokens...)
	return &n
}

// insKV splits l at the first sep into a key and a value, both trimmed of
// blanks; ok is false without sep, with an empty key, or with a key that
// is not valid UTF-8 (JSON would carry another key than the bytes read).
func insKV(l insLine, sep string) (ks, ke, vs, ve int, ok bool) {
	i := strings.Index(l.text, sep)
	if i <= 0 {
		return 0, 0, 0, 0, false
	}
	ks, ke = lex.TrimSpaceRange(l.text, 0, i)
	vs, ve = lex.TrimSpaceRange(l.text, i+len(sep), len(l.text))
	if ks == ke || !utf8.ValidString(l.text[ks:ke]) {
		return 0, 0, 0, 0, false
	}
	return l.at + ks, l.at + ke, l.at + vs, l.at + ve, true
}

// insHasAny reports whether args give one of flags.
func insHasAny(args []string, flags ...string) bool {
	for _, f := range flags {
		if hasFlag(args, f) {
			return true
		}
	}
	return false
}

// insNoRows is the answer to output that held data lines and gave no row.
func insNoRows(what string) error {
	return Unrecognized("no %s line was recognized", what)
}

// insValidKeys reports whether every name is valid UTF-8, so that it can
// be a key of the JSON value.
func insValidKeys(names []string) bool {
	for _, n := range names {
		if !utf8.ValidString(n) {
			return false
		}
	}
	return true
}
