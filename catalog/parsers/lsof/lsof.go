// Package lsof reads the output of `lsof` for the catalog: the parser lsof.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package lsof

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var (
	nfRemoteAddress = catalog.SpanID("remote_address")
	nfRemotePort    = catalog.SpanID("remote_port")
	nfCommand       = catalog.SpanID("command")
	nfTID           = catalog.SpanID("tid")
	nfTaskCommand   = catalog.SpanID("task_command")
	nfPGID          = catalog.SpanID("pgid")
	nfPPID          = catalog.SpanID("ppid")
	nfFD            = catalog.SpanID("fd")
	nfDevice        = catalog.SpanID("device")
	nfSizeOff       = catalog.SpanID("size_off")
	nfNode          = catalog.SpanID("node")
	nfProtocol      = catalog.SpanID("protocol")
)

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
		"-i": catalog.OptionalSeparate, "-n": catalog.Bool, "-P": catalog.Bool, "-l": catalog.Bool, "-w": catalog.Bool, "-a": catalog.Bool, "-U": catalog.Bool, "-b": catalog.Bool, "-R": catalog.Bool,
		"-c": catalog.Value, "-p": catalog.Value, "-u": catalog.Value, "-g": catalog.OptionalSeparate, "-s": catalog.Value, "-d": catalog.Value,
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

