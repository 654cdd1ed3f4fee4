// Package df reads the output of `df` for the catalog: the parser df.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package df

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DfResult is the parsed output of `df`.
type DfResult struct {
	Filesystems []DfFilesystem `json:"filesystems"`
	// Total is GNU df --total's "total" line.
	Total *DfFilesystem `json:"total,omitempty"`
}

// DfFilesystem is one line of df. Size, used and available are in bytes
// whatever unit the call chose (1K-blocks, 512-blocks, -m, -g, -B with
// or without a suffix on the values, all multiplied out); with -h and -H
// (a "Size" header) they are converted from the rounded sizes printed,
// which *_human keeps ("12G", macOS "460Gi"). Values df prints as "-"
// are absent.
type DfFilesystem struct {
	Filesystem     string `json:"filesystem"`
	Type           string `json:"type,omitempty"`
	SizeBytes      *int64 `json:"size_bytes,omitempty"`
	UsedBytes      *int64 `json:"used_bytes,omitempty"`
	AvailableBytes *int64 `json:"available_bytes,omitempty"`
	SizeHuman      string `json:"size_human,omitempty"`
	UsedHuman      string `json:"used_human,omitempty"`
	AvailableHuman string `json:"available_human,omitempty"`
	UsePercent     *int64 `json:"use_percent,omitempty"`
	// Inode columns: GNU -i (Inodes IUsed IFree IUse%), BSD and macOS
	// (iused ifree %iused).
	InodesTotal      *int64 `json:"inodes_total,omitempty"`
	InodesUsed       *int64 `json:"inodes_used,omitempty"`
	InodesFree       *int64 `json:"inodes_free,omitempty"`
	InodesTotalHuman string `json:"inodes_total_human,omitempty"`
	InodesUsedHuman  string `json:"inodes_used_human,omitempty"`
	InodesFreeHuman  string `json:"inodes_free_human,omitempty"`
	InodesUsePercent *int64 `json:"inodes_use_percent,omitempty"`
	MountedOn        string `json:"mounted_on"`
}

var dfParserDef = &catalog.Parser{
	ID:      "df",
	Command: "df",
	Version: "1",
	Format:  "df table with its header (GNU, BusyBox, macOS, FreeBSD; -h, -H, -i, -T, -P, -B, --total); device names wrapped onto their own line; sizes in bytes",
	// Flags checked against GNU coreutils 9.1 df(1) and --help (this
	// machine: -B with and without a number, -BM's suffixed values, -v
	// ignored), BusyBox 1.35 df --help (-PkmhTai -B -t), FreeBSD 14 df(1)
	// (-abcgHhiklmnPT -t) and macOS 14 df(1) (-abcgHhIiklmnPY, -T type
	// list). Refused: --output (other columns), GNU -i -h (rounded inode
	// counts), FreeBSD -, (digit grouping, not declared).
	Flags: catalog.Flags{
		"-h": catalog.Bool, "-H": catalog.Bool, "-k": catalog.Bool, "-m": catalog.Bool, "-g": catalog.Bool, "-T": catalog.Bool, "-i": catalog.Bool, "-a": catalog.Bool,
		"-l": catalog.Bool, "-P": catalog.Bool, "-b": catalog.Bool, "-c": catalog.Bool, "-n": catalog.Bool, "-Y": catalog.Bool, "-v": catalog.Bool, "-I": catalog.Bool,
		"-t": catalog.Value, "-x": catalog.Value, "-B": catalog.Value,
		"--human-readable": catalog.Bool, "--si": catalog.Bool, "--print-type": catalog.Bool, "--inodes": catalog.Bool, "--all": catalog.Bool,
		"--local": catalog.Bool, "--portability": catalog.Bool, "--total": catalog.Bool, "--no-sync": catalog.Bool, "--sync": catalog.Bool,
		"--type": catalog.Value, "--exclude-type": catalog.Value, "--block-size": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"--output": {"-T"}},
	Result:         DfResult{},
	RowsKey:        "filesystems",
	KeyFields:      []string{"mounted_on"},
	Examples:       [][]string{{}, {"-h"}, {"-i"}, {"-k", "/"}, {"-P"}},
}

