package catalog

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Network commands: ping, curl -I, netstat, ss, lsof, dig and ip addr.
//
// Addresses are kept as the program printed them ("127.0.0.1:8080",
// "[::]:22", "*.22" on BSD); the port is also given as a number when it is
// one (local_port, foreign_port, peer_port, remote_port), so "what listens
// on 8080" needs no string work.

// Span field ids of the network parsers' rows.
var (
	nkReplies     = spanID("replies/*")
	nkFailures    = spanID("failures/*")
	nkConnections = spanID("connections/*")
	nkUnixSockets = spanID("unix_sockets/*")

	nfSeq            = spanID("seq")
	nfBytes          = spanID("bytes")
	nfFrom           = spanID("from")
	nfFromAddress    = spanID("from_address")
	nfTTL            = spanID("ttl")
	nfTimeMs         = spanID("time_ms")
	nfDuplicate      = spanID("duplicate")
	nfTimestamp      = spanID("timestamp")
	nfMessage        = spanID("message")
	nfProto          = spanID("proto")
	nfNetid          = spanID("netid")
	nfRecvQ          = spanID("recv_q")
	nfSendQ          = spanID("send_q")
	nfLocalAddress   = spanID("local_address")
	nfLocalPort      = spanID("local_port")
	nfForeignAddress = spanID("foreign_address")
	nfForeignPort    = spanID("foreign_port")
	nfPeerAddress    = spanID("peer_address")
	nfPeerPort       = spanID("peer_port")
	nfRemoteAddress  = spanID("remote_address")
	nfRemotePort     = spanID("remote_port")
	nfState          = spanID("state")
	nfPCB            = spanID("pcb")
	nfFlowhash       = spanID("flowhash")
	nfRetransmit     = spanID("retransmit_packets")
	nfOutOfOrder     = spanID("out_of_order_packets")
	nfZeroWindow     = spanID("zero_window_packets")
	nfPID            = spanID("pid")
	nfProgram        = spanID("program")
	nfRefCount       = spanID("ref_count")
	nfAddress        = spanID("address")
	nfVnode          = spanID("vnode")
	nfConn           = spanID("conn")
	nfRefs           = spanID("refs")
	nfNextRef        = spanID("nextref")
	nfCommand        = spanID("command")
	nfTID            = spanID("tid")
	nfTaskCommand    = spanID("task_command")
	nfPGID           = spanID("pgid")
	nfPPID           = spanID("ppid")
	nfFD             = spanID("fd")
	nfDevice         = spanID("device")
	nfSizeOff        = spanID("size_off")
	nfNode           = spanID("node")
	nfProtocol       = spanID("protocol")

	// Nested list items of a row ("flags/0", "processes/2/pid"), for the
	// first few; later ones are recorded one by one.
	nfFlagItems    = netItemIDs("flags", "", 8)
	nfProcCommands = netItemIDs("processes", "command", 16)
	nfProcPIDs     = netItemIDs("processes", "pid", 16)
	nfProcFDs      = netItemIDs("processes", "fd", 16)
)

func netItemIDs(list, field string, n int) []uint16 {
	ids := make([]uint16, n)
	for i := range ids {
		name := list + "/" + strconv.Itoa(i)
		if field != "" {
			name += "/" + field
		}
		ids[i] = spanID(name)
	}
	return ids
}

// netFloat reads a plain decimal ("0.121", "12", "-1.5"): no exponent, no
// "inf" or "nan", which strconv would accept.
func netFloat(s string) (float64, bool) {
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

// netInt reads an optionally signed decimal integer.
func netInt(s string) (int64, bool) {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		n, ok := lex.Atoi(s[1:])
		if s[0] == '-' {
			n = -n
		}
		return n, ok
	}
	return lex.Atoi(s)
}

