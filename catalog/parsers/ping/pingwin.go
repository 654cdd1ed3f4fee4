package ping

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// PingWindowsResult is the parsed output of Windows ping: the target, each
// reply, each failure and the statistics. Windows numbers no probe, so
// replies and failures are in the order printed.
type PingWindowsResult struct {
	Target        string `json:"target,omitempty"`
	TargetAddress string `json:"target_address,omitempty"`
	PayloadBytes  *int64 `json:"payload_bytes,omitempty"`
	// "Packets: Sent = 4, Received = 3, Lost = 1 (25% loss)". Windows
	// counts an ICMP error ("Destination host unreachable") as received.
	PacketsTransmitted *int64              `json:"packets_transmitted,omitempty"`
	PacketsReceived    *int64              `json:"packets_received,omitempty"`
	PacketsLost        *int64              `json:"packets_lost,omitempty"`
	PacketLossPercent  *float64            `json:"packet_loss_percent,omitempty"`
	RttMinMs           *float64            `json:"rtt_min_ms,omitempty"`
	RttMaxMs           *float64            `json:"rtt_max_ms,omitempty"`
	RttAvgMs           *float64            `json:"rtt_avg_ms,omitempty"`
	Replies            []PingWindowsReply  `json:"replies"`
	Failures           []PingWindowsFailed `json:"failures,omitempty"`
}

// PingWindowsReply is "Reply from 192.0.2.1: bytes=32 time=11ms TTL=56"
// (IPv6 replies print neither bytes nor TTL). "time<1ms" sets
// TimeUnderMs to 1 instead of TimeMs.
type PingWindowsReply struct {
	From        string   `json:"from"`
	Bytes       *int64   `json:"bytes,omitempty"`
	TimeMs      *float64 `json:"time_ms,omitempty"`
	TimeUnderMs *int64   `json:"time_under_ms,omitempty"`
	TTL         *int64   `json:"ttl,omitempty"`
}

// PingWindowsFailed is a probe without an echo reply: "Request timed
// out.", or a reply that is an ICMP error ("Reply from 192.0.2.1:
// Destination host unreachable.").
type PingWindowsFailed struct {
	From    string `json:"from,omitempty"`
	Message string `json:"message"`
}

// pingWindowsParser: flags checked against the Windows ping command
// reference (learn.microsoft.com "ping", Windows Server 2025 / Windows
// 11): -n COUNT, -l SIZE, -f, -i TTL, -v TOS, -w TIMEOUT, -R, -S SRC, -c
// COMPARTMENT, -p, -4, -6 and -a (the header names the host) keep the
// form. Refused: -t (until stopped), -r and -s (route and timestamp
// lines), -j and -k (source routes).
var pingWindowsParser = &catalog.Parser{
	ID:      "ping-windows",
	Command: "ping",
	Version: "1",
	OS:      []catalog.OS{catalog.Windows},
	Format:  "Windows ping replies and statistics (English console)",
	Flags: catalog.Flags{
		"-n": catalog.Value, "-l": catalog.Value, "-i": catalog.Value, "-v": catalog.Value, "-w": catalog.Value, "-S": catalog.Value, "-c": catalog.Value,
		"-f": catalog.Bool, "-R": catalog.Bool, "-p": catalog.Bool, "-4": catalog.Bool, "-6": catalog.Bool, "-a": catalog.Bool,
	},
	MaxPositionals: 1,
	Alternatives:   map[string][]string{"-t": {"-n", "4"}},
	Result:         PingWindowsResult{},
	RowsKey:        "replies",
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, Means: "no reply was received", OS: []catalog.OS{catalog.Windows}, WithOutput: true,
		Source: "Windows ping: exit status 1 when no reply arrives (an ICMP error reply counts as one)"}},
	Examples: [][]string{{"-n", "3", "127.0.0.1"}},
	Parse:    parsePingWindows,
}

// pingWindowsParsers wires pingWindowsParser for the builtin list.
func pingWindowsParsers() []*catalog.Parser { return []*catalog.Parser{pingWindowsParser} }