// dfParsers wires the dfParserDef and returns it for the builtin list.
func dfParsers() []*catalog.Parser {
	dfParserDef.Check, dfParserDef.Parse = dfCheck, ParseDf // set here: both refer back to the parser
	return []*catalog.Parser{dfParserDef}
}

func dfCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	args, scanned := argv.Rest(), argv.Items
	human, inodes := false, false
	humanFlag := func(a catalog.CmdArg) bool {
		return a.Flag == "-h" || a.Flag == "-H" || a.Flag == "--human-readable" || a.Flag == "--si"
	}
	for _, a := range scanned {
		switch a.Flag {
		case "-h", "-H", "--human-readable", "--si":
			human = true
		case "-i", "--inodes":
			inodes = true
		case "-T":
			if os == catalog.Darwin {
				return catalog.Unsupported(kit.FsWithout(args, scanned, func(a catalog.CmdArg) bool { return a.Flag == "-T" }),
					"macOS df -T selects file system types; the parser reads the listing without it")
			}
		case "-Y", "-c", "-b", "-g", "-n", "-I":
			if !os.BsdLike() {
				return catalog.Unsupported(nil, "df %s is a BSD option", a.Flag)
			}
		case "-B", "--block-size":
			if _, ok := lex.BlockSize(a.Value); !ok || os.BsdLike() {
				return catalog.Unsupported(kit.FsWithout(args, scanned, func(a catalog.CmdArg) bool { return a.Flag == "-B" || a.Flag == "--block-size" }, "-k"),
					"df block size %q is not a unit the parser reads", a.Value)
			}
		}
	}
	if human && inodes && !os.BsdLike() {
		return catalog.Unsupported(kit.FsWithout(args, scanned, humanFlag), "GNU df -i -h rounds the inode counts")
	}
	return nil
}

// dfCol identifies a df column.
type dfCol uint8

const (
	dfcFilesystem dfCol = iota
	dfcType
	dfcSize
	dfcUsed
	dfcAvail
	dfcUsePct
	dfcInodes
	dfcIUsed
	dfcIFree
	dfcIUsePct
	dfcMount
)

// dfBlocksUnit reads "1K-blocks", "512-blocks", "1B-blocks", "1M-blocks",
// "1MB-blocks", "1KiB-blocks": the factor, and the unit letters GNU
// appends to each value when -B named no number (-BM: "258020M").
func dfBlocksUnit(h string) (lex.Unit, bool) {
	n, ok := strings.CutSuffix(h, "-blocks")
	if !ok {
		return lex.Unit{}, false
	}
	i := 0
	for i < len(n) && n[i] >= '0' && n[i] <= '9' {
		i++
	}
	num, ok := lex.Atoi(n[:i])
	if !ok || num == 0 {
		return lex.Unit{}, false
	}
	if n[i:] == "B" {
		return lex.Unit{Factor: num}, true
	}
	u, ok := lex.BlockSize(n)
	if !ok || u.Base != 0 || u.Factor > 1<<40 {
		return lex.Unit{}, false
	}
	u.Suffix = n[i:]
	return u, true
}

// dfHeader reads the header line into its columns and the size unit
// (human in powers of 1024 for a "Size" column: setColumns makes it 1000
// for -H and --si).
func dfHeader(line string) ([]dfCol, lex.Unit, bool) {
	fields := lex.Fields(nil, line, 0)
	var cols []dfCol
	unit := lex.Unit{Factor: 1024}
	for i := 0; i < len(fields); i++ {
		w := line[fields[i].Start:fields[i].End]
		var col dfCol
		switch w {
		case "Filesystem":
			col = dfcFilesystem
		case "Type":
			col = dfcType
		case "Size":
			col, unit = dfcSize, lex.Unit{Base: 1024}
		case "Used":
			col = dfcUsed
		case "Available", "Avail":
			col = dfcAvail
		case "Use%", "Capacity", "%Cap": // GNU/BusyBox, FreeBSD/OpenBSD/macOS, NetBSD
			col = dfcUsePct
		case "Inodes":
			col = dfcInodes
		case "IUsed", "iused":
			col = dfcIUsed
		case "IFree", "ifree":
			col = dfcIFree
		case "IUse%", "%iused":
			col = dfcIUsePct
		case "Mounted":
			if i+1 >= len(fields) || line[fields[i+1].Start:fields[i+1].End] != "on" {
				return nil, unit, false
			}
			i++
			col = dfcMount
		default:
			u, ok := dfBlocksUnit(w)
			if !ok {
				return nil, unit, false
			}
			col, unit = dfcSize, u
		}
		cols = append(cols, col)
	}
	// Filesystem first, Mounted on last, Type only second, once each.
	if len(cols) < 3 || cols[0] != dfcFilesystem || cols[len(cols)-1] != dfcMount {
		return nil, unit, false
	}
	var seen [dfcMount + 1]bool
	for i, col := range cols {
		if seen[col] || (col == dfcType && i != 1) {
			return nil, unit, false
		}
		seen[col] = true
	}
	return cols, unit, true
}

