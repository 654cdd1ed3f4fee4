package lex

import (
	"math"
	"strconv"
	"strings"
)

// HumanSize reports whether v is a size as ls -h, du -h and df -h print
// it: digits with '.' or ',' and at most one unit letter ("4.0K", "12M",
// BSD's "512B", --si's "5.0k", "0"). With iec, macOS df's binary forms
// ("460Gi", "1.0Ki", "0Bi") are sizes too.
func HumanSize(v string, iec bool) bool {
	if n := len(v); iec && n > 2 && v[n-1] == 'i' && v[n-2] >= 'A' && v[n-2] <= 'Z' {
		v = v[:n-1]
	}
	digits := 0
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.' || v[i] == ',') {
		if v[i] >= '0' && v[i] <= '9' {
			digits++
		}
		i++
	}
	switch {
	case digits == 0:
		return false
	case i == len(v):
		return true
	case i != len(v)-1:
		return false
	}
	return strings.IndexByte("BKkMGTPEZYRQ", v[i]) >= 0
}

// SizeDialect is how a program prints sizes: the units that may follow
// the number, as printed ("" for a bare number), and what one of each is
// worth, whether the number may hold a decimal comma, and whether spaces
// may stand around the unit. HumanSizes, SpelledSizes and Sizes make one;
// Size reads with it.
type SizeDialect struct {
	units  map[string]sizeUnit
	comma  bool
	spaced bool
	// round rounds with math.Round rather than adding one half and
	// truncating; the two differ by one above 2^52 (petabytes), where the
	// half is not exact: each dialect keeps the rounding its parsers had.
	round bool
}

// sizeUnit is worth per, times over (1024 three times for ls's "G"):
// the value is multiplied one factor at a time.
type sizeUnit struct {
	per   float64
	times int
}

// Per is what one of unit is worth in d, and whether d has the unit.
func (d SizeDialect) Per(unit string) (float64, bool) {
	u, ok := d.units[unit]
	if !ok {
		return 0, false
	}
	f := 1.0
	for range u.times {
		f *= u.per
	}
	return f, true
}

// HumanSizes is the dialect of ls -h, du -h, df -h and free -h in powers
// of base (1024, or 1000 for --si and -H): a bare number or "B" is bytes,
// one letter K (or k) M G T P a power of base, with an "i" after it
// ("460Gi", "0Bi": macOS df, procps free) the same; a decimal comma is a
// point. Exabytes and beyond are not read (they do not fit).
func HumanSizes(base int64) SizeDialect {
	switch base {
	case 1024:
		return human1024
	case 1000:
		return human1000
	}
	return humanSizes(base)
}

var human1024, human1000 = humanSizes(1024), humanSizes(1000)

func humanSizes(base int64) SizeDialect {
	d := SizeDialect{units: map[string]sizeUnit{"": {1, 0}, "B": {1, 0}, "Bi": {1, 0}}, comma: true}
	for k, l := range "KMGTP" {
		d.units[string(l)] = sizeUnit{float64(base), k + 1}
		d.units[string(l)+"i"] = sizeUnit{float64(base), k + 1}
	}
	d.units["k"] = d.units["K"]
	return d
}

// SpelledSizes is the dialect of sizes with their unit spelled out, as
// docker prints them: IEC units ("1.5MiB", "7.6GiB", powers of 1024), SI
// ones ("1.2kB" or "1.2KB", "187MB", powers of 1000), "0B"; spaces may
// stand around the unit ("1.5 MiB").
var SpelledSizes = func() SizeDialect {
	d := Sizes(map[string]float64{
		"B":  1,
		"kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12, "PB": 1e15, "EB": 1e18,
		"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40, "PiB": 1 << 50, "EiB": 1 << 60,
	}, true)
	d.round = true
	return d
}()

// Sizes is a dialect of a program's own: units maps each unit as printed
// ("" for a bare number) to what one is worth (bytes, or KiB for a
// program that counts in KiB: BusyBox ps's "48m"); spaced admits spaces
// around the unit ("96 KiB").
func Sizes(units map[string]float64, spaced bool) SizeDialect {
	d := SizeDialect{units: make(map[string]sizeUnit, len(units)), spaced: spaced}
	for u, per := range units {
		d.units[u] = sizeUnit{per, 1}
	}
	return d
}