func parsePingWindows(c *catalog.Context) (any, error) {
	res := &PingWindowsResult{Replies: []PingWindowsReply{}}
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		s, e := lex.TrimSpaceRange(line, 0, len(line))
		t, ts := line[s:e], start+s
		mark := c.Mark() // a line given up drops the spans read from it
		var good bool
		switch {
		case strings.HasPrefix(t, "Pinging "):
			good = res.Target == "" && pingWinHeader(c, res, t, ts)
		case strings.HasPrefix(t, "Reply from "):
			good = pingWinReply(c, res, t, ts)
		case t == "Request timed out." || t == "General failure." || strings.HasSuffix(t, "transmit failed. General failure."):
			c.Span(ts, ts+len(t), "", "failures", len(res.Failures), "message")
			res.Failures = append(res.Failures, PingWindowsFailed{Message: t})
			good = true
		case strings.HasPrefix(t, "Ping request could not find host "):
			return nil, catalog.Unrecognized("ping: %s", t)
		case strings.HasPrefix(t, "Ping statistics for "), t == "Approximate round trip times in milli-seconds:":
			good = true
		case strings.HasPrefix(t, "Packets: "):
			good = res.PacketsTransmitted == nil && pingWinPackets(c, res, t, ts)
		case strings.HasPrefix(t, "Minimum = "):
			good = res.RttMinMs == nil && pingWinTimes(c, res, t, ts)
		}
		if good {
			read++
		} else {
			c.Truncate(mark)
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as Windows ping output; if it is localized, rerun in an English console (stdout.raw holds the output)")
	}
	return res, nil
}

// pingWinHeader reads "Pinging example.com [93.184.215.14] with 32 bytes
// of data:" and "Pinging ::1 with 32 bytes of data:".
func pingWinHeader(c *catalog.Context, res *PingWindowsResult, t string, ts int) bool {
	rest := t[len("Pinging "):]
	with := strings.Index(rest, " with ")
	if with <= 0 || !strings.HasSuffix(rest, " bytes of data:") || with+len(" with ") > len(rest)-len(" bytes of data:") {
		return false
	}
	n, ok := lex.Atoi(rest[with+len(" with ") : len(rest)-len(" bytes of data:")])
	if !ok {
		return false
	}
	host, hs := rest[:with], ts+len("Pinging ")
	if open := strings.Index(host, " ["); open > 0 && strings.HasSuffix(host, "]") {
		res.TargetAddress = host[open+2 : len(host)-1]
		c.Span(hs+open+2, hs+len(host)-1, "", "target_address")
		host = host[:open]
	}
	res.Target = host
	res.PayloadBytes = &n
	c.Span(hs, hs+len(host), "", "target")
	ps := hs + with + len(" with ")
	c.Span(ps, ps+len(rest)-with-len(" with ")-len(" bytes of data:"), "parseInt", "payload_bytes")
	return true
}

