package kit

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var NkConnections = catalog.SpanID("connections/*")

var NfTimestamp = catalog.SpanID("timestamp")

var NfMessage = catalog.SpanID("message")

var NfRecvQ = catalog.SpanID("recv_q")

var NfSendQ = catalog.SpanID("send_q")

var NfLocalAddress = catalog.SpanID("local_address")

var NfLocalPort = catalog.SpanID("local_port")

var NfState = catalog.SpanID("state")

var NfPID = catalog.SpanID("pid")

func NetItemIDs(list, field string, n int) []uint16 {
	ids := make([]uint16, n)
	for i := range ids {
		name := list + "/" + strconv.Itoa(i)
		if field != "" {
			name += "/" + field
		}
		ids[i] = catalog.SpanID(name)
	}
	return ids
}

// NetFloat reads a plain decimal ("0.121", "12", "-1.5"): no exponent, no
// "inf" or "nan", which strconv would accept.
func NetFloat(s string) (float64, bool) {
	if s == "" {
		return 0, false
	}
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		case c == '-' && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// NetPort finds the port of an address as printed, after the last sep
// (':' on Linux, '.' on BSD). It returns the port's offsets within addr
// when the port is a number.
func NetPort(addr string, sep byte) (ps int, port int64, ok bool) {
	i := strings.LastIndexByte(addr, sep)
	if i < 0 || i == len(addr)-1 {
		return 0, 0, false
	}
	n, ok := lex.Atoi(addr[i+1:])
	if !ok || n > 65535 {
		return 0, 0, false
	}
	return i + 1, n, true
}

// NetHex reports a hexadecimal number as BSD netstat prints addresses.
func NetHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return s != ""
}
