package catalog

import (
	"math/bits"
	"strings"
)

// Line and byte finding for the parsers of short-line outputs (find, wc,
// grep, git log --oneline), whose lines run 10 to 40 bytes: there a call to
// strings.IndexByte per line costs more than the line's own parse (a
// quarter of a find parse went to it). These look at eight bytes at a time
// inline and call IndexByte only for a line longer than a few words.

const (
	swarNL    = 0x0a0a0a0a0a0a0a0a
	swarColon = 0x3a3a3a3a3a3a3a3a
	swarDash  = 0x2d2d2d2d2d2d2d2d
)

// firstZero flags the first zero byte of x with its high bit; nothing
// below it is flagged (bytes above may be: the test borrows, but only
// upward from a zero byte).
func firstZero(x uint64) uint64 { return (x - swarOnes) &^ x & swarHigh }

// nextNL returns the index of the first '\n' in s at or after i, or len(s).
func nextNL(s string, i int) int {
	lim := i + 16
	for i+8 <= len(s) {
		if i >= lim {
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				return i + j
			}
			return len(s)
		}
		if m := firstZero(load64(s, i) ^ swarNL); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for ; i < len(s); i++ {
		if s[i] == '\n' {
			return i
		}
	}
	return len(s)
}

// nextColonDash returns the index of the first ':' or '-' in s at or after
// i, or len(s): where a grep file name may end.
func nextColonDash(s string, i int) int {
	for i+8 <= len(s) {
		x := load64(s, i)
		if m := firstZero(x^swarColon) | firstZero(x^swarDash); m != 0 {
			// Each test flags its own first match exactly; the lower of
			// the two is the first of either (a false flag of one sits
			// above its own first match, so above the true first one).
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == ':' || c == '-' {
			return i
		}
	}
	return len(s)
}
