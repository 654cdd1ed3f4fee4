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
	for i := 1; i < 10; i++ {
		c := m[i]
		ok := c == '-'
		switch (i - 1) % 3 {
		case 0:
			ok = ok || c == 'r'
		case 1:
			ok = ok || c == 'w'
		case 2:
			ok = ok || c == 'x' || c == 'S' || c == 's' || c == 'T' || c == 't' || c == 'l' || c == 'L'
			if i == 9 && (c == 's' || c == 'S') {
				ok = false
			}
			if i != 9 && (c == 't' || c == 'T') {
				ok = false
			}
			if i != 6 && (c == 'l' || c == 'L') {
				ok = false // mandatory locking shows in the group's x only
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

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