// netPort finds the port of an address as printed, after the last sep
// (':' on Linux, '.' on BSD). It returns the port's offsets within addr
// when the port is a number.
func netPort(addr string, sep byte) (ps int, port int64, ok bool) {
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

// ---------------------------------------------------------------- ping

// PingResult is the parsed output of `ping`: the target, each reply, each
// failure (unreachable, timeout) and the closing statistics.
type PingResult struct {
	// Target is the host as given ("localhost"), TargetAddress the address
	// ping resolved it to when it printed one.
	Target             string   `json:"target,omitempty"`
	TargetAddress      string   `json:"target_address,omitempty"`
	PayloadBytes       *int64   `json:"payload_bytes,omitempty"`
	PacketsTransmitted *int64   `json:"packets_transmitted,omitempty"`
	PacketsReceived    *int64   `json:"packets_received,omitempty"`
	Duplicates         *int64   `json:"duplicates,omitempty"`
	Errors             *int64   `json:"errors,omitempty"`
	PacketLossPercent  *float64 `json:"packet_loss_percent,omitempty"`
	// TimeMs is the total time iputils reports ("time 2032ms").
	TimeMs   *int64   `json:"time_ms,omitempty"`
	RttMinMs *float64 `json:"rtt_min_ms,omitempty"`
	RttAvgMs *float64 `json:"rtt_avg_ms,omitempty"`
	RttMaxMs *float64 `json:"rtt_max_ms,omitempty"`
	// RttMdevMs is iputils' mean deviation, RttStddevMs the BSD standard
	// deviation: the two programs measure different things.
	RttMdevMs   *float64 `json:"rtt_mdev_ms,omitempty"`
	RttStddevMs *float64 `json:"rtt_stddev_ms,omitempty"`
	// IpgMs and EwmaMs come with flood or adaptive pings (iputils).
	IpgMs  *float64 `json:"ipg_ms,omitempty"`
	EwmaMs *float64 `json:"ewma_ms,omitempty"`
	// Pipe is iputils' largest number of probes in flight ("pipe 4").
	Pipe *int64 `json:"pipe,omitempty"`
	// Pattern is the -p padding as ping echoed it ("0xff").
	Pattern string `json:"pattern,omitempty"`
	// SourceAddress and Interface are iputils' "from 127.0.0.1 lo:" of
	// the header (with -I).
	SourceAddress string        `json:"source_address,omitempty"`
	Interface     string        `json:"interface,omitempty"`
	Replies       []PingReply   `json:"replies"`
	Failures      []PingFailure `json:"failures,omitempty"`
}

// PingReply is one echo reply. Seq is as printed: iputils counts from 1,
// BSD and BusyBox from 0.
type PingReply struct {
	Seq         int64    `json:"seq"`
	Bytes       *int64   `json:"bytes,omitempty"`
	From        string   `json:"from"`
	FromAddress string   `json:"from_address,omitempty"`
	TTL         *int64   `json:"ttl,omitempty"`
	TimeMs      *float64 `json:"time_ms,omitempty"`
	Duplicate   bool     `json:"duplicate,omitempty"`
	// Timestamp is iputils -D's receive time, in UTC.
	Timestamp string `json:"timestamp,omitempty"`
}

// PingFailure is a probe that got no reply: an ICMP error ("Destination
// Host Unreachable"), a timeout ("Request timeout", "no answer yet").
type PingFailure struct {
	Seq         *int64 `json:"seq,omitempty"`
	From        string `json:"from,omitempty"`
	FromAddress string `json:"from_address,omitempty"`
	Message     string `json:"message"`
	Timestamp   string `json:"timestamp,omitempty"`
}

// pingFlags are the flags that leave ping's output in the form read. Checked
// against iputils 20221126 ping(8) and ping_common.c (the one run here),
// FreeBSD 14 ping(8) and macOS ping(8)/ping6(8) (network_cmds), BusyBox
// 1.35 ping --help:
//   - -c, -i, -w, -W, -s, -t, -m, -I, -S, -p, -e, -M, -q, -n, -4, -6, -O,
//     -D, -b, -A, -U, -B, -L, -r, -3, -o change what is sent or when, not
//     the reply and statistics lines (-p adds iputils' "PATTERN: 0x.."
//     line, -I iputils' "from ADDR IFACE:" in the header, -D iputils'
//     "[epoch.frac] " before each line, all read; -q keeps the summary
//     only; BSD -D sets Don't Fragment, -t and -W are times, -m the TTL,
//     -S the source address: all values, same form);
//   - refused: -a and BSD -A write a bell character into the output, -v adds
//     ICMP dumps, -R and -T add route and timestamp lists, -f prints dots,
//     macOS -b takes an interface (iputils -b does not: only the Linux form
//     is read), -Q means a TOS on iputils and "somewhat quiet" on BSD.
var pingFlags = Flags{
	"-c": Value, "-i": Value, "-w": Value, "-W": Value, "-s": Value, "-t": Value, "-m": Value, "-I": Value,
	"-S": Value, "-p": Value, "-e": Value, "-M": Value,
	"-q": Bool, "-n": Bool, "-4": Bool, "-6": Bool, "-D": Bool, "-O": Bool, "-b": Bool, "-A": Bool,
	"-U": Bool, "-B": Bool, "-L": Bool, "-r": Bool, "-3": Bool, "-o": Bool,
}

// pingExitAnswers: iputils ping(8) "If ping does not receive any reply
// packets at all it will exit with code 1" (BusyBox likewise); FreeBSD and
// macOS ping(8) "2: The transmission was successful but no responses were
// received". The statistics are printed either way.
var pingExitAnswers = []ExitAnswer{
	{Code: 1, Means: "no reply was received", OS: []OS{Linux}, WithOutput: true, Source: "iputils 20221126 ping(8) EXIT STATUS"},
	{Code: 2, Means: "no reply was received", OS: []OS{Darwin, FreeBSD}, WithOutput: true, Source: "FreeBSD 14 and macOS ping(8) EXIT STATUS"},
}

var pingParser = &Parser{
	ID:             "ping",
	Command:        "ping",
	Version:        "1",
	OS:             []OS{Linux, Darwin, FreeBSD},
	Format:         "ping replies and statistics (Linux iputils, BusyBox, macOS/FreeBSD)",
	Flags:          pingFlags,
	MaxPositionals: 1,
	Alternatives:   map[string][]string{"-a": {}, "-v": {}, "-R": {}},
	Result:         PingResult{},
	RowsKey:        "replies",
	ExitAnswers:    pingExitAnswers,
	Examples:       [][]string{{"-c", "3", "127.0.0.1"}, {"-c", "4", "-q", "example.com"}},
	Parse:          parsePing,
}

// ping6Parser reads ping6: the IPv6 ping of macOS and FreeBSD (before 13)
// and a link to ping on older Linux; the same forms as ping's.
var ping6Parser = &Parser{
	ID:             "ping6",
	Command:        "ping6",
	Version:        "1",
	OS:             []OS{Linux, Darwin, FreeBSD},
	Format:         "ping6 replies and statistics (Linux iputils, macOS/FreeBSD ping6)",
	Flags:          pingFlags,
	MaxPositionals: 1,
	Alternatives:   map[string][]string{"-a": {}, "-v": {}, "-R": {}},
	Result:         PingResult{},
	RowsKey:        "replies",
	ExitAnswers:    pingExitAnswers,
	Examples:       [][]string{{"-c", "3", "::1"}},
	Parse:          parsePing,
}

// pingParsers wires the pingParser and ping6Parser and returns them for the builtin list.
func pingParsers() []*Parser {
	pingParser.Check = pingCheck
	ping6Parser.Check = pingCheck
	return []*Parser{pingParser, ping6Parser}
}

// pingCheck refuses the flags whose meaning differs on BSD: -A rings a bell
// into the output there.
func pingCheck(args []string, os OS) *ParseError {
	if (os == Darwin || os == FreeBSD) && hasFlag(args, "-A") {
		return Unsupported(nil, "ping -A on macOS/FreeBSD writes a bell character into the output")
	}
	return nil
}

func parsePing(c *Context) (any, error) {
	res := &PingResult{Replies: []PingReply{}}
	rec := c.Recording()
	rs := newSpanRec(c, 7)
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	dump := 0 // after a BSD ICMP error: 1 expects its "Vr HL TOS" header, 2 the dump line
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		switch {
		case dump == 1 && strings.HasPrefix(line, "Vr HL TOS"):
			dump = 2
			read++
			continue
		case dump == 2 && len(line) > 1 && line[0] == ' ' && (line[1] == '4' || line[1] == '6'):
			dump = 0
			read++
			continue
		}
		dump = 0
		var good bool
		switch {
		case strings.HasPrefix(line, "PING"):
			// One header per run; a second one is not ping's own output.
			good = res.Target == "" && pingHeader(c, res, line, start)
		case strings.HasPrefix(line, "--- ") && (strings.HasSuffix(line, " ping statistics ---") || strings.HasSuffix(line, " ping6 statistics ---")):
			if e := strings.LastIndex(line, " ping"); res.Target == "" && e > 4 {
				res.Target = line[4:e]
				c.spanPath(start+4, start+e, "", "target")
			}
			good = true
		case strings.Contains(line, " packets transmitted"):
			good = res.PacketsTransmitted == nil && pingSummary(c, res, line, start)
		case strings.HasPrefix(line, "rtt ") || strings.HasPrefix(line, "round-trip "):
			good = res.RttMinMs == nil && res.RttAvgMs == nil && res.RttMaxMs == nil && pingRtt(c, res, line, start)
		case strings.HasPrefix(line, "PATTERN: 0x"):
			// iputils -p echoes the pattern before the header.
			good = res.Pattern == "" && res.Target == "" && len(line) > len("PATTERN: 0x")
			if good {
				res.Pattern = line[len("PATTERN: "):]
				c.spanPath(start+len("PATTERN: "), start+len(line), "", "pattern")
			}
		case strings.HasPrefix(line, "pipe "):
			// iputils: probes in flight, alone when no rtt line follows.
			good = pingPipe(c, res, line, start)
		default:
			var icmpErr bool
			good, icmpErr = pingLine(c, res, line, start, rec, rs)
			if icmpErr {
				dump = 1
			}
		}
		if good {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as ping output")
	}
	if rec {
		rs.finish()
	}
	return res, nil
}

// pingHeader reads "PING host (addr) 56(84) bytes of data.", "PING ::1(::1)
// 56 data bytes", "PING host (addr): 56 data bytes" and macOS ping6's
// "PING6(56=40+8+8 bytes) src --> dst".
func pingHeader(c *Context, dst *PingResult, line string, start int) bool {
	r := *dst // changed only when the line reads
	res := &r
	pend := c.hold()
	done := func() bool {
		*dst = r
		pend.commit()
		return true
	}
	if strings.HasPrefix(line, "PING6(") || strings.HasPrefix(line, "PING(") {
		arrow := strings.LastIndex(line, " --> ")
		close := strings.IndexByte(line, ')')
		if arrow < 0 || close < 0 || close > arrow || arrow+5 >= len(line) {
			return false
		}
		res.Target = line[arrow+5:]
		pend.add(start+arrow+5, start+len(line), "", "target")
		inner := line[strings.IndexByte(line, '(')+1 : close]
		if plus := strings.LastIndexByte(inner, '+'); plus >= 0 {
			v := strings.TrimSuffix(inner[plus+1:], " bytes")
			if n, ok := lex.Atoi(v); ok {
				res.PayloadBytes = &n
				s := start + strings.IndexByte(line, '(') + 1 + plus + 1
				pend.add(s, s+len(v), "parseInt", "payload_bytes")
			}
		}
		return done()
	}
	if !strings.HasPrefix(line, "PING ") {
		return false
	}
	rest := line[5:]
	base := start + 5
	// The target runs to the first space or '('.
	i := strings.IndexAny(rest, " (")
	if i <= 0 {
		return false
	}
	res.Target = rest[:i]
	pend.add(base, base+i, "", "target")
	j := i
	for j < len(rest) && rest[j] == ' ' {
		j++
	}
	if j < len(rest) && rest[j] == '(' {
		// Balanced parentheses: "(localhost (::1))" names the address last.
		depth, k := 0, j
		for ; k < len(rest); k++ {
			if rest[k] == '(' {
				depth++
			} else if rest[k] == ')' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if k >= len(rest) {
			return false
		}
		inner, is := rest[j+1:k], j+1
		if o := strings.LastIndexByte(inner, '('); o >= 0 && strings.HasSuffix(inner, ")") {
			inner, is = inner[o+1:len(inner)-1], is+o+1
		}
		if inner != "" {
			res.TargetAddress = inner
			pend.add(base+is, base+is+len(inner), "", "target_address")
		}
		j = k + 1
	}
	tail := strings.TrimLeft(rest[j:], ": ")
	ts := base + len(rest) - len(tail)
	if from, ok := strings.CutPrefix(tail, "from "); ok {
		// iputils -I: "from 127.0.0.1 lo: 56(84) bytes of data."
		colon := strings.Index(from, ": ")
		src, iface, two := strings.Cut(from[:max(colon, 0)], " ")
		if colon <= 0 || src == "" {
			return false
		}
		res.SourceAddress = src
		pend.add(ts+5, ts+5+len(src), "", "source_address")
		if two && iface != "" {
			res.Interface = iface
			pend.add(ts+5+len(src)+1, ts+5+colon, "", "interface")
		}
		tail = from[colon+2:]
		ts += 5 + colon + 2
	}
	n := 0
	for n < len(tail) && tail[n] >= '0' && tail[n] <= '9' {
		n++
	}
	if v, ok := lex.Atoi(tail[:n]); ok {
		res.PayloadBytes = &v
		pend.add(ts, ts+n, "parseInt", "payload_bytes")
	}
	return done()
}

// pingSummary reads "3 packets transmitted, 3 received, +1 duplicates,
// 0% packet loss, time 2032ms" (iputils) and the BSD and BusyBox forms
// ("3 packets received", "0.0% packet loss"). Nothing is kept unless the
// line reads, nor an item given twice.
func pingSummary(c *Context, res *PingResult, line string, start int) bool {
	r := *res
	pend := c.hold()
	var warn []string
	for pos := 0; pos < len(line); {
		end := strings.Index(line[pos:], ", ")
		if end < 0 {
			end = len(line)
		} else {
			end += pos
		}
		piece := strings.TrimSpace(line[pos:end])
		ps := start + pos + strings.Index(line[pos:end], piece)
		pos = end + 2
		num, rest, _ := strings.Cut(piece, " ")
		off := 0
		if strings.HasPrefix(num, "+") {
			num, off = num[1:], 1
		}
		if iv, isInt := lex.Atoi(num); isInt {
			var dst **int64
			var key string
			switch rest {
			case "packets transmitted":
				dst, key = &r.PacketsTransmitted, "packets_transmitted"
			case "received", "packets received":
				dst, key = &r.PacketsReceived, "packets_received"
			case "duplicates":
				dst, key = &r.Duplicates, "duplicates"
			case "errors":
				dst, key = &r.Errors, "errors"
			}
			if dst != nil {
				if *dst != nil {
					return false
				}
				*dst = &iv
				pend.add(ps+off, ps+off+len(num), "parseInt", key)
				continue
			}
		}
		if v, ok := strings.CutSuffix(piece, "% packet loss"); ok && r.PacketLossPercent == nil {
			if f, good := netFloat(v); good {
				r.PacketLossPercent = &f
				pend.add(ps, ps+len(v), "parseFloat", "packet_loss_percent")
				continue
			}
		}
		if strings.HasPrefix(piece, "pipe ") && r.Pipe == nil {
			if n, good := lex.Atoi(piece[5:]); good {
				r.Pipe = &n
				pend.add(ps+5, ps+len(piece), "parseInt", "pipe")
				continue
			}
		}
		if strings.HasPrefix(piece, "time ") && strings.HasSuffix(piece, "ms") && r.TimeMs == nil {
			v := piece[5 : len(piece)-2]
			if n, good := lex.Atoi(v); good {
				r.TimeMs = &n
				pend.add(ps+5, ps+5+len(v), "parseInt", "time_ms")
				continue
			}
		}
		if piece != "" {
			warn = append(warn, piece)
		}
	}
	if r.PacketsTransmitted == nil {
		return false
	}
	*res = r
	pend.commit()
	for _, w := range warn {
		c.Warn("ping: statistics item not read: " + w)
	}
	return true
}

// pingRtt reads "rtt min/avg/max/mdev = a/b/c/d ms" and "round-trip
// min/avg/max/stddev = a/b/c/d ms", with iputils' ", ipg/ewma x/y ms".
func pingRtt(c *Context, res *PingResult, line string, start int) bool {
	r := *res
	pend := c.hold()
	ok := false
	for pos := 0; pos < len(line); {
		end := strings.Index(line[pos:], ", ")
		if end < 0 {
			end = len(line)
		} else {
			end += pos
		}
		piece := line[pos:end]
		base := start + pos
		pos = end + 2
		var names string
		var at int // where the values start within piece
		if n, good := lex.Atoi(strings.TrimPrefix(piece, "pipe ")); good && strings.HasPrefix(piece, "pipe ") {
			if r.Pipe != nil {
				return false
			}
			r.Pipe = &n
			pend.add(base+5, base+len(piece), "parseInt", "pipe")
			continue
		}
		if strings.HasPrefix(piece, "ipg/ewma ") {
			names, at = "ipg/ewma", len("ipg/ewma ")
		} else {
			eq := strings.Index(piece, " = ")
			sp := strings.IndexByte(piece, ' ')
			if eq < 0 || sp < 0 || sp >= eq {
				return false
			}
			names, at = piece[sp+1:eq], eq+3
		}
		values := piece[at:]
		if !strings.HasSuffix(values, " ms") {
			return false
		}
		values = values[:len(values)-3]
		nameList := strings.Split(names, "/")
		vs := base + at
		for k, v := range strings.Split(values, "/") {
			f, good := netFloat(v)
			if !good || k >= len(nameList) {
				return false
			}
			var dst **float64
			var key string
			switch nameList[k] {
			case "min":
				dst, key = &r.RttMinMs, "rtt_min_ms"
			case "avg":
				dst, key = &r.RttAvgMs, "rtt_avg_ms"
			case "max":
				dst, key = &r.RttMaxMs, "rtt_max_ms"
			case "mdev":
				dst, key = &r.RttMdevMs, "rtt_mdev_ms"
			case "stddev", "std-dev":
				dst, key = &r.RttStddevMs, "rtt_stddev_ms"
			case "ipg":
				dst, key = &r.IpgMs, "ipg_ms"
			case "ewma":
				dst, key = &r.EwmaMs, "ewma_ms"
			default:
				return false
			}
			if *dst != nil {
				return false
			}
			*dst = &f
			pend.add(vs, vs+len(v), "parseFloat", key)
			vs += len(v) + 1
			ok = true
		}
	}
	if !ok {
		return false
	}
	*res = r
	pend.commit()
	return true
}

// pingPipe reads iputils' "pipe 4" line.
func pingPipe(c *Context, res *PingResult, line string, start int) bool {
	n, ok := lex.Atoi(line[len("pipe "):])
	if !ok || res.Pipe != nil {
		return false
	}
	res.Pipe = &n
	c.spanPath(start+len("pipe "), start+len(line), "parseInt", "pipe")
	return true
}

// pingStamp reads iputils -D's "[1795996148.711243] " prefix.
func pingStamp(line string) (ts string, n int) {
	if len(line) < 4 || line[0] != '[' {
		return "", 0
	}
	close := strings.IndexByte(line, ']')
	if close < 2 || close+1 >= len(line) || line[close+1] != ' ' {
		return "", 0
	}
	v := line[1:close]
	secs, frac, _ := strings.Cut(v, ".")
	s, ok := lex.Atoi(secs)
	if !ok || len(frac) > 9 {
		return "", 0
	}
	ns := int64(0)
	if frac != "" {
		f, ok := lex.Atoi(frac)
		if !ok {
			return "", 0
		}
		ns = f
		for k := len(frac); k < 9; k++ {
			ns *= 10
		}
	}
	layout := "2006-01-02T15:04:05-07:00"
	if frac != "" {
		layout = "2006-01-02T15:04:05." + strings.Repeat("0", len(frac)) + "-07:00"
	}
	return time.Unix(s, ns).UTC().Format(layout), close + 2
}

// pingLine reads a reply or a failure. dump reports a BSD ICMP error whose
// IP header dump follows.
func pingLine(c *Context, res *PingResult, line string, start int, rec bool, rs *spanRec) (ok, dump bool) {
	ts, skip := pingStamp(line)
	body := line[skip:]
	bs := start + skip
	if bi := strings.Index(body, " bytes from "); bi > 0 {
		nb, good := lex.Atoi(body[:bi])
		if !good {
			return false, false
		}
		rest := body[bi+len(" bytes from "):]
		rsStart := bs + bi + len(" bytes from ")
		sep := strings.Index(rest, ": ")
		if c2 := strings.Index(rest, ", "); c2 >= 0 && (sep < 0 || c2 < sep) {
			sep = c2 // macOS ping6: "16 bytes from ::1, icmp_seq=0 hlim=64 ..."
		}
		if sep <= 0 {
			return false, false
		}
		from, addr, as := pingFrom(rest[:sep])
		fields := rest[sep+2:]
		fs := rsStart + sep + 2
		if !strings.Contains(fields, "seq=") {
			// BSD: "92 bytes from 10.0.0.1: Destination Host Unreachable"
			f := PingFailure{From: from, FromAddress: addr, Message: fields, Timestamp: ts}
			idx := len(res.Failures)
			res.Failures = append(res.Failures, f)
			if rec {
				rs.begin(nkFailures, idx)
				rs.field(nfFrom, rsStart, rsStart+len(from), trVerbatim)
				if addr != "" {
					rs.field(nfFromAddress, rsStart+as, rsStart+as+len(addr), trVerbatim)
				}
				rs.field(nfMessage, fs, fs+len(fields), trVerbatim)
				if ts != "" {
					rs.field(nfTimestamp, start+1, start+skip-2, trTimestamp)
				}
			}
			return true, true
		}
		r := PingReply{Bytes: &nb, From: from, FromAddress: addr, Timestamp: ts}
		seqSeen := false
		type span struct {
			id   uint16
			s, e int
			tr   spanTr
		}
		var spans [6]span
		ns := 0
		for pos := 0; pos < len(fields); {
			s, e := lex.NextField(fields, pos)
			if s >= len(fields) {
				break
			}
			pos = e
			tok := fields[s:e]
			k, v, kv := strings.Cut(tok, "=")
			vs := fs + s + len(k) + 1
			switch {
			case kv && (k == "icmp_seq" || k == "seq"):
				n, good := lex.Atoi(v)
				if !good {
					return false, false
				}
				r.Seq, seqSeen = n, true
				spans[ns] = span{nfSeq, vs, vs + len(v), trParseInt}
				ns++
			case kv && (k == "ttl" || k == "hlim"):
				n, good := lex.Atoi(v)
				if !good {
					return false, false
				}
				r.TTL = &n
				spans[ns] = span{nfTTL, vs, vs + len(v), trParseInt}
				ns++
			case kv && k == "time":
				f, good := netFloat(strings.TrimSuffix(v, "ms"))
				if !good {
					return false, false
				}
				r.TimeMs = &f
				spans[ns] = span{nfTimeMs, vs, vs + len(strings.TrimSuffix(v, "ms")), trParseFloat}
				ns++
			case tok == "ms":
			case tok == "(DUP!)":
				r.Duplicate = true
				spans[ns] = span{nfDuplicate, fs + s, fs + e, trMarker}
				ns++
			default:
				return false, false
			}
			if ns == len(spans) {
				return false, false
			}
		}
		if !seqSeen {
			return false, false
		}
		idx := len(res.Replies)
		if c.Full(idx) {
			c.Omit(1)
			return true, false
		}
		res.Replies = append(res.Replies, r)
		if rec {
			rs.begin(nkReplies, idx)
			rs.field(nfBytes, bs, bs+bi, trParseInt)
			rs.field(nfFrom, rsStart, rsStart+len(from), trVerbatim)
			if addr != "" {
				rs.field(nfFromAddress, rsStart+as, rsStart+as+len(addr), trVerbatim)
			}
			if ts != "" {
				rs.field(nfTimestamp, start+1, start+skip-2, trTimestamp)
			}
			for _, sp := range spans[:ns] {
				rs.field(sp.id, sp.s, sp.e, sp.tr)
			}
		}
		return true, false
	}
	// Failures without a reply.
	f := PingFailure{Timestamp: ts}
	var seqS, seqE, fromS, addrS, msgS int
	switch {
	case strings.HasPrefix(body, "From "):
		// "From 10.0.0.1 icmp_seq=1 Destination Host Unreachable"
		k := strings.Index(body, " icmp_seq=")
		if k < 0 {
			return false, false
		}
		f.From, f.FromAddress, addrS = pingFrom(body[5:k])
		fromS = 5
		e := k + len(" icmp_seq=")
		seqS = e
		for e < len(body) && body[e] >= '0' && body[e] <= '9' {
			e++
		}
		seqE = e
		msgS = e
		for msgS < len(body) && body[msgS] == ' ' {
			msgS++
		}
		f.Message = body[msgS:]
	case strings.HasPrefix(body, "no answer yet for icmp_seq="):
		seqS, seqE = len("no answer yet for icmp_seq="), len(body)
		f.Message, msgS = "no answer yet", 0
	case strings.HasPrefix(body, "Request timeout for icmp_seq"):
		seqS = len("Request timeout for icmp_seq")
		for seqS < len(body) && (body[seqS] == ' ' || body[seqS] == '=') {
			seqS++
		}
		seqE = len(body)
		f.Message, msgS = "Request timeout", 0
	default:
		return false, false
	}
	n, good := lex.Atoi(body[seqS:seqE])
	if !good || f.Message == "" {
		return false, false
	}
	f.Seq = &n
	idx := len(res.Failures)
	res.Failures = append(res.Failures, f)
	if rec {
		rs.begin(nkFailures, idx)
		rs.field(nfSeq, bs+seqS, bs+seqE, trParseInt)
		rs.field(nfMessage, bs+msgS, bs+msgS+len(f.Message), trVerbatim)
		if f.From != "" {
			rs.field(nfFrom, bs+fromS, bs+fromS+len(f.From), trVerbatim)
		}
		if f.FromAddress != "" {
			rs.field(nfFromAddress, bs+fromS+addrS, bs+fromS+addrS+len(f.FromAddress), trVerbatim)
		}
		if ts != "" {
			rs.field(nfTimestamp, start+1, start+skip-2, trTimestamp)
		}
	}
	return true, false
}

// pingFrom splits "name (addr)" into its parts; a bare address is the name.
func pingFrom(s string) (from, addr string, addrStart int) {
	if i := strings.Index(s, " ("); i > 0 && strings.HasSuffix(s, ")") {
		return s[:i], s[i+2 : len(s)-1], i + 2
	}
	return s, "", 0
}

// ---------------------------------------------------------------- curl -I

// CurlHeadResult is the parsed output of `curl -I`: the final response's
// status line and headers, and every earlier response of the exchange
// (redirects followed with -L, 1xx, a proxy's CONNECT answer) in order.
type CurlHeadResult struct {
	HTTPVersion string `json:"http_version,omitempty"`
	StatusCode  int64  `json:"status_code,omitempty"`
	Reason      string `json:"reason,omitempty"`
	// Headers maps each header name, spelled as received, to its value; a
	// header sent more than once has its values joined with ", " (RFC 9110
	// 5.3) here and listed one by one in RepeatedHeaders.
	Headers         map[string]string   `json:"headers"`
	RepeatedHeaders map[string][]string `json:"repeated_headers,omitempty"`
	Redirects       []CurlResponse      `json:"redirects,omitempty"`
}

// CurlResponse is one earlier response of the exchange.
type CurlResponse struct {
	HTTPVersion     string              `json:"http_version"`
	StatusCode      int64               `json:"status_code"`
	Reason          string              `json:"reason,omitempty"`
	Headers         map[string]string   `json:"headers"`
	RepeatedHeaders map[string][]string `json:"repeated_headers,omitempty"`
}

var curlHeadParser = &Parser{
	ID:      "curl-head",
	Command: "curl",
	Version: "1",
	Format:  "curl -I: status lines and headers of each response (HTTP/1.x, 2, 3)",
	// Checked against curl 7.88 / 8.x curl(1) (--help all, the manual's
	// per-option pages): -I/--head (required), -i with it, -s, -S, -L,
	// -k, -4/-6, --http1.0/1.1/2/2-prior-knowledge/3, --compressed, -f,
	// -v and --trace-time (stderr only), -g, --path-as-is, -N, --raw,
	// --tr-encoding, --tcp-nodelay, --no-keepalive, --no-sessionid,
	// --ssl-no-revoke, --suppress-connect-headers, timeouts, retries,
	// --limit-rate, -A, -H, -e, --max-redirs, --resolve, --connect-to,
	// --cacert/--capath leave stdout the headers. Refused: -o/-O (the
	// headers go to a file), -D (a second copy), -w (text after them), -X
	// (another method than HEAD), -d/-F/-T (a body sent).
	Flags: Flags{
		"-I": Bool, "--head": Bool, "-i": Bool, "--include": Bool,
		"-s": Bool, "--silent": Bool, "-S": Bool, "--show-error": Bool, "-L": Bool, "--location": Bool,
		"-k": Bool, "--insecure": Bool, "-4": Bool, "-6": Bool, "--ipv4": Bool, "--ipv6": Bool,
		"--http1.0": Bool, "--http1.1": Bool, "--http2": Bool, "--http3": Bool, "--compressed": Bool,
		"--no-progress-meter": Bool, "-f": Bool, "--fail": Bool, "-v": Bool, "--verbose": Bool,
		"-g": Bool, "--globoff": Bool, "--path-as-is": Bool,
		"-m": Value, "--max-time": Value, "--connect-timeout": Value, "-A": Value, "--user-agent": Value,
		"-H": Value, "--header": Value, "-e": Value, "--referer": Value, "--max-redirs": Value,
		"--retry": Value, "--resolve": Value,
		"--http2-prior-knowledge": Bool, "--tcp-nodelay": Bool, "--no-keepalive": Bool, "--no-sessionid": Bool,
		"-N": Bool, "--no-buffer": Bool, "--raw": Bool, "--tr-encoding": Bool, "--ssl-no-revoke": Bool,
		"--suppress-connect-headers": Bool, "--trace-time": Bool, "--fail-early": Bool,
		"--retry-delay": Value, "--retry-max-time": Value, "--limit-rate": Value, "--connect-to": Value,
		"--cacert": Value, "--capath": Value,
	},
	MaxPositionals: 1,
	Result:         CurlHeadResult{},
	Examples:       [][]string{{"-sI", "https://example.com"}, {"-sIL", "http://example.com"}},
	Parse:          parseCurlHead,
}

// curlHeadParsers wires the curlHeadParser and returns it for the builtin list.
func curlHeadParsers() []*Parser {
	curlHeadParser.Check = curlHeadCheck
	return []*Parser{curlHeadParser}
}

// curlValueLetters are the short options of curlHeadParser that take a value.
const curlValueLetters = "mAHe"

// curlHeadCheck requires -I: without it curl prints the body (and with -i
// the body after the headers). The hint is the same arguments with -I.
func curlHeadCheck(args []string, _ OS) *ParseError {
	head := false
	hint := []string{"-I"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			hint = append(hint, args[i:]...)
			i = len(args)
			continue
		case a == "-I" || a == "--head":
			head = true
			continue
		case a == "-i" || a == "--include":
			continue
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			// A group of short options: drop i and I, stop at a value.
			kept := []byte{'-'}
			for j := 1; j < len(a); j++ {
				switch l := a[j]; {
				case l == 'I':
					head = true
				case l == 'i':
				case strings.IndexByte(curlValueLetters, l) >= 0:
					kept = append(kept, a[j:]...)
					if j == len(a)-1 && i+1 < len(args) {
						hint = append(hint, string(kept))
						kept = nil
						i++
						a = args[i]
						hint = append(hint, a)
					}
					j = len(a)
				default:
					kept = append(kept, l)
				}
			}
			if len(kept) > 1 {
				hint = append(hint, string(kept))
			}
			continue
		}
		hint = append(hint, a)
		if k, ok := curlHeadParser.Flags[a]; ok && k == Value && i+1 < len(args) {
			i++
			hint = append(hint, args[i])
		}
	}
	if head {
		return nil
	}
	return Unsupported(hint, "curl prints only headers with -I (--head)")
}

func parseCurlHead(c *Context) (any, error) {
	res := &CurlHeadResult{Headers: map[string]string{}}
	var resps []curlResp
	it := lex.Lines{Raw: c.Raw}
	var cur *curlResp
	dataLines, read := 0, 0
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if line == "" {
			cur = nil
			continue
		}
		dataLines++
		if strings.HasPrefix(line, "HTTP/") {
			r, good := curlStatus(line, start)
			if good {
				resps = append(resps, r)
				cur = &resps[len(resps)-1]
				read++
				continue
			}
		}
		if cur == nil {
			c.Unread(start)
			continue
		}
		if (line[0] == ' ' || line[0] == '\t') && len(cur.hdrs) > 0 {
			// obs-fold: a continuation of the previous header's value.
			h := &cur.hdrs[len(cur.hdrs)-1]
			t := strings.TrimSpace(line)
			if t != "" {
				h.value += " " + t
				h.ve = start + strings.Index(line, t) + len(t)
				h.folded = true
			}
			read++
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 || !curlToken(line[:colon]) {
			c.Unread(start)
			continue
		}
		v := strings.TrimSpace(line[colon+1:])
		vs := start + colon + 1
		if v != "" {
			vs = start + colon + 1 + strings.Index(line[colon+1:], v)
		}
		cur.hdrs = append(cur.hdrs, curlHdr{name: line[:colon], value: v, ns: start, vs: vs, ve: vs + len(v)})
		read++
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as HTTP response headers")
	}
	for i := range resps {
		r := &resps[i]
		var ptr []any
		if i < len(resps)-1 {
			ptr = []any{"redirects", i}
		}
		headers, repeated := curlHeaders(c, r.hdrs, ptr)
		if i == len(resps)-1 {
			res.HTTPVersion, res.StatusCode, res.Reason = r.version, r.code, r.reason
			res.Headers, res.RepeatedHeaders = headers, repeated
		} else {
			res.Redirects = append(res.Redirects, CurlResponse{HTTPVersion: r.version, StatusCode: r.code,
				Reason: r.reason, Headers: headers, RepeatedHeaders: repeated})
		}
		if c.Recording() {
			p := func(k string) []any { return append(append([]any{}, ptr...), k) }
			c.spanPath(r.verS, r.verS+len(r.version), "", p("http_version")...)
			c.spanPath(r.codeS, r.codeS+3, "parseInt", p("status_code")...)
			if r.reason != "" {
				c.spanPath(r.reasonS, r.reasonS+len(r.reason), "", p("reason")...)
			}
		}
	}
	return res, nil
}

type curlHdr struct {
	name, value string
	ns, vs, ve  int
	folded      bool
}

type curlResp struct {
	version, reason      string
	code                 int64
	verS, codeS, reasonS int
	hdrs                 []curlHdr
}

// curlStatus reads "HTTP/1.1 301 Moved Permanently", "HTTP/2 200".
func curlStatus(line string, start int) (curlResp, bool) {
	sp := strings.IndexByte(line, ' ')
	if sp < 6 || len(line) < sp+4 {
		return curlResp{}, false
	}
	code, ok := lex.Atoi(line[sp+1 : sp+4])
	if !ok || code < 100 || code > 999 || (len(line) > sp+4 && line[sp+4] != ' ') {
		return curlResp{}, false
	}
	r := curlResp{version: line[5:sp], code: code, verS: start + 5, codeS: start + sp + 1}
	if len(line) > sp+5 {
		reason := strings.TrimRight(line[sp+5:], " ")
		r.reason, r.reasonS = reason, start+sp+5
	}
	return r, r.version != ""
}

// curlToken reports whether s is an HTTP header name (RFC 9110 token).
func curlToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return s != ""
}

