// Package stat reads the output of `stat` for the catalog: the parsers stat, stat-bsd.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package stat

import (
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// fsEpoch renders seconds since 1970 as ISO 8601 in UTC.
func fsEpoch(v string) (string, bool) {
	n, ok := lex.Atoi(v)
	if !ok || n > 253402300799 {
		return "", false
	}
	t := time.Unix(n, 0).UTC()
	return lex.ISO(t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), "", "+00:00"), true
}

// fsBSDTime reads the C-locale times BSD stat prints: "Nov 29 09:41:07
// 2026" (%b %e %T %Y) or, with a weekday first, "Sun Nov  9 09:41:07 2026"
// (%c), split into its words f (the caller's: splitting twice was a tenth
// of stat -x's time). The zone is the context's.
func fsBSDTime(c *catalog.Context, s string, f []lex.Field) (string, bool) {
	if len(f) == 5 && lex.IsWeekday(s[f[0].Start:f[0].End]) {
		f = f[1:]
	}
	if len(f) != 4 {
		return "", false
	}
	mo := lex.Month(s[f[0].Start:f[0].End])
	d, ok1 := lex.Num2(s[f[1].Start:f[1].End])
	h, mi, sec, fr, ok2 := lex.Clock(s[f[2].Start:f[2].End])
	y, ok3 := lex.Year4(s[f[3].Start:f[3].End])
	if mo == 0 || !ok1 || !ok2 || !ok3 || sec < 0 || fr >= 0 || d < 1 || d > lex.DaysIn(mo, y) {
		return "", false
	}
	return lex.ISOAt(c.Location, y, mo, d, h, mi, sec), true
}

// StatResult is the parsed output of `stat`: one entry per file operand.
type StatResult struct {
	Entries []StatEntry `json:"entries"`
	// TimeZone names the zone assumed for times printed without an offset
	// (BSD stat); present whenever one was assumed.
	TimeZone string `json:"time_zone,omitempty"`
}

// StatEntry is one file's status. Only what the output shows is set.
type StatEntry struct {
	// File is the operand as stat printed it (absent when a -c format has
	// no %n); SymlinkTarget is GNU's "name -> target" split (exactly: the
	// target's length is the size).
	File          string `json:"file,omitempty"`
	SymlinkTarget string `json:"symlink_target,omitempty"`
	// Type: file, directory, symlink, block_device, char_device, pipe,
	// socket, door or unknown (ls's words).
	Type      string `json:"type,omitempty"`
	SizeBytes *int64 `json:"size_bytes,omitempty"`
	// Blocks is st_blocks: allocated 512-byte blocks on Linux and the BSDs
	// (GNU %B says the unit: BlockSizeBytes).
	Blocks         *int64 `json:"blocks,omitempty"`
	BlockSizeBytes *int64 `json:"block_size_bytes,omitempty"`
	IOBlockBytes   *int64 `json:"io_block_bytes,omitempty"`
	// FilesystemDevice is the device holding the file (st_dev): major and
	// minor, or one number as old GNU, BusyBox and BSD's default print it.
	FilesystemDevice *kit.LsDevice `json:"filesystem_device,omitempty"`
	Inode            *int64        `json:"inode,omitempty"`
	Links            *int64        `json:"links,omitempty"`
	// Device is a device special file's own number (st_rdev), as in ls.
	Device *kit.LsDevice `json:"device,omitempty"`
	// ModeOctal is the octal permission bits in four digits ("0644"; GNU
	// %a's "644" is padded); Mode the symbolic form ("-rw-r--r--") and
	// Permissions its triplets.
	ModeOctal       string            `json:"mode_octal,omitempty"`
	Mode            string            `json:"mode,omitempty"`
	Permissions     kit.LsPermissions `json:"permissions,omitzero"`
	UID             *int64            `json:"uid,omitempty"`
	Owner           string            `json:"owner,omitempty"`
	GID             *int64            `json:"gid,omitempty"`
	Group           string            `json:"group,omitempty"`
	SecurityContext string            `json:"security_context,omitempty"`
	// FileFlags are BSD file flags (st_flags) as printed ("0", "0x8000").
	FileFlags  string `json:"file_flags,omitempty"`
	AccessedAt string `json:"accessed_at,omitempty"`
	ModifiedAt string `json:"modified_at,omitempty"`
	ChangedAt  string `json:"changed_at,omitempty"`
	BornAt     string `json:"born_at,omitempty"`
}

var statParserDef = &catalog.Parser{
	ID:      "stat",
	Command: "stat",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "GNU and BusyBox stat: the labeled form, -t terse lines, -c with a simple format (directives separated by single spaces)",
	// Flags checked against GNU coreutils 9.1 stat --help and stat.c (this
	// machine, and the quoted names of older releases) and BusyBox 1.35
	// stat (-c -f -L -t -Z). -c/--format is read when its directives are
	// separated by single spaces and a directive that can hold spaces
	// (%n, %F) comes last; other formats, --printf and -f (file system
	// status) are refused, -c with the default form as the hint.
	Flags: catalog.Flags{
		"-L": catalog.Bool, "-t": catalog.Bool, "-f": catalog.Bool, "-Z": catalog.Bool,
		"-c":            catalog.Value,
		"--dereference": catalog.Bool, "--terse": catalog.Bool, "--file-system": catalog.Bool, "--context": catalog.Bool,
		"--format": catalog.Value, "--printf": catalog.Value, "--cached": catalog.Value,
	},
	MaxPositionals: -1,
	Result:         StatResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"file"},
	Examples:       [][]string{{"file.txt"}, {"-L", "a", "b"}, {"-t", "file.txt"}, {"-c", "%s %Y %n", "file.txt"}},
}

