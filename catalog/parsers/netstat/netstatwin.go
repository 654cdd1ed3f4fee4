package netstat

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// NetstatWindowsResult is the parsed output of Windows netstat: its
// "Active Connections" table. Windows prints no queues, users or inodes.
type NetstatWindowsResult struct {
	Connections []NetstatWindowsConnection `json:"connections"`
}

// NetstatWindowsConnection is one row: Proto (TCP, UDP, TCPv6, UDPv6), the
// addresses as printed ("0.0.0.0:135", "[::]:135", "*:*") with their ports
// when numeric (-n; a service name otherwise), State (none for UDP), and
// PID with -o.
type NetstatWindowsConnection struct {
	Proto          string `json:"proto"`
	LocalAddress   string `json:"local_address"`
	LocalPort      *int64 `json:"local_port,omitempty"`
	ForeignAddress string `json:"foreign_address"`
	ForeignPort    *int64 `json:"foreign_port,omitempty"`
	State          string `json:"state,omitempty"`
	PID            *int64 `json:"pid,omitempty"`
	// With -b: Component is the service or component name netstat prints
	// above the executable, Executable the "[program.exe]" name, and
	// OwnerUnknown its "Can not obtain ownership information".
	Component    string `json:"component,omitempty"`
	Executable   string `json:"executable,omitempty"`
	OwnerUnknown bool   `json:"owner_unknown,omitempty"`
}

// netstatWindowsParser reads Windows netstat's connection table. Flags
// checked against the Windows netstat command reference (learn.microsoft.com,
// "netstat", Windows Server 2025/Windows 11): -a, -n, -o, -f, -p PROTO
// and -q keep the table's form; -b adds, under each row, the owning
// component and "[program.exe]" (or "Can not obtain ownership
// information"), read into the row; -r prints the routing tables of route
// print (read by parseRoutePrint, with -n only); -e and -s print other
// tables, -t adds an offload column, -x NetworkDirect tables, -y a
// template column: refused.
var netstatWindowsParser = &catalog.Parser{
	ID:      "netstat-windows",
	Command: "netstat",
	Version: "1",
	OS:      []catalog.OS{catalog.Windows},
	Format:  "Windows netstat connection table (-a, -n, -o, -b, -an, -ano, -aonb, -p tcp) and route tables (-r, -rn: route print's form)",
	Flags: catalog.Flags{
		"-a": catalog.Bool, "-n": catalog.Bool, "-o": catalog.Bool, "-b": catalog.Bool, "-f": catalog.Bool, "-q": catalog.Bool, "-p": catalog.Value,
		"-r": catalog.Bool,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-e": {}, "-s": {}, "-t": {"-ano"}, "-x": {}, "-y": {"-ano"}},
	Check: func(a catalog.Args, _ catalog.OS) *catalog.ParseError {
		if !a.Has("-r") {
			return nil
		}
		for _, it := range a.Items {
			if it.Flag != "" && it.Flag != "-r" && it.Flag != "-n" {
				return catalog.Unsupported([]string{"-r"}, "netstat -r %s is not read (-r prints route print's tables; -n is read with it)", it.Flag)
			}
		}
		return nil
	},
	Result:    catalog.OneOf{NetstatWindowsResult{}, RoutePrintResult{}},
	RowsKey:   "connections",
	KeyFields: []string{"proto", "local_address", "foreign_address"},
	Examples:  [][]string{{"-an"}, {"-ano"}, {"-aonb"}, {"-r"}},
	// builtinTables' "netstat-windows" lines (catalog/tablelines.go) and
	// route print's (-r).
	Table: &catalog.TableLines{Skip: append([]string{"Active Connections", "Proto ", "[", "Can not obtain ownership information"}, routePrintTableLines...),
		Contains: []string{"..."}, Wrapped: true},
	Parse: func(c *catalog.Context) (any, error) {
		if c.Args.Has("-r") {
			return parseRoutePrint(c)
		}
		return parseNetstatWindows(c)
	},
}

func parseNetstatWindows(c *catalog.Context) (any, error) {
	res := &NetstatWindowsResult{Connections: make([]NetstatWindowsConnection, 0, kit.RowCap(c))}
	it := lex.Lines{Raw: c.Raw}
	lines, read, rows, unread := 0, 0, 0, 0
	pidCol, header := false, false
	owners := c.Args.Has("-b")
	// last is the row the -b lines below belong to: -1 before any, -2
	// when it was omitted at MaxItems (its lines are then skipped).
	last, exeSeen := -1, false
	var ws []lex.Field
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			continue
		}
		lines++
		t := strings.TrimSpace(line)
		if t == "Active Connections" {
			read++
			continue
		}
		if t == "The requested operation requires elevation." {
			return nil, catalog.Unrecognized("netstat -b needs an elevated (administrator) console; without it, netstat -ano gives the PID of each connection")
		}
		if strings.HasPrefix(t, "Proto ") && strings.Contains(t, "Local Address") && strings.Contains(t, "Foreign Address") {
			header, pidCol = true, strings.HasSuffix(t, " PID")
			read++
			continue
		}
		if header && owners && last != -1 && !exeSeen && netstatWindowsOwner(c, res, line, start, last) {
			exeSeen = t == "Can not obtain ownership information" || strings.HasPrefix(t, "[")
			read++
			continue
		}
		omitted := c.Omitted()
		if header {
			ws = lex.Fields(ws[:0], line, 0) // kept: a fresh one per line was a fifth of the time
		}
		if !header || !netstatWindowsRow(c, res, line, start, pidCol, ws) {
			c.Unread(start)
			unread++
			continue
		}
		last, exeSeen = len(res.Connections)-1, false
		if c.Omitted() > omitted {
			last = -2
		}
		read++
		rows++
	}
	if lines > 0 && read == 0 || rows == 0 && unread > 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a Windows netstat connection table; if it is localized, rerun in an English console (stdout.raw holds the output)")
	}
	return res, nil
}

