// Package ping reads the output of `ping` for the catalog: the parsers ping, ping6, ping-windows.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package ping

import (
	"slices"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// Span field ids of the network parsers' rows.
var nkReplies = catalog.SpanID("replies/*")

var (
	nkFailures    = catalog.SpanID("failures/*")
	nfSeq         = catalog.SpanID("seq")
	nfBytes       = catalog.SpanID("bytes")
	nfFrom        = catalog.SpanID("from")
	nfFromAddress = catalog.SpanID("from_address")
	nfTTL         = catalog.SpanID("ttl")
	nfTimeMs      = catalog.SpanID("time_ms")
	nfDuplicate   = catalog.SpanID("duplicate")
)

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
var pingFlags = catalog.Flags{
	"-c": catalog.Value, "-i": catalog.Value, "-w": catalog.Value, "-W": catalog.Value, "-s": catalog.Value, "-t": catalog.Value, "-m": catalog.Value, "-I": catalog.Value,
	"-S": catalog.Value, "-p": catalog.Value, "-e": catalog.Value, "-M": catalog.Value,
	"-q": catalog.Bool, "-n": catalog.Bool, "-4": catalog.Bool, "-6": catalog.Bool, "-D": catalog.Bool, "-O": catalog.Bool, "-b": catalog.Bool, "-A": catalog.Bool,
	"-U": catalog.Bool, "-B": catalog.Bool, "-L": catalog.Bool, "-r": catalog.Bool, "-3": catalog.Bool, "-o": catalog.Bool,
}

// pingExitAnswers: iputils ping(8) "If ping does not receive any reply
// packets at all it will exit with code 1" (BusyBox likewise); FreeBSD and
// macOS ping(8) "2: The transmission was successful but no responses were
// received". The statistics are printed either way.
var pingExitAnswers = []catalog.ExitAnswer{
	{Code: 1, Means: "no reply was received", OS: []catalog.OS{catalog.Linux}, WithOutput: true, Source: "iputils 20221126 ping(8) EXIT STATUS"},
	{Code: 2, Means: "no reply was received", OS: []catalog.OS{catalog.Darwin, catalog.FreeBSD}, WithOutput: true, Source: "FreeBSD 14 and macOS ping(8) EXIT STATUS"},
}

var pingParser = &catalog.Parser{
	ID:             "ping",
	Command:        "ping",
	Version:        "1",
	OS:             []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD},
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
var ping6Parser = &catalog.Parser{
	ID:             "ping6",
	Command:        "ping6",
	Version:        "1",
	OS:             []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD},
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
func pingParsers() []*catalog.Parser {
	pingParser.Check = pingCheck
	ping6Parser.Check = pingCheck
	return []*catalog.Parser{pingParser, ping6Parser}
}

// pingCheck refuses the flags whose meaning differs on BSD: -A rings a bell
// into the output there.
func pingCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	if (os == catalog.Darwin || os == catalog.FreeBSD) && argv.Has("-A") {
		return catalog.Unsupported(nil, "ping -A on macOS/FreeBSD writes a bell character into the output")
	}
	return nil
}

