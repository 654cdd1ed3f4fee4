// Package lsof reads the output of `lsof` for the catalog: the parser lsof.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package lsof

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var nfRemoteAddress = catalog.SpanID("remote_address")

var nfRemotePort = catalog.SpanID("remote_port")

var nfCommand = catalog.SpanID("command")

var nfTID = catalog.SpanID("tid")

var nfTaskCommand = catalog.SpanID("task_command")

var nfPGID = catalog.SpanID("pgid")

var nfPPID = catalog.SpanID("ppid")

var nfFD = catalog.SpanID("fd")

var nfDevice = catalog.SpanID("device")

var nfSizeOff = catalog.SpanID("size_off")

var nfNode = catalog.SpanID("node")

var nfProtocol = catalog.SpanID("protocol")

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

var lsofParser = &catalog.Parser{
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
	Flags: catalog.Flags{
		"-i": catalog.Value, "-n": catalog.Bool, "-P": catalog.Bool, "-l": catalog.Bool, "-w": catalog.Bool, "-a": catalog.Bool, "-U": catalog.Bool, "-b": catalog.Bool, "-R": catalog.Bool,
		"-c": catalog.Value, "-p": catalog.Value, "-u": catalog.Value, "-g": catalog.Value, "-s": catalog.Value, "-d": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-t": {}, "-F": {}, "-r": {}, "+r": {}, "-o": {}, "-Z": {}},
	Result:         LsofResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"pid", "fd"},
	// No ExitAnswers: lsof exits 1 both for "nothing found" and for its
	// errors, with nothing on stdout either way (SPECIFICATION §2.2).
	Examples: [][]string{{"-i", "-n", "-P"}, {"-iTCP", "-sTCP:LISTEN", "-n", "-P"}, {"-i", ":8080"}},
	Parse:    ParseLsof,
}

// lsofParsers wires the lsofParser and returns it for the builtin list.
func lsofParsers() []*catalog.Parser {
	lsofParser.Check = lsofCheck
	return []*catalog.Parser{lsofParser}
}

// lsofCheck rescans the arguments the way lsof reads them: -i takes a value
// only when attached or when the next argument is not an option, so the
// core's reading of -i as a value flag can hide the next flag.
func lsofCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
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
				return lsofParser.UnsupportedFlag(name)
			}
			if kind == catalog.Value {
				if j == len(a)-1 && i+1 < len(args) && (name != "-i" && name != "-g" || !strings.HasPrefix(args[i+1], "-")) {
					i++
				}
				if name == "-s" {
					v := a[j+1:]
					if j == len(a)-1 && i < len(args) {
						v = args[i]
					}
					if !strings.Contains(v, ":") {
						return catalog.Unsupported(nil, "lsof -s without a protocol:state filter adds a size column")
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

func ParseLsof(c *catalog.Context) (any, error) {
	res := &LsofResult{Entries: make([]LsofEntry, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Recording()
	rs := catalog.NewSpanRec(c, 14)
	it := lex.Lines{Raw: c.Raw}
	var cols []lsofCol
	nameAt := -1
	read := 0
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
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
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as an lsof listing")
	}
	if rec {
		rs.Finish()
	}
	return res, nil
}

// lsofRow reads one line. lsof aligns every column to its header (it
// measures all rows first), so each word belongs to the column whose
// header it overlaps; a blank cell simply has no word, and NAME runs from
// its header to the end of the line.
func lsofRow(c *catalog.Context, res *LsofResult, line string, base int, f []lex.Field, cols []lsofCol, nameAt int, rec bool, rs *catalog.SpanRec) bool {
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
	cmd, cmdEscaped := lex.HexUnescape(get(lcCommand)) // lsof writes a space as \x20
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
		e.TID = catalog.Intp(tid)
	}
	if have[lcTaskCmd] {
		e.TaskCommand = get(lcTaskCmd)
	}
	if have[lcUser] {
		// -l names the field, not the value: lsof prints the uid of a
		// user without a login name too, kept as text then.
		if c.Args.Has("-l") {
			uid, ok := lex.Atoi(get(lcUser))
			if !ok {
				return false
			}
			e.UID = catalog.Intp(uid)
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
		if p, n, ok := lex.Port(local, ':'); ok {
			e.LocalPort, lp, hasLP = catalog.Intp(n), lex.Field{Start: ns + p, End: ns + len(local)}, true
		}
		if hasRemote {
			rs0 := ns + len(local) + 2
			e.RemoteAddress, ra = remote, lex.Field{Start: rs0, End: rs0 + len(remote)}
			if p, n, ok := lex.Port(remote, ':'); ok {
				e.RemotePort, rp, hasRP = catalog.Intp(n), lex.Field{Start: rs0 + p, End: rs0 + len(remote)}, true
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
		rs.Begin(catalog.SkEntries, idx)
		add := func(id uint8, sid uint16, tr catalog.SpanTr) {
			if have[id] {
				rs.Field(sid, base+cells[id].Start, base+cells[id].End, tr)
			}
		}
		if cmdEscaped {
			add(lcCommand, nfCommand, catalog.TrUnquote)
		} else {
			add(lcCommand, nfCommand, catalog.TrVerbatim)
		}
		add(lcPID, kit.NfPID, catalog.TrParseInt)
		add(lcTID, nfTID, catalog.TrParseInt)
		add(lcTaskCmd, nfTaskCommand, catalog.TrVerbatim)
		add(lcPGID, nfPGID, catalog.TrParseInt)
		add(lcPPID, nfPPID, catalog.TrParseInt)
		if e.UID != nil {
			add(lcUser, catalog.SfUID, catalog.TrParseInt)
		} else {
			add(lcUser, catalog.SfUser, catalog.TrVerbatim)
		}
		add(lcFD, nfFD, catalog.TrVerbatim)
		add(lcType, catalog.SfType, catalog.TrVerbatim)
		add(lcDevice, nfDevice, catalog.TrVerbatim)
		add(lcSizeOff, nfSizeOff, catalog.TrVerbatim)
		if network {
			add(lcNode, nfProtocol, catalog.TrVerbatim)
		} else {
			add(lcNode, nfNode, catalog.TrVerbatim)
		}
		rs.Field(catalog.SfName, base+ns, base+ne, catalog.TrVerbatim)
		if network {
			if e.LocalAddress != "" {
				rs.Field(kit.NfLocalAddress, base+la.Start, base+la.End, catalog.TrVerbatim)
			}
			if hasLP {
				rs.Field(kit.NfLocalPort, base+lp.Start, base+lp.End, catalog.TrParseInt)
			}
			if e.RemoteAddress != "" {
				rs.Field(nfRemoteAddress, base+ra.Start, base+ra.End, catalog.TrVerbatim)
			}
			if hasRP {
				rs.Field(nfRemotePort, base+rp.Start, base+rp.End, catalog.TrParseInt)
			}
			if e.State != "" {
				rs.Field(kit.NfState, base+st.Start, base+st.End, catalog.TrVerbatim)
			}
		}
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lsofParsers() }