// pingWinReply reads "Reply from ADDR: bytes=32 time=11ms TTL=56", "time<1ms",
// IPv6's "Reply from ::1: time<1ms" and an ICMP error "Reply from ADDR:
// Destination host unreachable.".
func pingWinReply(c *catalog.Context, res *PingWindowsResult, t string, ts int) bool {
	rest := t[len("Reply from "):]
	colon := strings.Index(rest, ": ")
	if colon <= 0 {
		return false
	}
	from, fs := rest[:colon], ts+len("Reply from ")
	body, bs := rest[colon+2:], fs+colon+2
	if !strings.Contains(body, "=") && !strings.Contains(body, "<") {
		idx := len(res.Failures)
		res.Failures = append(res.Failures, PingWindowsFailed{From: from, Message: body})
		c.Span(fs, fs+len(from), "", "failures", idx, "from")
		c.Span(bs, bs+len(body), "", "failures", idx, "message")
		return true
	}
	r := PingWindowsReply{From: from}
	mark := c.Mark()
	idx := len(res.Replies)
	c.Span(fs, fs+len(from), "", "replies", idx, "from")
	for pos := 0; pos < len(body); {
		s, e := lex.NextField(body, pos)
		if s >= len(body) {
			break
		}
		pos = e
		tok := body[s:e]
		k, v, eq := strings.Cut(tok, "=")
		vs := bs + s + len(k) + 1
		switch {
		case eq && k == "bytes" && r.Bytes == nil:
			n, ok := lex.Atoi(v)
			if !ok {
				return false
			}
			r.Bytes = &n
			c.Span(vs, vs+len(v), "parseInt", "replies", idx, "bytes")
		case eq && k == "TTL" && r.TTL == nil:
			n, ok := lex.Atoi(v)
			if !ok {
				return false
			}
			r.TTL = &n
			c.Span(vs, vs+len(v), "parseInt", "replies", idx, "ttl")
		case eq && k == "time" && strings.HasSuffix(v, "ms") && r.TimeMs == nil:
			f, ok := lex.Decimal(v[:len(v)-2])
			if !ok {
				return false
			}
			r.TimeMs = &f
			c.Span(vs, vs+len(v)-2, "parseFloat", "replies", idx, "time_ms")
		case strings.HasPrefix(tok, "time<") && strings.HasSuffix(tok, "ms") && r.TimeUnderMs == nil:
			n, ok := lex.Atoi(tok[len("time<") : len(tok)-2])
			if !ok {
				return false
			}
			r.TimeUnderMs = &n
			us := bs + s + len("time<")
			c.Span(us, us+len(tok)-len("time<")-2, "parseInt", "replies", idx, "time_under_ms")
		default:
			return false
		}
	}
	if r.TimeMs == nil && r.TimeUnderMs == nil {
		return false
	}
	if c.Full(idx) {
		c.Truncate(mark)
		c.Omit(1)
		return true
	}
	res.Replies = append(res.Replies, r)
	return true
}

// pingWinPackets reads "Packets: Sent = 4, Received = 3, Lost = 1 (25% loss),".
func pingWinPackets(c *catalog.Context, res *PingWindowsResult, t string, ts int) bool {
	r := *res
	body := strings.TrimSuffix(t[len("Packets: "):], ",")
	pos := len("Packets: ")
	for _, part := range strings.Split(body, ", ") {
		k, v, ok := strings.Cut(part, " = ")
		if !ok {
			return false
		}
		vs := ts + pos + len(k) + 3
		pos += len(part) + 2
		num, paren, _ := strings.Cut(v, " (")
		n, ok := lex.Atoi(num)
		if !ok {
			return false
		}
		var dst **int64
		var key string
		switch k {
		case "Sent":
			dst, key = &r.PacketsTransmitted, "packets_transmitted"
		case "Received":
			dst, key = &r.PacketsReceived, "packets_received"
		case "Lost":
			dst, key = &r.PacketsLost, "packets_lost"
		default:
			return false
		}
		*dst = &n
		c.Span(vs, vs+len(num), "parseInt", key)
		if paren != "" {
			pct, ok := strings.CutSuffix(paren, "% loss)")
			f, good := lex.Decimal(pct)
			if !ok || !good || k != "Lost" {
				return false
			}
			r.PacketLossPercent = &f
			ps := vs + len(num) + 2
			c.Span(ps, ps+len(pct), "parseFloat", "packet_loss_percent")
		}
	}
	if r.PacketsTransmitted == nil || r.PacketsReceived == nil {
		return false
	}
	*res = r
	return true
}

// pingWinTimes reads "Minimum = 10ms, Maximum = 12ms, Average = 11ms".
func pingWinTimes(c *catalog.Context, res *PingWindowsResult, t string, ts int) bool {
	r := *res
	pos := 0
	for _, part := range strings.Split(t, ", ") {
		k, v, ok := strings.Cut(part, " = ")
		vs := ts + pos + len(k) + 3
		pos += len(part) + 2
		if !ok || !strings.HasSuffix(v, "ms") {
			return false
		}
		f, good := lex.Decimal(v[:len(v)-2])
		if !good {
			return false
		}
		var dst **float64
		var key string
		switch k {
		case "Minimum":
			dst, key = &r.RttMinMs, "rtt_min_ms"
		case "Maximum":
			dst, key = &r.RttMaxMs, "rtt_max_ms"
		case "Average":
			dst, key = &r.RttAvgMs, "rtt_avg_ms"
		default:
			return false
		}
		if *dst != nil {
			return false
		}
		*dst = &f
		c.Span(vs, vs+len(v)-2, "parseFloat", key)
	}
	*res = r
	return true
}