type dfParser struct {
	c      *catalog.Context
	r      *catalog.SpanRec
	mids   []dfCol // the columns between Filesystem [Type] and Mounted on
	typed  bool
	unit   lex.Unit
	key    uint16
	ids    [dfcMount + 1][2]uint16 // span field ids: number, human text
	trInt  catalog.SpanTr
	trSize catalog.SpanTr
	f      []lex.Field
	vals   [dfcMount + 1]dfVal // the middle columns of the line being read
}

// dfVal is a middle column's value, read before any is stored: a line
// is tried at several places (a device name may hold spaces), and
// storing only once every column reads leaves nothing to undo.
type dfVal struct {
	n    int64
	s, e int // the bytes the value came from, a '%' left out
	kind uint8
}

// dfVal kinds.
const (
	dfvAbsent uint8 = iota // "-"
	dfvNum
	dfvHuman // a rounded size or count: n converted, the text kept too
)

func (p *dfParser) setColumns(cols []dfCol, unit lex.Unit) {
	if unit.Base != 0 {
		// "Size" is -h (powers of 1024) or -H/--si (powers of 1000): the
		// header is the same, the last of the flags decides.
		for _, a := range p.c.Args.Items {
			switch {
			case a.Flag == "-h" || a.Flag == "--human-readable" || (a.Flag == "--block-size" || a.Flag == "-B") && a.Value == "human-readable":
				unit.Base = 1024
			case a.Flag == "-H" || a.Flag == "--si" || (a.Flag == "--block-size" || a.Flag == "-B") && a.Value == "si":
				unit.Base = 1000
			}
		}
	}
	p.unit = unit
	p.typed = cols[1] == dfcType
	p.mids = cols[1 : len(cols)-1]
	if p.typed {
		p.mids = p.mids[1:]
	}
	r := p.r
	if !r.On {
		return
	}
	p.key = r.Name("filesystems/*")
	p.trInt = r.TrID("parseInt")
	p.trSize = r.TrID(lex.UnitTransform(unit))
	p.ids[dfcFilesystem][0] = r.Name("filesystem")
	p.ids[dfcType][0] = r.Name("type")
	p.ids[dfcMount][0] = r.Name("mounted_on")
	p.ids[dfcSize] = [2]uint16{r.Name("size_bytes"), r.Name("size_human")}
	p.ids[dfcUsed] = [2]uint16{r.Name("used_bytes"), r.Name("used_human")}
	p.ids[dfcAvail] = [2]uint16{r.Name("available_bytes"), r.Name("available_human")}
	p.ids[dfcUsePct][0] = r.Name("use_percent")
	p.ids[dfcInodes] = [2]uint16{r.Name("inodes_total"), r.Name("inodes_total_human")}
	p.ids[dfcIUsed] = [2]uint16{r.Name("inodes_used"), r.Name("inodes_used_human")}
	p.ids[dfcIFree] = [2]uint16{r.Name("inodes_free"), r.Name("inodes_free_human")}
	p.ids[dfcIUsePct][0] = r.Name("inodes_use_percent")
}