func parsePing(c *catalog.Context) (any, error) {
	// At most a reply per line: grown by appending, the replies were
	// copied about twice (most of ping6's allocations).
	res := &PingResult{Replies: make([]PingReply, 0, kit.RowCap(c))}
	rec := c.Recording()
	rs := c.Rows(7)
	it := lex.Lines{Raw: c.Raw}
	read := 0
	dump := 0 // after a BSD ICMP error: 1 expects its "Vr HL TOS" header, 2 the dump line
	for line, start := range it.NonBlankLines() {
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
		mark := c.Mark() // a line given up drops the spans read from it
		var good bool
		switch {
		case strings.HasPrefix(line, "PING"):
			// One header per run; a second one is not ping's own output.
			good = res.Target == "" && pingHeader(c, res, line, start)
		case strings.HasPrefix(line, "--- ") && (strings.HasSuffix(line, " ping statistics ---") || strings.HasSuffix(line, " ping6 statistics ---")):
			if e := strings.LastIndex(line, " ping"); res.Target == "" && e > 4 {
				res.Target = line[4:e]
				c.Span(start+4, start+e, "", "target")
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
				c.Span(start+len("PATTERN: "), start+len(line), "", "pattern")
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
			c.Truncate(mark)
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as ping output")
	}
	if rec {
		rs.Finish()
	}
	return res, nil
}

// pingHeader reads "PING host (addr) 56(84) bytes of data.", "PING ::1(::1)
// 56 data bytes", "PING host (addr): 56 data bytes" and macOS ping6's
// "PING6(56=40+8+8 bytes) src --> dst".
func pingHeader(c *catalog.Context, dst *PingResult, line string, start int) bool {
	r := *dst // changed only when the line reads
	res := &r
	done := func() bool {
		*dst = r
		return true
	}
	if strings.HasPrefix(line, "PING6(") || strings.HasPrefix(line, "PING(") {
		arrow := strings.LastIndex(line, " --> ")
		close := strings.IndexByte(line, ')')
		if arrow < 0 || close < 0 || close > arrow || arrow+5 >= len(line) {
			return false
		}
		res.Target = line[arrow+5:]
		c.Span(start+arrow+5, start+len(line), "", "target")
		inner := line[strings.IndexByte(line, '(')+1 : close]
		if plus := strings.LastIndexByte(inner, '+'); plus >= 0 {
			v := strings.TrimSuffix(inner[plus+1:], " bytes")
			if n, ok := lex.Atoi(v); ok {
				res.PayloadBytes = &n
				s := start + strings.IndexByte(line, '(') + 1 + plus + 1
				c.Span(s, s+len(v), "parseInt", "payload_bytes")
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
	c.Span(base, base+i, "", "target")
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
			c.Span(base+is, base+is+len(inner), "", "target_address")
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
		c.Span(ts+5, ts+5+len(src), "", "source_address")
		if two && iface != "" {
			res.Interface = iface
			c.Span(ts+5+len(src)+1, ts+5+colon, "", "interface")
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
		c.Span(ts, ts+n, "parseInt", "payload_bytes")
	}
	return done()
}

// pingSummary reads "3 packets transmitted, 3 received, +1 duplicates,
// 0% packet loss, time 2032ms" (iputils) and the BSD and BusyBox forms
// ("3 packets received", "0.0% packet loss"). Nothing is kept unless the
// line reads, nor an item given twice.
func pingSummary(c *catalog.Context, res *PingResult, line string, start int) bool {
	r := *res
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
				c.Span(ps+off, ps+off+len(num), "parseInt", key)
				continue
			}
		}
		if v, ok := strings.CutSuffix(piece, "% packet loss"); ok && r.PacketLossPercent == nil {
			if f, good := lex.Decimal(v); good {
				r.PacketLossPercent = &f
				c.Span(ps, ps+len(v), "parseFloat", "packet_loss_percent")
				continue
			}
		}
		if strings.HasPrefix(piece, "pipe ") && r.Pipe == nil {
			if n, good := lex.Atoi(piece[5:]); good {
				r.Pipe = &n
				c.Span(ps+5, ps+len(piece), "parseInt", "pipe")
				continue
			}
		}
		if strings.HasPrefix(piece, "time ") && strings.HasSuffix(piece, "ms") && r.TimeMs == nil {
			v := piece[5 : len(piece)-2]
			if n, good := lex.Atoi(v); good {
				r.TimeMs = &n
				c.Span(ps+5, ps+5+len(v), "parseInt", "time_ms")
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
	for _, w := range warn {
		c.Warn("ping: statistics item not read: " + w)
	}
	return true
}

// pingRtt reads "rtt min/avg/max/mdev = a/b/c/d ms" and "round-trip
// min/avg/max/stddev = a/b/c/d ms", with iputils' ", ipg/ewma x/y ms".
func pingRtt(c *catalog.Context, res *PingResult, line string, start int) bool {
	r := *res
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
			c.Span(base+5, base+len(piece), "parseInt", "pipe")
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
			f, good := lex.Decimal(v)
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
			c.Span(vs, vs+len(v), "parseFloat", key)
			vs += len(v) + 1
			ok = true
		}
	}
	if !ok {
		return false
	}
	*res = r
	return true
}

// pingPipe reads iputils' "pipe 4" line.
func pingPipe(c *catalog.Context, res *PingResult, line string, start int) bool {
	n, ok := lex.Atoi(line[len("pipe "):])
	if !ok || res.Pipe != nil {
		return false
	}
	res.Pipe = &n
	c.Span(start+len("pipe "), start+len(line), "parseInt", "pipe")
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
// pingRow is one line being read and what reading it needs: the answer,
// the span recorder, the line's timestamp (-D, --apple-time) and its body
// after it.
type pingRow struct {
	c     *catalog.Context
	res   *PingResult
	rec   bool
	rs    *catalog.SpanRec
	start int    // the line's offset in the output
	skip  int    // the timestamp's length, with its separator
	ts    string // the timestamp
	body  string // the line after the timestamp
	bs    int    // the body's offset in the output
}

// pingSpan is where one field of a reply came from.
type pingSpan struct {
	id   uint16
	s, e int
	tr   catalog.SpanTr
}

func pingLine(c *catalog.Context, res *PingResult, line string, start int, rec bool, rs *catalog.SpanRec) (ok, dump bool) {
	p := pingRow{c: c, res: res, rec: rec, rs: rs, start: start}
	p.ts, p.skip = pingStamp(line)
	p.body = line[p.skip:]
	p.bs = start + p.skip
	if bi := strings.Index(p.body, " bytes from "); bi > 0 {
		return p.reply(bi)
	}
	return p.noReply()
}

// stampSpan records the timestamp's span, when the line has one.
func (p *pingRow) stampSpan() {
	if p.ts != "" {
		p.rs.Field(kit.NfTimestamp, p.start+1, p.start+p.skip-2, catalog.TrTimestamp)
	}
}

// reply reads "64 bytes from host (addr): icmp_seq=1 ttl=64 time=0.1 ms",
// bi being where " bytes from " stands in the body; a BSD error reply
// without seq= is a failure.
func (p *pingRow) reply(bi int) (ok, dump bool) {
	body, bs, rs := p.body, p.bs, p.rs
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
		f := PingFailure{From: from, FromAddress: addr, Message: fields, Timestamp: p.ts}
		idx := len(p.res.Failures)
		p.res.Failures = append(p.res.Failures, f)
		if p.rec {
			rs.Begin(nkFailures, idx)
			rs.Field(nfFrom, rsStart, rsStart+len(from), catalog.TrVerbatim)
			if addr != "" {
				rs.Field(nfFromAddress, rsStart+as, rsStart+as+len(addr), catalog.TrVerbatim)
			}
			rs.Field(kit.NfMessage, fs, fs+len(fields), catalog.TrVerbatim)
			p.stampSpan()
		}
		return true, true
	}
	r := PingReply{Bytes: &nb, From: from, FromAddress: addr, Timestamp: p.ts}
	var spans [6]pingSpan
	ns, ok := pingReplyFields(&r, fields, fs, &spans)
	if !ok {
		return false, false
	}
	idx := len(p.res.Replies)
	if p.c.Full(idx) {
		p.c.Omit(1)
		return true, false
	}
	p.res.Replies = append(p.res.Replies, r)
	if p.rec {
		rs.Begin(nkReplies, idx)
		rs.Field(nfBytes, bs, bs+bi, catalog.TrParseInt)
		rs.Field(nfFrom, rsStart, rsStart+len(from), catalog.TrVerbatim)
		if addr != "" {
			rs.Field(nfFromAddress, rsStart+as, rsStart+as+len(addr), catalog.TrVerbatim)
		}
		p.stampSpan()
		for _, sp := range spans[:ns] {
			rs.Field(sp.id, sp.s, sp.e, sp.tr)
		}
	}
	return true, false
}

// pingReplyFields reads a reply's "icmp_seq=1 ttl=64 time=0.1 ms [(DUP!)]"
// (fields, at fs in the output) into r; false on a word it does not know
// or without a sequence number. The fields' spans go to spans; it returns
// how many.
func pingReplyFields(r *PingReply, fields string, fs int, spans *[6]pingSpan) (int, bool) {
	ns := 0
	seqSeen := false
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
				return 0, false
			}
			r.Seq, seqSeen = n, true
			spans[ns] = pingSpan{nfSeq, vs, vs + len(v), catalog.TrParseInt}
			ns++
		case kv && (k == "ttl" || k == "hlim"):
			n, good := lex.Atoi(v)
			if !good {
				return 0, false
			}
			r.TTL = &n
			spans[ns] = pingSpan{nfTTL, vs, vs + len(v), catalog.TrParseInt}
			ns++
		case kv && k == "time":
			f, good := lex.Decimal(strings.TrimSuffix(v, "ms"))
			if !good {
				return 0, false
			}
			r.TimeMs = &f
			spans[ns] = pingSpan{nfTimeMs, vs, vs + len(strings.TrimSuffix(v, "ms")), catalog.TrParseFloat}
			ns++
		case tok == "ms":
		case tok == "(DUP!)":
			r.Duplicate = true
			spans[ns] = pingSpan{nfDuplicate, fs + s, fs + e, catalog.TrMarker}
			ns++
		default:
			return 0, false
		}
		if ns == len(spans) {
			return 0, false
		}
	}
	return ns, seqSeen
}