// curlHeaders builds the header map (repeats joined) and the repeats list;
// header names compare case-insensitively and keep their first spelling.
func curlHeaders(c *Context, hdrs []curlHdr, ptr []any) (map[string]string, map[string][]string) {
	headers := make(map[string]string, len(hdrs))
	var repeated map[string][]string
	first := make(map[string]int, len(hdrs)) // lower-case name -> index of first
	count := make(map[string]int, len(hdrs))
	for i, h := range hdrs {
		k := strings.ToLower(h.name)
		if _, ok := first[k]; !ok {
			first[k] = i
		}
		count[k]++
	}
	rec := c.Recording()
	p := func(tokens ...any) string { return Ptr(append(append([]any{}, ptr...), tokens...)...) }
	for i, h := range hdrs {
		k := strings.ToLower(h.name)
		name := hdrs[first[k]].name
		tr := ""
		if h.folded {
			tr = "unfold"
		}
		if count[k] == 1 {
			headers[name] = h.value
			if rec {
				c.Span(p("headers", name), h.vs, h.ve, tr)
			}
			continue
		}
		if repeated == nil {
			repeated = map[string][]string{}
		}
		n := len(repeated[name])
		repeated[name] = append(repeated[name], h.value)
		if rec {
			c.Span(p("repeated_headers", name, n), h.vs, h.ve, tr)
		}
		if first[k] == i {
			headers[name] = h.value
		} else {
			headers[name] += ", " + h.value
		}
		if rec && n == count[k]-1 {
			c.Span(p("headers", name), hdrs[first[k]].vs, h.ve, "joinRepeated")
		}
	}
	return headers, repeated
}

// ---------------------------------------------------------------- netstat

// NetstatResult is the parsed output of `netstat` socket listings: the
// Internet connections and, when listed, the UNIX domain sockets.
type NetstatResult struct {
	Connections []NetstatConnection `json:"connections"`
	UnixSockets []NetstatUnixSocket `json:"unix_sockets,omitempty"`
}

// NetstatConnection is one Internet socket. Addresses are as printed
// ("127.0.0.1:8080" on Linux, "127.0.0.1.8080" on BSD); the ports are
// numbers when netstat printed numbers (-n). State is empty for UDP.
type NetstatConnection struct {
	// PCB is BSD -A's protocol control block address (FreeBSD "Tcpcb",
	// macOS "Socket"), Flowhash macOS -A's flow hash, both hexadecimal as
	// printed.
	PCB      string `json:"pcb,omitempty"`
	Flowhash string `json:"flowhash,omitempty"`
	Proto    string `json:"proto"`
	// RecvQ and SendQ are absent with FreeBSD -T, which prints the
	// retransmitted, out-of-order and zero-window packet counts of TCP
	// sockets instead (nothing for UDP).
	RecvQ             *int64 `json:"recv_q,omitempty"`
	SendQ             *int64 `json:"send_q,omitempty"`
	RetransmitPackets *int64 `json:"retransmit_packets,omitempty"`
	OutOfOrderPackets *int64 `json:"out_of_order_packets,omitempty"`
	ZeroWindowPackets *int64 `json:"zero_window_packets,omitempty"`
	LocalAddress      string `json:"local_address"`
	LocalPort         *int64 `json:"local_port,omitempty"`
	ForeignAddress    string `json:"foreign_address"`
	ForeignPort       *int64 `json:"foreign_port,omitempty"`
	State             string `json:"state,omitempty"`
	// User (without -n) or UID (with -n, --numeric, --numeric-users) and
	// Inode come with -e, PID and Program with -p (Linux).
	User    string `json:"user,omitempty"`
	UID     *int64 `json:"uid,omitempty"`
	Inode   *int64 `json:"inode,omitempty"`
	PID     *int64 `json:"pid,omitempty"`
	Program string `json:"program,omitempty"`
}

// NetstatUnixSocket is one UNIX domain socket. Linux prints RefCnt, Flags,
// Type, State, I-Node (and PID/Program with -p) and Path; BSD prints the
// kernel address, Type, queues, the vnode, conn, refs and nextref
// addresses (hexadecimal, as printed) and Addr (the path).
type NetstatUnixSocket struct {
	Proto    string   `json:"proto,omitempty"`
	Address  string   `json:"address,omitempty"`
	RefCount *int64   `json:"ref_count,omitempty"`
	Flags    []string `json:"flags,omitempty"`
	Type     string   `json:"type"`
	State    string   `json:"state,omitempty"`
	RecvQ    *int64   `json:"recv_q,omitempty"`
	SendQ    *int64   `json:"send_q,omitempty"`
	Inode    *int64   `json:"inode,omitempty"`
	Vnode    string   `json:"vnode,omitempty"`
	Conn     string   `json:"conn,omitempty"`
	Refs     string   `json:"refs,omitempty"`
	NextRef  string   `json:"nextref,omitempty"`
	PID      *int64   `json:"pid,omitempty"`
	Program  string   `json:"program,omitempty"`
	Path     string   `json:"path,omitempty"`
}