// row reads one data line into fsys. wrappedAt >= 0 means the device
// name stood alone on the line before (at that offset), as BusyBox and
// older GNU df print a long one. fsys is left alone when the line does
// not read.
func (p *dfParser) row(fsys *DfFilesystem, line string, base int, wrapped string, wrappedAt, idx int) bool {
	f := lex.Fields(p.f[:0], line, 0)
	p.f = f
	k := len(p.mids)
	front := 1
	if wrappedAt >= 0 {
		front = 0
	}
	if p.typed {
		front++
	}
	// The numbers start at the first field from which every middle column
	// reads.
	at := -1
	for i := front; i+k < len(f); i++ {
		if p.read(line, f[i:i+k]) {
			at = i
			break
		}
		if wrappedAt >= 0 {
			return false // the numbers must come first
		}
	}
	if at < 0 {
		return false
	}
	p.store(fsys, line, base, idx)
	r := p.r
	if wrappedAt >= 0 {
		fsys.Filesystem = wrapped
		r.At(p.key, idx, p.ids[dfcFilesystem][0], wrappedAt, wrappedAt+len(wrapped), 0)
	} else {
		last := at - 1
		if p.typed {
			last--
		}
		fsys.Filesystem = line[f[0].Start:f[last].End]
		r.At(p.key, idx, p.ids[dfcFilesystem][0], base+f[0].Start, base+f[last].End, 0)
	}
	if p.typed {
		t := f[at-1]
		fsys.Type = line[t.Start:t.End]
		r.At(p.key, idx, p.ids[dfcType][0], base+t.Start, base+t.End, 0)
	}
	m := f[at+k]
	fsys.MountedOn = line[m.Start:]
	r.At(p.key, idx, p.ids[dfcMount][0], base+m.Start, base+len(line), 0)
	return true
}

// read reads the middle columns from the words ws into p.vals, storing
// nothing; false when one does not read.
func (p *dfParser) read(line string, ws []lex.Field) bool {
	vals := p.vals[:len(ws)]
	for j, w := range ws {
		s, e := w.Start, w.End
		v := &vals[j]
		if e-s == 1 && line[s] == '-' {
			v.kind = dfvAbsent
			continue
		}
		v.s, v.e, v.kind = s, e, dfvNum
		switch col := p.mids[j]; col {
		case dfcUsePct, dfcIUsePct:
			if e-s < 2 || line[e-1] != '%' {
				return false
			}
			n, ok := lex.Atoi(line[s : e-1])
			if !ok {
				return false
			}
			v.n, v.e = n, e-1
		case dfcInodes, dfcIUsed, dfcIFree:
			n, ok := lex.Atoi(line[s:e])
			if ok {
				v.n = n
			} else if lex.HumanSize(line[s:e], true) {
				v.kind = dfvHuman // macOS -h rounds the counts too; kept as printed
			} else {
				return false
			}
		default: // size, used, available
			u := p.unit
			n, ok := lex.UnitBytes(line[s:e], u)
			if !ok && u.Suffix != "" {
				u.Suffix = "" // -B1M prints bare numbers, -BM a suffix on each
				n, ok = lex.UnitBytes(line[s:e], u)
			}
			if !ok {
				return false
			}
			v.n = n
			if u.Base != 0 {
				v.kind = dfvHuman
			}
		}
	}
	return true
}

// store sets the fields of the middle columns from p.vals, which read
// found good, in one call per line.
func (p *dfParser) store(fsys *DfFilesystem, line string, base, idx int) {
	for j, col := range p.mids {
		v := &p.vals[j]
		if v.kind == dfvAbsent {
			continue
		}
		ids := p.ids[col]
		tr := p.trInt
		var num **int64
		var text *string
		switch col {
		case dfcSize:
			num, text, tr = &fsys.SizeBytes, &fsys.SizeHuman, p.trSize
		case dfcUsed:
			num, text, tr = &fsys.UsedBytes, &fsys.UsedHuman, p.trSize
		case dfcAvail:
			num, text, tr = &fsys.AvailableBytes, &fsys.AvailableHuman, p.trSize
		case dfcUsePct:
			num = &fsys.UsePercent
		case dfcIUsePct:
			num = &fsys.InodesUsePercent
		case dfcInodes:
			num, text = &fsys.InodesTotal, &fsys.InodesTotalHuman
		case dfcIUsed:
			num, text = &fsys.InodesUsed, &fsys.InodesUsedHuman
		default:
			num, text = &fsys.InodesFree, &fsys.InodesFreeHuman
		}
		sizeCol := col == dfcSize || col == dfcUsed || col == dfcAvail
		if v.kind == dfvHuman {
			*text = line[v.s:v.e]
			p.r.At(p.key, idx, ids[1], base+v.s, base+v.e, 0)
			if !sizeCol {
				continue
			}
		}
		*num = catalog.Intp(v.n)
		p.r.At(p.key, idx, ids[0], base+v.s, base+v.e, tr)
	}
}

