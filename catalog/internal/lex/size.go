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

// Bytes reads a size with its unit spelled out (UnitSize), as docker
// prints them: IEC units ("1.5MiB", "7.6GiB"), SI ones ("1.2kB", "187MB"),
// "0B". The printed number is converted exactly and rounded to whole
// bytes.
func Bytes(s string) (int64, bool) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, false
	}
	mult, ok := UnitSize(strings.TrimSpace(s[i:]))
	if !ok {
		return 0, false
	}
	v := math.Round(f * mult)
	if v >= math.MaxInt64/2 {
		return 0, false
	}
	return int64(v), true
}

// sizeUnits are the bytes of the units programs spell out.
var sizeUnits = map[string]float64{
	"B":  1,
	"kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12, "PB": 1e15, "EB": 1e18,
	"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40, "PiB": 1 << 50, "EiB": 1 << 60,
}

// UnitSize is the bytes of a unit spelled out: "B", the IEC "KiB" to "EiB"
// (powers of 1024), the SI "kB" (or "KB") to "EB" (powers of 1000).
func UnitSize(u string) (float64, bool) {
	f, ok := sizeUnits[u]
	return f, ok
}

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
// decimal comma) to bytes in powers of base. The result is as exact as
// the printed digits.
func HumanBytes(v string, base int64) (int64, bool) {
	if !HumanSize(v, true) {
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
