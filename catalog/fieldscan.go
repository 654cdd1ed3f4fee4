package catalog

import "math/bits"

// Word scanning eight bytes at a time. Every line and column parser splits
// its lines at runs of spaces and tabs; doing that a byte at a time was
// half the time of an ls -l parse. A word of eight bytes is loaded with
// one instruction (the compiler combines the shifted byte loads below) and
// classified without a branch per byte.

const (
	swarOnes  = 0x0101010101010101
	swarHigh  = 0x8080808080808080
	swarSpace = 0x2020202020202020
	swarTab   = 0x0909090909090909
)

// load64 reads s[i:i+8] as a little-endian word; the caller checks bounds.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// firstBlank has the high bit of the first byte of x that is a space or a
// tab set, and no bit below it (it is zero when there is none). Bytes after
// the first blank may be flagged too: the short zero-byte test borrows
// across bytes, but only from below a zero byte, never into the bytes
// under the first one, which is all a scan for the first blank reads. It
// is half the operations of an exact per-byte test, and the column scans
// spend most of their time here.
func firstBlank(x uint64) uint64 {
	a, b := x^swarSpace, x^swarTab
	return ((a-swarOnes)&^a | (b-swarOnes)&^b) & swarHigh
}

// skipBlanks returns the first index at or after i that is not a space or
// a tab, or len(s).
func skipBlanks(s string, i int) int {
	if i < len(s) && !isSpace(s[i]) {
		return i
	}
	for i+8 <= len(s) {
		// The first byte that is no space; a tab there (rare) is stepped
		// over and the scan goes on.
		if a := load64(s, i) ^ swarSpace; a != 0 {
			j := i + bits.TrailingZeros64(a)>>3
			if s[j] != '\t' {
				return j
			}
			i = j + 1
			continue
		}
		i += 8
	}
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// skipWord returns the first index at or after i that is a space or a
// tab, or len(s).
func skipWord(s string, i int) int {
	for i+8 <= len(s) {
		if m := firstBlank(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && !isSpace(s[i]) {
		i++
	}
	return i
}