var netstatParser = &Parser{
	ID:      "netstat",
	Command: "netstat",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "net-tools netstat socket listing (-tunap, -an, -tlnp; -e adds User/Inode)",
	// Checked against net-tools 2.10 netstat(8) (the one run here): -a -t
	// -u -w -x -l -p -n (and --numeric-*), -e, -W, -T/--notrim, -4, -6,
	// -A/--protocol FAMILIES and --inet/--inet6/--ip keep the socket
	// tables (-n makes -e's User a uid); -v only adds notes on stderr.
	// Refused: -o (a Timer column), -c (continuous), -Z (contexts), -r,
	// -i, -g, -s, -M, -C (other tables).
	Flags: Flags{
		"-a": Bool, "--all": Bool, "-t": Bool, "--tcp": Bool, "-u": Bool, "--udp": Bool, "-w": Bool, "--raw": Bool,
		"-x": Bool, "--unix": Bool, "-l": Bool, "--listening": Bool, "-p": Bool, "--program": Bool,
		"-n": Bool, "--numeric": Bool, "--numeric-hosts": Bool, "--numeric-ports": Bool, "--numeric-users": Bool,
		"-e": Bool, "--extend": Bool, "-W": Bool, "--wide": Bool, "-T": Bool, "--notrim": Bool,
		"-4": Bool, "-6": Bool, "-A": Value, "--protocol": Value,
		"--inet": Bool, "--inet6": Bool, "--ip": Bool, "-v": Bool, "--verbose": Bool,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-o": {}, "--timers": {}, "-c": {}, "--continuous": {}},
	Result:         NetstatResult{},
	RowsKey:        "connections",
	KeyFields:      []string{"proto", "local_address", "foreign_address"},
	Examples:       [][]string{{"-tunap"}, {"-tln"}, {"-an"}},
	Parse:          parseNetstat,
}

var netstatBSDParser = &Parser{
	ID:      "netstat-bsd",
	Command: "netstat",
	Version: "1",
	OS:      []OS{Darwin, FreeBSD},
	Format:  "BSD netstat socket listing (-an, -an -p tcp, -an -f inet)",
	// Checked against FreeBSD 14 netstat(1) and usr.bin/netstat/inet.c
	// (protopr's header and row formats), macOS netstat(1) and
	// network_cmds netstat.tproj/inet.c: -a, -n, -W, -l (macOS: full IPv6
	// addresses), -4, -6, -p PROTO, -f FAMILY, -j JAIL keep the table; -A
	// adds the PCB address column (macOS also the flow hash), -T (FreeBSD)
	// replaces the queues by retransmit/out-of-order/zero-window counts:
	// both read. Refused: -L (listen queues table), -x, -R, -C, -v and
	// macOS -b (more columns), -w (interval), -i/-r/-s/-m (other tables).
	Flags: Flags{
		"-a": Bool, "-n": Bool, "-W": Bool, "-l": Bool, "-A": Bool, "-T": Bool, "-4": Bool, "-6": Bool,
		"-p": Value, "-f": Value, "-j": Value,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-v": {}, "-w": {}, "-L": {}, "-x": {}, "-R": {}, "-b": {}},
	Result:         NetstatResult{},
	RowsKey:        "connections",
	KeyFields:      []string{"proto", "local_address", "foreign_address"},
	Examples:       [][]string{{"-an", "-p", "tcp"}, {"-an", "-f", "inet"}},
	Parse:          parseNetstat,
}

// netstatParsers wires the netstatParser, netstatBSDParser and returns them for the builtin list.
func netstatParsers() []*Parser {
	return []*Parser{netstatParser, netstatBSDParser, netstatWindowsParser}
}

// netstatSection says which table the lines under a header belong to.
type netstatSection uint8

const (
	nsNone    netstatSection = iota
	nsInet                   // Internet sockets
	nsUnix                   // Linux UNIX sockets
	nsUnixBSD                // BSD UNIX sockets
	nsOther                  // a table the parser does not read
)

// netstatLayout is what a table's header line says.
type netstatLayout struct {
	bsd                  bool
	pcb                  int  // BSD -A: leading address columns (1 FreeBSD, 2 macOS)
	timers               bool // FreeBSD -T: Rexmit OOORcv 0-win instead of the queues
	numUsers             bool // -n, --numeric, --numeric-users: the User column holds uids
	user, inode, program bool
	pathCol              int // Linux unix: offset of "Path" in the header
}

func parseNetstat(c *Context) (any, error) {
	res := &NetstatResult{Connections: make([]NetstatConnection, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Recording()
	rs := newSpanRec(c, 10)
	it := lex.Lines{Raw: c.Raw}
	sec := nsNone
	var lay netstatLayout
	dataLines, read, rows, unread := 0, 0, 0, 0
	var fields []lex.Field
	warned, windows := false, false
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if strings.TrimSpace(line) == "Active Connections" {
			windows = true // Windows netstat: its table is not this form
		}
		if strings.HasPrefix(line, "Active ") || line == "Registered kernel control modules" {
			switch {
			case strings.HasPrefix(line, "Active Internet connections"):
				sec = nsInet
			case strings.HasPrefix(line, "Active UNIX domain sockets") || strings.HasPrefix(line, "Active LOCAL (UNIX) domain sockets"):
				sec = nsUnix
			default:
				sec = nsOther
				if !warned {
					c.Warn("netstat: tables other than Internet and UNIX sockets are not read (" + line + ")")
					warned = true
				}
			}
			read++
			continue
		}
		pcb, hdr := netstatPCBHeader(line)
		if strings.HasPrefix(hdr, "Proto ") || strings.HasPrefix(hdr, "Address ") {
			switch {
			case strings.Contains(hdr, "Local Address") && strings.Contains(hdr, "Foreign Address"):
				sec = nsInet
				timers := strings.HasPrefix(hdr, "Proto Rexmit ")
				lay = netstatLayout{
					bsd:    strings.Contains(hdr, "(state)") || timers || pcb > 0,
					pcb:    pcb,
					timers: timers,
					user:   strings.Contains(hdr, " User "),
					numUsers: hasFlag(c.Args, "-n") || slices.Contains(c.Args, "--numeric") ||
						slices.Contains(c.Args, "--numeric-users"),
					inode:   strings.Contains(hdr, " Inode"),
					program: strings.Contains(hdr, "PID/Program name"),
				}
			case strings.HasPrefix(line, "Proto RefCnt"):
				sec = nsUnix
				lay = netstatLayout{program: strings.Contains(line, "PID/Program name"), pathCol: strings.Index(line, "Path")}
			case strings.HasPrefix(line, "Address ") && strings.Contains(line, "Nextref"):
				sec = nsUnixBSD
			default:
				// A header of a table the parser does not read.
				sec = nsOther
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		var good bool
		switch sec {
		case nsInet:
			fields = lex.Fields(fields[:0], line, 0)
			good = netstatInet(c, res, line, start, fields, &lay, rec, rs)
		case nsUnix:
			fields = lex.Fields(fields[:0], line, 0)
			good = netstatUnix(c, res, line, start, fields, &lay, rec, rs)
		case nsUnixBSD:
			fields = lex.Fields(fields[:0], line, 9)
			good = netstatUnixBSD(c, res, line, start, fields, rec, rs)
		}
		if good {
			read++
			rows++
		} else {
			c.Unread(start)
			unread++
		}
	}
	// Headers read and every other line unread is not an empty listing
	// but a form the parser does not know (Windows netstat's indented
	// table, a localized one): never answer it as no connections.
	if rows == 0 && unread > 0 {
		if windows {
			return nil, Unrecognized("Windows netstat output (an indented Proto/Local Address/Foreign Address/State table) is not read by this parser; stdout.raw holds the output")
		}
		return nil, Unrecognized("no line under the netstat headers reads as a socket: the output is not in a form the parser reads; if it is localized, rerun under LC_ALL=C (stdout.raw holds the output)")
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as a netstat socket listing")
	}
	if rec {
		rs.finish()
	}
	return res, nil
}

// netHex reports a hexadecimal number as BSD netstat prints addresses.
func netHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return s != ""
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// netstatPCBHeader takes BSD -A's leading columns off a header line:
// FreeBSD's "Tcpcb", macOS's "Socket" and "Flowhash".
func netstatPCBHeader(line string) (pcb int, rest string) {
	if r, ok := strings.CutPrefix(line, "Tcpcb "); ok {
		return 1, strings.TrimLeft(r, " ")
	}
	if r, ok := strings.CutPrefix(line, "Socket "); ok {
		if r, ok = strings.CutPrefix(strings.TrimLeft(r, " "), "Flowhash"); ok {
			return 2, strings.TrimLeft(r, " ")
		}
	}
	return 0, line
}

// netstatPIDProgram reads "1234/python3"; "-" means unknown.
func netstatPIDProgram(tok string) (pid int64, prog string, ok bool) {
	if tok == "-" {
		return 0, "", true
	}
	slash := strings.IndexByte(tok, '/')
	if slash <= 0 {
		return 0, "", false
	}
	pid, ok = lex.Atoi(tok[:slash])
	return pid, tok[slash+1:], ok
}

func netstatInet(c *Context, res *NetstatResult, line string, base int, f []lex.Field, lay *netstatLayout, rec bool, rs *spanRec) bool {
	if len(f) < 3+lay.pcb {
		return false
	}
	var conn NetstatConnection
	pcbF := f[:lay.pcb]
	for k, t := range pcbF {
		if !netHex(line[t.Start:t.End]) {
			return false
		}
		if k == 0 {
			conn.PCB = line[t.Start:t.End]
		} else {
			conn.Flowhash = line[t.Start:t.End]
		}
	}
	f = f[lay.pcb:]
	conn.Proto = line[f[0].Start:f[0].End]
	// The three numbers between the protocol and the addresses: the queues,
	// or with -T the TCP counters (none for UDP: its row has blanks there).
	var nums []lex.Field
	switch {
	case lay.timers && len(f) == 3:
		if strings.HasPrefix(conn.Proto, "tcp") {
			return false
		}
	case len(f) >= 5+boolInt(lay.timers):
		nums = f[1 : 3+boolInt(lay.timers)]
		var dst []**int64
		if lay.timers {
			dst = []**int64{&conn.RetransmitPackets, &conn.OutOfOrderPackets, &conn.ZeroWindowPackets}
		} else {
			dst = []**int64{&conn.RecvQ, &conn.SendQ}
		}
		for k, t := range nums {
			n, ok := lex.Atoi(line[t.Start:t.End])
			if !ok {
				return false
			}
			*dst[k] = &n
		}
	default:
		return false
	}
	a := 1 + len(nums) // the local address's field
	sep := byte(':')
	if lay.bsd {
		sep = '.'
	}
	conn.LocalAddress, conn.ForeignAddress = line[f[a].Start:f[a].End], line[f[a+1].Start:f[a+1].End]
	// After the addresses: [state] [user inode] [pid/program]; the state is
	// blank for UDP (and with -T), and the program may hold spaces (it runs
	// to the end).
	rest := f[a+2:]
	want := 0
	if lay.user {
		want++
	}
	if lay.inode {
		want++
	}
	progAt := -1
	if lay.program {
		for k := range rest {
			if _, _, ok := netstatPIDProgram(line[rest[k].Start:rest[k].End]); ok {
				progAt = k
				break
			}
		}
		if progAt < 0 {
			return false
		}
	}
	n := len(rest)
	if progAt >= 0 {
		n = progAt
	}
	k := 0
	switch {
	case n == want+1 && !lay.timers:
		conn.State = line[rest[0].Start:rest[0].End]
		k = 1
	case n == want:
	default:
		return false
	}
	var userTok, inodeTok lex.Field
	if lay.user {
		userTok = rest[k]
		k++
		// The arguments, not the value, name the field: -n prints uids,
		// otherwise names (or the uid of a user without a name, kept as
		// the text printed).
		if lay.numUsers {
			uid, ok := lex.Atoi(line[userTok.Start:userTok.End])
			if !ok {
				return false
			}
			conn.UID = intp(uid)
		} else {
			conn.User = line[userTok.Start:userTok.End]
		}
	}
	if lay.inode {
		inodeTok = rest[k]
		ino, ok := lex.Atoi(line[inodeTok.Start:inodeTok.End])
		if !ok {
			return false
		}
		conn.Inode = intp(ino)
	}
	var progS, progE int
	if progAt >= 0 {
		ps, pe := rest[progAt].Start, len(line)
		ps, pe = lex.TrimSpaceRange(line, ps, pe)
		pid, _, _ := netstatPIDProgram(line[rest[progAt].Start:rest[progAt].End])
		if line[rest[progAt].Start:rest[progAt].End] != "-" {
			conn.PID = intp(pid)
			slash := strings.IndexByte(line[ps:pe], '/')
			conn.Program = line[ps+slash+1 : pe]
			progS, progE = ps+slash+1, pe
		}
	}
	lp, lport, lok := netPort(conn.LocalAddress, sep)
	if lok {
		conn.LocalPort = intp(lport)
	}
	fp, fport, fok := netPort(conn.ForeignAddress, sep)
	if fok {
		conn.ForeignPort = intp(fport)
	}
	idx := len(res.Connections)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Connections = append(res.Connections, conn)
	if rec {
		rs.begin(nkConnections, idx)
		for k, t := range pcbF {
			rs.field([]uint16{nfPCB, nfFlowhash}[k], base+t.Start, base+t.End, trVerbatim)
		}
		rs.field(nfProto, base+f[0].Start, base+f[0].End, trVerbatim)
		numIDs := []uint16{nfRecvQ, nfSendQ}
		if lay.timers {
			numIDs = []uint16{nfRetransmit, nfOutOfOrder, nfZeroWindow}
		}
		for k, t := range nums {
			rs.field(numIDs[k], base+t.Start, base+t.End, trParseInt)
		}
		rs.field(nfLocalAddress, base+f[a].Start, base+f[a].End, trVerbatim)
		rs.field(nfForeignAddress, base+f[a+1].Start, base+f[a+1].End, trVerbatim)
		if lok {
			rs.field(nfLocalPort, base+f[a].Start+lp, base+f[a].End, trParseInt)
		}
		if fok {
			rs.field(nfForeignPort, base+f[a+1].Start+fp, base+f[a+1].End, trParseInt)
		}
		if conn.State != "" {
			rs.field(nfState, base+rest[0].Start, base+rest[0].End, trVerbatim)
		}
		if lay.user {
			if conn.UID != nil {
				rs.field(sfUID, base+userTok.Start, base+userTok.End, trParseInt)
			} else {
				rs.field(sfUser, base+userTok.Start, base+userTok.End, trVerbatim)
			}
		}
		if lay.inode {
			rs.field(sfInode, base+inodeTok.Start, base+inodeTok.End, trParseInt)
		}
		if conn.PID != nil {
			t := rest[progAt]
			rs.field(nfPID, base+t.Start, base+t.Start+strings.IndexByte(line[t.Start:t.End], '/'), trParseInt)
			if conn.Program != "" {
				rs.field(nfProgram, base+progS, base+progE, trVerbatim)
			}
		}
	}
	return true
}

// netstatUnixState reports a state net-tools prints for UNIX sockets (it
// prints none for unconnected datagram sockets).
func netstatUnixState(s string) bool {
	switch s {
	case "FREE", "LISTENING", "CONNECTING", "CONNECTED", "DISCONNECTING", "UNKNOWN":
		return true
	}
	return false
}

// netstatUnix reads "unix  2  [ ACC ]  STREAM  LISTENING  12345  [1/init]  /run/x".
func netstatUnix(c *Context, res *NetstatResult, line string, base int, f []lex.Field, lay *netstatLayout, rec bool, rs *spanRec) bool {
	if len(f) < 5 || line[f[2].Start:f[2].End] != "[" {
		return false
	}
	refcnt, ok := lex.Atoi(line[f[1].Start:f[1].End])
	if !ok {
		return false
	}
	close := -1
	for k := 3; k < len(f); k++ {
		if line[f[k].Start:f[k].End] == "]" {
			close = k
			break
		}
	}
	if close < 0 || close+2 >= len(f) {
		return false
	}
	s := NetstatUnixSocket{Proto: line[f[0].Start:f[0].End], RefCount: intp(refcnt), Type: line[f[close+1].Start:f[close+1].End]}
	k := close + 2
	stateTok := -1
	if netstatUnixState(line[f[k].Start:f[k].End]) {
		s.State, stateTok = line[f[k].Start:f[k].End], k
		k++
	}
	if k >= len(f) {
		return false
	}
	inode, ok := lex.Atoi(line[f[k].Start:f[k].End])
	if !ok {
		return false
	}
	s.Inode = intp(inode)
	inodeTok := k
	k++
	progTok, progS, progE := -1, 0, 0
	if lay.program {
		if k >= len(f) {
			return false
		}
		pid, _, ok := netstatPIDProgram(line[f[k].Start:f[k].End])
		if !ok {
			return false
		}
		progTok = k
		progE = f[k].End
		// A program name with spaces reaches the Path column of the header.
		if lay.pathCol > f[k].End && lay.pathCol <= len(line) && line[lay.pathCol-1] == ' ' {
			_, progE = lex.TrimSpaceRange(line, f[k].Start, lay.pathCol)
			for k+1 < len(f) && f[k+1].Start < lay.pathCol {
				k++
			}
		}
		if line[f[progTok].Start:f[progTok].End] != "-" {
			s.PID = intp(pid)
			progS = f[progTok].Start + strings.IndexByte(line[f[progTok].Start:f[progTok].End], '/') + 1
			s.Program = line[progS:progE]
		}
		k++
	}
	pathS, pathE := 0, 0
	if k < len(f) {
		pathS, pathE = lex.TrimSpaceRange(line, f[k].Start, len(line))
		s.Path = line[pathS:pathE]
	}
	var flags []lex.Field
	for j := 3; j < close; j++ {
		flags = append(flags, f[j])
		s.Flags = append(s.Flags, line[f[j].Start:f[j].End])
	}
	idx := len(res.UnixSockets)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.UnixSockets = append(res.UnixSockets, s)
	if rec {
		rs.begin(nkUnixSockets, idx)
		rs.field(nfProto, base+f[0].Start, base+f[0].End, trVerbatim)
		rs.field(nfRefCount, base+f[1].Start, base+f[1].End, trParseInt)
		for j, fl := range flags {
			if j < len(nfFlagItems) {
				rs.field(nfFlagItems[j], base+fl.Start, base+fl.End, trVerbatim)
			} else {
				c.spanPath(base+fl.Start, base+fl.End, "", "unix_sockets", idx, "flags", j)
			}
		}
		rs.field(sfType, base+f[close+1].Start, base+f[close+1].End, trVerbatim)
		if stateTok >= 0 {
			rs.field(nfState, base+f[stateTok].Start, base+f[stateTok].End, trVerbatim)
		}
		rs.field(sfInode, base+f[inodeTok].Start, base+f[inodeTok].End, trParseInt)
		if s.PID != nil {
			t := f[progTok]
			rs.field(nfPID, base+t.Start, base+progS-1, trParseInt)
			if s.Program != "" {
				rs.field(nfProgram, base+progS, base+progE, trVerbatim)
			}
		}
		if s.Path != "" {
			rs.field(sfPath, base+pathS, base+pathE, trVerbatim)
		}
	}
	return true
}

// netstatUnixBSD reads "fffff80003a8b700 stream 0 0 fffff800038e4000 0 0 0 /var/run/devd.pipe".
func netstatUnixBSD(c *Context, res *NetstatResult, line string, base int, f []lex.Field, rec bool, rs *spanRec) bool {
	if len(f) < 8 {
		return false
	}
	rq, ok1 := lex.Atoi(line[f[2].Start:f[2].End])
	sq, ok2 := lex.Atoi(line[f[3].Start:f[3].End])
	if !ok1 || !ok2 {
		return false
	}
	s := NetstatUnixSocket{
		Address: line[f[0].Start:f[0].End], Type: line[f[1].Start:f[1].End], RecvQ: intp(rq), SendQ: intp(sq),
		Vnode: line[f[4].Start:f[4].End], Conn: line[f[5].Start:f[5].End], Refs: line[f[6].Start:f[6].End],
		NextRef: line[f[7].Start:f[7].End],
	}
	if len(f) == 9 {
		s.Path = line[f[8].Start:f[8].End]
	}
	idx := len(res.UnixSockets)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.UnixSockets = append(res.UnixSockets, s)
	if rec {
		rs.begin(nkUnixSockets, idx)
		ids := [...]uint16{nfAddress, sfType, nfRecvQ, nfSendQ, nfVnode, nfConn, nfRefs, nfNextRef, sfPath}
		for k, fl := range f {
			tr := trVerbatim
			if k == 2 || k == 3 {
				tr = trParseInt
			}
			rs.field(ids[k], base+fl.Start, base+fl.End, tr)
		}
	}
	return true
}

// ---------------------------------------------------------------- ss

// SsResult is the parsed output of `ss`.
type SsResult struct {
	Connections []SsConnection `json:"connections"`
}

// SsConnection is one socket. Netid and State are absent when ss left
// their columns out (a single protocol, a state filter). For UNIX sockets
// the "port" is the inode, as ss prints it.
type SsConnection struct {
	Netid        string      `json:"netid,omitempty"`
	State        string      `json:"state,omitempty"`
	RecvQ        int64       `json:"recv_q"`
	SendQ        int64       `json:"send_q"`
	LocalAddress string      `json:"local_address"`
	LocalPort    *int64      `json:"local_port,omitempty"`
	PeerAddress  string      `json:"peer_address"`
	PeerPort     *int64      `json:"peer_port,omitempty"`
	Processes    []SsProcess `json:"processes,omitempty"`
	// With -e (iproute2 misc/ss.c sock_details_print): UID (printed only
	// when not 0, so 0 when -e printed the inode without it), Inode, SK the
	// kernel socket address (hexadecimal), Cgroup, Fwmark ("0x1"), V6Only
	// and Shutdown ("<->": "-" where a direction is shut down).
	UID      *int64 `json:"uid,omitempty"`
	Inode    *int64 `json:"inode,omitempty"`
	SK       string `json:"sk,omitempty"`
	Cgroup   string `json:"cgroup,omitempty"`
	Fwmark   string `json:"fwmark,omitempty"`
	V6Only   *int64 `json:"v6only,omitempty"`
	Shutdown string `json:"shutdown,omitempty"`
	// Memory is -m's skmem:(...), TCPInfo -i's line, both printed under
	// the row.
	Memory  *SsMemory  `json:"memory,omitempty"`
	TCPInfo *SsTCPInfo `json:"tcp_info,omitempty"`
}

// SsMemory is -m's skmem:(r0,rb131072,t0,tb3939840,f0,w0,o0,bl0,d0), in
// bytes (ss(8): rmem_alloc, rcv_buf, wmem_alloc, snd_buf, fwd_alloc,
// wmem_queued, opt_mem, back_log) and the drop count.
type SsMemory struct {
	RmemAllocBytes  int64  `json:"rmem_alloc_bytes"`
	RcvBufBytes     int64  `json:"rcv_buf_bytes"`
	WmemAllocBytes  int64  `json:"wmem_alloc_bytes"`
	SndBufBytes     int64  `json:"snd_buf_bytes"`
	FwdAllocBytes   int64  `json:"fwd_alloc_bytes"`
	WmemQueuedBytes int64  `json:"wmem_queued_bytes"`
	OptMemBytes     int64  `json:"opt_mem_bytes"`
	BackLogBytes    *int64 `json:"back_log_bytes,omitempty"`
	Drops           *int64 `json:"drops,omitempty"`
}

// SsTCPInfo is -i's line: the congestion algorithm, the option words (ts,
// sack, ecn, app_limited...) and every "key:value" or "key value" item as
// printed (values keep their units: "81.9Gbps", "0.032/0.016"), with the
// round trip, its variance, the retransmission timeout, mss and cwnd as
// numbers.
type SsTCPInfo struct {
	Congestion string            `json:"congestion,omitempty"`
	Options    []string          `json:"options,omitempty"`
	RttMs      *float64          `json:"rtt_ms,omitempty"`
	RttVarMs   *float64          `json:"rttvar_ms,omitempty"`
	RtoMs      *float64          `json:"rto_ms,omitempty"`
	MSS        *int64            `json:"mss,omitempty"`
	Cwnd       *int64            `json:"cwnd,omitempty"`
	Values     map[string]string `json:"values"`
}

// SsProcess is one users:(("name",pid=N,fd=N)) entry of -p.
type SsProcess struct {
	Command string `json:"command"`
	PID     int64  `json:"pid"`
	FD      int64  `json:"fd"`
}

var ssParser = &Parser{
	ID:      "ss",
	Command: "ss",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "iproute2 ss socket table with its header (-tunap, -tln, -x; state filters)",
	// Checked against iproute2 6.1 ss(8) and misc/ss.c (the one run here):
	// -t -u -l -p -n -a -x -w -4 -6 -r -0 -S -M, -f/-A and state/address
	// filters select sockets; -e adds uid/ino/sk/cgroup/v6only and the
	// shutdown arrows on the row, -m the skmem:(...) line and -i the TCP
	// information line under it: read. Refused: -H (no header to place
	// the columns), -O (everything on one line), -o (timers), -s
	// (summary), -Z/-z (SELinux contexts), -b (BPF filters), -K, -D, -E.
	Flags: Flags{
		"-t": Bool, "--tcp": Bool, "-u": Bool, "--udp": Bool, "-l": Bool, "--listening": Bool,
		"-p": Bool, "--processes": Bool, "-n": Bool, "--numeric": Bool, "-a": Bool, "--all": Bool,
		"-x": Bool, "--unix": Bool, "-w": Bool, "--raw": Bool, "-4": Bool, "--ipv4": Bool, "-6": Bool, "--ipv6": Bool,
		"-r": Bool, "--resolve": Bool, "-0": Bool, "--packet": Bool, "-S": Bool, "--sctp": Bool, "-M": Bool, "--mptcp": Bool,
		"-e": Bool, "--extended": Bool, "-m": Bool, "--memory": Bool, "-i": Bool, "--info": Bool,
		"-f": Value, "--family": Value, "-A": Value, "--query": Value, "--socket": Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-H": {}, "--no-header": {}, "-O": {}, "--oneline": {}, "-o": {}, "--options": {}},
	Result:         SsResult{},
	RowsKey:        "connections",
	KeyFields:      []string{"netid", "local_address", "peer_address"},
	Examples:       [][]string{{"-tunap"}, {"-tln"}, {"-tulpen"}, {"-t", "state", "established"}},
	Parse:          parseSs,
}

// ssParsers wires the ssParser and returns it for the builtin list.
func ssParsers() []*Parser {
	return []*Parser{ssParser}
}

// ssColumns is what the header says: which of the optional columns are
// there, and where the ":" of "Local Address:Port" and "Peer
// Address:Port" stand (ss right-aligns each address on it and starts the
// port after it; UNIX sockets print "path inode" there).
type ssColumns struct {
	netid, state, process bool
	localColon, peerColon int
}

func parseSs(c *Context) (any, error) {
	res := &SsResult{Connections: make([]SsConnection, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Recording()
	rs := newSpanRec(c, 12)
	it := lex.Lines{Raw: c.Raw}
	var cols *ssColumns
	dataLines, read := 0, 0
	last := -1 // the row a detail line belongs to (-2: omitted)
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if cols == nil {
			if !strings.Contains(line, "Recv-Q") || !strings.Contains(line, "Local Address") {
				c.Unread(start)
				continue
			}
			h := strings.TrimLeft(line, " ")
			cols = &ssColumns{netid: strings.HasPrefix(h, "Netid"), state: strings.Contains(line, "State"),
				process: strings.Contains(line, "Process"), localColon: -1, peerColon: -1}
			if i := strings.Index(line, "Local Address:Port"); i >= 0 {
				cols.localColon = i + len("Local Address")
			}
			if i := strings.Index(line, "Peer Address:Port"); i >= 0 {
				cols.peerColon = i + len("Peer Address")
			}
			read++
			continue
		}
		if line[0] == '\t' {
			// -m and -i print a line of their own under the row.
			if last >= 0 && ssDetail(c, &res.Connections[last], line, start, last) || last == -2 {
				read++
			} else {
				c.Unread(start)
			}
			continue
		}
		f = lex.Fields(f[:0], line, 0)
		omitted := c.Omitted()
		last = -1
		if ssRow(c, res, line, start, f, cols, rec, rs) {
			read++
			last = len(res.Connections) - 1
			if c.Omitted() > omitted {
				last = -2 // omitted at MaxItems: its detail lines go with it
			}
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as an ss socket table")
	}
	if rec {
		rs.finish()
	}
	return res, nil
}

func ssRow(c *Context, res *SsResult, line string, base int, f []lex.Field, cols *ssColumns, rec bool, rs *spanRec) bool {
	k := 0
	var conn SsConnection
	var netidF, stateF lex.Field
	if cols.netid {
		if k >= len(f) {
			return false
		}
		netidF = f[k]
		conn.Netid = line[netidF.Start:netidF.End]
		k++
	}
	if cols.state {
		if k >= len(f) {
			return false
		}
		stateF = f[k]
		conn.State = line[stateF.Start:stateF.End]
		k++
	}
	if k+4 > len(f) {
		return false
	}
	rq, ok1 := lex.Atoi(line[f[k].Start:f[k].End])
	sq, ok2 := lex.Atoi(line[f[k+1].Start:f[k+1].End])
	if !ok1 || !ok2 {
		return false
	}
	conn.RecvQ, conn.SendQ = rq, sq
	qF := [2]lex.Field{f[k], f[k+1]}
	k += 2
	// UNIX sockets print "path inode" in each address column; the path
	// (which may hold spaces) ends where the header's ":" stands.
	unix := strings.HasPrefix(conn.Netid, "u_")
	var addrF, portF [2]lex.Field
	var hasPort [2]bool
	pos := f[k-1].End
	for side := 0; side < 2; side++ {
		if k >= len(f) {
			return false
		}
		addrF[side] = f[k]
		k++
		if unix {
			colon := cols.localColon
			if side == 1 {
				colon = cols.peerColon
			}
			if colon > addrF[side].Start && colon < len(line) && line[colon] == ' ' && colon <= len(line) {
				as, ae := lex.TrimSpaceRange(line, pos, colon)
				addrF[side] = lex.Field{Start: as, End: ae}
				for k < len(f) && f[k].Start < colon {
					k++
				}
			}
			if k >= len(f) {
				return false
			}
			n, ok := lex.Atoi(line[f[k].Start:f[k].End])
			if !ok {
				return false
			}
			portF[side], hasPort[side] = f[k], true
			if side == 0 {
				conn.LocalPort = intp(n)
			} else {
				conn.PeerPort = intp(n)
			}
			pos = f[k].End
			k++
			continue
		}
		pos = addrF[side].End
		a := line[addrF[side].Start:addrF[side].End]
		if ps, n, ok := netPort(a, ':'); ok {
			portF[side], hasPort[side] = lex.Field{Start: addrF[side].Start + ps, End: addrF[side].End}, true
			if side == 0 {
				conn.LocalPort = intp(n)
			} else {
				conn.PeerPort = intp(n)
			}
		}
	}
	conn.LocalAddress = line[addrF[0].Start:addrF[0].End]
	conn.PeerAddress = line[addrF[1].Start:addrF[1].End]
	var procs []ssProcSpan
	var ext []ssExtSpan
	if k < len(f) {
		if !cols.process {
			return false
		}
		ps, pe := lex.TrimSpaceRange(line, f[k].Start, len(line))
		// users:((...)) runs to its "))" (a name may hold spaces); -e's
		// items follow it.
		xs := ps
		if strings.HasPrefix(line[ps:pe], "users:(") {
			ue := pe
			if i := strings.Index(line[ps:pe], ")) "); i >= 0 {
				ue = ps + i + 2
			}
			var ok bool
			conn.Processes, procs, ok = ssUsers(line[ps:ue], ps)
			if !ok {
				return false
			}
			xs = ue
		}
		if xs < pe {
			var ok bool
			if ext, ok = ssExtended(&conn, line, xs, pe); !ok {
				return false
			}
		}
	}
	idx := len(res.Connections)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Connections = append(res.Connections, conn)
	if rec {
		rs.begin(nkConnections, idx)
		if cols.netid {
			rs.field(nfNetid, base+netidF.Start, base+netidF.End, trVerbatim)
		}
		if cols.state {
			rs.field(nfState, base+stateF.Start, base+stateF.End, trVerbatim)
		}
		rs.field(nfRecvQ, base+qF[0].Start, base+qF[0].End, trParseInt)
		rs.field(nfSendQ, base+qF[1].Start, base+qF[1].End, trParseInt)
		rs.field(nfLocalAddress, base+addrF[0].Start, base+addrF[0].End, trVerbatim)
		rs.field(nfPeerAddress, base+addrF[1].Start, base+addrF[1].End, trVerbatim)
		if hasPort[0] {
			rs.field(nfLocalPort, base+portF[0].Start, base+portF[0].End, trParseInt)
		}
		if hasPort[1] {
			rs.field(nfPeerPort, base+portF[1].Start, base+portF[1].End, trParseInt)
		}
		for _, x := range ext {
			c.spanPath(base+x.s, base+x.e, x.tr, "connections", idx, x.key)
		}
		for j, p := range procs {
			if j < len(nfProcCommands) {
				rs.field(nfProcCommands[j], base+p.cs, base+p.ce, trVerbatim)
				rs.field(nfProcPIDs[j], base+p.ps, base+p.pe, trParseInt)
				rs.field(nfProcFDs[j], base+p.fs, base+p.fe, trParseInt)
				continue
			}
			c.spanPath(base+p.cs, base+p.ce, "", "connections", idx, "processes", j, "command")
			c.spanPath(base+p.ps, base+p.pe, "parseInt", "connections", idx, "processes", j, "pid")
			c.spanPath(base+p.fs, base+p.fe, "parseInt", "connections", idx, "processes", j, "fd")
		}
	}
	return true
}

type ssProcSpan struct{ cs, ce, ps, pe, fs, fe int }

type ssExtSpan struct {
	key, tr string
	s, e    int
}

// ssExtended reads -e's items in line[s:e]: "uid:1000 ino:123 sk:c
// cgroup:/ v6only:1 <->". Nothing unknown is dropped: an item the parser
// does not know fails the row.
func ssExtended(conn *SsConnection, line string, s, e int) ([]ssExtSpan, bool) {
	var spans []ssExtSpan
	for pos := s; pos < e; {
		ts, te := lex.NextField(line[:e], pos)
		if ts >= e {
			break
		}
		pos = te
		tok := line[ts:te]
		k, v, kv := strings.Cut(tok, ":")
		vs := ts + len(k) + 1
		num := func(dst **int64, key string) bool {
			n, ok := lex.Atoi(v)
			if !ok || *dst != nil {
				return false
			}
			*dst = &n
			spans = append(spans, ssExtSpan{key, "parseInt", vs, te})
			return true
		}
		text := func(dst *string, key string) bool {
			if v == "" || *dst != "" {
				return false
			}
			*dst = v
			spans = append(spans, ssExtSpan{key, "", vs, te})
			return true
		}
		var ok bool
		switch {
		case len(tok) == 3 && (tok[0] == '<' || tok[0] == '-') && tok[1] == '-' && (tok[2] == '>' || tok[2] == '-'):
			ok = conn.Shutdown == ""
			conn.Shutdown = tok
			spans = append(spans, ssExtSpan{"shutdown", "", ts, te})
		case !kv:
		case k == "uid":
			ok = num(&conn.UID, "uid")
		case k == "ino":
			ok = num(&conn.Inode, "inode")
		case k == "v6only":
			ok = num(&conn.V6Only, "v6only")
		case k == "sk":
			ok = netHex(v) && text(&conn.SK, "sk")
		case k == "cgroup":
			ok = text(&conn.Cgroup, "cgroup")
		case k == "fwmark":
			ok = text(&conn.Fwmark, "fwmark")
		}
		if !ok {
			return nil, false
		}
	}
	if conn.Inode != nil && conn.UID == nil {
		// sock_details_print leaves uid 0 out.
		conn.UID = intp(0)
		spans = append(spans, ssExtSpan{"uid", "impliedZero", s, e})
	}
	return spans, true
}

// ssLeaf is the span of one value of a detail line: its path under the
// row's member, its offsets in the line and its transform.
type ssLeaf struct {
	path []any
	s, e int
	tr   string
}

// ssDetail reads a line under row idx: -m's "skmem:(...)" and -i's TCP
// information; the line changes the row only when it reads.
func ssDetail(c *Context, conn *SsConnection, line string, start, idx int) bool {
	s, e := lex.TrimSpaceRange(line, 0, len(line))
	if conn.Memory != nil || conn.TCPInfo != nil {
		return false
	}
	// With -m and -i together, skmem:(...) comes first on the same line.
	var mem *SsMemory
	var memLeaves, infoLeaves []ssLeaf
	if strings.HasPrefix(line[s:e], "skmem:(") {
		close := strings.IndexByte(line[s:e], ')')
		if close < 0 {
			return false
		}
		var ok bool
		if mem, memLeaves, ok = ssSkmem(line, s+len("skmem:("), s+close); !ok {
			return false
		}
		s = lex.SkipBlanks(line[:e], s+close+1)
	}
	var info *SsTCPInfo
	if s < e {
		var ok bool
		if info, infoLeaves, ok = ssTCPInfoLine(line, s, e); !ok {
			return false
		}
	}
	conn.Memory, conn.TCPInfo = mem, info
	for _, l := range memLeaves {
		c.spanPath(start+l.s, start+l.e, l.tr, append([]any{"connections", idx, "memory"}, l.path...)...)
	}
	for _, l := range infoLeaves {
		c.spanPath(start+l.s, start+l.e, l.tr, append([]any{"connections", idx, "tcp_info"}, l.path...)...)
	}
	return true
}

// ssSkmem reads line[s:e], "r0,rb131072,t0,tb3939840,f0,w0,o0,bl0,d0" (bl
// and d since Linux 4.x; older kernels stop after o).
func ssSkmem(line string, s, e int) (*SsMemory, []ssLeaf, bool) {
	m := &SsMemory{}
	type dst struct {
		p   **int64
		v   *int64
		key string
	}
	keys := map[string]dst{"r": {v: &m.RmemAllocBytes, key: "rmem_alloc_bytes"}, "rb": {v: &m.RcvBufBytes, key: "rcv_buf_bytes"},
		"t": {v: &m.WmemAllocBytes, key: "wmem_alloc_bytes"}, "tb": {v: &m.SndBufBytes, key: "snd_buf_bytes"},
		"f": {v: &m.FwdAllocBytes, key: "fwd_alloc_bytes"}, "w": {v: &m.WmemQueuedBytes, key: "wmem_queued_bytes"},
		"o": {v: &m.OptMemBytes, key: "opt_mem_bytes"}, "bl": {p: &m.BackLogBytes, key: "back_log_bytes"},
		"d": {p: &m.Drops, key: "drops"}}
	var leaves []ssLeaf
	required := 0
	for pos := s; pos <= e; {
		end := strings.IndexByte(line[pos:e], ',')
		if end < 0 {
			end = e
		} else {
			end += pos
		}
		i := pos
		for i < end && line[i] >= 'a' && line[i] <= 'z' {
			i++
		}
		n, ok := lex.Atoi(line[i:end])
		d, known := keys[line[pos:i]]
		if !ok || !known {
			return nil, nil, false
		}
		delete(keys, line[pos:i])
		if d.p != nil {
			*d.p = &n
		} else {
			*d.v = n
			required++
		}
		leaves = append(leaves, ssLeaf{[]any{d.key}, i, end, "parseInt"})
		pos = end + 1
	}
	return m, leaves, required == 7
}

// ssInfoFlags are the option words tcp_show_info prints alone (iproute2
// misc/ss.c); another lone word before the first "key:value" is the
// congestion algorithm.
var ssInfoFlags = map[string]bool{
	"ts": true, "sack": true, "ecn": true, "ecnseen": true, "fastopen": true, "app_limited": true,
	"bidir": true, "ecn_low": true,
}

// ssTCPInfoLine reads -i's line[s:e]: "bbr wscale:10,10 rto:200
// rtt:0.032/0.016 mss:32741 ... send 81.9Gbps ... app_limited".
func ssTCPInfoLine(line string, s, e int) (*SsTCPInfo, []ssLeaf, bool) {
	info := &SsTCPInfo{Values: map[string]string{}}
	var leaves []ssLeaf
	fail := func() (*SsTCPInfo, []ssLeaf, bool) { return nil, nil, false }
	for pos := s; pos < e; {
		ws, we := lex.NextField(line[:e], pos)
		if ws >= e {
			break
		}
		pos = we
		w := line[ws:we]
		if k, v, ok := strings.Cut(w, ":"); ok {
			if _, dup := info.Values[k]; k == "" || v == "" || dup {
				return fail()
			}
			info.Values[k] = v
			vs := ws + len(k) + 1
			leaves = append(leaves, ssLeaf{[]any{"values", k}, vs, we, ""})
			switch k {
			case "rtt":
				rtt, dev, _ := strings.Cut(v, "/")
				if f, ok := netFloat(rtt); ok {
					info.RttMs = &f
					leaves = append(leaves, ssLeaf{[]any{"rtt_ms"}, vs, vs + len(rtt), "parseFloat"})
				}
				if f, ok := netFloat(dev); ok {
					info.RttVarMs = &f
					leaves = append(leaves, ssLeaf{[]any{"rttvar_ms"}, vs + len(rtt) + 1, we, "parseFloat"})
				}
			case "rto":
				if f, ok := netFloat(v); ok {
					info.RtoMs = &f
					leaves = append(leaves, ssLeaf{[]any{"rto_ms"}, vs, we, "parseFloat"})
				}
			case "mss", "cwnd":
				if n, ok := lex.Atoi(v); ok {
					dst, key := &info.MSS, "mss"
					if k == "cwnd" {
						dst, key = &info.Cwnd, "cwnd"
					}
					*dst = &n
					leaves = append(leaves, ssLeaf{[]any{key}, vs, we, "parseInt"})
				}
			}
			continue
		}
		switch {
		case ssInfoFlags[w]:
			leaves = append(leaves, ssLeaf{[]any{"options", len(info.Options)}, ws, we, ""})
			info.Options = append(info.Options, w)
		case w == "send" || w == "pacing_rate" || w == "delivery_rate":
			vs, ve := lex.NextField(line[:e], pos)
			if _, dup := info.Values[w]; vs >= e || dup {
				return fail()
			}
			pos = ve
			info.Values[w] = line[vs:ve]
			leaves = append(leaves, ssLeaf{[]any{"values", w}, vs, ve, ""})
		case info.Congestion == "" && len(info.Values) == 0 && lex.IsASCII(w):
			info.Congestion = w
			leaves = append(leaves, ssLeaf{[]any{"congestion"}, ws, we, ""})
		default:
			return fail()
		}
	}
	if len(info.Values) == 0 {
		return fail()
	}
	return info, leaves, true
}

// ssUsers reads `users:(("nginx",pid=812,fd=6),("nginx",pid=813,fd=6))`;
// at is the offset of s in its line.
func ssUsers(s string, at int) ([]SsProcess, []ssProcSpan, bool) {
	const pre = "users:("
	if !strings.HasPrefix(s, pre) || !strings.HasSuffix(s, ")") {
		return nil, nil, false
	}
	var procs []SsProcess
	var spans []ssProcSpan
	fail := func() ([]SsProcess, []ssProcSpan, bool) { return nil, nil, false }
	i := len(pre)
	for i < len(s)-1 {
		if !strings.HasPrefix(s[i:], "(\"") {
			return fail()
		}
		i += 2
		// The name ends at the quote followed by ",pid=".
		end := strings.Index(s[i:], "\",pid=")
		if end < 0 {
			return fail()
		}
		var p SsProcess
		var sp ssProcSpan
		p.Command, sp.cs, sp.ce = s[i:i+end], at+i, at+i+end
		i += end + len("\",pid=")
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		pid, ok := lex.Atoi(s[i:j])
		if !ok || !strings.HasPrefix(s[j:], ",fd=") {
			return fail()
		}
		p.PID, sp.ps, sp.pe = pid, at+i, at+j
		i = j + len(",fd=")
		j = i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		fd, ok := lex.Atoi(s[i:j])
		if !ok || j >= len(s) || s[j] != ')' {
			return fail()
		}
		p.FD, sp.fs, sp.fe = fd, at+i, at+j
		procs = append(procs, p)
		spans = append(spans, sp)
		i = j + 1
		if i < len(s)-1 {
			if s[i] != ',' {
				return fail()
			}
			i++
		}
	}
	if len(procs) == 0 || i != len(s)-1 {
		return fail()
	}
	return procs, spans, true
}

// ---------------------------------------------------------------- lsof

// LsofResult is the parsed output of `lsof` (typically `lsof -i`).
type LsofResult struct {
	Entries []LsofEntry `json:"entries"`
}

// LsofEntry is one open file. For network files (TYPE IPv4/IPv6) the NODE
// column is the protocol and NAME is split into its addresses and state.
type LsofEntry struct {
	Command     string `json:"command"`
	PID         int64  `json:"pid"`
	TID         *int64 `json:"tid,omitempty"`
	TaskCommand string `json:"task_command,omitempty"`
	// PGID comes with -g, PPID with -R.
	PGID *int64 `json:"pgid,omitempty"`
	PPID *int64 `json:"ppid,omitempty"`
	// User is the login name (or the uid of a user without one, as
	// printed); UID instead with -l, which prints numbers.
	User     string `json:"user,omitempty"`
	UID      *int64 `json:"uid,omitempty"`
	FD       string `json:"fd,omitempty"`
	Type     string `json:"type,omitempty"`
	Device   string `json:"device,omitempty"`
	SizeOff  string `json:"size_off,omitempty"`
	Node     string `json:"node,omitempty"`
	Protocol string `json:"protocol,omitempty"`
	Name     string `json:"name"`
	// For network files: "127.0.0.1:8080", "*:5353", "[::1]:631".
	LocalAddress  string `json:"local_address,omitempty"`
	LocalPort     *int64 `json:"local_port,omitempty"`
	RemoteAddress string `json:"remote_address,omitempty"`
	RemotePort    *int64 `json:"remote_port,omitempty"`
	State         string `json:"state,omitempty"`
}

var lsofParser = &Parser{
	ID:      "lsof",
	Command: "lsof",
	Version: "1",
	Format:  "lsof table: COMMAND PID USER FD TYPE DEVICE SIZE/OFF NODE NAME (-i network files split)",
	// Checked against lsof 4.95 lsof(8) (the one run here) and the macOS
	// lsof(8) (4.91): -i [addr], -n, -P, -w, -a, -U, -b, -c, -p, -u, -d,
	// -s PROTO:STATE and -R/-g (PPID/PGID columns, read) keep the table;
	// -l prints uids (read as uid). Refused: -t (PIDs only), -F (field
	// output), -r/+r (repeats), -s without a filter (a SIZE column), -o
	// (OFFSET), -Z (security contexts), +L (NLINK), -T (TCP info in NAME),
	// -E/+E (endpoint lines), -K (tasks), +D/+d (directory walks), -X, -N.
	Flags: Flags{
		"-i": Value, "-n": Bool, "-P": Bool, "-l": Bool, "-w": Bool, "-a": Bool, "-U": Bool, "-b": Bool, "-R": Bool,
		"-c": Value, "-p": Value, "-u": Value, "-g": Value, "-s": Value, "-d": Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-t": {}, "-F": {}, "-r": {}, "+r": {}, "-o": {}, "-Z": {}},
	Result:         LsofResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"pid", "fd"},
	// No ExitAnswers: lsof exits 1 both for "nothing found" and for its
	// errors, with nothing on stdout either way (SPECIFICATION §2.2).
	Examples: [][]string{{"-i", "-n", "-P"}, {"-iTCP", "-sTCP:LISTEN", "-n", "-P"}, {"-i", ":8080"}},
	Parse:    parseLsof,
}

// lsofParsers wires the lsofParser and returns it for the builtin list.
func lsofParsers() []*Parser {
	lsofParser.Check = lsofCheck
	return []*Parser{lsofParser}
}

// lsofCheck rescans the arguments the way lsof reads them: -i takes a value
// only when attached or when the next argument is not an option, so the
// core's reading of -i as a value flag can hide the next flag.
func lsofCheck(args []string, _ OS) *ParseError {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			name := "-" + a[j:j+1]
			kind, ok := lsofParser.Flags[name]
			if !ok {
				return lsofParser.unsupportedFlag(name)
			}
			if kind == Value {
				if j == len(a)-1 && i+1 < len(args) && (name != "-i" && name != "-g" || !strings.HasPrefix(args[i+1], "-")) {
					i++
				}
				if name == "-s" {
					v := a[j+1:]
					if j == len(a)-1 && i < len(args) {
						v = args[i]
					}
					if !strings.Contains(v, ":") {
						return Unsupported(nil, "lsof -s without a protocol:state filter adds a size column")
					}
				}
				break
			}
		}
	}
	return nil
}

// lsofCol is a header word and where it stands.
type lsofCol struct {
	id   uint8
	s, e int
}

const (
	lcCommand uint8 = iota
	lcPID
	lcTID
	lcTaskCmd
	lcPGID
	lcPPID
	lcUser
	lcFD
	lcType
	lcDevice
	lcSizeOff
	lcNode
	lcName
	lcUnknown
)

func lsofColID(h string) uint8 {
	switch h {
	case "COMMAND":
		return lcCommand
	case "PID":
		return lcPID
	case "TID":
		return lcTID
	case "TASKCMD":
		return lcTaskCmd
	case "PGID":
		return lcPGID
	case "PPID":
		return lcPPID
	case "USER":
		return lcUser
	case "FD":
		return lcFD
	case "TYPE":
		return lcType
	case "DEVICE":
		return lcDevice
	case "SIZE/OFF", "SIZE", "OFF":
		return lcSizeOff
	case "NODE":
		return lcNode
	case "NAME":
		return lcName
	}
	return lcUnknown
}

func parseLsof(c *Context) (any, error) {
	res := &LsofResult{Entries: make([]LsofEntry, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Recording()
	rs := newSpanRec(c, 14)
	it := lex.Lines{Raw: c.Raw}
	var cols []lsofCol
	nameAt := -1
	dataLines, read := 0, 0
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if cols == nil {
			f = lex.Fields(f[:0], line, 0)
			for _, w := range f {
				id := lsofColID(line[w.Start:w.End])
				if id == lcUnknown {
					cols = nil
					break
				}
				cols = append(cols, lsofCol{id, w.Start, w.End})
				if id == lcName {
					nameAt = w.Start
				}
			}
			if len(cols) < 3 || cols[0].id != lcCommand || nameAt < 0 || cols[len(cols)-1].id != lcName {
				cols = nil
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		f = lex.Fields(f[:0], line, 0)
		if lsofRow(c, res, line, start, f, cols, nameAt, rec, rs) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as an lsof listing")
	}
	if rec {
		rs.finish()
	}
	return res, nil
}

// lsofRow reads one line. lsof aligns every column to its header (it
// measures all rows first), so each word belongs to the column whose
// header it overlaps; a blank cell simply has no word, and NAME runs from
// its header to the end of the line.
func lsofRow(c *Context, res *LsofResult, line string, base int, f []lex.Field, cols []lsofCol, nameAt int, rec bool, rs *spanRec) bool {
	var cells [lcUnknown]lex.Field
	var have [lcUnknown]bool
	ci := 0
	nameS := -1
	for _, w := range f {
		if w.Start >= nameAt || w.End > nameAt && ci >= len(cols)-1 {
			nameS = w.Start
			break
		}
		for ci < len(cols)-1 && !(w.Start < cols[ci].e && w.End > cols[ci].s) {
			ci++
		}
		if ci >= len(cols)-1 {
			// The word overlaps no header before NAME: NAME starts early
			// only when nothing else is left to fill.
			nameS = w.Start
			break
		}
		id := cols[ci].id
		if have[id] {
			return false
		}
		cells[id], have[id] = w, true
		ci++
	}
	if !have[lcCommand] || !have[lcPID] || nameS < 0 {
		return false
	}
	ns, ne := lex.TrimSpaceRange(line, nameS, len(line))
	get := func(id uint8) string { return line[cells[id].Start:cells[id].End] }
	cmd, cmdEscaped := lsblkUnescape(get(lcCommand)) // lsof writes a space as \x20
	e := LsofEntry{Command: cmd, Name: line[ns:ne]}
	pid, ok := lex.Atoi(get(lcPID))
	if !ok {
		return false
	}
	e.PID = pid
	if have[lcTID] {
		tid, ok := lex.Atoi(get(lcTID))
		if !ok {
			return false
		}
		e.TID = intp(tid)
	}
	if have[lcTaskCmd] {
		e.TaskCommand = get(lcTaskCmd)
	}
	if have[lcUser] {
		// -l names the field, not the value: lsof prints the uid of a
		// user without a login name too, kept as text then.
		if hasFlag(c.Args, "-l") {
			uid, ok := lex.Atoi(get(lcUser))
			if !ok {
				return false
			}
			e.UID = intp(uid)
		} else {
			e.User = get(lcUser)
		}
	}
	for _, pc := range [...]struct {
		id  uint8
		dst **int64
	}{{lcPGID, &e.PGID}, {lcPPID, &e.PPID}} {
		if have[pc.id] {
			n, ok := lex.Atoi(get(pc.id))
			if !ok {
				return false
			}
			*pc.dst = &n
		}
	}
	if have[lcFD] {
		e.FD = get(lcFD)
	}
	if have[lcType] {
		e.Type = get(lcType)
	}
	if have[lcDevice] {
		e.Device = get(lcDevice)
	}
	if have[lcSizeOff] {
		e.SizeOff = get(lcSizeOff)
	}
	network := e.Type == "IPv4" || e.Type == "IPv6"
	if have[lcNode] {
		if network {
			e.Protocol = get(lcNode)
		} else {
			e.Node = get(lcNode)
		}
	}
	// NAME of a network file: "local[->remote] [(STATE)]".
	var la, lp, ra, rp, st lex.Field // offsets within the line
	var hasLP, hasRP bool
	if network {
		nm := line[ns:ne]
		body := nm
		if strings.HasSuffix(nm, ")") {
			if o := strings.LastIndex(nm, " ("); o > 0 {
				e.State = nm[o+2 : len(nm)-1]
				st = lex.Field{Start: ns + o + 2, End: ne - 1}
				body = nm[:o]
			}
		}
		local, remote, hasRemote := strings.Cut(body, "->")
		e.LocalAddress, la = local, lex.Field{Start: ns, End: ns + len(local)}
		if p, n, ok := netPort(local, ':'); ok {
			e.LocalPort, lp, hasLP = intp(n), lex.Field{Start: ns + p, End: ns + len(local)}, true
		}
		if hasRemote {
			rs0 := ns + len(local) + 2
			e.RemoteAddress, ra = remote, lex.Field{Start: rs0, End: rs0 + len(remote)}
			if p, n, ok := netPort(remote, ':'); ok {
				e.RemotePort, rp, hasRP = intp(n), lex.Field{Start: rs0 + p, End: rs0 + len(remote)}, true
			}
		}
	}
	idx := len(res.Entries)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Entries = append(res.Entries, e)
	if rec {
		rs.begin(skEntries, idx)
		add := func(id uint8, sid uint16, tr spanTr) {
			if have[id] {
				rs.field(sid, base+cells[id].Start, base+cells[id].End, tr)
			}
		}
		if cmdEscaped {
			add(lcCommand, nfCommand, trUnquote)
		} else {
			add(lcCommand, nfCommand, trVerbatim)
		}
		add(lcPID, nfPID, trParseInt)
		add(lcTID, nfTID, trParseInt)
		add(lcTaskCmd, nfTaskCommand, trVerbatim)
		add(lcPGID, nfPGID, trParseInt)
		add(lcPPID, nfPPID, trParseInt)
		if e.UID != nil {
			add(lcUser, sfUID, trParseInt)
		} else {
			add(lcUser, sfUser, trVerbatim)
		}
		add(lcFD, nfFD, trVerbatim)
		add(lcType, sfType, trVerbatim)
		add(lcDevice, nfDevice, trVerbatim)
		add(lcSizeOff, nfSizeOff, trVerbatim)
		if network {
			add(lcNode, nfProtocol, trVerbatim)
		} else {
			add(lcNode, nfNode, trVerbatim)
		}
		rs.field(sfName, base+ns, base+ne, trVerbatim)
		if network {
			if e.LocalAddress != "" {
				rs.field(nfLocalAddress, base+la.Start, base+la.End, trVerbatim)
			}
			if hasLP {
				rs.field(nfLocalPort, base+lp.Start, base+lp.End, trParseInt)
			}
			if e.RemoteAddress != "" {
				rs.field(nfRemoteAddress, base+ra.Start, base+ra.End, trVerbatim)
			}
			if hasRP {
				rs.field(nfRemotePort, base+rp.Start, base+rp.End, trParseInt)
			}
			if e.State != "" {
				rs.field(nfState, base+st.Start, base+st.End, trVerbatim)
			}
		}
	}
	return true
}

// ---------------------------------------------------------------- dig

// DigResult is the parsed output of `dig`: the question, the header, the
// records of each section and the closing statistics. With +short only
// Answers is set, each with its Value.
type DigResult struct {
	Query           string      `json:"query,omitempty"`
	QueryClass      string      `json:"query_class,omitempty"`
	QueryType       string      `json:"query_type,omitempty"`
	Opcode          string      `json:"opcode,omitempty"`
	Status          string      `json:"status,omitempty"`
	ID              *int64      `json:"id,omitempty"`
	Flags           []string    `json:"flags,omitempty"`
	QueryCount      *int64      `json:"query_count,omitempty"`
	AnswerCount     *int64      `json:"answer_count,omitempty"`
	AuthorityCount  *int64      `json:"authority_count,omitempty"`
	AdditionalCount *int64      `json:"additional_count,omitempty"`
	Answers         []DigRecord `json:"answers"`
	Authority       []DigRecord `json:"authority,omitempty"`
	Additional      []DigRecord `json:"additional,omitempty"`
	QueryTimeMs     *int64      `json:"query_time_ms,omitempty"`
	// Server is the address dig asked, ServerName the name it was given
	// as when that differs (@dns.example).
	Server         string `json:"server,omitempty"`
	ServerName     string `json:"server_name,omitempty"`
	ServerPort     *int64 `json:"server_port,omitempty"`
	ServerProtocol string `json:"server_protocol,omitempty"`
	// QueriedAt is ";; WHEN:" in ISO 8601 (without an offset, and with a
	// warning, when the zone abbreviation cannot be resolved).
	QueriedAt    string `json:"queried_at,omitempty"`
	MsgSizeBytes *int64 `json:"msg_size_bytes,omitempty"`
	// QuerySizeBytes is +qr's ";; QUERY SIZE:" of the query sent (its
	// header and question, printed first, are not the answer's).
	QuerySizeBytes *int64 `json:"query_size_bytes,omitempty"`
	// NSID is +nsid's name server identifier: the text bind shows in
	// parentheses, else the hexadecimal bytes as printed.
	NSID string `json:"nsid,omitempty"`
	// Messages are dig's own notes: ";; WARNING: ...", ";; communications
	// error to ...", ";; connection timed out; no servers could be reached".
	Messages []string `json:"messages,omitempty"`
}

// DigResponses is dig's output for several names in one call: one
// response per name, in the order asked.
type DigResponses struct {
	Responses []DigResult `json:"responses"`
}

// DigRecord is one resource record; Value is the record data as printed
// ("10 mail.example.com.", "\"v=spf1 -all\"").
type DigRecord struct {
	Name  string `json:"name,omitempty"`
	TTL   *int64 `json:"ttl,omitempty"`
	Class string `json:"class,omitempty"`
	Type  string `json:"type,omitempty"`
	Value string `json:"value"`
}

// digParser: flags and +options checked against BIND 9.18 dig(1) and
// bin/dig/dig.c (printmessage: ";; Sending:" for +qr, ";; Got answer:"
// per response; the one here is 9.18.49): -4 -6 -p -b -t -c -q -x and
// @server keep the form; +dnssec adds RRSIG records (read as records),
// +nsid an "; NSID:" line (read), +qr the query first (read apart), several
// names one response each (read as responses); +short with several
// names loses which answer is whose (refused: +noall +answer names every
// record). Refused: +trace, +multiline, +yaml, +nssearch, +identify
// and the other +options that change the form; -f (batch file), -k, -y.
var digParser = &Parser{
	ID:      "dig",
	Command: "dig",
	Version: "1",
	Format:  "dig default output (sections, header, statistics; one response per name), +short, +noall +answer, +qr, +dnssec, +nsid",
	Flags: Flags{
		"-4": Bool, "-6": Bool, "-p": Value, "-b": Value, "-t": Value, "-c": Value, "-q": Value, "-x": Value,
	},
	MaxPositionals: -1,
	Result:         OneOf{DigResult{}, DigResponses{}},
	RowsKey:        "answers",
	Examples:       [][]string{{"example.com"}, {"+short", "example.com", "MX"}, {"+noall", "+answer", "example.com"}, {"example.com", "example.org"}},
	Parse:          parseDig,
}

// digParsers wires the digParser and returns it for the builtin list.
func digParsers() []*Parser {
	digParser.Check = digCheck
	return []*Parser{digParser}
}

// digOptions are the +options that leave the output in a form the parser
// reads (with their no- forms where dig has them).
var digOptions = map[string]bool{
	"short": true, "noshort": true, "all": true, "noall": true, "answer": true, "noanswer": true,
	"authority": true, "noauthority": true, "additional": true, "noadditional": true,
	"question": true, "noquestion": true, "stats": true, "nostats": true, "cmd": true, "nocmd": true,
	"comments": true, "nocomments": true, "recurse": true, "norecurse": true, "tcp": true, "notcp": true,
	"vc": true, "novc": true, "dnssec": true, "nodnssec": true, "cookie": true, "nocookie": true,
	"edns": true, "noedns": true, "time": true, "tries": true, "retry": true, "ndots": true, "bufsize": true,
	"search": true, "nosearch": true, "defname": true, "nodefname": true, "cd": true, "cdflag": true,
	"nocd": true, "nocdflag": true, "ad": true, "adflag": true, "noad": true, "noadflag": true,
	"aaflag": true, "noaaflag": true, "besteffort": true, "nobesteffort": true, "ttlid": true, "class": true,
	"subnet": true, "nosubnet": true, "fail": true, "nofail": true, "idnout": true, "noidnout": true,
	"expire": true, "noexpire": true, "onesoa": true, "noonesoa": true,
	"qr": true, "noqr": true, "nsid": true, "nonsid": true,
}

// digMode is what the +options say about the output.
type digMode struct{ short, noComments, extraSections bool }

func digReadOptions(args []string) (m digMode, bad string) {
	for _, a := range args {
		if len(a) < 2 || a[0] != '+' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if !digOptions[name] {
			return m, a
		}
		switch name {
		case "short":
			m.short = true
		case "noshort":
			m.short = false
		case "noall", "nocomments":
			m.noComments = true
		case "all", "comments":
			m.noComments = false
		case "authority", "additional":
			m.extraSections = true
		}
	}
	return m, ""
}

func digCheck(args []string, _ OS) *ParseError {
	m, bad := digReadOptions(args)
	if bad != "" {
		var hint []string
		for _, a := range args {
			if a != bad {
				hint = append(hint, a)
			}
		}
		return Unsupported(hint, "dig %s changes the output form", bad)
	}
	if m.noComments && m.extraSections && !m.short {
		return Unsupported(nil, "dig without section headers (+noall, +nocomments) mixes the sections; ask for +answer alone")
	}
	if m.short && digNames(args) > 1 {
		var hint []string
		for _, a := range args {
			if a == "+short" {
				hint = append(hint, "+noall", "+answer")
			} else {
				hint = append(hint, a)
			}
		}
		return Unsupported(hint, "dig +short with several names does not say which answer is whose; +noall +answer names every record")
	}
	return nil
}

// digValueFlags are dig's options that take a value (dig(1)); -x and -q
// give a name.
var digValueFlags = map[byte]bool{'b': true, 'c': true, 'f': true, 'k': true, 'p': true, 'q': true, 't': true, 'x': true, 'y': true}

// digNames counts the names a dig call asks about: positionals that are not
// a type or a class (dig reads "MX", "IN" so), and the values of -x and -q.
func digNames(args []string) int {
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "" || a[0] == '+' || a[0] == '@':
		case a[0] == '-' && len(a) >= 2:
			if !digValueFlags[a[1]] {
				continue
			}
			if len(a) == 2 {
				i++ // the value is the next argument
			}
			if a[1] == 'x' || a[1] == 'q' {
				n++
			}
		case digTypeOrClass(a):
		default:
			n++
		}
	}
	return n
}

// digTypeOrClass reports an argument dig takes as a record type or class
// rather than a name (RFC 1035 and later types, TYPEnn, CLASSnn).
func digTypeOrClass(a string) bool {
	u := strings.ToUpper(a)
	switch u {
	case "A", "AAAA", "MX", "NS", "TXT", "CNAME", "SOA", "PTR", "SRV", "CAA", "ANY", "AXFR", "IXFR", "DS", "DNSKEY",
		"RRSIG", "NSEC", "NSEC3", "NSEC3PARAM", "TLSA", "SSHFP", "HTTPS", "SVCB", "NAPTR", "HINFO", "SPF", "LOC", "CDS",
		"CDNSKEY", "OPENPGPKEY", "SMIMEA", "URI", "ZONEMD", "CSYNC", "DNAME", "AFSDB", "CERT", "DHCID", "KEY", "KX",
		"RP", "SIG", "TSIG", "TKEY", "MAILA", "MAILB", "IPSECKEY", "APL", "EUI48", "EUI64", "HIP", "NULL", "WKS",
		"IN", "CH", "CHAOS", "HS", "HESIOD", "NONE":
		return true
	}
	for _, p := range []string{"TYPE", "CLASS"} {
		if r, ok := strings.CutPrefix(u, p); ok && r != "" && lex.IsDigits(r) {
			return true
		}
	}
	return false
}

type digSection uint8

const (
	dsNone digSection = iota
	dsQuestion
	dsAnswer
	dsAuthority
	dsAdditional
	dsOther // OPT pseudosection and the like
)

// digOut is where the lines of one response go: its value and the path
// prefix of its spans ("responses/1" with several names).
type digOut struct {
	res *DigResult
	pfx []any
}

func (o *digOut) path(tokens ...any) []any {
	if o.pfx == nil {
		return tokens
	}
	return append(append([]any{}, o.pfx...), tokens...)
}

func parseDig(c *Context) (any, error) {
	m, _ := digReadOptions(c.Args)
	multi := !m.short && !m.noComments && digNames(c.Args) > 1
	var all []*DigResult
	o := &digOut{res: &DigResult{Answers: []DigRecord{}}}
	if multi {
		o.pfx = []any{"responses", 0}
	}
	it := lex.Lines{Raw: c.Raw}
	sec := dsNone
	dataLines, read, answers, questions := 0, 0, 0, 0
	// closed: the response ended (its statistics, or no server reached);
	// sending: the +qr query is being printed.
	closed, sending := false, false
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			if sec != dsNone {
				sec = dsNone
			}
			continue
		}
		dataLines++
		r := o.res
		started := r.Status != "" || len(r.Messages) > 0 || r.Query != ""
		if multi && (closed || (line == ";; Got answer:" || line == ";; Sending:") && started && !sending) {
			all = append(all, o.res)
			o = &digOut{res: &DigResult{Answers: []DigRecord{}}, pfx: []any{"responses", len(all)}}
			r, closed, sec, answers, questions = o.res, false, dsNone, 0, 0
		}
		good := true
		switch {
		case line == ";; Sending:":
			sending = true
		case sending && digSent(c, o, line, start, &sending):
		case strings.HasPrefix(line, ";;"):
			sending = false
			good = digComment(c, o, line, start, &sec, &answers, &questions)
			closed = strings.HasPrefix(line, ";; MSG SIZE") || strings.HasSuffix(line, "no servers could be reached")
		case line[0] == ';':
			switch {
			case sec == dsQuestion:
				f = lex.Fields(f[:0], line[1:], 0)
				if len(f) != 3 || r.Query != "" {
					good = false
					break
				}
				r.Query, r.QueryClass, r.QueryType = line[1+f[0].Start:1+f[0].End], line[1+f[1].Start:1+f[1].End], line[1+f[2].Start:1+f[2].End]
				c.spanPath(start+1+f[0].Start, start+1+f[0].End, "", o.path("query")...)
				c.spanPath(start+1+f[1].Start, start+1+f[1].End, "", o.path("query_class")...)
				c.spanPath(start+1+f[2].Start, start+1+f[2].End, "", o.path("query_type")...)
			case sec == dsOther && strings.HasPrefix(line, "; NSID: "):
				good = digNSID(c, o, line, start)
			case strings.HasPrefix(line, "; <<>> DiG"), strings.HasPrefix(line, "; ("), sec == dsOther:
			default:
				good = false
			}
		case m.short:
			if c.Full(len(r.Answers)) {
				c.Omit(1)
				break
			}
			v := strings.TrimRight(line, " \t")
			r.Answers = append(r.Answers, DigRecord{Value: v})
			c.spanPath(start, start+len(v), "", "answers", len(r.Answers)-1, "value")
		default:
			good = digRecord(c, o, line, start, sec, &f)
		}
		if good {
			read++
		} else {
			c.Unread(start)
		}
		if !multi && (answers > 1 || questions > 1) {
			return nil, Unsupported(nil, "dig printed %d responses; ask one query per run", max(answers, questions))
		}
		if multi && (answers > 1 || questions > 1) {
			return nil, Unrecognized("dig printed two answers for one name; stdout.raw holds the output")
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as dig output")
	}
	if multi {
		all = append(all, o.res)
		out := &DigResponses{Responses: make([]DigResult, len(all))}
		for i, r := range all {
			out.Responses[i] = *r
		}
		return out, nil
	}
	return o.res, nil
}

// digSent reads a line of the query +qr prints first (";; Sending:"): its
// header, flags, pseudosection and question are the query's, not the
// answer's, and are passed over; ";; QUERY SIZE: N" ends it.
func digSent(c *Context, o *digOut, line string, start int, sending *bool) bool {
	switch {
	case strings.HasPrefix(line, ";; QUERY SIZE: "):
		v := line[len(";; QUERY SIZE: "):]
		n, ok := lex.Atoi(v)
		if !ok || o.res.QuerySizeBytes != nil {
			return false
		}
		o.res.QuerySizeBytes = &n
		c.spanPath(start+len(";; QUERY SIZE: "), start+len(line), "parseInt", o.path("query_size_bytes")...)
		*sending = false
		return true
	case strings.HasPrefix(line, ";; ->>HEADER<<- "), strings.HasPrefix(line, ";; flags:"),
		strings.HasSuffix(line, " SECTION:"), strings.HasSuffix(line, " PSEUDOSECTION:"),
		line[0] == ';' && !strings.HasPrefix(line, ";;"):
		return true
	}
	*sending = false
	return false
}

// digNSID reads "; NSID: 67 70 64 6e 73 ("gpdns")" (the text form in
// parentheses since BIND 9.16) or the bytes alone.
func digNSID(c *Context, o *digOut, line string, start int) bool {
	v := line[len("; NSID: "):]
	vs := start + len("; NSID: ")
	if i := strings.Index(v, " (\""); i >= 0 && strings.HasSuffix(v, "\")") {
		vs += i + 3
		v = v[i+3 : len(v)-2]
	}
	if v == "" || o.res.NSID != "" {
		return false
	}
	o.res.NSID = v
	c.spanPath(vs, vs+len(v), "", o.path("nsid")...)
	return true
}

// digRecord reads "example.com.  300  IN  MX  10 mail.example.com." into
// the current section (the answer section when dig printed no headers).
func digRecord(c *Context, o *digOut, line string, start int, sec digSection, fp *[]lex.Field) bool {
	res := o.res
	f := lex.Fields((*fp)[:0], line, 5)
	*fp = f
	if len(f) < 4 {
		return false
	}
	ttl, ok := lex.Atoi(line[f[1].Start:f[1].End])
	if !ok {
		return false
	}
	r := DigRecord{Name: line[f[0].Start:f[0].End], TTL: &ttl, Class: line[f[2].Start:f[2].End], Type: line[f[3].Start:f[3].End]}
	if len(f) == 5 {
		r.Value = line[f[4].Start:f[4].End]
	}
	var list *[]DigRecord
	key := "answers"
	switch sec {
	case dsNone, dsAnswer:
		list = &res.Answers
	case dsAuthority:
		list, key = &res.Authority, "authority"
	case dsAdditional:
		list, key = &res.Additional, "additional"
	default:
		return false
	}
	idx := len(*list)
	if key == "answers" && c.Full(idx) {
		c.Omit(1)
		return true
	}
	*list = append(*list, r)
	if c.Recording() {
		c.spanPath(start+f[0].Start, start+f[0].End, "", o.path(key, idx, "name")...)
		c.spanPath(start+f[1].Start, start+f[1].End, "parseInt", o.path(key, idx, "ttl")...)
		c.spanPath(start+f[2].Start, start+f[2].End, "", o.path(key, idx, "class")...)
		c.spanPath(start+f[3].Start, start+f[3].End, "", o.path(key, idx, "type")...)
		if len(f) == 5 {
			c.spanPath(start+f[4].Start, start+f[4].End, "", o.path(key, idx, "value")...)
		} else {
			c.spanPath(start+len(line), start+len(line), "", o.path(key, idx, "value")...)
		}
	}
	return true
}

// digComment reads the ";;" lines: section headers, the response header,
// the statistics and dig's messages. A line changes res only when it
// reads, and a value dig prints once is not taken twice.
func digComment(c *Context, o *digOut, line string, start int, sec *digSection, answers, questions *int) bool {
	res := o.res
	body := strings.TrimSpace(line[2:])
	bs := start + strings.Index(line, body)
	if body == "" {
		return true
	}
	if strings.HasSuffix(body, " SECTION:") || strings.HasSuffix(body, " PSEUDOSECTION:") {
		switch body {
		case "QUESTION SECTION:":
			*sec = dsQuestion
			*questions++
		case "ANSWER SECTION:":
			*sec = dsAnswer
		case "AUTHORITY SECTION:":
			*sec = dsAuthority
		case "ADDITIONAL SECTION:":
			*sec = dsAdditional
		default:
			*sec = dsOther
		}
		return true
	}
	*sec = dsNone
	r := *res
	pend := digHold{held: c.hold(), o: o}
	ok := true
	switch {
	case body == "Got answer:":
		*answers++
		return true
	case strings.HasPrefix(body, "global options:"):
		return true
	case strings.HasPrefix(body, "->>HEADER<<- "):
		if r.Status != "" || r.Opcode != "" || r.ID != nil {
			return false
		}
		for _, kv := range digPairs(body[len("->>HEADER<<- "):], bs+len("->>HEADER<<- ")) {
			switch {
			case kv.key == "opcode" && r.Opcode == "" && kv.val != "":
				r.Opcode = kv.val
				pend.add(kv.vs, kv.vs+len(kv.val), "", "opcode")
			case kv.key == "status" && r.Status == "" && kv.val != "":
				r.Status = kv.val
				pend.add(kv.vs, kv.vs+len(kv.val), "", "status")
			case kv.key == "id" && r.ID == nil:
				if n, good := lex.Atoi(kv.val); good {
					r.ID = &n
					pend.add(kv.vs, kv.vs+len(kv.val), "parseInt", "id")
				}
			}
		}
		ok = r.Status != ""
	case strings.HasPrefix(body, "flags:"):
		semi := strings.IndexByte(body, ';')
		if semi < 0 || r.Flags != nil || r.QueryCount != nil {
			return false
		}
		fl := body[len("flags:"):semi]
		fs := bs + len("flags:")
		for pos := 0; pos < len(fl); {
			s, e := lex.NextField(fl, pos)
			if s >= len(fl) {
				break
			}
			pos = e
			pend.add(fs+s, fs+e, "", "flags", len(r.Flags))
			r.Flags = append(r.Flags, fl[s:e])
		}
		for _, kv := range digPairs(body[semi+1:], bs+semi+1) {
			n, good := lex.Atoi(kv.val)
			if !good {
				continue
			}
			var dst **int64
			var key string
			switch kv.key {
			case "QUERY", "ZONE":
				dst, key = &r.QueryCount, "query_count"
			case "ANSWER", "PREREQ":
				dst, key = &r.AnswerCount, "answer_count"
			case "AUTHORITY", "UPDATE":
				dst, key = &r.AuthorityCount, "authority_count"
			case "ADDITIONAL":
				dst, key = &r.AdditionalCount, "additional_count"
			default:
				continue
			}
			if *dst != nil {
				return false
			}
			*dst = &n
			pend.add(kv.vs, kv.vs+len(kv.val), "parseInt", key)
		}
	case len(body) > len("Query time:  msec") && strings.HasPrefix(body, "Query time: ") && strings.HasSuffix(body, " msec"):
		v := body[len("Query time: ") : len(body)-len(" msec")]
		n, good := lex.Atoi(v)
		if ok = good && r.QueryTimeMs == nil; ok {
			r.QueryTimeMs = &n
			pend.add(bs+len("Query time: "), bs+len("Query time: ")+len(v), "parseInt", "query_time_ms")
		}
	case strings.HasPrefix(body, "SERVER: "):
		ok = r.Server == "" && digServer(&r, &pend, body[len("SERVER: "):], bs+len("SERVER: "))
	case strings.HasPrefix(body, "WHEN: "):
		v := body[len("WHEN: "):]
		ts, warn, good := sysCTime(v, c.Location)
		if ok = good && r.QueriedAt == ""; ok {
			r.QueriedAt = ts
			pend.add(bs+len("WHEN: "), bs+len(body), "timestamp", "queried_at")
			if warn != "" {
				c.Warn("dig: " + warn)
			}
		}
	case strings.HasPrefix(body, "MSG SIZE") && strings.Contains(body, "rcvd: "):
		v := body[strings.Index(body, "rcvd: ")+len("rcvd: "):]
		n, good := lex.Atoi(v)
		if ok = good && r.MsgSizeBytes == nil; ok {
			r.MsgSizeBytes = &n
			pend.add(bs+len(body)-len(v), bs+len(body), "parseInt", "msg_size_bytes")
		}
	default:
		// Anything else dig says on a ";;" line is a message of its own.
		pend.add(bs, bs+len(body), "", "messages", len(r.Messages))
		r.Messages = append(r.Messages, body)
	}
	if !ok {
		return false
	}
	*res = r
	pend.commit()
	return true
}

// digHold holds a response's spans under its path prefix.
type digHold struct {
	held
	o *digOut
}

func (h *digHold) add(start, end int, tr string, tokens ...any) {
	h.held.add(start, end, tr, h.o.path(tokens...)...)
}

type digKV struct {
	key, val string
	vs       int
}

// digPairs reads "opcode: QUERY, status: NOERROR, id: 12345".
func digPairs(s string, at int) []digKV {
	var out []digKV
	pos := 0
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, ":")
		if ok {
			tv := strings.TrimSpace(v)
			vs := at + pos + len(k) + 1 + strings.Index(v, tv)
			out = append(out, digKV{strings.TrimSpace(k), tv, vs})
		}
		pos += len(part) + 1
	}
	return out
}

// digServer reads "127.0.0.1#53(127.0.0.1) (UDP)" (the protocol is absent
// before BIND 9.18).
func digServer(res *DigResult, pend *digHold, s string, at int) bool {
	hash := strings.IndexByte(s, '#')
	open := strings.IndexByte(s, '(')
	if hash <= 0 || open < hash {
		return false
	}
	closeP := strings.IndexByte(s[open:], ')')
	if closeP < 0 {
		return false
	}
	closeP += open
	port, ok := lex.Atoi(s[hash+1 : open])
	if !ok {
		return false
	}
	res.Server = s[:hash]
	pend.add(at, at+hash, "", "server")
	res.ServerPort = &port
	pend.add(at+hash+1, at+open, "parseInt", "server_port")
	if name := s[open+1 : closeP]; name != res.Server && name != "" {
		res.ServerName = name
		pend.add(at+open+1, at+closeP, "", "server_name")
	}
	rest := strings.TrimSpace(s[closeP+1:])
	if len(rest) > 2 && strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		res.ServerProtocol = rest[1 : len(rest)-1]
		ps := at + closeP + 1 + strings.Index(s[closeP+1:], rest) + 1
		pend.add(ps, ps+len(res.ServerProtocol), "", "server_protocol")
	}
	return true
}

// ---------------------------------------------------------------- ip addr

// IPAddrResult is the parsed output of `ip addr` (and `ip link`, which
// prints the same blocks without addresses).
type IPAddrResult struct {
	Interfaces []IPInterface `json:"interfaces"`
}

// IPInterface is one "N: name: <FLAGS> ..." block.
type IPInterface struct {
	Index int64  `json:"index"`
	Name  string `json:"name"`
	// Link is what follows "@" in the name: the peer ("if5") or parent.
	Link string `json:"link,omitempty"`
	// Flags are the header's <...>; -oneline addr prints no header, so
	// none.
	Flags       []string `json:"flags,omitempty"`
	MTU         *int64   `json:"mtu,omitempty"`
	Qdisc       string   `json:"qdisc,omitempty"`
	Master      string   `json:"master,omitempty"`
	State       string   `json:"state,omitempty"`
	Mode        string   `json:"mode,omitempty"`
	Group       string   `json:"group,omitempty"`
	Qlen        *int64   `json:"qlen,omitempty"`
	LinkType    string   `json:"link_type,omitempty"`
	MAC         string   `json:"mac,omitempty"`
	Broadcast   string   `json:"broadcast,omitempty"`
	LinkNetnsid *int64   `json:"link_netnsid,omitempty"`
	AltNames    []string `json:"altnames,omitempty"`
	// Addresses are the inet and inet6 lines (none for ip link).
	Addresses []IPAddress `json:"addresses"`
}

// IPAddress is one inet/inet6 line and its lifetimes. A lifetime of
// "forever" sets ValidForever / PreferredForever instead of seconds.
type IPAddress struct {
	Family                   string   `json:"family"`
	Address                  string   `json:"address"`
	PrefixLength             *int64   `json:"prefix_length,omitempty"`
	Peer                     string   `json:"peer,omitempty"`
	Broadcast                string   `json:"broadcast,omitempty"`
	Scope                    string   `json:"scope,omitempty"`
	Metric                   *int64   `json:"metric,omitempty"`
	Flags                    []string `json:"flags,omitempty"`
	Label                    string   `json:"label,omitempty"`
	ValidLifetimeSeconds     *int64   `json:"valid_lifetime_seconds,omitempty"`
	ValidForever             bool     `json:"valid_forever,omitempty"`
	PreferredLifetimeSeconds *int64   `json:"preferred_lifetime_seconds,omitempty"`
	PreferredForever         bool     `json:"preferred_forever,omitempty"`
}

// IPAddrBrief is `ip -brief addr`: one line per interface (its own key,
// interfaces_brief, tells it from the block form's interfaces).
type IPAddrBrief struct {
	Interfaces []IPBriefInterface `json:"interfaces_brief"`
}

// IPBriefInterface is one -brief line: the name (and "@" link), the
// operational state and the addresses with their prefix lengths.
type IPBriefInterface struct {
	Name      string           `json:"name"`
	Link      string           `json:"link,omitempty"`
	State     string           `json:"state"`
	Addresses []IPBriefAddress `json:"addresses"`
}

// IPBriefAddress is one "192.0.2.2/24" of a -brief line; Family is inet6
// for an address with a ":", inet otherwise.
type IPBriefAddress struct {
	Family       string `json:"family"`
	Address      string `json:"address"`
	PrefixLength *int64 `json:"prefix_length,omitempty"`
}

// ipAddrParser: options checked against iproute2 6.1 ip(8), ip-address(8)
// and ip/ipaddress.c (the one run here): -4, -6, -f/-family keep the
// blocks; -o/-oneline prints each address (or, for link, each interface)
// on one line, its continuation lines joined with "\": read into the same
// interfaces; -br/-brief prints name, state and addresses per line: read
// as IPAddrBrief (ip -brief link belongs to the link parser). Refused:
// -d/-details, -s/-stats, -j/-json (passed through as JSON), -c/-color,
// -t/-timestamp, -N/-numeric and -r/-resolve where they change values.
var ipAddrParser = &Parser{
	ID:      "ip-addr",
	Command: "ip",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "iproute2 ip addr / ip link blocks, -oneline, ip -brief addr (not -details or -stats)",
	Flags: Flags{"-4": Bool, "-6": Bool, "-f": Value, "-family": Value, "-o": Bool, "-oneline": Bool,
		"-br": Bool, "-brie": Bool, "-brief": Bool},
	// ip reads one-dash long options and no bundles ("-br" is -brief).
	GoFlags: true,
	// -json output is passed through as JSON when refused.
	MaxPositionals: -1,
	Result:         OneOf{IPAddrResult{}, IPAddrBrief{}},
	RowsKey:        "interfaces",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{"addr"}, {"-4", "addr", "show", "dev", "eth0"}, {"-br", "addr"}, {"-o", "addr"}, {"link"}},
	Parse:          parseIPAddr,
}

// ipAddrParsers wires the ipAddrParser and returns it for the builtin list.
func ipAddrParsers() []*Parser {
	ipAddrParser.Check = ipAddrCheck
	return []*Parser{ipAddrParser}
}

// ipAddrCheck accepts `ip [-4|-6|-f F|-family F] {address|link} [show|list] [filters]`,
// objects and commands abbreviated as iproute2 allows.
func ipAddrCheck(args []string, _ OS) *ParseError {
	i := 0
	brief := false
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		switch args[i] {
		case "-4", "-6", "-o", "-oneline":
		case "-br", "-brie", "-brief":
			brief = true
		case "-f", "-family":
			i++
		default:
			if !strings.HasPrefix(args[i], "-f") {
				return Unsupported(nil, "ip %s changes the output form", args[i])
			}
		}
		i++
	}
	if i >= len(args) {
		return Unsupported([]string{"addr"}, "ip needs an object: addr or link")
	}
	obj := args[i]
	if !ipPrefixOf(obj, "address", 1) && !ipPrefixOf(obj, "link", 1) {
		return Unsupported(nil, "ip %s is not read; ip addr and ip link are", obj)
	}
	if brief && !ipPrefixOf(obj, "address", 1) {
		return Unsupported(nil, "ip -brief %s is not read here; ip -brief addr is", obj)
	}
	if i+1 < len(args) {
		cmd := args[i+1]
		if !ipPrefixOf(cmd, "show", 1) && !ipPrefixOf(cmd, "list", 1) && cmd != "lst" && ipCommandWord(cmd) {
			return Unsupported([]string{obj, "show"}, "ip %s %s is not a listing", obj, cmd)
		}
	}
	return nil
}

// ipCommandWord reports whether w is an ip addr/link command (not a filter
// such as "dev" or "up").
func ipCommandWord(w string) bool {
	switch w {
	case "add", "change", "replace", "del", "delete", "flush", "save", "restore", "showdump", "set", "help",
		"xstats", "afstats", "property":
		return true
	}
	return false
}

func ipPrefixOf(w, full string, min int) bool {
	return len(w) >= min && len(w) <= len(full) && full[:len(w)] == w
}

// ipMode reads the -brief and -oneline options (before the object).
func ipMode(args []string) (brief, oneline bool) {
	for _, a := range args {
		switch a {
		case "-br", "-brie", "-brief":
			brief = true
		case "-o", "-oneline":
			oneline = true
		}
		if !strings.HasPrefix(a, "-") {
			break
		}
	}
	return brief, oneline
}

func parseIPAddr(c *Context) (any, error) {
	if brief, oneline := ipMode(c.Args); brief {
		return parseIPBrief(c)
	} else if oneline {
		return parseIPOneline(c)
	}
	res := &IPAddrResult{Interfaces: []IPInterface{}}
	it := lex.Lines{Raw: c.Raw}
	var cur *IPInterface
	var lastAddr *IPAddress
	dataLines, read := 0, 0
	skipping := false // an interface dropped at max_items
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if line[0] >= '0' && line[0] <= '9' {
			full := c.Full(len(res.Interfaces))
			hc := c
			if full {
				hc = &Context{Raw: c.Raw} // read it, record nothing
			}
			iface, ok := ipHeader(hc, line, start, len(res.Interfaces))
			if !ok {
				c.Unread(start)
				cur, lastAddr = nil, nil
				continue
			}
			read++
			if full {
				c.Omit(1)
				skipping, cur, lastAddr = true, nil, nil
				continue
			}
			skipping = false
			res.Interfaces = append(res.Interfaces, iface)
			cur, lastAddr = &res.Interfaces[len(res.Interfaces)-1], nil
			continue
		}
		if skipping {
			read++
			continue
		}
		if cur == nil || line[0] != ' ' {
			c.Unread(start)
			continue
		}
		f = lex.Fields(f[:0], line, 0)
		w := line[f[0].Start:f[0].End]
		ii := len(res.Interfaces) - 1
		good := false
		switch {
		case strings.HasPrefix(w, "link/") && len(w) > len("link/") && cur.LinkType == "":
			good = ipLinkLine(c, cur, line, start, f, ii)
		case w == "altname" && len(f) == 2:
			c.spanPath(start+f[1].Start, start+f[1].End, "", "interfaces", ii, "altnames", len(cur.AltNames))
			cur.AltNames = append(cur.AltNames, line[f[1].Start:f[1].End])
			good = true
		case w == "inet" || w == "inet6":
			var a IPAddress
			if a, good = ipAddrLine(c, line, start, f, ii, len(cur.Addresses)); good {
				cur.Addresses = append(cur.Addresses, a)
				lastAddr = &cur.Addresses[len(cur.Addresses)-1]
			}
		case w == "valid_lft" && lastAddr != nil:
			good = ipLifetimes(c, lastAddr, line, start, f, ii, len(cur.Addresses)-1)
		}
		if good {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as ip addr output")
	}
	return res, nil
}

// parseIPBrief reads `ip -brief addr`: "eth0@if5  UP  192.0.2.2/24
// fe80::1/64 " (ipaddress.c: name "%-16s ", state "%-14s ", then each
// address and its prefix length followed by a space).
func parseIPBrief(c *Context) (any, error) {
	res := &IPAddrBrief{Interfaces: []IPBriefInterface{}}
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		f = lex.Fields(f[:0], line, 0)
		if len(f) < 2 || line[0] == ' ' {
			c.Unread(start)
			continue
		}
		ii := len(res.Interfaces)
		iface := IPBriefInterface{State: line[f[1].Start:f[1].End], Addresses: []IPBriefAddress{}}
		pend := c.hold()
		name := line[f[0].Start:f[0].End]
		if at := strings.IndexByte(name, '@'); at > 0 && at < len(name)-1 {
			iface.Link = name[at+1:]
			pend.add(start+at+1, start+f[0].End, "", "interfaces_brief", ii, "link")
			name = name[:at]
		}
		iface.Name = name
		pend.add(start, start+len(name), "", "interfaces_brief", ii, "name")
		pend.add(start+f[1].Start, start+f[1].End, "", "interfaces_brief", ii, "state")
		good := true
		for k, t := range f[2:] {
			v := line[t.Start:t.End]
			slash := strings.IndexByte(v, '/')
			if slash <= 0 {
				good = false
				break
			}
			n, ok := lex.Atoi(v[slash+1:])
			if !ok {
				good = false
				break
			}
			a := IPBriefAddress{Family: "inet", Address: v[:slash], PrefixLength: &n}
			if strings.IndexByte(a.Address, ':') >= 0 {
				a.Family = "inet6"
			}
			iface.Addresses = append(iface.Addresses, a)
			pend.add(start+t.Start, start+t.Start+slash, "", "interfaces_brief", ii, "addresses", k, "address")
			pend.add(start+t.Start, start+t.Start+slash, "impliedDefault", "interfaces_brief", ii, "addresses", k, "family")
			pend.add(start+t.Start+slash+1, start+t.End, "parseInt", "interfaces_brief", ii, "addresses", k, "prefix_length")
		}
		if !good {
			c.Unread(start)
			continue
		}
		read++
		if c.Full(ii) {
			c.Omit(1)
			continue
		}
		pend.commit()
		res.Interfaces = append(res.Interfaces, iface)
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as ip -brief addr output")
	}
	return res, nil
}

