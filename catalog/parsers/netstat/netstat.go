// Package netstat reads the output of `netstat` for the catalog: the parsers netstat, netstat-bsd, netstat-windows,
// and route-print (Windows `route print`, which prints the tables of Windows netstat -r).
// Parsers returns them; catalog/builtin lists it with every other built-in.
package netstat

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var (
	nkUnixSockets    = catalog.SpanID("unix_sockets/*")
	nfProto          = catalog.SpanID("proto")
	nfForeignAddress = catalog.SpanID("foreign_address")
	nfForeignPort    = catalog.SpanID("foreign_port")
	nfPCB            = catalog.SpanID("pcb")
	nfFlowhash       = catalog.SpanID("flowhash")
	nfRetransmit     = catalog.SpanID("retransmit_packets")
	nfOutOfOrder     = catalog.SpanID("out_of_order_packets")
	nfZeroWindow     = catalog.SpanID("zero_window_packets")
	nfProgram        = catalog.SpanID("program")
	nfRefCount       = catalog.SpanID("ref_count")
	nfAddress        = catalog.SpanID("address")
	nfVnode          = catalog.SpanID("vnode")
	nfConn           = catalog.SpanID("conn")
	nfRefs           = catalog.SpanID("refs")
	nfNextRef        = catalog.SpanID("nextref")
)

var // Nested list items of a row ("flags/0", "processes/2/pid"), for the
// first few; later ones are recorded one by one.
nfFlagItems = kit.NetItemIDs("flags", "", 8)

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