var statBSDParserDef = &catalog.Parser{
	ID:      "stat-bsd",
	Command: "stat",
	Version: "1",
	OS:      []catalog.OS{catalog.Darwin, catalog.FreeBSD},
	Format:  "BSD/macOS stat: the default one-line form (%d %i %Sp %l %Su %Sg %r %z \"%Sa\" \"%Sm\" \"%Sc\" \"%SB\" %k %b %#Xf %N; OpenBSD without \"%SB\") and -x",
	// Flags checked against FreeBSD 14 stat(1) and stat.c (DEF_FORMAT,
	// LINUX_FORMAT for -x, user_from_uid's "(1005)" for a user without a
	// name) and macOS 14 stat(1) (-x adds " Birth:"). -f/-t formats, -l,
	// -r, -s, -F and -n print other forms: refused with -x as the hint.
	Flags: catalog.Flags{
		"-L": catalog.Bool, "-q": catalog.Bool, "-x": catalog.Bool, "-F": catalog.Bool, "-l": catalog.Bool, "-n": catalog.Bool, "-r": catalog.Bool, "-s": catalog.Bool,
		"-H": catalog.Bool, "-f": catalog.Value, "-t": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-l": {"-x"}, "-r": {"-x"}, "-s": {"-x"}, "-F": {"-x"}, "-n": {"-x"},
	},
	Result:    StatResult{},
	RowsKey:   "entries",
	KeyFields: []string{"file"},
	Examples:  [][]string{{"file.txt"}, {"-x", "file.txt"}, {"-L", "a", "b"}},
}

// statParsers wires the statParserDef, statBSDParserDef and returns them for the builtin list.
func statParsers() []*catalog.Parser {
	statParserDef.Check, statParserDef.Parse = statCheck, parseStat
	statBSDParserDef.Check, statBSDParserDef.Parse = statBSDCheck, parseStat
	return []*catalog.Parser{statParserDef, statBSDParserDef}
}

// statDirective is one %-directive of a simple GNU -c format.
type statDirective struct {
	letter byte
	kind   uint8 // statNum, statWord, statTime3, statRest
}

const (
	statNum   uint8 = iota // one decimal word
	statWord               // one word without spaces
	statTime3              // "2026-11-29 23:52:32.874503903 +0000" or "-"
	statRest               // the rest of the line (%n, %F): last only
)

var statDirectives = map[byte]uint8{
	's': statNum, 'b': statNum, 'B': statNum, 'i': statNum, 'h': statNum, 'u': statNum, 'g': statNum,
	'o': statNum, 'X': statNum, 'Y': statNum, 'Z': statNum, 'W': statNum, 'd': statNum, 'a': statNum,
	'A': statWord, 'U': statWord, 'G': statWord, 'C': statWord,
	'x': statTime3, 'y': statTime3, 'z': statTime3, 'w': statTime3,
	'n': statRest, 'F': statRest,
}

// statFormat reads a -c format made of directives separated by single
// spaces, a directive that can hold spaces (%n, %F) only last.
func statFormat(f string) ([]statDirective, bool) {
	var out []statDirective
	for i := 0; i < len(f); {
		if f[i] != '%' || i+1 >= len(f) {
			return nil, false
		}
		k, ok := statDirectives[f[i+1]]
		if !ok {
			return nil, false
		}
		out = append(out, statDirective{f[i+1], k})
		i += 2
		if i < len(f) {
			if f[i] != ' ' || i+1 >= len(f) {
				return nil, false
			}
			i++
		}
	}
	for i, d := range out {
		if d.kind == statRest && i != len(out)-1 {
			return nil, false
		}
	}
	return out, len(out) > 0
}

func statCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	args, scanned := argv.Rest(), argv.Items
	for _, a := range scanned {
		switch a.Flag {
		case "-f", "--file-system":
			return catalog.Unsupported(nil, "stat -f reports file systems; the parser reads file status (df reads file systems)")
		case "--printf":
			return catalog.Unsupported(kit.FsWithout(args, scanned, func(a catalog.CmdArg) bool { return a.Flag == "--printf" }),
				"stat --printf output has no line structure; the default form has every field")
		case "-c", "--format":
			if _, ok := statFormat(a.Value); !ok {
				return catalog.Unsupported(kit.FsWithout(args, scanned, func(a catalog.CmdArg) bool { return a.Flag == "-c" || a.Flag == "--format" }),
					"stat format %q is not one the parser reads exactly; the default form has every field", a.Value)
			}
		}
	}
	return nil
}

func statBSDCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	args, scanned := argv.Rest(), argv.Items
	for _, a := range scanned {
		switch a.Flag {
		case "-f", "-t", "-l", "-r", "-s", "-F", "-n":
			// Same information in a form the parser reads: -x, with the
			// operands and -L/-q kept.
			hint := kit.FsWithout(args, scanned, func(a catalog.CmdArg) bool { return a.Flag != "-L" && a.Flag != "-q" })
			hint = append([]string{"-x"}, hint...)
			return catalog.Unsupported(hint, "BSD stat %s prints a form the parser does not read; -x prints every field labeled", a.Flag)
		case "-H":
			return catalog.Unsupported(nil, "stat -H reads NFS file handles")
		}
	}
	return nil
}

// statParser holds the state of one stat parse.
type statParser struct {
	c       *catalog.Context
	r       *catalog.SpanRec
	res     *StatResult
	key     uint16
	trInt   catalog.SpanTr
	marks   []int
	assumed bool
	zoneAt  [2]int
	wideDev bool // an st_dev past int64 was left out
	nums    *statNums
}

// statNums holds one entry's numbers, which the answer points at: one
// allocation per entry, not one per number (those were half of stat -x's
// 59k allocations per MB). More numbers than it holds take a new one.
type statNums struct {
	v [12]int64
	n int
}

// newEntry appends an empty entry and returns its index.
func (p *statParser) newEntry() int {
	p.res.Entries = append(p.res.Entries, StatEntry{})
	p.nums = nil
	return len(p.res.Entries) - 1
}