// parseIPOneline reads `ip -oneline addr` ("2: eth0    inet 192.0.2.2/24
// brd ... scope global eth0\       valid_lft forever preferred_lft
// forever", one line per address) and `ip -oneline link` (the header and
// its link line joined by "\"): the pieces between the backslashes are
// the lines of the block form; consecutive lines of one interface make one
// interface.
func parseIPOneline(c *Context) (any, error) {
	res := &IPAddrResult{Interfaces: []IPInterface{}}
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	skipping := int64(-1) // the index of an interface dropped at max_items
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if ipOnelineLine(c, res, line, start, &skipping, &f) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as ip -oneline output")
	}
	return res, nil
}

// ipOnelineLine reads one -oneline line into res.
func ipOnelineLine(c *Context, res *IPAddrResult, line string, start int, skipping *int64, fp *[]lex.Field) bool {
	first, _, _ := strings.Cut(line, "\\")
	colon := strings.Index(first, ": ")
	if colon <= 0 {
		return false
	}
	idx, ok := lex.Atoi(first[:colon])
	if !ok {
		return false
	}
	if idx == *skipping {
		return true
	}
	var cur *IPInterface
	var pieceAt int // where the first block line begins in line
	body := first[colon+2:]
	if i := strings.Index(body, ": <"); i > 0 && !strings.ContainsAny(body[:i], " \t") {
		// ip -o link: the header is the block's own header line.
		full := c.Full(len(res.Interfaces))
		hc := c
		if full {
			hc = &Context{Raw: c.Raw}
		}
		iface, ok := ipHeader(hc, first, start, len(res.Interfaces))
		if !ok {
			return false
		}
		if full {
			c.Omit(1)
			*skipping = idx
			return true
		}
		res.Interfaces = append(res.Interfaces, iface)
		cur, pieceAt = &res.Interfaces[len(res.Interfaces)-1], -1
	} else {
		// ip -o addr: "N: name    inet ...": the name, then an address line.
		ne := strings.IndexAny(body, " \t")
		if ne <= 0 {
			return false
		}
		name := body[:ne]
		if n := len(res.Interfaces); n > 0 && res.Interfaces[n-1].Index == idx && res.Interfaces[n-1].Name+ipAt(res.Interfaces[n-1].Link) == name {
			cur = &res.Interfaces[n-1]
		} else {
			if c.Full(len(res.Interfaces)) {
				c.Omit(1)
				*skipping = idx
				return true
			}
			ii := len(res.Interfaces)
			iface := IPInterface{Index: idx, Name: name, Addresses: []IPAddress{}}
			c.spanPath(start, start+colon, "parseInt", "interfaces", ii, "index")
			ns := start + colon + 2
			if at := strings.IndexByte(name, '@'); at > 0 && at < len(name)-1 {
				iface.Name, iface.Link = name[:at], name[at+1:]
				c.spanPath(ns+at+1, ns+ne, "", "interfaces", ii, "link")
			}
			c.spanPath(ns, ns+len(iface.Name), "", "interfaces", ii, "name")
			res.Interfaces = append(res.Interfaces, iface)
			cur = &res.Interfaces[ii]
		}
		pieceAt = colon + 2 + ne
	}
	ii := len(res.Interfaces) - 1
	// The block lines: the address line (addr), then each piece after a
	// backslash.
	pieces := []int{}
	if pieceAt >= 0 {
		pieces = append(pieces, pieceAt)
	}
	for off := len(first); off < len(line); {
		pieces = append(pieces, off+1)
		next := strings.IndexByte(line[off+1:], '\\')
		if next < 0 {
			break
		}
		off += 1 + next
	}
	var lastAddr *IPAddress
	for k, ps := range pieces {
		pe := len(line)
		if k+1 < len(pieces) {
			pe = pieces[k+1] - 1
		}
		piece := line[ps:pe]
		*fp = lex.Fields((*fp)[:0], piece, 0)
		f := *fp
		if len(f) == 0 {
			continue
		}
		w := piece[f[0].Start:f[0].End]
		good := false
		switch {
		case strings.HasPrefix(w, "link/") && len(w) > len("link/") && cur.LinkType == "":
			good = ipLinkLine(c, cur, piece, start+ps, f, ii)
		case w == "altname" && len(f) == 2:
			c.spanPath(start+ps+f[1].Start, start+ps+f[1].End, "", "interfaces", ii, "altnames", len(cur.AltNames))
			cur.AltNames = append(cur.AltNames, piece[f[1].Start:f[1].End])
			good = true
		case (w == "inet" || w == "inet6") && lastAddr == nil:
			var a IPAddress
			if a, good = ipAddrLine(c, piece, start+ps, f, ii, len(cur.Addresses)); good {
				cur.Addresses = append(cur.Addresses, a)
				lastAddr = &cur.Addresses[len(cur.Addresses)-1]
			}
		case w == "valid_lft" && lastAddr != nil:
			good = ipLifetimes(c, lastAddr, piece, start+ps, f, ii, len(cur.Addresses)-1)
		}
		if !good {
			// As in the block form, where each piece is a line of its own:
			// what was read stays, the line is reported unread.
			return false
		}
	}
	return true
}

