package kit

import (
	"strconv"

	"github.com/parism-go/parism/catalog"
)

// A row's numbers in one backing array, not a new(int64) each: the
// answer types hold a pointer per numeric field (omitted when nil), and
// one allocation per number was a third of vmstat's time on a 1 MB input
// (89-100 MB/cpu-s).

// IntVal is Int's value: Raw[s:e] as a decimal integer (a sign allowed),
// recorded as Int does; ok is false when it is not one, and then nothing
// is recorded.
func IntVal(c *catalog.Context, s, e int, tokens ...any) (int64, bool) {
	v, err := strconv.ParseInt(c.Raw[s:e], 10, 64)
	if err != nil {
		return 0, false
	}
	c.Span(s, e, "parseInt", tokens...)
	return v, true
}

// ScaledVal is Scaled's value: Raw[s:e] (digits and '.') as a number of
// units of unit bytes, rounded to whole bytes, recorded with transform
// tr; ok is false when it is not one, and then nothing is recorded.
func ScaledVal(c *catalog.Context, s, e int, unit float64, tr string, tokens ...any) (int64, bool) {
	t := c.Raw[s:e]
	if t == "" {
		return 0, false
	}
	// only digits and '.': ParseFloat would also take signs, exponents,
	// hex, '_', Inf and NaN, none of which is a size
	for i := 0; i < len(t); i++ {
		if (t[i] < '0' || t[i] > '9') && t[i] != '.' {
			return 0, false
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v*unit > 9e18 {
		return 0, false
	}
	c.Span(s, e, tr, tokens...)
	return int64(v*unit + 0.5), true
}