// intp returns a pointer to v held in the entry's numbers.
func (p *statParser) intp(v int64) *int64 {
	if p.nums == nil || p.nums.n == len(p.nums.v) {
		p.nums = new(statNums)
	}
	at := &p.nums.v[p.nums.n]
	p.nums.n++
	*at = v
	return at
}

func (p *statParser) id(name string) uint16 { return p.r.Name(name) }

// num sets *dst from the decimal word raw[s:e].
func (p *statParser) num(dst **int64, idx int, field string, s, e int) bool {
	n, ok := lex.Atoi64(p.c.Raw[s:e])
	if !ok {
		return false
	}
	*dst = p.intp(n)
	p.r.At(p.key, idx, p.id(field), s, e, p.trInt)
	return true
}

// str sets *dst to raw[s:e] verbatim.
func (p *statParser) str(dst *string, idx int, field string, s, e int) {
	*dst = p.c.Raw[s:e]
	p.r.At(p.key, idx, p.id(field), s, e, 0)
}

// mode sets the symbolic mode, its type and permissions from raw[s:e].
func (p *statParser) mode(en *StatEntry, idx, s, e int, setType bool) bool {
	m := p.c.Raw[s:e]
	if !kit.ValidMode(m) {
		return false
	}
	en.Mode = m
	en.Permissions = kit.LsPermissions{Owner: m[1:4], Group: m[4:7], Other: m[7:10]}
	r := p.r
	r.At(p.key, idx, p.id("mode"), s, e, 0)
	r.At(p.key, idx, p.id("permissions/owner"), s+1, s+4, 0)
	r.At(p.key, idx, p.id("permissions/group"), s+4, s+7, 0)
	r.At(p.key, idx, p.id("permissions/other"), s+7, s+10, 0)
	if setType && en.Type == "" {
		en.Type = kit.FileType(m[0])
		r.At(p.key, idx, p.id("type"), s, s+1, r.TrID("fileType"))
	}
	return true
}

// time sets a timestamp field from the text raw[s:e] (GNU numeric form,
// BSD C-locale form, or "-" for none).
func (p *statParser) time(dst *string, idx int, field string, s, e int) bool {
	t := p.c.Raw[s:e]
	if t == "-" {
		return true
	}
	var buf [6]lex.Field
	f := lex.Fields(buf[:0], t, 0)
	if len(f) == 3 {
		if iso, ok := lex.NumericTime(t[f[0].Start:f[0].End], t[f[1].Start:f[1].End], t[f[2].Start:f[2].End]); ok {
			*dst = iso
			p.r.At(p.key, idx, p.id(field), s, e, p.r.TrID("timestamp"))
			return true
		}
	}
	iso, ok := fsBSDTime(p.c, t, f)
	if !ok {
		return false
	}
	*dst = iso
	p.r.At(p.key, idx, p.id(field), s, e, p.r.TrID("timestamp"))
	if !p.assumed {
		p.assumed, p.zoneAt = true, [2]int{s, e}
	}
	return true
}

// epoch sets a timestamp field from seconds since 1970 ("0": none).
func (p *statParser) epoch(dst *string, idx int, field string, s, e int) bool {
	v := p.c.Raw[s:e]
	if v == "0" {
		return true
	}
	iso, ok := fsEpoch(v)
	if !ok {
		return false
	}
	*dst = iso
	p.r.At(p.key, idx, p.id(field), s, e, p.r.TrID("epoch"))
	return true
}

// device reads "254,0" (decimal major,minor; hex with hex) or
// "fe00h/65024d" (one number) at raw[s:e].
func (p *statParser) device(dst **kit.LsDevice, idx int, field string, s, e int, hex bool) bool {
	v := p.c.Raw[s:e]
	d := &kit.LsDevice{}
	if a, b, ok := strings.Cut(v, ","); ok {
		parse, tr := lex.Atoi, p.trInt
		if hex {
			parse, tr = lex.Hex, p.r.TrID("parseHex")
		}
		ma, ok1 := parse(a)
		mi, ok2 := parse(b)
		if !ok1 || !ok2 {
			return false
		}
		d.Major, d.Minor = p.intp(ma), p.intp(mi)
		p.r.At(p.key, idx, p.id(field+"/major"), s, s+len(a), tr)
		p.r.At(p.key, idx, p.id(field+"/minor"), s+len(a)+1, e, tr)
	} else if h, dec, ok := strings.Cut(v, "/"); ok && strings.HasSuffix(h, "h") && strings.HasSuffix(dec, "d") {
		n, ok := lex.Atoi(dec[:len(dec)-1])
		if !ok {
			return false
		}
		d.Number = p.intp(n)
		at := s + len(h) + 1
		p.r.At(p.key, idx, p.id(field+"/number"), at, at+len(dec)-1, p.trInt)
	} else {
		n, ok := lex.Atoi(v)
		if !ok {
			return false
		}
		d.Number = p.intp(n)
		p.r.At(p.key, idx, p.id(field+"/number"), s, e, p.trInt)
	}
	*dst = d
	return true
}

// statTypes maps GNU's and BSD's file type words onto ls's.
var statTypes = map[string]string{
	"regular file": "file", "regular empty file": "file", "directory": "directory",
	"symbolic link": "symlink", "character special file": "char_device", "block special file": "block_device",
	"fifo": "pipe", "socket": "socket", "weird file": "unknown", "door": "door",
	"Regular File": "file", "Directory": "directory", "Symbolic Link": "symlink",
	"Character Device": "char_device", "Block Device": "block_device", "Fifo File": "pipe",
	"Socket": "socket", "Whiteout File": "unknown", "Door": "door",
}

