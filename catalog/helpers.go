package catalog

import (
	"strings"
)

// SnakeCase turns a column header ("%CPU", "WCHAN", "Ni") into a JSON key.
func SnakeCase(h string) string {
	var b strings.Builder
	sep := false // a "_" is due before the next letter or digit
	for _, r := range h {
		switch {
		case r == '%':
			if b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteString("pct")
			sep = true
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if sep && b.Len() > 0 {
				b.WriteByte('_')
			}
			sep = false
			if r <= 'Z' && r >= 'A' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		default:
			sep = true
		}
	}
	s := b.String()
	if s == "" {
		s = "column"
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = "c_" + s
	}
	return s
}

// Intp and floatp return a pointer to a copy of v: optional numbers are
// pointers, to keep a real 0 apart from an absent value.
func Intp(v int64) *int64 { return &v }

func Floatp(v float64) *float64 { return &v }
