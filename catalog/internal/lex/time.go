package lex

import (
	"strconv"
	"strings"
	"time"
)

// Dates and times as the programs print them, read into ISO 8601. The
// layouts that time.Parse reads are read with it; the fixed forms that
// occur once a row (ls, stat, du) with the small readers below.

// Month returns 1-12 for an English month abbreviation ("Jan"), 0
// otherwise.
func Month(s string) int {
	if len(s) != 3 {
		return 0
	}
	switch uint32(s[0])<<16 | uint32(s[1])<<8 | uint32(s[2]) {
	case 'J'<<16 | 'a'<<8 | 'n':
		return 1
	case 'F'<<16 | 'e'<<8 | 'b':
		return 2
	case 'M'<<16 | 'a'<<8 | 'r':
		return 3
	case 'A'<<16 | 'p'<<8 | 'r':
		return 4
	case 'M'<<16 | 'a'<<8 | 'y':
		return 5
	case 'J'<<16 | 'u'<<8 | 'n':
		return 6
	case 'J'<<16 | 'u'<<8 | 'l':
		return 7
	case 'A'<<16 | 'u'<<8 | 'g':
		return 8
	case 'S'<<16 | 'e'<<8 | 'p':
		return 9
	case 'O'<<16 | 'c'<<8 | 't':
		return 10
	case 'N'<<16 | 'o'<<8 | 'v':
		return 11
	case 'D'<<16 | 'e'<<8 | 'c':
		return 12
	}
	return 0
}

// Num2 reads one or two decimal digits.
func Num2(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// Clock reads "HH:MM" or "HH:MM:SS" (sec -1 when absent) and an optional
// fraction after the seconds ("45.123456789"), returning the fraction's
// offset within s.
func Clock(s string) (h, m, sec, fracAt int, ok bool) {
	sec, fracAt = -1, -1
	if len(s) < 4 {
		return
	}
	c := strings.IndexByte(s, ':')
	if c < 1 || c > 2 {
		return
	}
	if h, ok = Num2(s[:c]); !ok || h > 23 {
		return 0, 0, -1, -1, false
	}
	r := s[c+1:]
	if len(r) < 2 {
		return 0, 0, -1, -1, false
	}
	if m, ok = Num2(r[:2]); !ok || m > 59 {
		return 0, 0, -1, -1, false
	}
	r = r[2:]
	if r == "" {
		return h, m, -1, -1, true
	}
	if r[0] != ':' || len(r) < 3 {
		return 0, 0, -1, -1, false
	}
	if sec, ok = Num2(r[1:3]); !ok || sec > 60 {
		return 0, 0, -1, -1, false
	}
	r = r[3:]
	if r == "" {
		return h, m, sec, -1, true
	}
	if r[0] != '.' || len(r) < 2 || !IsDigits(r[1:]) {
		return 0, 0, -1, -1, false
	}
	return h, m, sec, len(s) - len(r) + 1, true
}

// Year4 reads a year of four digits.
func Year4(s string) (int, bool) {
	if len(s) != 4 || !IsDigits(s) {
		return 0, false
	}
	n, _ := Atoi(s)
	return int(n), true
}

// YMD reads "YYYY-MM-DD".
func YMD(s string) (y, m, d int, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return
	}
	if y, ok = Year4(s[:4]); !ok {
		return
	}
	if m, ok = Num2(s[5:7]); !ok {
		return
	}
	d, ok = Num2(s[8:10])
	return
}

