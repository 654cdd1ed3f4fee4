// Package lsblk reads the output of `lsblk` for the catalog: the parser lsblk.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package lsblk

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// LsblkResult is the parsed output of `lsblk`: devices with their
// partitions and holders as children (the tree lsblk draws).
type LsblkResult struct {
	Devices []LsblkDevice `json:"devices"`
}

// LsblkDevice is one row. Sizes are bytes with -b, otherwise as printed
// ("_human"); FSUSE% is a number. Mountpoints lists MOUNTPOINTS (several
// for a file system mounted more than once) or MOUNTPOINT; lsblk's \x20
// escapes are decoded.
type LsblkDevice struct {
	Name         string        `json:"name,omitempty"`
	KName        string        `json:"kname,omitempty"`
	Path         string        `json:"path,omitempty"`
	Major        *int64        `json:"major,omitempty"`
	Minor        *int64        `json:"minor,omitempty"`
	Removable    *bool         `json:"removable,omitempty"`
	SizeBytes    *int64        `json:"size_bytes,omitempty"`
	SizeHuman    string        `json:"size_human,omitempty"`
	ReadOnly     *bool         `json:"read_only,omitempty"`
	Type         string        `json:"type,omitempty"`
	FSType       string        `json:"fstype,omitempty"`
	FSVersion    string        `json:"fsver,omitempty"`
	Label        string        `json:"label,omitempty"`
	UUID         string        `json:"uuid,omitempty"`
	FSAvailBytes *int64        `json:"fsavail_bytes,omitempty"`
	FSAvailHuman string        `json:"fsavail_human,omitempty"`
	FSSizeBytes  *int64        `json:"fssize_bytes,omitempty"`
	FSSizeHuman  string        `json:"fssize_human,omitempty"`
	FSUsedBytes  *int64        `json:"fsused_bytes,omitempty"`
	FSUsedHuman  string        `json:"fsused_human,omitempty"`
	FSUsePercent *float64      `json:"fsuse_percent,omitempty"`
	Model        string        `json:"model,omitempty"`
	Serial       string        `json:"serial,omitempty"`
	MountPoints  []string      `json:"mountpoints,omitempty"`
	Children     []LsblkDevice `json:"children,omitempty"`
}

// lsblkPending is a row read but not yet placed in the tree, with the
// sources of its values (offsets in the raw output).
type lsblkPending struct {
	dev   LsblkDevice
	depth int
	recs  []lsblkSpanRec
	start int
}

// lsblkColumns are the columns the parser reads (-o may name only these).
var lsblkColumns = map[string]bool{
	"NAME": true, "KNAME": true, "PATH": true, "MAJ:MIN": true, "RM": true, "SIZE": true, "RO": true, "TYPE": true,
	"MOUNTPOINT": true, "MOUNTPOINTS": true, "FSTYPE": true, "FSVER": true, "LABEL": true, "UUID": true,
	"FSAVAIL": true, "FSSIZE": true, "FSUSED": true, "FSUSE%": true, "MODEL": true, "SERIAL": true,
}

var lsblkParser = &catalog.Parser{
	ID:      "lsblk",
	Command: "lsblk",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "lsblk table with its header and tree (default columns, -f, -b, -l, -p, -o of known columns)",
	// Flags checked against util-linux 2.38 lsblk --help (this machine):
	// -A/--noempty and -T/--tree keep the form; -n, -P, -r drop or change
	// the header and -D, -m, -S, -t, -z add columns the parser does not
	// name (refused; -J prints JSON, which passes through).
	Flags: catalog.Flags{
		"-a": catalog.Bool, "--all": catalog.Bool, "-b": catalog.Bool, "--bytes": catalog.Bool, "-f": catalog.Bool, "--fs": catalog.Bool, "-l": catalog.Bool, "--list": catalog.Bool,
		"-p": catalog.Bool, "--paths": catalog.Bool, "-d": catalog.Bool, "--nodeps": catalog.Bool, "-i": catalog.Bool, "--ascii": catalog.Bool,
		"-o": catalog.Value, "--output": catalog.Value, "-e": catalog.Value, "--exclude": catalog.Value, "-I": catalog.Value, "--include": catalog.Value,
		"-x": catalog.Value, "--sort": catalog.Value, "-M": catalog.Bool, "--merge": catalog.Bool, "-A": catalog.Bool, "--noempty": catalog.Bool,
		"-T": catalog.Bool, "--tree": catalog.Bool,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-n": {}, "--noheadings": {}, "-P": {}, "--pairs": {}, "-r": {}, "--raw": {}, "-O": {"-f"}},
	Result:         LsblkResult{},
	RowsKey:        "devices",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{}, {"-b"}, {"-f"}},
	Parse:          parseLsblk,
}