// lsofCheck refuses -s without a protocol:state filter (-s alone adds a
// SIZE column). -i [addr] and -g [pgid] take the next argument only when
// it is not an option (OptionalSeparate), as lsof reads them.
func lsofCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	for _, it := range argv.Items {
		if it.Flag == "-s" && !strings.Contains(it.Value, ":") {
			return catalog.Unsupported(nil, "lsof -s without a protocol:state filter adds a size column")
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
	t := lsofTable{nameAt: -1, rec: c.Recording(), rs: c.Rows(14)}
	it := lex.Lines{Raw: c.Raw}
	read := 0
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
		if t.cols == nil {
			f = lex.Fields(f[:0], line, 0)
			for _, w := range f {
				id := lsofColID(line[w.Start:w.End])
				if id == lcUnknown {
					t.cols = nil
					break
				}
				t.cols = append(t.cols, lsofCol{id, w.Start, w.End})
				if id == lcName {
					t.nameAt = w.Start
				}
			}
			if cols := t.cols; len(cols) < 3 || cols[0].id != lcCommand || t.nameAt < 0 || cols[len(cols)-1].id != lcName {
				t.cols = nil
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		f = lex.Fields(f[:0], line, 0)
		if lsofRow(c, res, &t, line, start, f) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as an lsof listing")
	}
	if t.rec {
		t.rs.Finish()
	}
	return res, nil
}

// lsofTable is what the rows of one listing share: the header's columns,
// where NAME starts, and the span recorder.
type lsofTable struct {
	cols   []lsofCol
	nameAt int
	rec    bool
	rs     *catalog.SpanRec
}

// lsofCells is one row cut into its columns: the word of each column (when
// the cell is not blank) and where NAME starts.
type lsofCells struct {
	line  string
	base  int // the line's offset in the output
	cells [lcUnknown]lex.Field
	have  [lcUnknown]bool
	nameS int
	// ns, ne bound NAME without its blanks; escaped says COMMAND had \x
	// escapes, network that the TYPE is IPv4 or IPv6.
	ns, ne           int
	escaped, network bool
}

func (r *lsofCells) get(id uint8) string { return r.line[r.cells[id].Start:r.cells[id].End] }

// lsofNet is the NAME of a network file cut into its parts, as offsets
// within the line.
type lsofNet struct {
	la, lp, ra, rp, st lex.Field
	hasLP, hasRP       bool
}

// lsofRow reads one line. lsof aligns every column to its header (it
// measures all rows first), so each word belongs to the column whose
// header it overlaps; a blank cell simply has no word, and NAME runs from
// its header to the end of the line.
func lsofRow(c *catalog.Context, res *LsofResult, t *lsofTable, line string, base int, f []lex.Field) bool {
	r, ok := t.split(line, f)
	if !ok {
		return false
	}
	r.base = base
	r.ns, r.ne = lex.TrimSpaceRange(line, r.nameS, len(line))
	var cmd string
	cmd, r.escaped = lex.HexUnescape(r.get(lcCommand)) // lsof writes a space as \x20
	e := LsofEntry{Command: cmd, Name: line[r.ns:r.ne]}
	if !lsofFill(c, &e, &r) {
		return false
	}
	r.network = e.Type == "IPv4" || e.Type == "IPv6"
	if r.have[lcNode] {
		if r.network {
			e.Protocol = r.get(lcNode)
		} else {
			e.Node = r.get(lcNode)
		}
	}
	var n lsofNet
	if r.network {
		n = lsofNetName(&e, line, r.ns, r.ne)
	}
	idx := len(res.Entries)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Entries = append(res.Entries, e)
	if t.rec {
		t.spans(&e, &r, &n, idx)
	}
	return true
}

// split gives each word of the row to the column whose header it overlaps;
// false when a column has two words or COMMAND, PID or NAME is missing.
func (t *lsofTable) split(line string, f []lex.Field) (lsofCells, bool) {
	r := lsofCells{line: line, nameS: -1}
	cols := t.cols
	ci := 0
	for _, w := range f {
		if w.Start >= t.nameAt || w.End > t.nameAt && ci >= len(cols)-1 {
			r.nameS = w.Start
			break
		}
		for ci < len(cols)-1 && !(w.Start < cols[ci].e && w.End > cols[ci].s) {
			ci++
		}
		if ci >= len(cols)-1 {
			// The word overlaps no header before NAME: NAME starts early
			// only when nothing else is left to fill.
			r.nameS = w.Start
			break
		}
		id := cols[ci].id
		if r.have[id] {
			return r, false
		}
		r.cells[id], r.have[id] = w, true
		ci++
	}
	return r, r.have[lcCommand] && r.have[lcPID] && r.nameS >= 0
}

// lsofFill reads the cells between COMMAND and NAME into e; false when a
// number column holds no number.
func lsofFill(c *catalog.Context, e *LsofEntry, r *lsofCells) bool {
	pid, ok := lex.Atoi(r.get(lcPID))
	if !ok {
		return false
	}
	e.PID = pid
	if r.have[lcTID] {
		tid, ok := lex.Atoi(r.get(lcTID))
		if !ok {
			return false
		}
		e.TID = catalog.Intp(tid)
	}
	if r.have[lcTaskCmd] {
		e.TaskCommand = r.get(lcTaskCmd)
	}
	if r.have[lcUser] {
		// -l names the field, not the value: lsof prints the uid of a
		// user without a login name too, kept as text then.
		if c.Args.Has("-l") {
			uid, ok := lex.Atoi(r.get(lcUser))
			if !ok {
				return false
			}
			e.UID = catalog.Intp(uid)
		} else {
			e.User = r.get(lcUser)
		}
	}
	for _, pc := range [...]struct {
		id  uint8
		dst **int64
	}{{lcPGID, &e.PGID}, {lcPPID, &e.PPID}} {
		if r.have[pc.id] {
			n, ok := lex.Atoi(r.get(pc.id))
			if !ok {
				return false
			}
			*pc.dst = &n
		}
	}
	for _, tc := range [...]struct {
		id  uint8
		dst *string
	}{{lcFD, &e.FD}, {lcType, &e.Type}, {lcDevice, &e.Device}, {lcSizeOff, &e.SizeOff}} {
		if r.have[tc.id] {
			*tc.dst = r.get(tc.id)
		}
	}
	return true
}

// lsofNetName reads the NAME of a network file, line[ns:ne]:
// "local[->remote] [(STATE)]".
func lsofNetName(e *LsofEntry, line string, ns, ne int) lsofNet {
	var n lsofNet
	nm := line[ns:ne]
	body := nm
	if strings.HasSuffix(nm, ")") {
		if o := strings.LastIndex(nm, " ("); o > 0 {
			e.State = nm[o+2 : len(nm)-1]
			n.st = lex.Field{Start: ns + o + 2, End: ne - 1}
			body = nm[:o]
		}
	}
	local, remote, hasRemote := strings.Cut(body, "->")
	e.LocalAddress, n.la = local, lex.Field{Start: ns, End: ns + len(local)}
	if p, v, ok := lex.Port(local, ':'); ok {
		e.LocalPort, n.lp, n.hasLP = catalog.Intp(v), lex.Field{Start: ns + p, End: ns + len(local)}, true
	}
	if hasRemote {
		rs0 := ns + len(local) + 2
		e.RemoteAddress, n.ra = remote, lex.Field{Start: rs0, End: rs0 + len(remote)}
		if p, v, ok := lex.Port(remote, ':'); ok {
			e.RemotePort, n.rp, n.hasRP = catalog.Intp(v), lex.Field{Start: rs0 + p, End: rs0 + len(remote)}, true
		}
	}
	return n
}

// spans records where each field of entry idx came from.
func (t *lsofTable) spans(e *LsofEntry, r *lsofCells, n *lsofNet, idx int) {
	rs, base := t.rs, r.base
	rs.Begin(skEntries, idx)
	add := func(id uint8, sid uint16, tr catalog.SpanTr) {
		if r.have[id] {
			rs.Field(sid, base+r.cells[id].Start, base+r.cells[id].End, tr)
		}
	}
	if r.escaped {
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
		add(lcUser, sfUID, catalog.TrParseInt)
	} else {
		add(lcUser, sfUser, catalog.TrVerbatim)
	}
	add(lcFD, nfFD, catalog.TrVerbatim)
	add(lcType, sfType, catalog.TrVerbatim)
	add(lcDevice, nfDevice, catalog.TrVerbatim)
	add(lcSizeOff, nfSizeOff, catalog.TrVerbatim)
	if r.network {
		add(lcNode, nfProtocol, catalog.TrVerbatim)
	} else {
		add(lcNode, nfNode, catalog.TrVerbatim)
	}
	rs.Field(sfName, base+r.ns, base+r.ne, catalog.TrVerbatim)
	if !r.network {
		return
	}
	if e.LocalAddress != "" {
		rs.Field(kit.NfLocalAddress, base+n.la.Start, base+n.la.End, catalog.TrVerbatim)
	}
	if n.hasLP {
		rs.Field(kit.NfLocalPort, base+n.lp.Start, base+n.lp.End, catalog.TrParseInt)
	}
	if e.RemoteAddress != "" {
		rs.Field(nfRemoteAddress, base+n.ra.Start, base+n.ra.End, catalog.TrVerbatim)
	}
	if n.hasRP {
		rs.Field(nfRemotePort, base+n.rp.Start, base+n.rp.End, catalog.TrParseInt)
	}
	if e.State != "" {
		rs.Field(kit.NfState, base+n.st.Start, base+n.st.End, catalog.TrVerbatim)
	}
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lsofParsers() }

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	sfName    = catalog.SpanID("name")
	sfType    = catalog.SpanID("type")
	sfUID     = catalog.SpanID("uid")
	sfUser    = catalog.SpanID("user")
	skEntries = catalog.SpanID("entries/*")
)