// DaysIn is the number of days of month m (1-12) of year y.
func DaysIn(m, y int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// AppendPadded appends the decimal v (not negative), zero-padded to width.
func AppendPadded(b []byte, v, width int) []byte {
	var tmp [20]byte
	i := len(tmp)
	for v >= 10 {
		i--
		tmp[i] = byte('0' + v%10)
		v /= 10
	}
	i--
	tmp[i] = byte('0' + v)
	for n := len(tmp) - i; n < width; n++ {
		b = append(b, '0')
	}
	return append(b, tmp[i:]...)
}

// ISO renders a wall-clock time with a "+hh:mm" offset as ISO 8601;
// frac holds the fractional digits as printed, if any.
func ISO(y, mo, d, h, mi, s int, frac, off string) string {
	b := appendISO(make([]byte, 0, 25+len(frac)), y, mo, d, h, mi, s, frac)
	return string(append(b, off...))
}

// appendISO appends ISO's text before the offset.
func appendISO(b []byte, y, mo, d, h, mi, s int, frac string) []byte {
	b = AppendPadded(b, y, 4)
	b = append2(append(b, '-'), mo)
	b = append2(append(b, '-'), d)
	b = append2(append(b, 'T'), h)
	b = append2(append(b, ':'), mi)
	b = append2(append(b, ':'), s)
	if frac != "" {
		b = append(b, '.')
		b = append(b, frac...)
	}
	return b
}

// offset renders a zone offset in seconds as "+hh:mm".
func offset(off int) string { return string(appendOffset(make([]byte, 0, 6), off)) }

// append2 is AppendPadded(b, v, 2), its common case without the loop: it
// was a seventh of BSD stat's time (five numbers a time, four times a line).
func append2(b []byte, v int) []byte {
	if v < 0 || v > 99 {
		return AppendPadded(b, v, 2)
	}
	return append(b, byte('0'+v/10), byte('0'+v%10))
}

// appendOffset appends offset's text.
func appendOffset(b []byte, off int) []byte {
	if off < 0 {
		b = append(b, '-')
		off = -off
	} else {
		b = append(b, '+')
	}
	b = append2(b, off/3600)
	b = append(b, ':')
	return append2(b, off%3600/60)
}

// ZoneAt is the offset of loc at a wall-clock time.
func ZoneAt(loc *time.Location, y, mo, d, h, mi, s int) string {
	if loc == nil {
		loc = time.UTC
	}
	_, off := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc).Zone()
	return offset(off)
}

// NumericTime reads GNU stat's "2026-11-29 23:52:32.874503903 +0000"
// into ISO 8601; ok is false for anything else.
func NumericTime(date, clock, zone string) (string, bool) {
	y, mo, d, ok := YMD(date)
	if !ok || mo < 1 || mo > 12 || d < 1 || d > DaysIn(mo, y) {
		return "", false
	}
	h, mi, sec, fracAt, ok := Clock(clock)
	if !ok || sec < 0 {
		return "", false
	}
	frac := ""
	if fracAt >= 0 {
		frac = clock[fracAt:]
	}
	if len(zone) != 5 || (zone[0] != '+' && zone[0] != '-') || !IsDigits(zone[1:]) {
		return "", false
	}
	return ISO(y, mo, d, h, mi, sec, frac, zone[:3]+":"+zone[3:]), true
}

// ISOLayout is the ISO 8601 layout the system parsers emit (ls's form).
const ISOLayout = "2006-01-02T15:04:05-07:00"

// CTime reads ctime with a zone, "Sun Nov 29 23:49:08 UTC 2026" (date's
// default, dig's WHEN), and says where the zone stands in s. A zone
// abbreviation is resolved when it is UTC or GMT, a numeric offset, or the
// abbreviation loc uses at that moment; otherwise the time is returned
// without an offset and warn says why. Words are separated by spaces only
// (ctime pads the day with one).
func CTime(s string, loc *time.Location) (iso, warn string, zone Field, ok bool) {
	var ws []Field
	ws = Fields(ws, s, 0)
	if len(ws) != 6 {
		return "", "", zone, false
	}
	var f [6]string
	for i, w := range ws {
		f[i] = s[w.Start:w.End]
		if strings.ContainsAny(f[i], "\r\n\v\f") {
			return "", "", zone, false
		}
	}
	zone = ws[4]
	if !IsWeekday(f[0]) || Month(f[1]) == 0 {
		return "", "", zone, false
	}
	day, err1 := strconv.Atoi(f[2])
	year, err2 := strconv.Atoi(f[5])
	clock, err3 := time.Parse("15:04:05", f[3])
	if err1 != nil || err2 != nil || err3 != nil || day < 1 || day > 31 || len(f[5]) != 4 || year < 1 {
		return "", "", zone, false
	}
	t, ok, local := zoned(year, time.Month(Month(f[1])), day, clock.Hour(), clock.Minute(), clock.Second(), f[4], loc)
	if !ok {
		return "", "", zone, false
	}
	if local {
		return t.Format("2006-01-02T15:04:05"), "zone " + f[4] + " is not UTC, a numeric offset or the zone of the location; the time is given without an offset", zone, true
	}
	return t.Format(ISOLayout), "", zone, true
}