var netstatParser = &catalog.Parser{
	ID:      "netstat",
	Command: "netstat",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "net-tools netstat socket listing (-tunap, -an, -tlnp; -e adds User/Inode)",
	// Checked against net-tools 2.10 netstat(8) (the one run here): -a -t
	// -u -w -x -l -p -n (and --numeric-*), -e, -W, -T/--notrim, -4, -6,
	// -A/--protocol FAMILIES and --inet/--inet6/--ip keep the socket
	// tables (-n makes -e's User a uid); -v only adds notes on stderr.
	// Refused: -o (a Timer column), -c (continuous), -Z (contexts), -r,
	// -i, -g, -s, -M, -C (other tables).
	Flags: catalog.Flags{
		"-a": catalog.Bool, "--all": catalog.Bool, "-t": catalog.Bool, "--tcp": catalog.Bool, "-u": catalog.Bool, "--udp": catalog.Bool, "-w": catalog.Bool, "--raw": catalog.Bool,
		"-x": catalog.Bool, "--unix": catalog.Bool, "-l": catalog.Bool, "--listening": catalog.Bool, "-p": catalog.Bool, "--program": catalog.Bool,
		"-n": catalog.Bool, "--numeric": catalog.Bool, "--numeric-hosts": catalog.Bool, "--numeric-ports": catalog.Bool, "--numeric-users": catalog.Bool,
		"-e": catalog.Bool, "--extend": catalog.Bool, "-W": catalog.Bool, "--wide": catalog.Bool, "-T": catalog.Bool, "--notrim": catalog.Bool,
		"-4": catalog.Bool, "-6": catalog.Bool, "-A": catalog.Value, "--protocol": catalog.Value,
		"--inet": catalog.Bool, "--inet6": catalog.Bool, "--ip": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-o": {}, "--timers": {}, "-c": {}, "--continuous": {}},
	Result:         NetstatResult{},
	RowsKey:        "connections",
	KeyFields:      []string{"proto", "local_address", "foreign_address"},
	Examples:       [][]string{{"-tunap"}, {"-tln"}, {"-an"}},
	Parse:          ParseNetstat,
}

var netstatBSDParser = &catalog.Parser{
	ID:      "netstat-bsd",
	Command: "netstat",
	Version: "1",
	OS:      []catalog.OS{catalog.Darwin, catalog.FreeBSD},
	Format:  "BSD netstat socket listing (-an, -an -p tcp, -an -f inet; FreeBSD, macOS, OpenBSD's TCP-State form) and routing tables (-r, -rn, -rn -f inet6; FreeBSD, macOS, OpenBSD, NetBSD)",
	// Checked against FreeBSD 14 netstat(1) and usr.bin/netstat/inet.c
	// (protopr's header and row formats), macOS netstat(1) and
	// network_cmds netstat.tproj/inet.c: -a, -n, -W, -l (macOS: full IPv6
	// addresses), -4, -6, -p PROTO, -f FAMILY, -j JAIL keep the table; -A
	// adds the PCB address column (macOS also the flow hash), -T (FreeBSD)
	// replaces the queues by retransmit/out-of-order/zero-window counts:
	// both read. Refused: -L (listen queues table), -x, -R, -C, -v and
	// macOS -b (more columns), -w (interval), -i/-s/-m (other tables).
	// -r prints the routing tables (route.c routepr/p_rtable_sysctl on
	// FreeBSD, routepr/np_rtentry on macOS, show.c p_rttables on OpenBSD
	// and NetBSD), read by parseNetstatRoutesBSD with -n, -a, -W, -4, -6
	// and -f inet|inet6 (netstatBSDRouteCheck refuses the rest).
	Flags: catalog.Flags{
		"-a": catalog.Bool, "-n": catalog.Bool, "-W": catalog.Bool, "-l": catalog.Bool, "-A": catalog.Bool, "-T": catalog.Bool, "-4": catalog.Bool, "-6": catalog.Bool,
		"-p": catalog.Value, "-f": catalog.Value, "-j": catalog.Value, "-r": catalog.Bool,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-v": {}, "-w": {}, "-L": {}, "-x": {}, "-R": {}, "-b": {}},
	Check:          netstatBSDRouteCheck,
	Result:         catalog.OneOf{NetstatResult{}, NetstatRoutes{}},
	RowsKey:        "connections",
	KeyFields:      []string{"proto", "local_address", "foreign_address"},
	Examples:       [][]string{{"-an", "-p", "tcp"}, {"-an", "-f", "inet"}, {"-rn"}, {"-rn", "-f", "inet6"}},
	// builtinTables' "netstat-bsd" lines (catalog/tablelines.go), and
	// those of -r: its title, the family titles ("Internet:", ending in
	// ":") and the "Destination" headers.
	Table: &catalog.TableLines{Skip: []string{"Active ", "Proto ", "Tcpcb ", "Socket ", "Address ", "Registered ", "id ",
		"Routing tables", "Destination "},
		Contains: []string{" stream ", " dgram ", " seqpac"}, Headings: true},
	Parse: func(c *catalog.Context) (any, error) {
		if c.Args.Has("-r") {
			return parseNetstatRoutesBSD(c)
		}
		return ParseNetstat(c)
	},
}

// netstatParsers wires the netstatParser, netstatBSDParser and returns them for the builtin list.
func netstatParsers() []*catalog.Parser {
	return []*catalog.Parser{netstatParser, netstatBSDParser, netstatWindowsParser}
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

func ParseNetstat(c *catalog.Context) (any, error) {
	res := &NetstatResult{Connections: make([]NetstatConnection, 0, min(lex.CountLines(c.Raw), 1<<16))}
	var lay netstatLayout
	r := netstatReader{c: c, res: res, lay: &lay, rec: c.Recording(), rs: c.Rows(10)}
	it := lex.Lines{Raw: c.Raw}
	sec := nsNone
	read, rows, unread := 0, 0, 0
	var fields []lex.Field
	warned, windows := false, false
	for line, start := range it.NonBlankLines() {
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
					// BSD addresses end in ".port". FreeBSD and macOS name the
					// state column "(state)", OpenBSD "TCP-State", and
					// OpenBSD's UDP table has no state column at all: on a
					// BSD the form is BSD's whatever the header says.
					bsd:      strings.Contains(hdr, "(state)") || strings.Contains(hdr, "TCP-State") || timers || pcb > 0 || c.OS.BsdLike(),
					pcb:      pcb,
					timers:   timers,
					user:     strings.Contains(hdr, " User "),
					numUsers: c.Args.Has("-n", "--numeric", "--numeric-users"),
					inode:    strings.Contains(hdr, " Inode"),
					program:  strings.Contains(hdr, "PID/Program name"),
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
			good = netstatInet(&r, line, start, fields)
		case nsUnix:
			fields = lex.Fields(fields[:0], line, 0)
			good = netstatUnix(&r, line, start, fields)
		case nsUnixBSD:
			fields = lex.Fields(fields[:0], line, 9)
			good = netstatUnixBSD(&r, line, start, fields)
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
			return nil, catalog.Unrecognized("Windows netstat output (an indented Proto/Local Address/Foreign Address/State table) is not read by this parser; stdout.raw holds the output")
		}
		return nil, catalog.Unrecognized("no line under the netstat headers reads as a socket: the output is not in a form the parser reads; if it is localized, rerun under LC_ALL=C (stdout.raw holds the output)")
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a netstat socket listing")
	}
	if r.rec {
		r.rs.Finish()
	}
	return res, nil
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

// netstatReader is what the rows of one output share: the answer, the
// layout of the current table and the span recorder.
type netstatReader struct {
	c   *catalog.Context
	res *NetstatResult
	lay *netstatLayout
	rec bool
	rs  *catalog.SpanRec
}

// keep appends v to list unless the answer is full (then it counts one
// item omitted); it returns v's index and whether v was kept.
func keep[T any](c *catalog.Context, list *[]T, v T) (int, bool) {
	idx := len(*list)
	if c.Full(idx) {
		c.Omit(1)
		return idx, false
	}
	*list = append(*list, v)
	return idx, true
}

// netstatInetCells is where the fields of an Internet row came from.
type netstatInetCells struct {
	line              string
	pcbF, nums        []lex.Field
	f                 []lex.Field // the words after the PCB columns
	a                 int         // the local address's word in f
	rest              []lex.Field // the words after the addresses
	userTok, inodeTok lex.Field
	progAt            int
	progS, progE      int
	lp, fp            int // the ports' offsets in the addresses
	lok, fok          bool
}

func netstatInet(r *netstatReader, line string, base int, f []lex.Field) bool {
	lay := r.lay
	if len(f) < 3+lay.pcb {
		return false
	}
	var conn NetstatConnection
	w := netstatInetCells{line: line, progAt: -1}
	if !w.lead(lay, &conn, f) {
		return false
	}
	f = w.f
	a := w.a
	sep := byte(':')
	if lay.bsd {
		sep = '.'
	}
	conn.LocalAddress, conn.ForeignAddress = line[f[a].Start:f[a].End], line[f[a+1].Start:f[a+1].End]
	w.rest = f[a+2:]
	if !w.tail(lay, &conn) {
		return false
	}
	var lport, fport int64
	if w.lp, lport, w.lok = lex.Port(conn.LocalAddress, sep); w.lok {
		conn.LocalPort = catalog.Intp(lport)
	}
	if w.fp, fport, w.fok = lex.Port(conn.ForeignAddress, sep); w.fok {
		conn.ForeignPort = catalog.Intp(fport)
	}
	idx, kept := keep(r.c, &r.res.Connections, conn)
	if kept && r.rec {
		r.inetSpans(&w, &conn, idx, base)
	}
	return true
}

// lead reads the PCB columns of BSD -A, the protocol and the numbers
// before the addresses.
func (w *netstatInetCells) lead(lay *netstatLayout, conn *NetstatConnection, f []lex.Field) bool {
	line := w.line
	w.pcbF = f[:lay.pcb]
	for k, t := range w.pcbF {
		if !lex.IsHex(line[t.Start:t.End]) {
			return false
		}
		if k == 0 {
			conn.PCB = line[t.Start:t.End]
		} else {
			conn.Flowhash = line[t.Start:t.End]
		}
	}
	f = f[lay.pcb:]
	w.f = f
	conn.Proto = line[f[0].Start:f[0].End]
	// The three numbers between the protocol and the addresses: the queues,
	// or with -T the TCP counters (none for UDP: its row has blanks there).
	switch {
	case lay.timers && len(f) == 3:
		if strings.HasPrefix(conn.Proto, "tcp") {
			return false
		}
	case len(f) >= 5+boolInt(lay.timers):
		w.nums = f[1 : 3+boolInt(lay.timers)]
		var dst []**int64
		if lay.timers {
			dst = []**int64{&conn.RetransmitPackets, &conn.OutOfOrderPackets, &conn.ZeroWindowPackets}
		} else {
			dst = []**int64{&conn.RecvQ, &conn.SendQ}
		}
		for k, t := range w.nums {
			n, ok := lex.Atoi(line[t.Start:t.End])
			if !ok {
				return false
			}
			*dst[k] = &n
		}
	default:
		return false
	}
	w.a = 1 + len(w.nums)
	return true
}

// tail reads what follows the addresses: [state] [user inode]
// [pid/program]; the state is blank for UDP (and with -T), and the program
// may hold spaces (it runs to the end).
func (w *netstatInetCells) tail(lay *netstatLayout, conn *NetstatConnection) bool {
	line, rest := w.line, w.rest
	want := boolInt(lay.user) + boolInt(lay.inode)
	if lay.program {
		for k := range rest {
			if _, _, ok := netstatPIDProgram(line[rest[k].Start:rest[k].End]); ok {
				w.progAt = k
				break
			}
		}
		if w.progAt < 0 {
			return false
		}
	}
	n := len(rest)
	if w.progAt >= 0 {
		n = w.progAt
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
	if lay.user {
		w.userTok = rest[k]
		k++
		// The arguments, not the value, name the field: -n prints uids,
		// otherwise names (or the uid of a user without a name, kept as
		// the text printed).
		if lay.numUsers {
			uid, ok := lex.Atoi(line[w.userTok.Start:w.userTok.End])
			if !ok {
				return false
			}
			conn.UID = catalog.Intp(uid)
		} else {
			conn.User = line[w.userTok.Start:w.userTok.End]
		}
	}
	if lay.inode {
		w.inodeTok = rest[k]
		ino, ok := lex.Atoi(line[w.inodeTok.Start:w.inodeTok.End])
		if !ok {
			return false
		}
		conn.Inode = catalog.Intp(ino)
	}
	if w.progAt >= 0 {
		pt := rest[w.progAt]
		ps, pe := lex.TrimSpaceRange(line, pt.Start, len(line))
		pid, _, _ := netstatPIDProgram(line[pt.Start:pt.End])
		if line[pt.Start:pt.End] != "-" {
			conn.PID = catalog.Intp(pid)
			slash := strings.IndexByte(line[ps:pe], '/')
			conn.Program = line[ps+slash+1 : pe]
			w.progS, w.progE = ps+slash+1, pe
		}
	}
	return true
}

// inetSpans records where each field of connection idx came from.
func (r *netstatReader) inetSpans(w *netstatInetCells, conn *NetstatConnection, idx, base int) {
	rs, lay, f, a := r.rs, r.lay, w.f, w.a
	rs.Begin(kit.NkConnections, idx)
	for k, t := range w.pcbF {
		rs.Field([]uint16{nfPCB, nfFlowhash}[k], base+t.Start, base+t.End, catalog.TrVerbatim)
	}
	rs.Field(nfProto, base+f[0].Start, base+f[0].End, catalog.TrVerbatim)
	numIDs := []uint16{kit.NfRecvQ, kit.NfSendQ}
	if lay.timers {
		numIDs = []uint16{nfRetransmit, nfOutOfOrder, nfZeroWindow}
	}
	for k, t := range w.nums {
		rs.Field(numIDs[k], base+t.Start, base+t.End, catalog.TrParseInt)
	}
	rs.Field(kit.NfLocalAddress, base+f[a].Start, base+f[a].End, catalog.TrVerbatim)
	rs.Field(nfForeignAddress, base+f[a+1].Start, base+f[a+1].End, catalog.TrVerbatim)
	if w.lok {
		rs.Field(kit.NfLocalPort, base+f[a].Start+w.lp, base+f[a].End, catalog.TrParseInt)
	}
	if w.fok {
		rs.Field(nfForeignPort, base+f[a+1].Start+w.fp, base+f[a+1].End, catalog.TrParseInt)
	}
	if conn.State != "" {
		rs.Field(kit.NfState, base+w.rest[0].Start, base+w.rest[0].End, catalog.TrVerbatim)
	}
	if lay.user {
		if conn.UID != nil {
			rs.Field(sfUID, base+w.userTok.Start, base+w.userTok.End, catalog.TrParseInt)
		} else {
			rs.Field(sfUser, base+w.userTok.Start, base+w.userTok.End, catalog.TrVerbatim)
		}
	}
	if lay.inode {
		rs.Field(sfInode, base+w.inodeTok.Start, base+w.inodeTok.End, catalog.TrParseInt)
	}
	if conn.PID != nil {
		t := w.rest[w.progAt]
		rs.Field(kit.NfPID, base+t.Start, base+t.Start+strings.IndexByte(w.line[t.Start:t.End], '/'), catalog.TrParseInt)
		if conn.Program != "" {
			rs.Field(nfProgram, base+w.progS, base+w.progE, catalog.TrVerbatim)
		}
	}
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

// netstatUnixCells is where the fields of a Linux UNIX socket row came
// from: word indexes in f (-1 when absent) and offsets in the line.
type netstatUnixCells struct {
	line                      string
	f                         []lex.Field
	close, stateTok, inodeTok int
	progTok, progS, progE     int
	pathS, pathE              int
}

// netstatUnix reads "unix  2  [ ACC ]  STREAM  LISTENING  12345  [1/init]  /run/x".
func netstatUnix(r *netstatReader, line string, base int, f []lex.Field) bool {
	if len(f) < 5 || line[f[2].Start:f[2].End] != "[" {
		return false
	}
	refcnt, ok := lex.Atoi(line[f[1].Start:f[1].End])
	if !ok {
		return false
	}
	w := netstatUnixCells{line: line, f: f, close: -1, stateTok: -1, progTok: -1}
	for k := 3; k < len(f); k++ {
		if line[f[k].Start:f[k].End] == "]" {
			w.close = k
			break
		}
	}
	if w.close < 0 || w.close+2 >= len(f) {
		return false
	}
	s := NetstatUnixSocket{Proto: line[f[0].Start:f[0].End], RefCount: catalog.Intp(refcnt), Type: line[f[w.close+1].Start:f[w.close+1].End]}
	k := w.close + 2
	if netstatUnixState(line[f[k].Start:f[k].End]) {
		s.State, w.stateTok = line[f[k].Start:f[k].End], k
		k++
	}
	if k >= len(f) {
		return false
	}
	inode, ok := lex.Atoi(line[f[k].Start:f[k].End])
	if !ok {
		return false
	}
	s.Inode = catalog.Intp(inode)
	w.inodeTok = k
	k++
	if r.lay.program {
		if k, ok = w.program(r.lay, &s, k); !ok {
			return false
		}
	}
	if k < len(f) {
		w.pathS, w.pathE = lex.TrimSpaceRange(line, f[k].Start, len(line))
		s.Path = line[w.pathS:w.pathE]
	}
	for j := 3; j < w.close; j++ {
		s.Flags = append(s.Flags, line[f[j].Start:f[j].End])
	}
	idx, kept := keep(r.c, &r.res.UnixSockets, s)
	if kept && r.rec {
		r.unixSpans(&w, &s, idx, base)
	}
	return true
}

// program reads the PID/Program name word at k and returns the word after
// it.
func (w *netstatUnixCells) program(lay *netstatLayout, s *NetstatUnixSocket, k int) (int, bool) {
	line, f := w.line, w.f
	if k >= len(f) {
		return k, false
	}
	pid, _, ok := netstatPIDProgram(line[f[k].Start:f[k].End])
	if !ok {
		return k, false
	}
	w.progTok = k
	w.progE = f[k].End
	// A program name with spaces reaches the Path column of the header.
	if lay.pathCol > f[k].End && lay.pathCol <= len(line) && line[lay.pathCol-1] == ' ' {
		_, w.progE = lex.TrimSpaceRange(line, f[k].Start, lay.pathCol)
		for k+1 < len(f) && f[k+1].Start < lay.pathCol {
			k++
		}
	}
	pt := f[w.progTok]
	if line[pt.Start:pt.End] != "-" {
		s.PID = catalog.Intp(pid)
		w.progS = pt.Start + strings.IndexByte(line[pt.Start:pt.End], '/') + 1
		s.Program = line[w.progS:w.progE]
	}
	return k + 1, true
}

// unixSpans records where each field of UNIX socket idx came from.
func (r *netstatReader) unixSpans(w *netstatUnixCells, s *NetstatUnixSocket, idx, base int) {
	c, rs, f := r.c, r.rs, w.f
	rs.Begin(nkUnixSockets, idx)
	rs.Field(nfProto, base+f[0].Start, base+f[0].End, catalog.TrVerbatim)
	rs.Field(nfRefCount, base+f[1].Start, base+f[1].End, catalog.TrParseInt)
	for j, fl := range f[3:w.close] {
		if j < len(nfFlagItems) {
			rs.Field(nfFlagItems[j], base+fl.Start, base+fl.End, catalog.TrVerbatim)
		} else {
			c.Span(base+fl.Start, base+fl.End, "", "unix_sockets", idx, "flags", j)
		}
	}
	rs.Field(sfType, base+f[w.close+1].Start, base+f[w.close+1].End, catalog.TrVerbatim)
	if w.stateTok >= 0 {
		rs.Field(kit.NfState, base+f[w.stateTok].Start, base+f[w.stateTok].End, catalog.TrVerbatim)
	}
	rs.Field(sfInode, base+f[w.inodeTok].Start, base+f[w.inodeTok].End, catalog.TrParseInt)
	if s.PID != nil {
		t := f[w.progTok]
		rs.Field(kit.NfPID, base+t.Start, base+w.progS-1, catalog.TrParseInt)
		if s.Program != "" {
			rs.Field(nfProgram, base+w.progS, base+w.progE, catalog.TrVerbatim)
		}
	}
	if s.Path != "" {
		rs.Field(sfPath, base+w.pathS, base+w.pathE, catalog.TrVerbatim)
	}
}

// netstatUnixBSD reads "fffff80003a8b700 stream 0 0 fffff800038e4000 0 0 0 /var/run/devd.pipe".
func netstatUnixBSD(r *netstatReader, line string, base int, f []lex.Field) bool {
	if len(f) < 8 {
		return false
	}
	rq, ok1 := lex.Atoi(line[f[2].Start:f[2].End])
	sq, ok2 := lex.Atoi(line[f[3].Start:f[3].End])
	if !ok1 || !ok2 {
		return false
	}
	s := NetstatUnixSocket{
		Address: line[f[0].Start:f[0].End], Type: line[f[1].Start:f[1].End], RecvQ: catalog.Intp(rq), SendQ: catalog.Intp(sq),
		Vnode: line[f[4].Start:f[4].End], Conn: line[f[5].Start:f[5].End], Refs: line[f[6].Start:f[6].End],
		NextRef: line[f[7].Start:f[7].End],
	}
	if len(f) == 9 {
		s.Path = line[f[8].Start:f[8].End]
	}
	idx, kept := keep(r.c, &r.res.UnixSockets, s)
	if kept && r.rec {
		rs := r.rs
		rs.Begin(nkUnixSockets, idx)
		ids := [...]uint16{nfAddress, sfType, kit.NfRecvQ, kit.NfSendQ, nfVnode, nfConn, nfRefs, nfNextRef, sfPath}
		for k, fl := range f {
			tr := catalog.TrVerbatim
			if k == 2 || k == 3 {
				tr = catalog.TrParseInt
			}
			rs.Field(ids[k], base+fl.Start, base+fl.End, tr)
		}
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return append(netstatParsers(), routePrintParser) }

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	sfInode = catalog.SpanID("inode")
	sfPath  = catalog.SpanID("path")
	sfType  = catalog.SpanID("type")
	sfUID   = catalog.SpanID("uid")
	sfUser  = catalog.SpanID("user")
)