func ipAt(link string) string {
	if link == "" {
		return ""
	}
	return "@" + link
}

// ipHeader reads "2: eth0@if5: <BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state UP group default qlen 1000".
// Its spans are recorded only when the line reads.
func ipHeader(c *Context, line string, start, ii int) (IPInterface, bool) {
	var iface IPInterface
	spans := c.hold()
	colon := strings.IndexByte(line, ':')
	if colon <= 0 || colon+2 >= len(line) || line[colon+1] != ' ' {
		return iface, false
	}
	idx, ok := lex.Atoi(line[:colon])
	if !ok {
		return iface, false
	}
	iface.Index = idx
	spans.add(start, start+colon, "parseInt", "interfaces", ii, "index")
	rest := line[colon+2:]
	rs := start + colon + 2
	nameEnd := strings.Index(rest, ": ")
	if nameEnd <= 0 {
		return iface, false
	}
	name := rest[:nameEnd]
	if at := strings.IndexByte(name, '@'); at > 0 && at < len(name)-1 {
		iface.Link = name[at+1:]
		spans.add(rs+at+1, rs+nameEnd, "", "interfaces", ii, "link")
		name = name[:at]
	}
	iface.Name = name
	spans.add(rs, rs+len(name), "", "interfaces", ii, "name")
	tail := rest[nameEnd+2:]
	ts := rs + nameEnd + 2
	if !strings.HasPrefix(tail, "<") {
		return iface, false
	}
	gt := strings.IndexByte(tail, '>')
	if gt < 0 {
		return iface, false
	}
	iface.Flags = []string{}
	pos := 1
	for _, fl := range strings.Split(tail[1:gt], ",") {
		if fl != "" {
			spans.add(ts+pos, ts+pos+len(fl), "", "interfaces", ii, "flags", len(iface.Flags))
			iface.Flags = append(iface.Flags, fl)
		}
		pos += len(fl) + 1
	}
	iface.Addresses = []IPAddress{}
	var f []lex.Field
	f = lex.Fields(f, tail[gt+1:], 0)
	off := ts + gt + 1
	var notRead []string
	seen := map[string]bool{}
	for k := 0; k+1 < len(f); k += 2 {
		key := tail[gt+1+f[k].Start : gt+1+f[k].End]
		v := tail[gt+1+f[k+1].Start : gt+1+f[k+1].End]
		vs, ve := off+f[k+1].Start, off+f[k+1].End
		tr := ""
		if seen[key] {
			return iface, false // a key twice: not ip's own output
		}
		seen[key] = true
		switch key {
		case "mtu", "qlen":
			n, ok := lex.Atoi(v)
			if !ok {
				return iface, false
			}
			if key == "mtu" {
				iface.MTU = &n
			} else {
				iface.Qlen = &n
			}
			tr = "parseInt"
		case "qdisc":
			iface.Qdisc = v
		case "master":
			iface.Master = v
		case "state":
			iface.State = v
		case "mode":
			iface.Mode = v
		case "group":
			iface.Group = v
		default:
			notRead = append(notRead, key+" "+v)
			continue
		}
		spans.add(vs, ve, tr, "interfaces", ii, key)
	}
	if len(f)%2 != 0 {
		notRead = append(notRead, tail[gt+1+f[len(f)-1].Start:])
	}
	for _, w := range notRead {
		c.Warn("ip: interface attribute not read: " + w)
	}
	spans.commit()
	return iface, true
}