// zoned builds a wall-clock time in the zone named by abbr. local is
// true when the abbreviation could not be resolved (t is then in UTC, to
// be printed without an offset).
func zoned(y int, mo time.Month, d, h, mi, s int, abbr string, loc *time.Location) (t time.Time, ok, local bool) {
	if d > time.Date(y, mo+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return t, false, false
	}
	switch {
	case abbr == "UTC" || abbr == "GMT" || abbr == "Z":
		return time.Date(y, mo, d, h, mi, s, 0, time.UTC), true, false
	case len(abbr) == 5 && (abbr[0] == '+' || abbr[0] == '-'):
		off, ok := ZoneOffset(abbr)
		if !ok {
			return t, false, false
		}
		return time.Date(y, mo, d, h, mi, s, 0, time.FixedZone("", off)), true, false
	}
	if loc != nil {
		t = time.Date(y, mo, d, h, mi, s, 0, loc)
		if name, _ := t.Zone(); name == abbr {
			return t, true, false
		}
	}
	return time.Date(y, mo, d, h, mi, s, 0, time.UTC), true, true
}

// GoTime reads Go's time.String form ("2026-11-28 09:14:03.123456789
// +0000 UTC"), which helm and docker print, into ISO 8601.
func GoTime(s string) (string, bool) {
	t, ok := ParseLayouts(s, nil, "2006-01-02 15:04:05.999999999 -0700 MST", "2006-01-02 15:04:05 -0700 MST", "2006-01-02 15:04:05 -0700 -0700")
	if !ok {
		return "", false
	}
	return t.Format("2006-01-02T15:04:05.999999999-07:00"), true
}

// ParseLayouts reads v with the first of layouts that reads it: in loc
// (time.ParseInLocation), or with loc nil as time.Parse does (UTC unless
// v states its zone).
func ParseLayouts(v string, loc *time.Location, layouts ...string) (time.Time, bool) {
	for _, layout := range layouts {
		var t time.Time
		var err error
		if loc == nil {
			t, err = time.Parse(layout, v)
		} else {
			t, err = time.ParseInLocation(layout, v, loc)
		}
		if err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// ZoneOffset reads a numeric zone, "+hhmm" or "-hhmm", into seconds east
// of UTC.
func ZoneOffset(z string) (int, bool) {
	if len(z) != 5 || z[0] != '+' && z[0] != '-' || !IsDigits(z[1:]) {
		return 0, false
	}
	off := int((z[1]-'0')*10+(z[2]-'0'))*3600 + int((z[3]-'0')*10+(z[4]-'0'))*60
	if z[0] == '-' {
		off = -off
	}
	return off, true
}

// YearGuess infers the year of dates printed without one (ls's "Nov 29
// 12:00"): the year of Now, or the one before when that would put the date
// more than a day after Now, compared as wall-clock minutes in Now's
// location.
type YearGuess struct {
	year int
	wall int64 // Now as wall-clock minutes since 1970
}

// NewYearGuess infers years against now (in the location dates are read in).
func NewYearGuess(now time.Time) YearGuess {
	return YearGuess{now.Year(), DaysFromCivil(now.Year(), int(now.Month()), now.Day())*1440 + int64(now.Hour()*60+now.Minute())}
}

// Year is the year of month/day hour:minute, and whether that day exists
// in it.
func (g YearGuess) Year(month, day, hour, minute int) (int, bool) {
	y := g.year
	wall := (DaysFromCivil(y, month, 1)+int64(day-1))*1440 + int64(hour*60+minute)
	if day > DaysIn(month, y) || wall > g.wall+1440 {
		y--
	}
	return y, day <= DaysIn(month, y)
}

// DaysFromCivil counts days from 1970-01-01 to a proleptic Gregorian date.
func DaysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

var weekdays = [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}

// IsWeekday reports whether s is an English weekday abbreviation ("Sun").
func IsWeekday(s string) bool {
	for _, d := range weekdays {
		if s == d {
			return true
		}
	}
	return false
}