func ParseDf(c *catalog.Context) (any, error) {
	p := &dfParser{c: c, r: c.Rows(7)}
	total := c.Args.Has("--total")
	rows := make([]DfFilesystem, 0, min(lex.CountLines(c.Raw), 1<<20))
	var marks []int
	it := lex.Lines{Raw: c.Raw}
	header := false
	pending, pendingAt := "", -1 // a device name alone on its line
	prevGood, pendingPrev := -1, -1
	prevWrapped, wrappedAt := -1, -1 // the name line of the last row, when it had one
	// dropPending reports a name line no numbers followed. When a row was
	// read from the line just before it, that row's mount point held a
	// newline and is not whole either.
	dropPending := func() {
		c.Unread(pendingAt)
		if pendingPrev >= 0 {
			c.Unread(pendingPrev)
			if prevWrapped >= 0 {
				c.Unread(prevWrapped)
			}
			rows[len(rows)-1] = DfFilesystem{} // cleared for reuse
			rows = rows[:len(rows)-1]
			if p.r.On {
				p.r.Truncate(marks[len(marks)-1])
				marks = marks[:len(marks)-1]
			}
		}
		pendingAt, pendingPrev = -1, -1
	}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		if !header {
			cols, unit, ok := dfHeader(line)
			if !ok {
				return nil, catalog.Unrecognized("the first line is not a df header; if it is localized, rerun under LC_ALL=C")
			}
			p.setColumns(cols, unit)
			header = true
			continue
		}
		idx := len(rows)
		if idx < cap(rows) {
			rows = rows[:idx+1] // zero: fresh, or cleared when a line failed
		} else {
			rows = append(rows, DfFilesystem{})
		}
		fsys := &rows[idx]
		m := p.r.Mark()
		ok = false
		wrappedAt = -1
		if pendingAt >= 0 && lex.IsSpace(line[0]) {
			ok = p.row(fsys, line, start, pending, pendingAt, idx)
			if ok {
				wrappedAt = pendingAt
			}
		}
		if !ok {
			if pendingAt >= 0 {
				// The name line above did not lead this one. (Without
				// one, the row is still zero: clearing a row of pointers
				// costs a write barrier per word while the collector
				// runs, on every line.)
				p.r.Truncate(m)
				*fsys = DfFilesystem{}
				rows = rows[:idx]
				dropPending()
				idx = len(rows)
				rows = rows[:idx+1]
				fsys = &rows[idx]
				m = p.r.Mark()
			}
			ok = p.row(fsys, line, start, "", -1, idx)
		}
		pendingAt, pendingPrev = -1, -1
		if !ok {
			*fsys = DfFilesystem{}
			rows = rows[:idx]
			p.r.Truncate(m)
			if !lex.IsSpace(line[0]) {
				// Perhaps a long device name: its numbers follow on the next line.
				_, e := lex.TrimSpaceRange(line, 0, len(line))
				pending, pendingAt, pendingPrev = line[:e], start, prevGood
				prevGood = -1
				continue
			}
			c.Unread(start)
			prevGood = -1
			continue
		}
		if p.r.On {
			marks = append(marks, m)
		}
		prevGood, prevWrapped = start, wrappedAt
	}
	if pendingAt >= 0 {
		dropPending()
	}
	if header && len(rows) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, catalog.Unrecognized("no line of the output reads as df output; if it is localized, rerun under LC_ALL=C")
	}
	if p.unit.Base != 0 && len(rows) > 0 {
		c.Warn("df printed rounded sizes (-h, -H): the *_bytes values are converted from the printed digits, *_human keeps them")
	}
	hasTotal := total && len(rows) > 0 && rows[len(rows)-1].Filesystem == "total" && rows[len(rows)-1].MountedOn == "-"
	res := &DfResult{}
	res.Filesystems, res.Total = kit.FsSettle(c, p.r, rows, marks, hasTotal, p.r.Name("total"))
	p.r.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return dfParsers() }