// noReply reads the failures that come without a reply: "From addr
// icmp_seq=1 Destination Host Unreachable", "no answer yet for
// icmp_seq=N" (-O) and macOS's "Request timeout for icmp_seq N".
func (p *pingRow) noReply() (ok, dump bool) {
	body := p.body
	f := PingFailure{Timestamp: p.ts}
	var seqS, seqE, fromS, addrS, msgS int
	switch {
	case strings.HasPrefix(body, "From "):
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
	idx := len(p.res.Failures)
	p.res.Failures = append(p.res.Failures, f)
	if p.rec {
		rs, bs := p.rs, p.bs
		rs.Begin(nkFailures, idx)
		rs.Field(nfSeq, bs+seqS, bs+seqE, catalog.TrParseInt)
		rs.Field(kit.NfMessage, bs+msgS, bs+msgS+len(f.Message), catalog.TrVerbatim)
		if f.From != "" {
			rs.Field(nfFrom, bs+fromS, bs+fromS+len(f.From), catalog.TrVerbatim)
		}
		if f.FromAddress != "" {
			rs.Field(nfFromAddress, bs+fromS+addrS, bs+fromS+addrS+len(f.FromAddress), catalog.TrVerbatim)
		}
		p.stampSpan()
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

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser {
	return slices.Concat(pingParsers(), pingWindowsParsers())
}