// lsblkParsers wires the lsblkParser and returns it for the builtin list.
func lsblkParsers() []*catalog.Parser {
	lsblkParser.Check = lsblkCheck
	return []*catalog.Parser{lsblkParser}
}

// lsblkCheck refuses -o columns the parser does not know; the hint keeps the others.
func lsblkCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	for _, a := range argv.Items {
		if a.Flag != "-o" && a.Flag != "--output" || !a.HasValue {
			continue
		}
		v := a.Value
		var keep []string
		bad := ""
		for _, col := range strings.Split(strings.TrimPrefix(v, "+"), ",") {
			if lsblkColumns[strings.ToUpper(col)] {
				keep = append(keep, col)
			} else if bad == "" {
				bad = col
			}
		}
		if bad != "" {
			var hint []string
			if len(keep) > 0 {
				hint = []string{"-o", strings.Join(keep, ",")}
			}
			return catalog.Unsupported(hint, "lsblk column %s is not read", bad)
		}
	}
	return nil
}

// lsblkCol is a header column; right-aligned columns align their values
// on the header's end, the others on its start.
type lsblkCol struct {
	name   string
	cs, ce int
}

func parseLsblk(c *catalog.Context) (any, error) {
	res := &LsblkResult{Devices: []LsblkDevice{}}
	it := lex.Lines{Raw: c.Raw}
	var cols []lsblkCol
	read := 0
	var ws []lex.Word
	var cells []lsblkCell // one line's cells, the memory reused
	// The devices in output order with their depth, nested at the end:
	// values in one list (a fresh one per line, and its cells, were
	// half of what lsblk allocated).
	flat := make([]lsblkPending, 0, kit.RowCap(c))
	bytes := c.Args.Has("-b", "--bytes")
	for line, start := range it.NonBlankLines() {
		ws = lex.Words(ws[:0], line)
		if cols == nil {
			for _, w := range ws {
				name := line[w.Start:w.End]
				if !lsblkColumns[name] {
					cols = nil
					break
				}
				cols = append(cols, lsblkCol{name, w.Col, w.EndCol})
			}
			if cols == nil {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		last := cols[len(cols)-1]
		lead := 0 // words of tree drawing only: "│" continuing a branch
		for lead < len(ws)-1 && lsblkTreeOnly(line[ws[lead].Start:ws[lead].End]) {
			lead++
		}
		if (last.name == "MOUNTPOINTS" || last.name == "MOUNTPOINT") && ws[lead].Col >= last.cs && len(flat) > 0 {
			// Another mount point of the device above.
			s, e := lex.TrimSpaceRange(line, ws[lead].Start, len(line))
			flat[len(flat)-1].addMountpoint(line[s:e], start+s, start+e)
			read++
			continue
		}
		flat = append(flat, lsblkPending{start: start})
		var ok bool
		cells, ok = lsblkRow(&flat[len(flat)-1], cells, line, start, ws, cols, bytes, c.Recording())
		if !ok {
			flat = flat[:len(flat)-1]
			c.Unread(start)
			continue
		}
		read++
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as an lsblk table; if it is localized, rerun under LC_ALL=C")
	}
	lsblkNest(c, res, flat)
	return res, nil
}

// lsblkNest places the devices read, in output order with their depth,
// under their parents in res.
func lsblkNest(c *catalog.Context, res *LsblkResult, flat []lsblkPending) {
	// A row deeper than its predecessor by more than one level cannot be
	// placed and is reported.
	type frame struct {
		list *[]LsblkDevice
		ptr  []any
	}
	// Each list's length is counted first, so that it is allocated once:
	// growing the lists copied every device twice (most of what lsblk
	// allocated). A count that misses changes no answer, only the memory.
	kids, top := make([]int, len(flat)), 0
	var open []int
	for i, d := range flat {
		for len(open) > 0 && flat[open[len(open)-1]].depth >= d.depth {
			open = open[:len(open)-1]
		}
		if len(open) > 0 {
			kids[open[len(open)-1]]++
		} else {
			top++
		}
		open = append(open, i)
	}
	res.Devices = make([]LsblkDevice, 0, top)
	stack := []frame{{&res.Devices, []any{"devices"}}}
	for i := range flat {
		d := &flat[i]
		if d.depth > len(stack)-1 {
			c.Unread(d.start)
			continue
		}
		stack = stack[:d.depth+1]
		fr := stack[d.depth]
		if d.depth == 0 && c.Full(len(res.Devices)) {
			c.Omit(1)
			stack = stack[:1]
			continue
		}
		idx := len(*fr.list)
		if kids[i] > 0 {
			d.dev.Children = make([]LsblkDevice, 0, kids[i])
		}
		*fr.list = append(*fr.list, d.dev)
		var ptr []any // the device's pointer, built only when spans are recorded
		if c.Recording() {
			ptr = append(append([]any{}, fr.ptr...), idx)
			lsblkSpans(c, d, ptr)
			ptr = append(ptr, "children")
		}
		stack = append(stack, frame{&(*fr.list)[idx].Children, ptr})
	}
}

func (p *lsblkPending) addMountpoint(v string, s, e int) {
	decoded, changed := lex.HexUnescape(v)
	tr := ""
	if changed {
		tr = "unescape"
	}
	p.recs = append(p.recs, lsblkSpanRec{"mountpoints", len(p.dev.MountPoints), s, e, tr})
	p.dev.MountPoints = append(p.dev.MountPoints, decoded)
}

// lsblkSpans records a placed device's spans under its pointer.
func lsblkSpans(c *catalog.Context, p *lsblkPending, ptr []any) {
	for _, r := range p.recs {
		tokens := append(append([]any{}, ptr...), r.key)
		if r.idx >= 0 {
			tokens = append(tokens, r.idx)
		}
		c.Span(r.s, r.e, r.tr, tokens...)
	}
}

// lsblkSize is where a size column goes, and its keys.
type lsblkSize struct {
	bytes              **int64
	human              *string
	bytesKey, humanKey string
}

// lsblkSizeOf is lsblkSize of column name (SIZE, FSAVAIL, FSSIZE, FSUSED).
// A switch, not a map literal per value: those were most of lsblk's time
// (40 MB/cpu-s on its 1 MB throughput input).
func lsblkSizeOf(d *LsblkDevice, name string) lsblkSize {
	switch name {
	case "SIZE":
		return lsblkSize{&d.SizeBytes, &d.SizeHuman, "size_bytes", "size_human"}
	case "FSAVAIL":
		return lsblkSize{&d.FSAvailBytes, &d.FSAvailHuman, "fsavail_bytes", "fsavail_human"}
	case "FSSIZE":
		return lsblkSize{&d.FSSizeBytes, &d.FSSizeHuman, "fssize_bytes", "fssize_human"}
	}
	return lsblkSize{&d.FSUsedBytes, &d.FSUsedHuman, "fsused_bytes", "fsused_human"}
}

// lsblkTextOf is the key and field of a text column (FSTYPE, FSVER,
// LABEL, UUID, MODEL, SERIAL).
func lsblkTextOf(d *LsblkDevice, name string) (string, *string) {
	switch name {
	case "FSTYPE":
		return "fstype", &d.FSType
	case "FSVER":
		return "fsver", &d.FSVersion
	case "LABEL":
		return "label", &d.Label
	case "UUID":
		return "uuid", &d.UUID
	case "MODEL":
		return "model", &d.Model
	}
	return "serial", &d.Serial
}

// lsblkSpanRec is a value's source and transform, kept until the device's
// pointer is known (after nesting).
type lsblkSpanRec struct {
	key  string
	idx  int // item of a list (mountpoints), or -1
	s, e int
	tr   string
}

// lsblkTreeOnly reports whether w is made of tree-drawing characters.
func lsblkTreeOnly(w string) bool {
	for _, r := range w {
		switch r {
		case '│', '├', '└', '─', '|', '`', '-':
		default:
			return false
		}
	}
	return w != ""
}

// lsblkTreeUnits are the two-column pieces of lsblk's tree, UTF-8 and ASCII.
var lsblkTreeUnits = []string{"├─", "└─", "│ ", "|-", "`-", "| ", "  "}

// lsblkText are the columns whose values are text, which may hold a space.
var lsblkText = map[string]bool{"FSTYPE": true, "FSVER": true, "LABEL": true, "UUID": true, "MODEL": true, "SERIAL": true}

// lsblkCell is where a column's value stands in the line.
type lsblkCell struct {
	s, e int
	set  bool
}

// lsblkLine is one device line being read: its device, where it starts in
// the output, and what the arguments say (-b: sizes in bytes; spans: the
// values' sources are kept, which otherwise were half of what lsblk
// allocated).
type lsblkLine struct {
	p     *lsblkPending
	line  string
	base  int
	bytes bool
	spans bool
}

func (r *lsblkLine) keep(recs ...lsblkSpanRec) {
	if r.spans {
		r.p.recs = append(r.p.recs, recs...)
	}
}

// lsblkRow reads a device line: each word belongs to the column whose
// header it overlaps (in display columns: the tree is drawn with
// box-drawing characters); a word under no header continues the text
// value before it ("System Reserved"); the last column runs to the end of
// the line.
// It fills p and returns cells, the memory of the line's cells, for the
// next line.
func lsblkRow(p *lsblkPending, cells []lsblkCell, line string, base int, ws []lex.Word, cols []lsblkCol, bytes, spans bool) ([]lsblkCell, bool) {
	r := lsblkLine{p: p, line: line, base: base, bytes: bytes, spans: spans}
	cells, ok := r.cut(cells, ws, cols)
	if !ok {
		return cells, false
	}
	for ci, col := range cols {
		if cells[ci].set && !r.value(col.name, cells[ci].s, cells[ci].e) {
			return cells, false
		}
	}
	if r.p.dev.Name == "" && cols[0].name == "NAME" {
		return cells, false
	}
	return cells, true
}

// cut gives each word to its column; false for a word under no header
// that continues no text value.
func (r *lsblkLine) cut(cells []lsblkCell, ws []lex.Word, cols []lsblkCol) ([]lsblkCell, bool) {
	line := r.line
	cells = append(cells[:0], make([]lsblkCell, len(cols))...)
	ci, prev := 0, -1
	k0 := 0
	if cols[0].name == "NAME" && len(ws) > 0 && ws[0].Col < cols[0].ce+2 {
		k0, cells[0] = r.treeName(ws)
		ci, prev = 1, 0
	}
	for k := k0; k < len(ws); k++ {
		w := ws[k]
		j := ci
		for j < len(cols) && !(w.Col < cols[j].ce && w.EndCol > cols[j].cs) && !(j == 0 && w.Col == 0) {
			j++
		}
		if j >= len(cols) {
			if prev >= 0 && lsblkText[cols[prev].name] && w.Start == cells[prev].e+1 {
				cells[prev].e = w.End
				continue
			}
			return cells, false
		}
		if j == len(cols)-1 {
			s, e := lex.TrimSpaceRange(line, w.Start, len(line))
			cells[j] = lsblkCell{s, e, true}
			break
		}
		cells[j] = lsblkCell{w.Start, w.End, true}
		ci, prev = j+1, j
	}
	return cells, true
}

// treeName reads the name after the tree drawn before it ("│ └─"): its
// display column says how deep the device is, two columns a level. It
// returns the word after the name and the name's cell.
func (r *lsblkLine) treeName(ws []lex.Word) (int, lsblkCell) {
	line := r.line
	k0 := 0
	for k0 < len(ws)-1 && lsblkTreeOnly(line[ws[k0].Start:ws[k0].End]) {
		k0++
	}
	w := ws[k0]
	s, col := w.Start, w.Col
	for {
		found := false
		for _, u := range lsblkTreeUnits {
			if strings.HasPrefix(line[s:w.End], u) && len(u) < w.End-s {
				s += len(u)
				col += 2
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	r.p.depth = col / 2
	return k0 + 1, lsblkCell{s, w.End, true}
}

// value reads the value of column name at line[vs:ve] into the device;
// false when it does not read as the column's kind.
func (r *lsblkLine) value(name string, vs, ve int) bool {
	d, base := &r.p.dev, r.base
	v := r.line[vs:ve]
	switch name {
	case "NAME":
		d.Name = v
		r.keep(lsblkSpanRec{"name", -1, base + vs, base + ve, ""})
	case "KNAME":
		d.KName = v
		r.keep(lsblkSpanRec{"kname", -1, base + vs, base + ve, ""})
	case "PATH":
		d.Path = v
		r.keep(lsblkSpanRec{"path", -1, base + vs, base + ve, ""})
	case "MAJ:MIN":
		maj, min, ok := strings.Cut(v, ":")
		a, ok1 := lex.Atoi(maj)
		b, ok2 := lex.Atoi(min)
		if !ok || !ok1 || !ok2 {
			return false
		}
		d.Major, d.Minor = &a, &b
		r.keep(lsblkSpanRec{"major", -1, base + vs, base + vs + len(maj), "parseInt"}, lsblkSpanRec{"minor", -1, base + vs + len(maj) + 1, base + ve, "parseInt"})
	case "RM", "RO":
		if v != "0" && v != "1" {
			return false
		}
		b := v == "1"
		key := "removable"
		if name == "RM" {
			d.Removable = &b
		} else {
			d.ReadOnly, key = &b, "read_only"
		}
		r.keep(lsblkSpanRec{key, -1, base + vs, base + ve, "parseBool"})
	case "SIZE", "FSAVAIL", "FSSIZE", "FSUSED":
		sz := lsblkSizeOf(d, name)
		if r.bytes {
			n, ok := lex.Atoi(v)
			if !ok {
				return false
			}
			*sz.bytes = &n
			r.keep(lsblkSpanRec{sz.bytesKey, -1, base + vs, base + ve, "parseInt"})
		} else {
			*sz.human = v
			r.keep(lsblkSpanRec{sz.humanKey, -1, base + vs, base + ve, ""})
		}
	case "FSUSE%":
		f, ok := lex.Decimal(strings.TrimSuffix(v, "%"))
		if !ok {
			return false
		}
		d.FSUsePercent = &f
		r.keep(lsblkSpanRec{"fsuse_percent", -1, base + vs, base + ve - 1, "parseFloat"})
	case "TYPE":
		d.Type = v
		r.keep(lsblkSpanRec{"type", -1, base + vs, base + ve, ""})
	case "FSTYPE", "FSVER", "LABEL", "UUID", "MODEL", "SERIAL":
		dec, changed := lex.HexUnescape(v)
		key, dst := lsblkTextOf(d, name)
		*dst = dec
		tr := ""
		if changed {
			tr = "unescape"
		}
		r.keep(lsblkSpanRec{key, -1, base + vs, base + ve, tr})
	case "MOUNTPOINT", "MOUNTPOINTS":
		r.p.addMountpoint(v, base+vs, base+ve)
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lsblkParsers() }