// Size reads one size as dialect d prints it: a number (digits and '.',
// and with a decimal comma ',') and one of d's units. It returns the size
// in bytes (or d's unit) rounded to the nearest whole one, and the unit as
// printed ("Gi", "MiB", "" for a bare number); a size of 2^62 or more, or
// a unit d does not have, is not read. The result is as exact as the
// printed digits.
func Size(v string, d SizeDialect) (n int64, unit string, ok bool) {
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.' || d.comma && v[i] == ',') {
		i++
	}
	num, unit := v[:i], v[i:]
	if d.spaced {
		unit = strings.TrimSpace(unit)
	}
	u, known := d.units[unit]
	if i == 0 || !known {
		return 0, "", false
	}
	if d.comma {
		num = strings.Replace(num, ",", ".", 1)
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, "", false
	}
	for range u.times {
		f *= u.per
	}
	if f >= 1<<62 {
		return 0, "", false
	}
	if d.round {
		return int64(math.Round(f)), unit, true
	}
	return int64(f + 0.5), unit, true
}

// Bytes reads a size with its unit spelled out (SpelledSizes), as docker
// prints them, in whole bytes.
func Bytes(s string) (int64, bool) {
	n, _, ok := Size(s, SpelledSizes)
	return n, ok
}

// UnitSize is the bytes of a unit spelled out (SpelledSizes): "B", the
// IEC "KiB" to "EiB", the SI "kB" (or "KB") to "EB".
func UnitSize(u string) (float64, bool) { return SpelledSizes.Per(u) }

// Unit is what one number of a size column stands for: factor bytes,
// or a rounded human size ("4.0K") in powers of base (1024, or 1000 for
// --si and -H); suffix is the unit GNU appends to every value when the
// block size was given without a number (-BM prints "258020M").
type Unit struct {
	Factor int64
	Base   int64 // human when not 0
	Suffix string
}

// BlockSize reads a GNU block size ("1K", "M", "4KiB", "1MB", "512",
// "human-readable", "si"; coreutils 9.1 lib/human.c, the syntax of
// --block-size in the coreutils manual): an optional number, then a
// unit letter K M G T P E, alone or followed by "iB" (powers of 1024) or
// "B" (powers of 1000). A spec starting with "'" (digit grouping, which
// depends on the locale) is not read.
func BlockSize(v string) (Unit, bool) {
	switch v {
	case "human-readable":
		return Unit{Base: 1024}, true
	case "si":
		return Unit{Base: 1000}, true
	}
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	num := int64(1)
	if i > 0 {
		n, ok := Atoi(v[:i])
		if !ok || n == 0 {
			return Unit{}, false
		}
		num = n
	}
	unit := v[i:]
	var u Unit
	if unit != "" {
		k := strings.IndexByte("KMGTPE", unit[0]&^0x20)
		if k < 0 || (unit[0] == 'k' && len(unit) > 1 && unit[1:] != "B") {
			return Unit{}, false
		}
		per, rest := int64(1024), unit[1:]
		switch rest {
		case "", "iB":
		case "B":
			per = 1000
		default:
			return Unit{}, false
		}
		mult := int64(1)
		for range k + 1 {
			mult *= per
		}
		if i == 0 {
			u.Suffix = unit // printed after every value
		}
		if num > (1<<50)/mult {
			return Unit{}, false
		}
		num *= mult
	} else if num > 1<<50 {
		return Unit{}, false
	}
	u.Factor = num
	return u, true
}

// HumanBytes converts a rounded human size as du -h, df -h and free -h
// print it ("4.0K", "12M", "0", "512B", macOS and procps "460Gi", a
// decimal comma) to bytes in powers of base (HumanSizes).
func HumanBytes(v string, base int64) (int64, bool) {
	n, _, ok := Size(v, HumanSizes(base))
	return n, ok
}

// UnitBytes reads one size value in unit u into bytes.
func UnitBytes(v string, u Unit) (int64, bool) {
	if u.Base != 0 {
		return HumanBytes(v, u.Base)
	}
	if u.Suffix != "" {
		if len(v) <= len(u.Suffix) || !strings.EqualFold(v[len(v)-len(u.Suffix):], u.Suffix) {
			return 0, false
		}
		v = v[:len(v)-len(u.Suffix)]
	}
	n, ok := Atoi(v)
	if !ok || n > (1<<62)/u.Factor {
		return 0, false
	}
	return n * u.Factor, true
}

// UnitTransform names the span transform of a value in unit u.
func UnitTransform(u Unit) string {
	switch {
	case u.Base != 0:
		return "humanSize" + strconv.FormatInt(u.Base, 10)
	case u.Factor == 1 && u.Suffix == "":
		return "parseInt"
	}
	return "parseInt*" + strconv.FormatInt(u.Factor, 10)
}
