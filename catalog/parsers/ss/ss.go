// Package ss reads the output of `ss` for the catalog: the parser ss.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package ss

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var (
	nfNetid        = catalog.SpanID("netid")
	nfPeerAddress  = catalog.SpanID("peer_address")
	nfPeerPort     = catalog.SpanID("peer_port")
	nfProcCommands = kit.NetItemIDs("processes", "command", 16)
	nfProcPIDs     = kit.NetItemIDs("processes", "pid", 16)
	nfProcFDs      = kit.NetItemIDs("processes", "fd", 16)
)

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

var ssParser = &catalog.Parser{
	ID:      "ss",
	Command: "ss",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "iproute2 ss socket table with its header (-tunap, -tln, -x; state filters)",
	// Checked against iproute2 6.1 ss(8) and misc/ss.c (the one run here):
	// -t -u -l -p -n -a -x -w -4 -6 -r -0 -S -M, -f/-A and state/address
	// filters select sockets; -e adds uid/ino/sk/cgroup/v6only and the
	// shutdown arrows on the row, -m the skmem:(...) line and -i the TCP
	// information line under it: read. Refused: -H (no header to place
	// the columns), -O (everything on one line), -o (timers), -s
	// (summary), -Z/-z (SELinux contexts), -b (BPF filters), -K, -D, -E.
	Flags: catalog.Flags{
		"-t": catalog.Bool, "--tcp": catalog.Bool, "-u": catalog.Bool, "--udp": catalog.Bool, "-l": catalog.Bool, "--listening": catalog.Bool,
		"-p": catalog.Bool, "--processes": catalog.Bool, "-n": catalog.Bool, "--numeric": catalog.Bool, "-a": catalog.Bool, "--all": catalog.Bool,
		"-x": catalog.Bool, "--unix": catalog.Bool, "-w": catalog.Bool, "--raw": catalog.Bool, "-4": catalog.Bool, "--ipv4": catalog.Bool, "-6": catalog.Bool, "--ipv6": catalog.Bool,
		"-r": catalog.Bool, "--resolve": catalog.Bool, "-0": catalog.Bool, "--packet": catalog.Bool, "-S": catalog.Bool, "--sctp": catalog.Bool, "-M": catalog.Bool, "--mptcp": catalog.Bool,
		"-e": catalog.Bool, "--extended": catalog.Bool, "-m": catalog.Bool, "--memory": catalog.Bool, "-i": catalog.Bool, "--info": catalog.Bool,
		"-f": catalog.Value, "--family": catalog.Value, "-A": catalog.Value, "--query": catalog.Value, "--socket": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-H": {}, "--no-header": {}, "-O": {}, "--oneline": {}, "-o": {}, "--options": {}},
	Result:         SsResult{},
	RowsKey:        "connections",
	KeyFields:      []string{"netid", "local_address", "peer_address"},
	Examples:       [][]string{{"-tunap"}, {"-tln"}, {"-tulpen"}, {"-t", "state", "established"}},
	Parse:          ParseSs,
}

// ssParsers wires the ssParser and returns it for the builtin list.
func ssParsers() []*catalog.Parser {
	return []*catalog.Parser{ssParser}
}

// ssColumns is what the header says: which of the optional columns are
// there, and where the ":" of "Local Address:Port" and "Peer
// Address:Port" stand (ss right-aligns each address on it and starts the
// port after it; UNIX sockets print "path inode" there).
type ssColumns struct {
	netid, state, process bool
	localColon, peerColon int
}

func ParseSs(c *catalog.Context) (any, error) {
	res := &SsResult{Connections: make([]SsConnection, 0, min(lex.CountLines(c.Raw), 1<<16))}
	r := ssReader{c: c, res: res, rec: c.Recording(), rs: c.Rows(12)}
	it := lex.Lines{Raw: c.Raw}
	var cols *ssColumns
	read := 0
	last := -1 // the row a detail line belongs to (-2: omitted)
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
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
			r.cols = cols
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
		if ssRow(&r, line, start, f) {
			read++
			last = len(res.Connections) - 1
			if c.Omitted() > omitted {
				last = -2 // omitted at MaxItems: its detail lines go with it
			}
		} else {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as an ss socket table")
	}
	if r.rec {
		r.rs.Finish()
	}
	return res, nil
}

// ssReader is what the rows of one table share: the answer, the header's
// columns and the span recorder.
type ssReader struct {
	c    *catalog.Context
	res  *SsResult
	cols *ssColumns
	rec  bool
	rs   *catalog.SpanRec
}

// ssCells is one row's words and where each field came from.
type ssCells struct {
	line           string
	f              []lex.Field
	k              int // the next word to read
	netidF, stateF lex.Field
	qF             [2]lex.Field
	addrF, portF   [2]lex.Field
	hasPort        [2]bool
	procs          []ssProcSpan
	ext            []ssExtSpan
}

// word reads the next word, false when the row has no more.
func (w *ssCells) word() (lex.Field, bool) {
	if w.k >= len(w.f) {
		return lex.Field{}, false
	}
	w.k++
	return w.f[w.k-1], true
}

func ssRow(r *ssReader, line string, base int, f []lex.Field) bool {
	w := ssCells{line: line, f: f}
	var conn SsConnection
	if !r.lead(&w, &conn) || !r.addresses(&w, &conn) || !r.tail(&w, &conn) {
		return false
	}
	c := r.c
	idx := len(r.res.Connections)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	r.res.Connections = append(r.res.Connections, conn)
	if r.rec {
		r.spans(&w, idx, base)
	}
	return true
}

// lead reads the Netid and State columns (when the header has them) and
// the two queues.
func (r *ssReader) lead(w *ssCells, conn *SsConnection) bool {
	line := w.line
	var ok bool
	if r.cols.netid {
		if w.netidF, ok = w.word(); !ok {
			return false
		}
		conn.Netid = line[w.netidF.Start:w.netidF.End]
	}
	if r.cols.state {
		if w.stateF, ok = w.word(); !ok {
			return false
		}
		conn.State = line[w.stateF.Start:w.stateF.End]
	}
	f, k := w.f, w.k
	if k+4 > len(f) {
		return false
	}
	rq, ok1 := lex.Atoi(line[f[k].Start:f[k].End])
	sq, ok2 := lex.Atoi(line[f[k+1].Start:f[k+1].End])
	if !ok1 || !ok2 {
		return false
	}
	conn.RecvQ, conn.SendQ = rq, sq
	w.qF = [2]lex.Field{f[k], f[k+1]}
	w.k += 2
	return true
}

// addresses reads the local and the peer address with their ports.
func (r *ssReader) addresses(w *ssCells, conn *SsConnection) bool {
	// UNIX sockets print "path inode" in each address column; the path
	// (which may hold spaces) ends where the header's ":" stands.
	unix := strings.HasPrefix(conn.Netid, "u_")
	line := w.line
	pos := w.f[w.k-1].End
	ports := [2]**int64{&conn.LocalPort, &conn.PeerPort}
	for side := 0; side < 2; side++ {
		var ok bool
		if w.addrF[side], ok = w.word(); !ok {
			return false
		}
		if unix {
			colon := r.cols.localColon
			if side == 1 {
				colon = r.cols.peerColon
			}
			if pos, ok = ssUnixAddr(w, side, pos, colon, ports[side]); !ok {
				return false
			}
			continue
		}
		pos = w.addrF[side].End
		a := line[w.addrF[side].Start:w.addrF[side].End]
		if ps, n, ok := lex.Port(a, ':'); ok {
			w.portF[side], w.hasPort[side] = lex.Field{Start: w.addrF[side].Start + ps, End: w.addrF[side].End}, true
			*ports[side] = catalog.Intp(n)
		}
	}
	conn.LocalAddress = line[w.addrF[0].Start:w.addrF[0].End]
	conn.PeerAddress = line[w.addrF[1].Start:w.addrF[1].End]
	return true
}

// ssUnixAddr reads the "path inode" of a UNIX socket's side: the path runs
// from pos to the header's colon, the inode is the word after it. It
// returns where the inode ends.
func ssUnixAddr(w *ssCells, side, pos, colon int, port **int64) (int, bool) {
	line, f := w.line, w.f
	if colon > w.addrF[side].Start && colon < len(line) && line[colon] == ' ' && colon <= len(line) {
		as, ae := lex.TrimSpaceRange(line, pos, colon)
		w.addrF[side] = lex.Field{Start: as, End: ae}
		for w.k < len(f) && f[w.k].Start < colon {
			w.k++
		}
	}
	if w.k >= len(f) {
		return 0, false
	}
	n, ok := lex.Atoi(line[f[w.k].Start:f[w.k].End])
	if !ok {
		return 0, false
	}
	w.portF[side], w.hasPort[side] = f[w.k], true
	*port = catalog.Intp(n)
	w.k++
	return f[w.k-1].End, true
}

// tail reads what follows the addresses: the users:((...)) of -p and the
// items of -e.
func (r *ssReader) tail(w *ssCells, conn *SsConnection) bool {
	line, f, k := w.line, w.f, w.k
	if k >= len(f) {
		return true
	}
	if !r.cols.process {
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
		conn.Processes, w.procs, ok = ssUsers(line[ps:ue], ps)
		if !ok {
			return false
		}
		xs = ue
	}
	if xs < pe {
		var ok bool
		if w.ext, ok = ssExtended(conn, line, xs, pe); !ok {
			return false
		}
	}
	return true
}

// spans records where each field of connection idx came from.
func (r *ssReader) spans(w *ssCells, idx, base int) {
	c, rs := r.c, r.rs
	rs.Begin(kit.NkConnections, idx)
	if r.cols.netid {
		rs.Field(nfNetid, base+w.netidF.Start, base+w.netidF.End, catalog.TrVerbatim)
	}
	if r.cols.state {
		rs.Field(kit.NfState, base+w.stateF.Start, base+w.stateF.End, catalog.TrVerbatim)
	}
	rs.Field(kit.NfRecvQ, base+w.qF[0].Start, base+w.qF[0].End, catalog.TrParseInt)
	rs.Field(kit.NfSendQ, base+w.qF[1].Start, base+w.qF[1].End, catalog.TrParseInt)
	rs.Field(kit.NfLocalAddress, base+w.addrF[0].Start, base+w.addrF[0].End, catalog.TrVerbatim)
	rs.Field(nfPeerAddress, base+w.addrF[1].Start, base+w.addrF[1].End, catalog.TrVerbatim)
	if w.hasPort[0] {
		rs.Field(kit.NfLocalPort, base+w.portF[0].Start, base+w.portF[0].End, catalog.TrParseInt)
	}
	if w.hasPort[1] {
		rs.Field(nfPeerPort, base+w.portF[1].Start, base+w.portF[1].End, catalog.TrParseInt)
	}
	for _, x := range w.ext {
		c.Span(base+x.s, base+x.e, x.tr, "connections", idx, x.key)
	}
	for j, p := range w.procs {
		if j < len(nfProcCommands) {
			rs.Field(nfProcCommands[j], base+p.cs, base+p.ce, catalog.TrVerbatim)
			rs.Field(nfProcPIDs[j], base+p.ps, base+p.pe, catalog.TrParseInt)
			rs.Field(nfProcFDs[j], base+p.fs, base+p.fe, catalog.TrParseInt)
			continue
		}
		c.Span(base+p.cs, base+p.ce, "", "connections", idx, "processes", j, "command")
		c.Span(base+p.ps, base+p.pe, "parseInt", "connections", idx, "processes", j, "pid")
		c.Span(base+p.fs, base+p.fe, "parseInt", "connections", idx, "processes", j, "fd")
	}
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
			ok = lex.IsHex(v) && text(&conn.SK, "sk")
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
		conn.UID = catalog.Intp(0)
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
func ssDetail(c *catalog.Context, conn *SsConnection, line string, start, idx int) bool {
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
		c.Span(start+l.s, start+l.e, l.tr, append([]any{"connections", idx, "memory"}, l.path...)...)
	}
	for _, l := range infoLeaves {
		c.Span(start+l.s, start+l.e, l.tr, append([]any{"connections", idx, "tcp_info"}, l.path...)...)
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
				if f, ok := lex.Decimal(rtt); ok {
					info.RttMs = &f
					leaves = append(leaves, ssLeaf{[]any{"rtt_ms"}, vs, vs + len(rtt), "parseFloat"})
				}
				if f, ok := lex.Decimal(dev); ok {
					info.RttVarMs = &f
					leaves = append(leaves, ssLeaf{[]any{"rttvar_ms"}, vs + len(rtt) + 1, we, "parseFloat"})
				}
			case "rto":
				if f, ok := lex.Decimal(v); ok {
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

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return ssParsers() }
