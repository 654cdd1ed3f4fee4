package lex

import "time"

// ISOAt is ISO(y, mo, d, h, mi, s, "", ZoneAt(loc, y, mo, d, h, mi, s))
// built in one allocation, not two: the offset's own string was a tenth
// of BSD stat -x's time (four times an entry).
func ISOAt(loc *time.Location, y, mo, d, h, mi, s int) string {
	if loc == nil {
		loc = time.UTC
	}
	_, off := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc).Zone()
	var buf [32]byte
	b := appendISO(buf[:0], y, mo, d, h, mi, s, "")
	return string(appendOffset(b, off))
}
