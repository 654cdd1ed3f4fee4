package kit

import (
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
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

func ParseHex(s string) (int64, bool) {
	if s == "" || len(s) > 15 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			n = n<<4 | int64(c-'0')
		case c >= 'a' && c <= 'f':
			n = n<<4 | int64(c-'a'+10)
		case c >= 'A' && c <= 'F':
			n = n<<4 | int64(c-'A'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

func MonthIndex(s string) int {
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

// Hhmm reads "HH:MM" or "HH:MM:SS" (sec -1 when absent) and an optional
// fraction after the seconds ("45.123456789"), returning the fraction's
// offset within s.
func Hhmm(s string) (h, m, sec, fracAt int, ok bool) {
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
	if r[0] != '.' || len(r) < 2 || !lex.IsDigits(r[1:]) {
		return 0, 0, -1, -1, false
	}
	return h, m, sec, len(s) - len(r) + 1, true
}

func Year4(s string) (int, bool) {
	if len(s) != 4 || !lex.IsDigits(s) {
		return 0, false
	}
	n, _ := lex.Atoi(s)
	return int(n), true
}

// Ymd reads "YYYY-MM-DD".
func Ymd(s string) (y, m, d int, ok bool) {
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

func AppendInt(b []byte, v, width int) []byte {
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
