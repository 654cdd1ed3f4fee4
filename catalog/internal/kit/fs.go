package kit

import (
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// fsWithout returns args without the arguments that carry the flags in
// drop (their values included), and with extra added before the first
// operand: the hint for an unsupported flag is the same command without
// it, or with the flags that make the output readable.
func FsWithout(args []string, scanned []catalog.CmdArg, drop func(a catalog.CmdArg) bool, extra ...string) []string {
	skip := map[int]bool{}
	for _, a := range scanned {
		if a.Flag == "" || !drop(a) {
			continue
		}
		// A flag inside a cluster ("-lT") is removed from the cluster only.
		arg := args[a.Index]
		if len(a.Flag) == 2 && len(arg) > 2 && arg[1] != '-' && !a.HasValue {
			args = fsReplace(args, a.Index, strings.Replace(arg, a.Flag[1:], "", 1))
			if args[a.Index] == "-" {
				skip[a.Index] = true
			}
			continue
		}
		skip[a.Index] = true
		if a.HasValue && !a.Attached {
			skip[a.Index+1] = true
		}
	}
	at := fsFirstOperand(args, scanned)
	out := []string{}
	for i, a := range args {
		if i == at {
			out = append(out, extra...)
		}
		if !skip[i] {
			out = append(out, a)
		}
	}
	if at >= len(args) {
		out = append(out, extra...)
	}
	return out
}

// fsFirstOperand is the index of the first operand (or of the "--" before
// it), where flags are added: BSD programs stop reading options there, so
// a flag after it would be read as a file name.
func fsFirstOperand(args []string, scanned []catalog.CmdArg) int {
	for _, a := range scanned {
		if a.Flag == "" {
			if a.Index > 0 && args[a.Index-1] == "--" {
				return a.Index - 1
			}
			return a.Index
		}
	}
	for i, a := range args {
		if a == "--" {
			return i
		}
	}
	return len(args)
}

func fsReplace(args []string, i int, v string) []string {
	out := append([]string(nil), args...)
	out[i] = v
	return out
}

// fsISO renders a wall-clock time with a "+hh:mm" offset as ISO 8601;
// frac holds the fractional digits as printed, if any.
func FsISO(y, mo, d, h, mi, s int, frac, off string) string {
	b := make([]byte, 0, 25+len(frac))
	b = AppendInt(b, y, 4)
	b = append(b, '-')
	b = AppendInt(b, mo, 2)
	b = append(b, '-')
	b = AppendInt(b, d, 2)
	b = append(b, 'T')
	b = AppendInt(b, h, 2)
	b = append(b, ':')
	b = AppendInt(b, mi, 2)
	b = append(b, ':')
	b = AppendInt(b, s, 2)
	if frac != "" {
		b = append(b, '.')
		b = append(b, frac...)
	}
	b = append(b, off...)
	return string(b)
}

// fsOffset renders a zone offset in seconds as "+hh:mm".
func fsOffset(off int) string {
	b := make([]byte, 0, 6)
	if off < 0 {
		b = append(b, '-')
		off = -off
	} else {
		b = append(b, '+')
	}
	b = AppendInt(b, off/3600, 2)
	b = append(b, ':')
	b = AppendInt(b, off%3600/60, 2)
	return string(b)
}

// fsZoneAt is the offset of loc at a wall-clock time.
func FsZoneAt(loc *time.Location, y, mo, d, h, mi, s int) string {
	if loc == nil {
		loc = time.UTC
	}
	_, off := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc).Zone()
	return fsOffset(off)
}

// fsZoneName names the zone assumed for times printed without an offset.
func FsZoneName(c *catalog.Context) string {
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	name := loc.String()
	if name == "Local" || name == "" {
		name, _ = c.Now.In(loc).Zone()
	}
	return name
}

// fsNumericTime reads GNU stat's "2026-11-29 23:52:32.874503903 +0000"
// into ISO 8601; ok is false for anything else.
func FsNumericTime(date, clock, zone string) (string, bool) {
	y, mo, d, ok := Ymd(date)
	if !ok || mo < 1 || mo > 12 || d < 1 || d > DaysIn(mo, y) {
		return "", false
	}
	h, mi, sec, fracAt, ok := Hhmm(clock)
	if !ok || sec < 0 {
		return "", false
	}
	frac := ""
	if fracAt >= 0 {
		frac = clock[fracAt:]
	}
	if len(zone) != 5 || (zone[0] != '+' && zone[0] != '-') || !lex.IsDigits(zone[1:]) {
		return "", false
	}
	return FsISO(y, mo, d, h, mi, sec, frac, zone[:3]+":"+zone[3:]), true
}

func SlicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// fsSettle finishes a list read in full. When hasTotal, the last row is a
// total line: it is returned apart and its spans move to totalKey. Rows past
// MaxItems are then dropped and counted, their spans cut. marks[i] is where
// row i's spans begin (kept only while recording).
func FsSettle[T any](c *catalog.Context, r *catalog.SpanRec, rows []T, marks []int, hasTotal bool, totalKey uint16) ([]T, *T) {
	var tot *T
	spansEnd := len(r.Spans)
	if hasTotal && len(rows) > 0 {
		t := rows[len(rows)-1]
		tot = &t
		rows = rows[:len(rows)-1]
		if r.On {
			spansEnd = marks[len(rows)]
			r.Retemplate(spansEnd, totalKey)
		}
	}
	if c.MaxItems > 0 && len(rows) > c.MaxItems {
		c.Omit(len(rows) - c.MaxItems)
		if r.On {
			r.Cut(marks[c.MaxItems], spansEnd)
		}
		rows = rows[:c.MaxItems]
	}
	return rows, tot
}