// ipLinkLine reads "link/ether 02:42:ac:11:00:02 brd ff:ff:ff:ff:ff:ff link-netnsid 0".
func ipLinkLine(c *Context, dst *IPInterface, line string, start int, f []lex.Field, ii int) bool {
	pend := c.hold()
	link := *dst // changed only when the line reads
	iface := &link
	iface.LinkType = line[f[0].Start+5 : f[0].End]
	pend.add(start+f[0].Start+5, start+f[0].End, "", "interfaces", ii, "link_type")
	k := 1
	if k < len(f) && !ipLinkKeyword(line[f[k].Start:f[k].End]) {
		iface.MAC = line[f[k].Start:f[k].End]
		pend.add(start+f[k].Start, start+f[k].End, "", "interfaces", ii, "mac")
		k++
	}
	seen := map[string]bool{}
	for ; k+1 < len(f); k += 2 {
		key, v := line[f[k].Start:f[k].End], line[f[k+1].Start:f[k+1].End]
		vs, ve := start+f[k+1].Start, start+f[k+1].End
		if seen[key] {
			return false
		}
		seen[key] = true
		switch key {
		case "brd":
			iface.Broadcast = v
			pend.add(vs, ve, "", "interfaces", ii, "broadcast")
		case "link-netnsid":
			n, ok := lex.Atoi(v)
			if !ok {
				return false
			}
			iface.LinkNetnsid = &n
			pend.add(vs, ve, "parseInt", "interfaces", ii, "link_netnsid")
		default:
			c.Warn("ip: link attribute not read: " + key + " " + v)
		}
	}
	if k < len(f) {
		c.Warn("ip: link attribute not read: " + line[f[k].Start:])
	}
	*dst = link
	pend.commit()
	return true
}

