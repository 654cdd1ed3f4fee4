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
	swarLow7  = 0x7f7f7f7f7f7f7f7f
	swarSpace = 0x2020202020202020
	swarTab   = 0x0909090909090909
)

// load64 reads s[i:i+8] as a little-endian word; the caller checks bounds.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// blankBytes has the high bit of each byte of x that is a space or a tab,
// exactly (no false positives, unlike the shorter zero-byte test).
func blankBytes(x uint64) uint64 {
	return zeroBytes(x^swarSpace) | zeroBytes(x^swarTab)
}

// zeroBytes has the high bit of each zero byte of v.
func zeroBytes(v uint64) uint64 {
	return ^(((v & swarLow7) + swarLow7) | v | swarLow7)
}

// skipBlanks returns the first index at or after i that is not a space or
// a tab, or len(s).
func skipBlanks(s string, i int) int {
	if i < len(s) && !isSpace(s[i]) {
		return i
	}
	for i+8 <= len(s) {
		if m := ^blankBytes(load64(s, i)) & swarHigh; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
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
		if m := blankBytes(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && !isSpace(s[i]) {
		i++
	}
	return i
}