// netstatWindowsOwner reads a -b line under row idx (-2: an omitted row):
// " [chrome.exe]", " Can not obtain ownership information", or the
// component name (" RpcSs", " Dnscache") that comes before the executable.
func netstatWindowsOwner(c *catalog.Context, res *NetstatWindowsResult, line string, start, idx int) bool {
	s, e := lex.TrimSpaceRange(line, 0, len(line))
	t := line[s:e]
	var conn *NetstatWindowsConnection
	if idx >= 0 {
		conn = &res.Connections[idx]
	}
	switch {
	case len(t) > 2 && t[0] == '[' && t[len(t)-1] == ']':
		if conn != nil {
			conn.Executable = t[1 : len(t)-1]
			c.Span(start+s+1, start+e-1, "", "connections", idx, "executable")
		}
	case t == "Can not obtain ownership information":
		if conn != nil {
			conn.OwnerUnknown = true
			c.Span(start+s, start+e, "marker", "connections", idx, "owner_unknown")
		}
	case !strings.ContainsAny(t, " \t") && (conn == nil || conn.Component == ""):
		if conn != nil {
			conn.Component = t
			c.Span(start+s, start+e, "", "connections", idx, "component")
		}
	default:
		return false
	}
	return true
}

func netstatWindowsRow(c *catalog.Context, res *NetstatWindowsResult, line string, base int, pidCol bool, f []lex.Field) bool {
	if len(f) < 3 {
		return false
	}
	proto := line[f[0].Start:f[0].End]
	udp := false
	switch proto {
	case "TCP", "TCPv6":
	case "UDP", "UDPv6":
		udp = true
	default:
		return false
	}
	want := 4
	if udp {
		want = 3
	}
	if pidCol {
		want++
	}
	if len(f) != want {
		return false
	}
	conn := NetstatWindowsConnection{Proto: proto, LocalAddress: line[f[1].Start:f[1].End], ForeignAddress: line[f[2].Start:f[2].End]}
	var pidTok lex.Field
	if pidCol {
		pidTok = f[len(f)-1]
		pid, ok := lex.Atoi(line[pidTok.Start:pidTok.End])
		if !ok {
			return false
		}
		conn.PID = catalog.Intp(pid)
	}
	if !udp {
		conn.State = line[f[3].Start:f[3].End]
	}
	lp, lport, lok := lex.Port(conn.LocalAddress, ':')
	if lok {
		conn.LocalPort = catalog.Intp(lport)
	}
	fp, fport, fok := lex.Port(conn.ForeignAddress, ':')
	if fok {
		conn.ForeignPort = catalog.Intp(fport)
	}
	idx := len(res.Connections)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Connections = append(res.Connections, conn)
	span := func(t lex.Field, off int, tr, key string) {
		c.Span(base+t.Start+off, base+t.End, tr, "connections", idx, key)
	}
	span(f[0], 0, "", "proto")
	span(f[1], 0, "", "local_address")
	span(f[2], 0, "", "foreign_address")
	if lok {
		span(f[1], lp, "parseInt", "local_port")
	}
	if fok {
		span(f[2], fp, "parseInt", "foreign_port")
	}
	if !udp {
		span(f[3], 0, "", "state")
	}
	if pidCol {
		span(pidTok, 0, "parseInt", "pid")
	}
	return true
}