func ipLinkKeyword(w string) bool {
	switch w {
	case "brd", "link-netnsid", "permaddr", "peer", "link-netns":
		return true
	}
	return false
}

// ipAddrFlag reports a word ip prints after an address's scope.
func ipAddrFlag(w string) bool {
	switch w {
	case "secondary", "temporary", "dynamic", "noprefixroute", "mngtmpaddr", "tentative", "deprecated",
		"dadfailed", "home", "nodad", "optimistic", "stable-privacy", "permanent", "autojoin", "primary":
		return true
	}
	return false
}

// ipAddrLine reads "inet 10.0.0.5/24 metric 100 brd 10.0.0.255 scope global secondary dynamic eth0:1".
func ipAddrLine(c *Context, line string, start int, f []lex.Field, ii, ai int) (IPAddress, bool) {
	var a IPAddress
	if len(f) < 2 {
		return a, false
	}
	pend := c.hold()
	p := func(k string, more ...any) []any { return append([]any{"interfaces", ii, "addresses", ai, k}, more...) }
	a.Family = line[f[0].Start:f[0].End]
	pend.add(start+f[0].Start, start+f[0].End, "", p("family")...)
	setAddr := func(tok lex.Field, peer bool) bool {
		v := line[tok.Start:tok.End]
		addr := v
		if slash := strings.IndexByte(v, '/'); slash >= 0 {
			n, ok := lex.Atoi(v[slash+1:])
			if !ok || a.PrefixLength != nil {
				return false
			}
			a.PrefixLength = &n
			addr = v[:slash]
			pend.add(start+tok.Start+slash+1, start+tok.End, "parseInt", p("prefix_length")...)
		}
		key := "address"
		if peer {
			a.Peer, key = addr, "peer"
		} else {
			a.Address = addr
		}
		pend.add(start+tok.Start, start+tok.Start+len(addr), "", p(key)...)
		return addr != ""
	}
	if !setAddr(f[1], false) {
		return a, false
	}
	var notRead []string
	seen := map[string]bool{}
	for k := 2; k < len(f); k++ {
		w := line[f[k].Start:f[k].End]
		switch {
		case (w == "brd" || w == "scope" || w == "metric" || w == "peer") && k+1 < len(f):
			if seen[w] {
				return a, false
			}
			seen[w] = true
			v := line[f[k+1].Start:f[k+1].End]
			vs, ve := start+f[k+1].Start, start+f[k+1].End
			switch w {
			case "peer":
				if !setAddr(f[k+1], true) {
					return a, false
				}
			case "brd":
				a.Broadcast = v
				pend.add(vs, ve, "", p("broadcast")...)
			case "scope":
				a.Scope = v
				pend.add(vs, ve, "", p("scope")...)
			case "metric":
				n, ok := lex.Atoi(v)
				if !ok {
					return a, false
				}
				a.Metric = &n
				pend.add(vs, ve, "parseInt", p("metric")...)
			}
			k++
		case ipAddrFlag(w):
			pend.add(start+f[k].Start, start+f[k].End, "", p("flags", len(a.Flags))...)
			a.Flags = append(a.Flags, w)
		case k == len(f)-1 && a.Family == "inet":
			// The label ends an inet line: the interface name or "eth0:web".
			a.Label = w
			pend.add(start+f[k].Start, start+f[k].End, "", p("label")...)
		default:
			notRead = append(notRead, w)
		}
	}
	for _, w := range notRead {
		c.Warn("ip: address attribute not read: " + w)
	}
	pend.commit()
	return a, true
}

// ipLifetimes reads "valid_lft forever preferred_lft 1800sec".
func ipLifetimes(c *Context, a *IPAddress, line string, start int, f []lex.Field, ii, ai int) bool {
	if len(f) != 4 || line[f[2].Start:f[2].End] != "preferred_lft" {
		return false
	}
	pend := c.hold()
	got := *a
	for k, tok := range []lex.Field{f[1], f[3]} {
		v := line[tok.Start:tok.End]
		key, fkey := "valid_lifetime_seconds", "valid_forever"
		secs, forever := &got.ValidLifetimeSeconds, &got.ValidForever
		if k == 1 {
			key, fkey = "preferred_lifetime_seconds", "preferred_forever"
			secs, forever = &got.PreferredLifetimeSeconds, &got.PreferredForever
		}
		if v == "forever" {
			*forever = true
			pend.add(start+tok.Start, start+tok.End, "marker", "interfaces", ii, "addresses", ai, fkey)
			continue
		}
		n, ok := lex.Atoi(strings.TrimSuffix(v, "sec"))
		if !ok || !strings.HasSuffix(v, "sec") {
			return false
		}
		*secs = &n
		pend.add(start+tok.Start, start+tok.End-3, "parseInt", "interfaces", ii, "addresses", ai, key)
	}
	*a = got
	pend.commit()
	return true
}
