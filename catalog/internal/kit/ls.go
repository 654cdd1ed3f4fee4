package kit

import (
	"strings"
)

// LsPermissions are the three rwx triplets of the mode, as printed
// (including s, S, t, T).
type LsPermissions struct {
	Owner string `json:"owner"`
	Group string `json:"group"`
	Other string `json:"other"`
}

// LsDevice is the device number of a block or character special file:
// major and minor as GNU, BusyBox and macOS print them, or the single
// hexadecimal dev_t FreeBSD prints (Number).
type LsDevice struct {
	Major  *int64 `json:"major,omitempty"`
	Minor  *int64 `json:"minor,omitempty"`
	Number *int64 `json:"number,omitempty"`
}

// ValidMode checks a 10-character mode string (type + 9 permission chars).
func ValidMode(m string) bool {
	if len(m) != 10 {
		return false
	}
	if strings.IndexByte("-dlbcpsDwnmMC?", m[0]) < 0 {
		return false
	}
	if m[1:] == "?????????" {
		return true
	}
	for i := range 9 {
		if modeBits[m[i+1]]&(1<<i) == 0 {
			return false
		}
	}
	return true
}

// modeBits has bit i set for a character permission position i may show
// (a table: the loop over positions with a switch was 7% of ls): r, w,
// then x or a special bit (set-id s/S in the owner's and group's x, the
// sticky t/T in the other's, mandatory locking l/L in the group's only).
var modeBits = func() (t [256]uint16) {
	for i, chars := range [9]string{"-r", "-w", "-xsS", "-r", "-w", "-xsSlL", "-r", "-w", "-xtT"} {
		for _, c := range []byte(chars) {
			t[c] |= 1 << i
		}
	}
	return t
}()

func FileType(c byte) string {
	switch c {
	case '-':
		return "file"
	case 'd':
		return "directory"
	case 'l':
		return "symlink"
	case 'b':
		return "block_device"
	case 'c':
		return "char_device"
	case 'p':
		return "pipe"
	case 's':
		return "socket"
	case 'D':
		return "door"
	}
	return "unknown"
}