// fsRecords walks raw split on sep ('\n', or 0 for NUL-terminated
// output); a '\r' before '\n' is dropped.
type FsRecords struct {
	Raw string
	pos int
	Sep byte
}

func (it *FsRecords) Next() (line string, start int, ok bool) {
	if it.pos >= len(it.Raw) {
		return "", 0, false
	}
	start = it.pos
	end := strings.IndexByte(it.Raw[start:], it.Sep)
	if end < 0 {
		end = len(it.Raw)
	} else {
		end += start
	}
	it.pos = end + 1
	line = it.Raw[start:end]
	if it.Sep == '\n' && len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, start, true
}

// fsUnit is what one number of a size column stands for: factor bytes,
// or a rounded human size ("4.0K") in powers of base (1024, or 1000 for
// --si and -H); suffix is the unit GNU appends to every value when the
// block size was given without a number (-BM prints "258020M").
type FsUnit struct {
	Factor int64
	Base   int64 // human when not 0
	Suffix string
}

// fsBlockSpec reads a GNU block size ("1K", "M", "4KiB", "1MB", "512",
// "human-readable", "si"; coreutils 9.1 lib/human.c, the syntax of
// --block-size in the coreutils manual): an optional number, then a
// unit letter K M G T P E, alone or followed by "iB" (powers of 1024) or
// "B" (powers of 1000). A spec starting with "'" (digit grouping, which
// depends on the locale) is not read.
func FsBlockSpec(v string) (FsUnit, bool) {
	switch v {
	case "human-readable":
		return FsUnit{Base: 1024}, true
	case "si":
		return FsUnit{Base: 1000}, true
	}
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	num := int64(1)
	if i > 0 {
		n, ok := lex.Atoi(v[:i])
		if !ok || n == 0 {
			return FsUnit{}, false
		}
		num = n
	}
	unit := v[i:]
	var u FsUnit
	if unit != "" {
		k := strings.IndexByte("KMGTPE", unit[0]&^0x20)
		if k < 0 || (unit[0] == 'k' && len(unit) > 1 && unit[1:] != "B") {
			return FsUnit{}, false
		}
		per, rest := int64(1024), unit[1:]
		switch rest {
		case "", "iB":
		case "B":
			per = 1000
		default:
			return FsUnit{}, false
		}
		mult := int64(1)
		for range k + 1 {
			mult *= per
		}
		if i == 0 {
			u.Suffix = unit // printed after every value
		}
		if num > (1<<50)/mult {
			return FsUnit{}, false
		}
		num *= mult
	} else if num > 1<<50 {
		return FsUnit{}, false
	}
	u.Factor = num
	return u, true
}

// fsHumanBytes converts a rounded human size as du -h, df -h and free -h
// print it ("4.0K", "12M", "0", "512B", macOS and procps "460Gi", a
// decimal comma) to bytes in powers of base. The result is as exact as
// the printed digits.
func FsHumanBytes(v string, base int64) (int64, bool) {
	if !lex.HumanSize(v, true) {
		return 0, false
	}
	v = strings.TrimSuffix(v, "i")
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.' || v[i] == ',') {
		i++
	}
	f, err := strconv.ParseFloat(strings.Replace(v[:i], ",", ".", 1), 64)
	if err != nil {
		return 0, false
	}
	if i < len(v) && v[i] != 'B' {
		k := strings.IndexByte("KMGTPEZYRQ", v[i]&^0x20)
		if k < 0 || k > 4 {
			return 0, false // exabytes and beyond do not fit
		}
		for range k + 1 {
			f *= float64(base)
		}
	}
	if f >= 1<<62 {
		return 0, false
	}
	return int64(f + 0.5), true
}

// fsAtoi is lex.Atoi up to int64's 19 digits: APFS inode numbers pass
// 2^60 (1152921500311943298).
func FsAtoi(v string) (int64, bool) {
	n, ok := lex.Atoi(v)
	if !ok && len(v) == 19 && lex.IsDigits(v) {
		n64, err := strconv.ParseInt(v, 10, 64)
		n, ok = n64, err == nil
	}
	return n, ok
}

// fsValue reads one size value in unit u into bytes.
func FsValue(v string, u FsUnit) (int64, bool) {
	if u.Base != 0 {
		return FsHumanBytes(v, u.Base)
	}
	if u.Suffix != "" {
		if len(v) <= len(u.Suffix) || !strings.EqualFold(v[len(v)-len(u.Suffix):], u.Suffix) {
			return 0, false
		}
		v = v[:len(v)-len(u.Suffix)]
	}
	n, ok := lex.Atoi(v)
	if !ok || n > (1<<62)/u.Factor {
		return 0, false
	}
	return n * u.Factor, true
}

// fsUnitTr names the span transform of a value in unit u.
func FsUnitTr(u FsUnit) string {
	switch {
	case u.Base != 0:
		return "humanSize" + strconv.FormatInt(u.Base, 10)
	case u.Factor == 1 && u.Suffix == "":
		return "parseInt"
	}
	return "parseInt*" + strconv.FormatInt(u.Factor, 10)
}