func parseStat(c *catalog.Context) (any, error) {
	p := &statParser{c: c, r: c.Rows(22), res: &StatResult{}}
	p.key = p.r.Name("entries/*")
	p.trInt = p.r.TrID("parseInt")
	// The arguments name a custom or terse form; otherwise the shape decides.
	var format []statDirective
	terse := false
	if c.OS.BsdLike() {
		// BSD has no -c or -t terse; -f and -t were refused by the check.
	} else {
		for _, a := range c.Args.Items {
			switch a.Flag {
			case "-c", "--format":
				format, _ = statFormat(a.Value)
			case "-t", "--terse":
				terse = true
			}
		}
	}
	it := lex.Lines{Raw: c.Raw}
	first := ""
	for line, _ := range it.All() {
		if !lex.IsBlank(line) {
			first = line
			break
		}
	}
	// The entries are sized once: growing them was a fifth of stat's time
	// (75 -> 120 MB/cpu-s on its 1 MB throughput input), and over half of
	// stat-bsd's on 1 MB of default lines (59 MB/cpu-s, 11.5 MB/op). A
	// labeled entry begins with "File: ", the other forms' are a line
	// each; a miscount changes only the memory.
	if strings.HasPrefix(first, "  File: ") {
		p.res.Entries = make([]StatEntry, 0, strings.Count(c.Raw, "File: "))
	} else {
		p.res.Entries = make([]StatEntry, 0, lex.CountLines(c.Raw))
	}
	var err error
	switch {
	case first == "":
	case strings.HasPrefix(first, "  File: "):
		err = p.labeled()
	case format != nil:
		nameLast := format[len(format)-1].letter == 'n'
		err = p.lines(func(line string, start, idx int) bool { return p.custom(format, line, start, idx) }, nameLast, false)
	case terse:
		err = p.lines(p.terse, false, true)
	default:
		err = p.lines(p.bsdLine, true, false)
	}
	if err != nil {
		return nil, err
	}
	p.res.Entries, _ = kit.FsSettle(c, p.r, p.res.Entries, p.marks, false, 0)
	if p.assumed {
		p.res.TimeZone = kit.ZoneName(c)
		if c.Recording() {
			c.Span(p.zoneAt[0], p.zoneAt[1], "assumedZone", "time_zone")
		}
	}
	if p.wideDev {
		c.Warn("a file system device number (st_dev) past 2^63 is left out of filesystem_device")
	}
	p.r.Finish()
	return p.res, nil
}

// lines reads one entry per line with read. A name holding a newline
// breaks its line in two, one of which does not read: the entry on the
// other part is not trusted either: with the name last on the line the
// entry before a bad line is dropped, with the name first (-t) the entry
// after one.
func (p *statParser) lines(read func(line string, start, idx int) bool, nameLast, nameFirst bool) error {
	it := lex.Lines{Raw: p.c.Raw}
	rows, ok := 0, 0
	prevGood, prevBad := -1, false // the line before: an entry's start, or unread
	for {
		line, start, more := it.Next()
		if !more {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		rows++
		m := p.r.Mark()
		idx := p.newEntry()
		good := read(line, start, idx)
		tainted := good && nameFirst && prevBad
		if tainted {
			good = false
		}
		if !good {
			p.res.Entries = p.res.Entries[:idx]
			p.r.Truncate(m)
			if nameLast && prevGood >= 0 {
				p.dropLast()
				p.c.Unread(prevGood)
				ok--
			}
			p.c.Unread(start)
			prevGood, prevBad = -1, !tainted
			continue
		}
		if p.r.On {
			p.marks = append(p.marks, m)
		}
		ok++
		prevGood, prevBad = start, false
	}
	if rows > 0 && ok == 0 {
		return catalog.Unrecognized("no line of the output reads as stat output; if it is localized, rerun under LC_ALL=C")
	}
	return nil
}

// dropLast removes the last entry and its spans.
func (p *statParser) dropLast() {
	p.res.Entries = p.res.Entries[:len(p.res.Entries)-1]
	if p.r.On {
		p.r.Truncate(p.marks[len(p.marks)-1])
		p.marks = p.marks[:len(p.marks)-1]
	}
}

// bsdLine reads BSD stat's default line:
// %d %i %Sp %l %Su %Sg %r %z "%Sa" "%Sm" "%Sc" "%SB" %k %b %#Xf %N
// (FreeBSD, NetBSD, macOS), or OpenBSD's, which has no "%SB".
func (p *statParser) bsdLine(line string, base, idx int) bool {
	en := &p.res.Entries[idx]
	pos := 0
	word := func() (int, int, bool) {
		if pos >= len(line) || line[pos] == ' ' {
			return 0, 0, false
		}
		e := strings.IndexByte(line[pos:], ' ')
		if e < 0 {
			return 0, 0, false
		}
		s := pos
		pos += e + 1
		return base + s, base + s + e, true
	}
	var w [8][2]int
	for i := range w {
		s, e, ok := word()
		if !ok {
			return false
		}
		w[i] = [2]int{s, e}
	}
	// st_dev and st_rdev are unsigned 64-bit on FreeBSD 12 and later: a
	// ZFS st_dev can pass int64, and a file that is no device may show
	// NODEV (18446744073709551615). Such a number is left out with a
	// warning, not the whole line.
	var dev *int64
	if p.num(&dev, idx, "filesystem_device/number", w[0][0], w[0][1]) {
		en.FilesystemDevice = &kit.LsDevice{Number: dev}
	} else if lex.IsDigits(p.c.Raw[w[0][0]:w[0][1]]) {
		p.wideDev = true
	} else {
		return false
	}
	if !p.num(&en.Inode, idx, "inode", w[1][0], w[1][1]) || !p.mode(en, idx, w[2][0], w[2][1], true) ||
		!p.num(&en.Links, idx, "links", w[3][0], w[3][1]) {
		return false
	}
	p.owner(&en.Owner, &en.UID, idx, "owner", "uid", w[4][0], w[4][1])
	p.owner(&en.Group, &en.GID, idx, "group", "gid", w[5][0], w[5][1])
	rdevS, rdevE := w[6][0], w[6][1]
	if !lex.IsDigits(p.c.Raw[rdevS:rdevE]) {
		return false
	}
	if t := en.Mode[0]; t == 'b' || t == 'c' {
		if !p.device(&en.Device, idx, "device", rdevS, rdevE, false) {
			return false
		}
	}
	if !p.num(&en.SizeBytes, idx, "size_bytes", w[7][0], w[7][1]) {
		return false
	}
	times := [4]*string{&en.AccessedAt, &en.ModifiedAt, &en.ChangedAt, &en.BornAt}
	names := [4]string{"accessed_at", "modified_at", "changed_at", "born_at"}
	for i := range times {
		if i == 3 && pos < len(line) && line[pos] != '"' {
			// OpenBSD's DEF_FORMAT has no "%SB": three times, then %k.
			break
		}
		if pos >= len(line) || line[pos] != '"' {
			return false
		}
		q := strings.IndexByte(line[pos+1:], '"')
		if q < 0 || pos+q+2 >= len(line) || line[pos+q+2] != ' ' {
			return false
		}
		if !p.time(times[i], idx, names[i], base+pos+1, base+pos+1+q) {
			return false
		}
		pos += q + 3
	}
	for _, f := range []string{"io_block_bytes", "blocks"} {
		s, e, ok := word()
		if !ok {
			return false
		}
		dst := &en.IOBlockBytes
		if f == "blocks" {
			dst = &en.Blocks
		}
		if !p.num(dst, idx, f, s, e) {
			return false
		}
	}
	s, e, ok := word()
	if !ok {
		return false
	}
	flags := p.c.Raw[s:e]
	if flags != "0" && (!strings.HasPrefix(flags, "0x") || !isHexDigits(flags[2:])) {
		return false
	}
	p.str(&en.FileFlags, idx, "file_flags", s, e)
	if pos >= len(line) {
		return false
	}
	p.str(&en.File, idx, "file", base+pos, base+len(line))
	return true
}

func isHexDigits(s string) bool {
	_, ok := lex.Hex(s)
	return ok
}

// owner sets a user or group name, or the id BSD prints as "(501)" when
// the id has no name.
func (p *statParser) owner(name *string, id **int64, idx int, nameField, idField string, s, e int) {
	v := p.c.Raw[s:e]
	if len(v) > 2 && v[0] == '(' && v[len(v)-1] == ')' {
		if n, ok := lex.Atoi(v[1 : len(v)-1]); ok {
			*id = p.intp(n)
			p.r.At(p.key, idx, p.id(idField), s+1, e-1, p.trInt)
			return
		}
	}
	p.str(name, idx, nameField, s, e)
}

// terse reads a -t line: GNU "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z
// %W %o", BusyBox the same without %W. Fields are counted from the end,
// since the name may hold spaces; a line that reads both ways is refused.
func (p *statParser) terse(line string, base, idx int) bool {
	f := lex.Fields(nil, line, 0)
	gnu := len(f) >= 16 && p.terseFields(line, f[len(f)-15:], true)
	busybox := len(f) >= 15 && p.terseFields(line, f[len(f)-14:], false)
	if gnu == busybox {
		return false
	}
	n := 15
	if busybox {
		n = 14
	}
	vals := f[len(f)-n:]
	en := &p.res.Entries[idx]
	nameEnd := vals[0].Start - 1
	p.str(&en.File, idx, "file", base, base+nameEnd)
	at := func(i int) (int, int) { return base + vals[i].Start, base + vals[i].End }
	s, e := at(0)
	p.num(&en.SizeBytes, idx, "size_bytes", s, e)
	s, e = at(1)
	p.num(&en.Blocks, idx, "blocks", s, e)
	s, e = at(2)
	raw, _ := lex.Hex(p.c.Raw[s:e])
	en.ModeOctal = "0" + strconv.FormatInt(raw&07777, 8)
	if len(en.ModeOctal) > 4 {
		en.ModeOctal = en.ModeOctal[1:]
	}
	trHex := p.r.TrID("parseHex")
	p.r.At(p.key, idx, p.id("mode_octal"), s, e, trHex)
	en.Type = statRawType(raw)
	p.r.At(p.key, idx, p.id("type"), s, e, p.r.TrID("fileType"))
	s, e = at(3)
	p.num(&en.UID, idx, "uid", s, e)
	s, e = at(4)
	p.num(&en.GID, idx, "gid", s, e)
	s, e = at(5)
	dev, _ := lex.Hex(p.c.Raw[s:e])
	en.FilesystemDevice = &kit.LsDevice{Number: p.intp(dev)}
	p.r.At(p.key, idx, p.id("filesystem_device/number"), s, e, trHex)
	s, e = at(6)
	p.num(&en.Inode, idx, "inode", s, e)
	s, e = at(7)
	p.num(&en.Links, idx, "links", s, e)
	if en.Type == "block_device" || en.Type == "char_device" {
		s1, e1 := at(8)
		s2, e2 := at(9)
		ma, _ := lex.Hex(p.c.Raw[s1:e1])
		mi, _ := lex.Hex(p.c.Raw[s2:e2])
		en.Device = &kit.LsDevice{Major: p.intp(ma), Minor: p.intp(mi)}
		p.r.At(p.key, idx, p.id("device/major"), s1, e1, trHex)
		p.r.At(p.key, idx, p.id("device/minor"), s2, e2, trHex)
	}
	times := []*string{&en.AccessedAt, &en.ModifiedAt, &en.ChangedAt, &en.BornAt}
	names := []string{"accessed_at", "modified_at", "changed_at", "born_at"}
	if busybox {
		times, names = times[:3], names[:3]
	}
	for i := range times {
		s, e = at(10 + i)
		if !p.epoch(times[i], idx, names[i], s, e) {
			return false
		}
	}
	s, e = at(n - 1)
	p.num(&en.IOBlockBytes, idx, "io_block_bytes", s, e)
	return true
}

// terseFields checks the value words of a terse line: which are decimal,
// which hexadecimal.
func (p *statParser) terseFields(line string, f []lex.Field, gnu bool) bool {
	hex := map[int]bool{2: true, 5: true, 8: true, 9: true}
	for i, w := range f {
		v := line[w.Start:w.End]
		if hex[i] {
			if !isHexDigits(v) {
				return false
			}
		} else if !lex.IsDigits(v) {
			return false
		}
	}
	m, _ := lex.Hex(line[f[2].Start:f[2].End])
	return statRawType(m) != "unknown"
}

func statRawType(mode int64) string {
	switch mode & 0170000 {
	case 0100000:
		return "file"
	case 0040000:
		return "directory"
	case 0120000:
		return "symlink"
	case 0060000:
		return "block_device"
	case 0020000:
		return "char_device"
	case 0010000:
		return "pipe"
	case 0140000:
		return "socket"
	}
	return "unknown"
}

// custom reads one line of a simple -c format.
func (p *statParser) custom(format []statDirective, line string, base, idx int) bool {
	en := &p.res.Entries[idx]
	pos := 0
	for i, d := range format {
		last := i == len(format)-1
		s, e := pos, 0
		switch d.kind {
		case statRest:
			e = len(line)
		case statTime3:
			if strings.HasPrefix(line[pos:], "-") && (pos+1 == len(line) || line[pos+1] == ' ') {
				e = pos + 1
				break
			}
			e = pos
			for k := 0; k < 3; k++ {
				j := strings.IndexByte(line[e:], ' ')
				if k < 2 || !last {
					if j < 0 {
						return false
					}
					e += j + 1
					if k == 2 {
						e--
					}
					continue
				}
				if j >= 0 {
					return false
				}
				e = len(line)
			}
		default:
			j := strings.IndexByte(line[pos:], ' ')
			if last {
				if j >= 0 {
					return false
				}
				e = len(line)
			} else {
				if j <= 0 {
					return false
				}
				e = pos + j
			}
		}
		if s >= e {
			return false
		}
		if !p.directive(en, d.letter, idx, base+s, base+e) {
			return false
		}
		pos = e + 1
	}
	return true
}

func (p *statParser) directive(en *StatEntry, letter byte, idx, s, e int) bool {
	switch letter {
	case 's':
		return p.num(&en.SizeBytes, idx, "size_bytes", s, e)
	case 'b':
		return p.num(&en.Blocks, idx, "blocks", s, e)
	case 'B':
		return p.num(&en.BlockSizeBytes, idx, "block_size_bytes", s, e)
	case 'i':
		return p.num(&en.Inode, idx, "inode", s, e)
	case 'h':
		return p.num(&en.Links, idx, "links", s, e)
	case 'u':
		return p.num(&en.UID, idx, "uid", s, e)
	case 'g':
		return p.num(&en.GID, idx, "gid", s, e)
	case 'o':
		return p.num(&en.IOBlockBytes, idx, "io_block_bytes", s, e)
	case 'd':
		var n *int64
		if !p.num(&n, idx, "filesystem_device/number", s, e) {
			return false
		}
		en.FilesystemDevice = &kit.LsDevice{Number: n}
		return true
	case 'a':
		v := p.c.Raw[s:e]
		if !lex.IsDigits(v) || e-s > 4 || strings.ContainsAny(v, "89") {
			return false
		}
		if len(v) == 4 {
			p.str(&en.ModeOctal, idx, "mode_octal", s, e)
			return true
		}
		// %a prints "644"; the labeled forms print "0644": one spelling.
		en.ModeOctal = strings.Repeat("0", 4-len(v)) + v
		p.r.At(p.key, idx, p.id("mode_octal"), s, e, p.r.TrID("zeroPad"))
		return true
	case 'A':
		return p.mode(en, idx, s, e, true)
	case 'U':
		p.str(&en.Owner, idx, "owner", s, e)
	case 'G':
		p.str(&en.Group, idx, "group", s, e)
	case 'C':
		p.str(&en.SecurityContext, idx, "security_context", s, e)
	case 'n':
		p.str(&en.File, idx, "file", s, e)
	case 'F':
		t, ok := statTypes[p.c.Raw[s:e]]
		if !ok {
			return false
		}
		en.Type = t
		p.r.At(p.key, idx, p.id("type"), s, e, p.r.TrID("fileType"))
	case 'X':
		return p.epoch(&en.AccessedAt, idx, "accessed_at", s, e)
	case 'Y':
		return p.epoch(&en.ModifiedAt, idx, "modified_at", s, e)
	case 'Z':
		return p.epoch(&en.ChangedAt, idx, "changed_at", s, e)
	case 'W':
		return p.epoch(&en.BornAt, idx, "born_at", s, e)
	case 'x':
		return p.time(&en.AccessedAt, idx, "accessed_at", s, e)
	case 'y':
		return p.time(&en.ModifiedAt, idx, "modified_at", s, e)
	case 'z':
		return p.time(&en.ChangedAt, idx, "changed_at", s, e)
	case 'w':
		return p.time(&en.BornAt, idx, "born_at", s, e)
	default:
		return false
	}
	return true
}

// statLabel finds "label" in line at or after from and returns the word
// after it (offsets within line).
func statLabel(line, label string, from int) (int, int, bool) {
	i := strings.Index(line[from:], label)
	if i < 0 {
		return 0, 0, false
	}
	s, e := lex.NextField(line, from+i+len(label))
	return s, e, s < e
}

// labeled reads the labeled forms: GNU and BusyBox stat, BSD stat -x.
func (p *statParser) labeled() error {
	c := p.c
	it := lex.Lines{Raw: c.Raw}
	idx := -1
	var fileS, fileE int // the text after "  File: "
	inFile := false      // lines until "  Size:" continue the name
	hexDevType := false  // BusyBox and old GNU print the device type in hex
	blockStart, bad := -1, false
	var seen uint16 // kinds of line read in this block
	bsd := false
	entryOK := 0
	end := func() {
		if idx < 0 {
			return
		}
		en := &p.res.Entries[idx]
		if bad || !p.finishName(en, idx, fileS, fileE, bsd) {
			p.res.Entries = p.res.Entries[:idx]
			p.r.Truncate(p.marks[len(p.marks)-1])
			p.marks = p.marks[:len(p.marks)-1]
			c.Unread(blockStart)
		} else {
			entryOK++
		}
		idx = -1
	}
	for line, start := range it.All() {
		if strings.HasPrefix(line, "  File: ") {
			end()
			idx = p.newEntry()
			p.marks = append(p.marks, p.r.Mark())
			fileS, fileE, inFile, bad, blockStart, bsd, seen = start+8, start+len(line), true, false, start, false, 0
			continue
		}
		if idx < 0 {
			if !lex.IsBlank(line) {
				c.Unread(start)
			}
			continue
		}
		if inFile && !strings.HasPrefix(line, "  Size: ") {
			fileE = start + len(line) // the name held a newline
			continue
		}
		inFile = false
		en := &p.res.Entries[idx]
		if !p.labeledLine(en, idx, line, start, &hexDevType, &bsd, &seen) {
			bad = true
		}
	}
	end()
	if !p.r.On {
		p.marks = p.marks[:0]
	}
	if len(c.UnreadOffsets()) > 0 && entryOK == 0 {
		return catalog.Unrecognized("no block of the output reads as stat output; if it is localized, rerun under LC_ALL=C")
	}
	return nil
}

// labeledLine reads one line of a labeled block after the name.
func (p *statParser) labeledLine(en *StatEntry, idx int, line string, base int, hexDevType, bsd *bool, seen *uint16) bool {
	t := strings.TrimLeft(line, " ")
	// Each kind of line once per block: a repeated one would overwrite.
	kinds := [...]string{"Size: ", "Device: ", "Access: (", "Mode: (", "Context: ", "Access: ", "Modify: ", "Change: ", "Birth: "}
	for k, pre := range kinds {
		if strings.HasPrefix(t, pre) {
			if *seen&(1<<k) != 0 {
				return false
			}
			*seen |= 1 << k
			break
		}
	}
	switch {
	case strings.HasPrefix(t, "Size: "):
		s, e, ok := statLabel(line, "Size:", 0)
		if !ok || !p.num(&en.SizeBytes, idx, "size_bytes", base+s, base+e) {
			return false
		}
		if i := strings.Index(line, "FileType: "); i >= 0 {
			*bsd = true
			return p.typeWords(en, idx, line, base, i+len("FileType: "))
		}
		s, e, ok = statLabel(line, "Blocks:", e)
		if !ok || !p.num(&en.Blocks, idx, "blocks", base+s, base+e) {
			return false
		}
		s, e, ok = statLabel(line, "IO Block:", e)
		if !ok || !p.num(&en.IOBlockBytes, idx, "io_block_bytes", base+s, base+e) {
			return false
		}
		return p.typeWords(en, idx, line, base, e)
	case strings.HasPrefix(t, "Device: "):
		s, e, ok := statLabel(line, "Device:", 0)
		if !ok {
			return false
		}
		*hexDevType = strings.HasSuffix(line[s:e], "d") && strings.Contains(line[s:e], "h/")
		if !p.device(&en.FilesystemDevice, idx, "filesystem_device", base+s, base+e, false) {
			return false
		}
		s, e, ok = statLabel(line, "Inode:", e)
		if !ok || !p.num(&en.Inode, idx, "inode", base+s, base+e) {
			return false
		}
		s, e, ok = statLabel(line, "Links:", e)
		if !ok || !p.num(&en.Links, idx, "links", base+s, base+e) {
			return false
		}
		if s, e, ok := statLabel(line, "Device type:", e); ok {
			return p.device(&en.Device, idx, "device", base+s, base+e, *hexDevType)
		}
		return lex.IsBlank(line[e:])
	case strings.HasPrefix(t, "Access: ("), strings.HasPrefix(t, "Mode: ("):
		return p.modeLine(en, idx, line, base)
	case strings.HasPrefix(t, "Context: "):
		i := strings.Index(line, "Context: ") + len("Context: ")
		if i >= len(line) {
			return false
		}
		p.str(&en.SecurityContext, idx, "security_context", base+i, base+len(line))
		return true
	}
	for _, tm := range []struct {
		label, field string
		dst          *string
	}{
		{"Access: ", "accessed_at", &en.AccessedAt}, {"Modify: ", "modified_at", &en.ModifiedAt},
		{"Change: ", "changed_at", &en.ChangedAt}, {"Birth: ", "born_at", &en.BornAt},
	} {
		if strings.HasPrefix(t, tm.label) {
			s := len(line) - len(t) + len(tm.label)
			_, e := lex.TrimSpaceRange(line, s, len(line))
			return p.time(tm.dst, idx, tm.field, base+s, base+e)
		}
	}
	return false
}

// typeWords reads the file type words from line[at:].
func (p *statParser) typeWords(en *StatEntry, idx int, line string, base, at int) bool {
	s, e := lex.TrimSpaceRange(line, at, len(line))
	t, ok := statTypes[line[s:e]]
	if !ok {
		return false
	}
	en.Type = t
	p.r.At(p.key, idx, p.id("type"), base+s, base+e, p.r.TrID("fileType"))
	return true
}

// modeLine reads "Access: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid:
// (    0/    root)" and BSD's "Mode: (...)" form of it.
func (p *statParser) modeLine(en *StatEntry, idx int, line string, base int) bool {
	o := strings.IndexByte(line, '(')
	sl := strings.IndexByte(line[o:], '/') + o
	cl := strings.IndexByte(line[o:], ')') + o
	if sl <= o || cl <= sl || cl-sl != 11 || !lex.IsDigits(line[o+1:sl]) {
		return false
	}
	p.str(&en.ModeOctal, idx, "mode_octal", base+o+1, base+sl)
	if !p.mode(en, idx, base+sl+1, base+cl, en.Type == "") {
		return false
	}
	for _, id := range []struct{ label, idF, nameF string }{{"Uid: (", "uid", "owner"}, {"Gid: (", "gid", "group"}} {
		i := strings.Index(line[cl:], id.label)
		if i < 0 {
			return false
		}
		i += cl + len(id.label)
		sl := strings.IndexByte(line[i:], '/') + i
		if sl < i {
			return false
		}
		// BSD prints a user without a name as "(1005)": "( 1005/  (1005))".
		from := lex.SkipBlanks(line, sl+1)
		if from < len(line) && line[from] == '(' {
			from++
		}
		ce := strings.IndexByte(line[from:], ')') + from
		if ce < from {
			return false
		}
		if from > sl+1 && line[from-1] == '(' {
			ce++
			if ce >= len(line) || line[ce] != ')' {
				return false
			}
		}
		s, e := lex.TrimSpaceRange(line, i, sl)
		dst := &en.UID
		name := &en.Owner
		if id.idF == "gid" {
			dst, name = &en.GID, &en.Group
		}
		if !p.num(dst, idx, id.idF, base+s, base+e) {
			return false
		}
		s, e = lex.TrimSpaceRange(line, sl+1, ce)
		if s < e && line[s] != '(' {
			p.owner(name, dst, idx, id.nameF, id.idF, base+s, base+e)
		}
		cl = ce
	}
	return true
}

// finishName records the file name of a labeled block: BSD -x quotes it;
// GNU writes a symlink as "name -> target", split where the target is as
// long as the size says.
func (p *statParser) finishName(en *StatEntry, idx, s, e int, bsd bool) bool {
	raw := p.c.Raw
	if s >= e {
		return false
	}
	if bsd {
		if e-s < 3 || raw[s] != '"' || raw[e-1] != '"' {
			return false
		}
		p.str(&en.File, idx, "file", s+1, e-1)
		return true
	}
	text := raw[s:e]
	if open, _ := statOpenQuote(text); open > 0 && p.quotedName(en, idx, s, e) {
		return true
	}
	if en.Type == "symlink" {
		// "name -> target": the size is the target's length, except where
		// the file system says otherwise (/proc/self/exe has size 0); it
		// chooses among several arrows, and a single arrow needs no choice.
		if en.SizeBytes != nil {
			want := int(*en.SizeBytes)
			if i := len(text) - want - 4; want > 0 && i > 0 && text[i:i+4] == " -> " {
				p.str(&en.File, idx, "file", s, s+i)
				p.str(&en.SymlinkTarget, idx, "symlink_target", s+i+4, e)
				return true
			}
		}
		if i := strings.Index(text, " -> "); i > 0 && strings.Count(text, " -> ") == 1 && i+4 < len(text) {
			p.str(&en.File, idx, "file", s, s+i)
			p.str(&en.SymlinkTarget, idx, "symlink_target", s+i+4, e)
			return true
		}
		if strings.Contains(text, " -> ") {
			return false // several arrows and no size to choose: unread, not a guess
		}
	}
	p.str(&en.File, idx, "file", s, e)
	return true
}

// statOpenQuote reports the opening quote older GNU stat (coreutils before
// 8.26, locale quoting of %N) puts before a name: ` (up to 8.21), ' in
// the C locale, ‘ in UTF-8 ones; n is its length in bytes.
func statOpenQuote(text string) (n int, close string) {
	switch {
	case strings.HasPrefix(text, "`"):
		return 1, "'"
	case strings.HasPrefix(text, "'"):
		return 1, "'"
	case strings.HasPrefix(text, "‘"):
		return len("‘"), "’"
	}
	return 0, ""
}

// statQuoted reads one quoted name at the start of text: its value (with
// the backslash escapes of locale quoting undone) and where its closing
// quote ends.
func statQuoted(text string) (v string, end int, ok bool) {
	n, closeQ := statOpenQuote(text)
	if n == 0 {
		return "", 0, false
	}
	var b strings.Builder
	for i := n; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], closeQ):
			return b.String(), i + len(closeQ), true
		case text[i] == '\\' && i+1 < len(text):
			c := text[i+1]
			switch {
			case c >= '0' && c <= '7' && i+3 < len(text):
				o, err := strconv.ParseUint(text[i+1:i+4], 8, 8)
				if err != nil {
					return "", 0, false
				}
				b.WriteByte(byte(o))
				i += 4
				continue
			case c == '\\' || c == '\'' || c == '"' || c == '`':
				b.WriteByte(c)
			case c == 'n':
				b.WriteByte('\n')
			case c == 't':
				b.WriteByte('\t')
			default:
				return "", 0, false
			}
			i += 2
		default:
			b.WriteByte(text[i])
			i++
		}
	}
	return "", 0, false
}

// quotedName reads older GNU stat's "'name'" and, for a symlink,
// "'name' -> 'target'".
func (p *statParser) quotedName(en *StatEntry, idx, s, e int) bool {
	text := p.c.Raw[s:e]
	name, n, ok := statQuoted(text)
	if !ok {
		return false
	}
	rest := text[n:]
	var target string
	tn := 0
	if rest != "" {
		if !strings.HasPrefix(rest, " -> ") {
			return false
		}
		t, m, ok := statQuoted(rest[4:])
		if !ok || m != len(rest)-4 {
			return false
		}
		target, tn = t, m
	}
	en.File = name
	p.r.At(p.key, idx, p.id("file"), s, s+n, catalog.TrUnquote)
	if tn > 0 {
		en.SymlinkTarget = target
		p.r.At(p.key, idx, p.id("symlink_target"), s+n+4, e, catalog.TrUnquote)
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return statParsers() }
