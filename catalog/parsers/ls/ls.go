// Package ls reads the output of `ls` for the catalog: the parser ls.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package ls

import (
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// LsResult is the parsed output of `ls` (long or one-name-per-line forms).
type LsResult struct {
	// Entries are the listed files in output order.
	Entries []LsEntry `json:"entries"`
	// TotalBlocks is the "total N" line of a listing without directory
	// headers (in the block unit ls used); TotalHuman replaces it with -h.
	TotalBlocks *int64 `json:"total_blocks,omitempty"`
	TotalHuman  string `json:"total_human,omitempty"`
	// Directories lists the "dir:" section headers (several operands or -R)
	// with their own totals; each entry names its section in Directory.
	Directories []LsDirectory `json:"directories,omitempty"`
	// YearInferred is true when some modified_at took its year from the
	// parse time (ls omits the year of recent files).
	YearInferred bool `json:"year_inferred,omitempty"`
	// TimeZone names the zone assumed for timestamps printed without an
	// offset (every form but --full-time). Present whenever one was assumed.
	TimeZone string `json:"time_zone,omitempty"`
}

// LsDirectory is one "path:" section of a multi-directory or -R listing.
type LsDirectory struct {
	Path        string `json:"path"`
	TotalBlocks *int64 `json:"total_blocks,omitempty"`
	TotalHuman  string `json:"total_human,omitempty"`
}

// LsEntry is one listed file.
type LsEntry struct {
	// Type: file, directory, symlink, block_device, char_device, pipe,
	// socket, door or unknown. Absent in plain listings (no -l, no -p).
	Type string `json:"type,omitempty"`
	Name string `json:"name"`
	// Directory is the section header the entry was listed under.
	Directory string `json:"directory,omitempty"`
	Inode     *int64 `json:"inode,omitempty"`
	// Blocks (-s) is the allocated size in ls's block unit; BlocksHuman
	// replaces it with -h/--si.
	Blocks      *int64            `json:"blocks,omitempty"`
	BlocksHuman string            `json:"blocks_human,omitempty"`
	Mode        string            `json:"mode,omitempty"`
	Permissions kit.LsPermissions `json:"permissions,omitzero"`
	HasACL      bool              `json:"has_acl,omitempty"`
	HasXattr    bool              `json:"has_xattr,omitempty"`
	// HasSecurityContext is GNU's "." after the mode (SELinux context).
	HasSecurityContext bool   `json:"has_security_context,omitempty"`
	Links              *int64 `json:"links,omitempty"`
	Owner              string `json:"owner,omitempty"`
	Group              string `json:"group,omitempty"`
	// UID and GID replace Owner and Group with -n.
	UID       *int64        `json:"uid,omitempty"`
	GID       *int64        `json:"gid,omitempty"`
	SizeBytes *int64        `json:"size_bytes,omitempty"`
	SizeHuman string        `json:"size_human,omitempty"`
	Device    *kit.LsDevice `json:"device,omitempty"`
	// SecurityContext is the -Z column (SELinux context, FreeBSD MAC
	// label); absent where ls printed "?" (none).
	SecurityContext string `json:"security_context,omitempty"`

	// file_flags is BSD's flags column (macOS -O, FreeBSD/OpenBSD/NetBSD
	// -o): fflagstostr's comma-separated names ("uchg,hidden"), absent
	// where ls printed "-". (Kept apart from the field, not a doc comment:
	// catalog/schema_docs.go is generated from doc comments and lives
	// outside this package; regenerate it to document the field.)

	FileFlags string `json:"file_flags,omitempty"`
	// ModifiedAt is ISO 8601 with the zone offset; fractional seconds are
	// kept as printed (--full-time). The listing shows one time, the one
	// the arguments chose, and the field names it: ChangedAt with -c
	// (--time=ctime), AccessedAt with -u (--time=atime), BornAt with
	// --time=birth or BSD -U, ModifiedAt otherwise.
	ModifiedAt    string `json:"modified_at,omitempty"`
	ChangedAt     string `json:"changed_at,omitempty"`
	AccessedAt    string `json:"accessed_at,omitempty"`
	BornAt        string `json:"born_at,omitempty"`
	SymlinkTarget string `json:"symlink_target,omitempty"`
}

// Span field ids of the other times and the context column.
var sfChangedAt = catalog.SpanID("changed_at")

var (
	sfAccessedAt = catalog.SpanID("accessed_at")
	sfBornAt     = catalog.SpanID("born_at")
	sfSecContext = catalog.SpanID("security_context")
	sfFileFlags  = catalog.SpanID("file_flags")
)

// The time a long listing shows (lsOpts.time).
const (
	lsModified uint8 = iota
	lsChanged
	lsAccessed
	lsBorn
)

var lsParserDef = &catalog.Parser{
	ID:      "ls",
	Command: "ls",
	Version: "1",
	Format:  "ls -l long listings (GNU, BusyBox, macOS, FreeBSD) and one name per line",
	// Flags checked against GNU coreutils 9.1 ls(1) and ls.c (this
	// machine), BusyBox 1.35 ls --help, FreeBSD 14 ls(1) and macOS 14
	// ls(1): -c/-u/--time change which time is shown (its field says
	// which), -U is BSD's birth time (GNU: unsorted), -Z adds a context
	// column, -g/-o/-n/-G drop or renumber owner columns, -i/-s add
	// leading columns, --time-style full-iso/long-iso/iso/locale are read
	// and +FORMAT refused; -b (--quoting-style=escape) is unescaped, -q
	// and BSD -B hide or octal-escape bytes and are refused for -Q.
	Flags: catalog.Flags{
		"-l": catalog.Bool, "-a": catalog.Bool, "-A": catalog.Bool, "-h": catalog.Bool, "-t": catalog.Bool, "-r": catalog.Bool,
		"-S": catalog.Bool, "-1": catalog.Bool, "-d": catalog.Bool, "-i": catalog.Bool, "-n": catalog.Bool, "-g": catalog.Bool,
		"-o": catalog.Bool, "-G": catalog.Bool, "-s": catalog.Bool, "-k": catalog.Bool, "-L": catalog.Bool, "-H": catalog.Bool,
		"-R": catalog.Bool, "-p": catalog.Bool, "-Q": catalog.Bool, "-N": catalog.Bool, "-U": catalog.Bool, "-X": catalog.Bool,
		"-v": catalog.Bool, "-B": catalog.Bool, "-T": catalog.Bool, "-c": catalog.Bool, "-u": catalog.Bool, "-Z": catalog.Bool,
		"-O": catalog.Bool,
		"-w": catalog.Value, "-I": catalog.Value,
		"--all": catalog.Bool, "--almost-all": catalog.Bool, "--human-readable": catalog.Bool, "--si": catalog.Bool,
		"--reverse": catalog.Bool, "--size": catalog.Bool, "--inode": catalog.Bool, "--numeric-uid-gid": catalog.Bool,
		"--no-group": catalog.Bool, "--directory": catalog.Bool, "--dereference": catalog.Bool,
		"--dereference-command-line": catalog.Bool, "--dereference-command-line-symlink-to-dir": catalog.Bool,
		"--recursive": catalog.Bool, "--literal": catalog.Bool, "--quote-name": catalog.Bool,
		"--group-directories-first": catalog.Bool, "--full-time": catalog.Bool, "--kibibytes": catalog.Bool,
		"--ignore-backups": catalog.Bool, "--show-control-chars": catalog.Bool, "--context": catalog.Bool,
		"--time": catalog.Value, "-b": catalog.Bool, "--escape": catalog.Bool,
		"--color": catalog.Optional, "--colour": catalog.Optional, "--time-style": catalog.Value, "--quoting-style": catalog.Value,
		"--indicator-style": catalog.Value, "--format": catalog.Value, "--sort": catalog.Value, "--width": catalog.Value,
		"--ignore": catalog.Value, "--hide": catalog.Value, "--tabsize": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-F": {"-l"}, "--classify": {"-l"}, "--file-type": {"-l"},
		"-q": {"-Q"}, "--hide-control-chars": {"-Q"},
		"-C": {"-1"}, "-x": {"-1"}, "-m": {"-1"},
		"-f":           {"-a", "-U"},
		"--block-size": {"-l"},
		"-D":           {"-l"}, "--dired": {"-l"},
	},
	Result:    LsResult{},
	RowsKey:   "entries",
	KeyFields: []string{"name"},
	Examples:  [][]string{{"-l"}, {"-la"}, {"-lh"}, {"-l", "--full-time"}, {"-1"}, {"-lR"}},
	Parse:     ParseLs,
}

// lsParsers wires the lsParserDef and returns it for the builtin list.
func lsParsers() []*catalog.Parser {
	lsParserDef.Check = lsCheck // set here: the check refers back to the parser
	return []*catalog.Parser{lsParserDef}
}

// lsOpts is what the arguments say about the output's shape.
type lsOpts struct {
	long, human, inode, blocks, numeric, groupOnly, quoted, slash, headers bool
	context                                                                bool
	fileFlags                                                              bool  // BSD flags column: macOS -O, other BSDs -o
	time                                                                   uint8 // lsModified...
	humanBase                                                              int64 // -h: 1024, --si: 1000
	escaped                                                                bool  // -b: C escapes, a space as "\ "
}

func lsOptions(argv catalog.Args, os catalog.OS) (o lsOpts) {
	positionals := 0
	noOwner, noGroup := false, false
	for _, a := range argv.Items {
		switch a.Flag {
		case "":
			positionals++
		case "-l", "--full-time":
			o.long = true
		case "-n", "--numeric-uid-gid":
			o.long, o.numeric = true, true
		case "-g":
			o.long, noOwner = true, true
		case "-o":
			if os == catalog.FreeBSD {
				// FreeBSD, OpenBSD and NetBSD -o: the file flags column
				// (their ls(1)); macOS and GNU -o: long without the group.
				o.long, o.fileFlags = true, true
			} else {
				o.long, noGroup = true, true
			}
		case "-O":
			o.fileFlags = true // macOS -O: the file flags column (ls(1))
		case "-G", "--no-group":
			noGroup = true
		case "--format":
			if a.Value == "long" || a.Value == "verbose" {
				o.long = true
			}
		case "-h", "--human-readable":
			o.human, o.humanBase = true, 1024
		case "--si":
			o.human, o.humanBase = true, 1000
		case "-i", "--inode":
			o.inode = true
		case "-s", "--size":
			o.blocks = true
		case "-Q", "--quote-name":
			o.quoted = true
		case "--quoting-style":
			o.quoted, o.escaped = a.Value == "c", a.Value == "escape"
		case "-N", "--literal":
			o.quoted, o.escaped = false, false
		case "-b", "--escape":
			o.quoted, o.escaped = false, true
		case "-p":
			o.slash = true
		case "--indicator-style":
			o.slash = a.Value == "slash"
		case "-R", "--recursive":
			o.headers = true
		case "-Z", "--context":
			o.context = true
		case "-c":
			o.time = lsChanged
		case "-u":
			o.time = lsAccessed
		case "-U":
			if os.BsdLike() {
				o.time = lsBorn
			}
		case "--time":
			o.time = lsTimeWord(a.Value)
		}
	}
	o.groupOnly = noOwner && !noGroup
	if positionals > 1 {
		o.headers = true
	}
	return o
}

// lsTimeWord maps a GNU --time word (coreutils 9.1 ls.c time_args) to the
// time shown; 255 for a word ls does not take.
func lsTimeWord(v string) uint8 {
	switch v {
	case "atime", "access", "use":
		return lsAccessed
	case "ctime", "status":
		return lsChanged
	case "mtime", "modification":
		return lsModified
	case "birth", "creation":
		return lsBorn
	}
	return 255
}

func lsCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	long, slash := false, false
	for _, a := range argv.Items {
		switch a.Flag {
		case "--color", "--colour":
			switch a.Value {
			case "never", "no", "none", "auto", "tty", "if-tty":
			default:
				return catalog.UnsupportedFlag(a.Flag, []string{"--color=never"}, "ls %s=%s writes terminal escapes into names", a.Flag, a.Value)
			}
		case "--time-style":
			v := strings.TrimPrefix(a.Value, "posix-")
			switch v {
			case "full-iso", "long-iso", "iso", "locale":
			default:
				return catalog.UnsupportedFlag(a.Flag, []string{"--time-style=full-iso"}, "ls --time-style=%s is not a form the parser reads", a.Value)
			}
		case "--quoting-style":
			if a.Value != "literal" && a.Value != "c" && a.Value != "escape" {
				return catalog.UnsupportedFlag(a.Flag, []string{"--quoting-style=c"}, "ls --quoting-style=%s is not read exactly", a.Value)
			}
		case "--indicator-style":
			switch a.Value {
			case "none":
			case "slash":
				slash = true
			default:
				return catalog.UnsupportedFlag(a.Flag, []string{"-l"}, "ls --indicator-style=%s appends ambiguous markers to names", a.Value)
			}
		case "--format":
			switch a.Value {
			case "long", "verbose":
				long = true
			case "single-column":
			default:
				return catalog.UnsupportedFlag(a.Flag, []string{"-1"}, "ls --format=%s lays names out in columns", a.Value)
			}
		case "-p":
			slash = true
		case "-l", "-n", "-g", "-o", "--full-time", "--numeric-uid-gid":
			long = true
		case "-T":
			if !os.BsdLike() {
				return catalog.Unsupported(nil, "GNU ls -T sets a tab size and takes a value; the parser reads BSD ls -T (full time)")
			}
		case "-B":
			if os.BsdLike() {
				return catalog.Unsupported(nil, "BSD ls -B prints names with octal escapes the parser does not undo")
			}
		case "--time":
			if lsTimeWord(a.Value) == 255 {
				return catalog.UnsupportedFlag(a.Flag, []string{"-l"}, "ls --time=%s is not a time ls shows", a.Value)
			}
		}
		if a.Flag == "-O" && os != catalog.Darwin {
			// GNU and BusyBox have no -O; FreeBSD's -o is the flags column.
			return catalog.UnsupportedFlag("-O", []string{"-l"}, "ls -O is macOS's file flags column")
		}
	}
	if slash && long {
		return catalog.UnsupportedFlag("-p", []string{"-l"}, "ls -p with a long listing appends '/' to symlink targets ambiguously; -l alone gives the type")
	}
	return nil
}

// lsParser holds the state of one parse.
type lsParser struct {
	c     *catalog.Context
	o     lsOpts
	res   *LsResult
	rec   *catalog.SpanRec // spans of the row being read
	now   time.Time
	years lex.YearGuess // for dates printed without a year
	// scratch for longEntry, kept here so that each line does not zero it
	pre             [2][2]int
	toks            [6][2]int
	tm              lsTime
	firstAssumed    [2]int // span of the first timestamp whose zone was assumed
	firstInferred   [2]int
	assumed, infers bool
	dir             string // current section path
	dirStart        int
	dirEnd          int
	dirQuoted       bool
	dirIdx          int
	trHuman         catalog.SpanTr // the transform of a size converted from -h's form
	roundedSizes    bool           // some size_bytes came from a rounded -h size
}

func ParseLs(c *catalog.Context) (any, error) {
	p := newLsParser(c)
	long := p.o.long
	it := lex.Lines{Raw: c.Raw}
	if !long {
		// Without args saying so, a long listing is recognised by its first line.
		for line, start := range it.NonBlankLines() {
			if _, ok := p.totalLine(line); ok {
				long = !p.o.blocks
			} else {
				var e LsEntry
				long = p.longEntry(&e, line, start, -1)
			}
			break
		}
		it = lex.Lines{Raw: c.Raw}
	}
	var (
		lines, read int
		prevBlank   = true
		pending     = -1 // index of the last entry, until the next line confirms it
		pendingAt   = 0
		pendingMark int
		warned      bool
	)
	for line, start := range it.All() {
		if lex.IsBlank(line) {
			prevBlank = true
			p.confirm(&pending)
			continue
		}
		lines++
		wasBlank := prevBlank
		prevBlank = false
		if n, ok := p.totalLine(line); ok && (long || p.o.blocks) {
			p.confirm(&pending)
			p.setTotal(line, start, n)
			read++
			continue
		}
		idx := len(p.res.Entries)
		if idx < cap(p.res.Entries) {
			p.res.Entries = p.res.Entries[:idx+1] // zero: fresh, or cleared below
		} else {
			p.res.Entries = append(p.res.Entries, LsEntry{})
		}
		e := &p.res.Entries[idx]
		var entry bool
		if long {
			entry = p.longEntry(e, line, start, idx)
		} else if !(p.o.headers && wasBlank && strings.HasSuffix(line, ":")) {
			entry = p.plainEntry(e, line, start, idx)
		}
		if entry {
			p.confirm(&pending)
			read++
			if c.Full(idx) {
				c.Omit(1)
				*e = LsEntry{}
				p.res.Entries = p.res.Entries[:idx]
				p.rec.Discard()
				continue
			}
			p.addEntry(e)
			pending, pendingAt, pendingMark = idx, start, p.rec.RowAt
			continue
		}
		*e = LsEntry{}
		p.res.Entries = p.res.Entries[:idx]
		if c.Recording() {
			p.rec.Discard()
		}
		if wasBlank && (long || p.o.headers) && p.header(line, start) {
			p.confirm(&pending)
			read++
			continue
		}
		// A line that is no entry right after a long one is the rest of
		// its name (or link target), which held a newline: ls prints names
		// as they are. The entry is read again over both lines; one that
		// then does not read is dropped and reported with the line.
		cut := start+len(line) >= len(c.Raw) && !strings.HasSuffix(c.Raw, "\n") // a capture cut here
		if pending >= 0 && long && !p.o.quoted && !p.o.escaped && !cut && !lsLooksLong(line) && !strings.HasPrefix(line, "ls: ") {
			whole := c.Raw[pendingAt : start+len(line)]
			e := &p.res.Entries[pending]
			*e = LsEntry{}
			if c.Recording() {
				p.rec.Truncate(pendingMark)
			}
			if p.longEntry(e, whole, pendingAt, pending) {
				p.addEntry(e)
				c.Join(1)
				if !warned {
					warned = true
					c.Warn("a name or link target held a newline: the lines that do not read as entries are joined to the entry before (-b or -Q print it escaped)")
				}
				continue
			}
			if c.Recording() {
				p.rec.Truncate(pendingMark)
			}
		}
		if pending >= 0 && !(long && lsLooksLong(line)) && !strings.HasPrefix(line, "ls: ") && !cut {
			c.Unread(pendingAt)
			p.res.Entries[pending] = LsEntry{}
			p.res.Entries = p.res.Entries[:pending]
			if c.Recording() {
				p.rec.Truncate(pendingMark)
			}
			pending = -1
		}
		c.Unread(start)
	}
	p.confirm(&pending)
	if lines > 0 && read == 0 || len(p.res.Entries) == 0 && len(c.UnreadOffsets()) > 0 && c.Omitted() == 0 {
		// Headers alone read (a localized "insgesamt 8", German months)
		// are no listing either.
		return nil, catalog.Unrecognized("no line of the output reads as an ls listing; if it is localized, rerun under LC_ALL=C")
	}
	if p.roundedSizes {
		c.Warn("ls -h printed rounded sizes: size_bytes is converted from the printed digits, size_human keeps them")
	}
	p.finish()
	return p.res, nil
}

// lsLooksLong reports whether line starts the way a long entry does (a
// mode in its first three fields, after -i and -s columns): such a line
// that did not read is an entry in a form not read, not the rest of a
// name.
// (A line starting "ls: " is an error message that went to the same
// stream, not part of a name, either.)
func lsLooksLong(line string) bool {
	s, t := lex.NextField(line, 0)
	for range 3 {
		if s >= len(line) {
			return false
		}
		if lsModeShape(line[s:t]) {
			return true
		}
		s, t = lex.NextField(line, t)
	}
	return false
}

// lsModeShape is a looser modeToken: ten mode letters of any type and
// order (and a marker), so that an entry with a mode the parser does not
// take is still told from the rest of a name.
func lsModeShape(tok string) bool {
	if len(tok) == 11 && strings.IndexByte("+@.", tok[10]) >= 0 {
		tok = tok[:10]
	}
	if len(tok) != 10 {
		return false
	}
	for i := 0; i < 10; i++ {
		if strings.IndexByte("-rwxsStTlLdbcpDnmMCe?", tok[i]) < 0 {
			return false
		}
	}
	return true
}

// newLsParser sets up the state of one parse of c.Raw.
func newLsParser(c *catalog.Context) *lsParser {
	p := &lsParser{c: c, o: lsOptions(c.Args, c.OS), res: &LsResult{}}
	p.rec = c.Rows(15) // a long entry records up to 15 spans
	p.trHuman = p.rec.TrID("humanSize" + strconv.FormatInt(max(p.o.humanBase, 1024), 10))
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	p.now = c.Now.In(loc)
	p.c.Location = loc
	p.years = lex.NewYearGuess(p.now)
	p.dirIdx = -1
	n := lex.CountLines(c.Raw)
	p.res.Entries = make([]LsEntry, 0, min(n, 1<<20))
	return p
}

// confirm keeps the pending entry: the line after it was read.
func (p *lsParser) confirm(pending *int) { *pending = -1 }

func (p *lsParser) addEntry(e *LsEntry) {
	if p.dirIdx >= 0 {
		e.Directory = p.dir
		if p.c.Recording() {
			tr := catalog.TrVerbatim
			if p.dirQuoted {
				tr = catalog.TrUnquote
			}
			p.rec.Field(sfDirectory, p.dirStart, p.dirEnd, tr)
		}
	}
}

// finish records the spans and sets the top-level notes.
func (p *lsParser) finish() {
	if p.c.Recording() {
		p.rec.Finish()
	}
	if p.infers {
		p.res.YearInferred = true
		if p.c.Recording() {
			p.c.Span(p.firstInferred[0], p.firstInferred[1], "inferredYear", "year_inferred")
		}
	}
	if p.assumed {
		name := p.c.Location.String()
		if name == "Local" || name == "" {
			name, _ = p.now.Zone()
		}
		p.res.TimeZone = name
		if p.c.Recording() {
			p.c.Span(p.firstAssumed[0], p.firstAssumed[1], "assumedZone", "time_zone")
		}
	}
}

// totalLine recognises "total N" (N may be human-readable with -h).
func (p *lsParser) totalLine(line string) (string, bool) {
	if !strings.HasPrefix(line, "total ") {
		return "", false
	}
	s, e := lex.NextField(line, 6)
	if s == e || e != len(strings.TrimRight(line, " \t")) {
		return "", false
	}
	v := line[s:e]
	if !lex.IsDigits(v) && !lex.HumanSize(v, false) {
		return "", false
	}
	return v, true
}

func (p *lsParser) setTotal(line string, start int, v string) {
	s := start + strings.Index(line[5:], v) + 5
	var blocks *int64
	human := ""
	if n, ok := lex.Atoi(v); ok && !p.o.human {
		blocks = catalog.Intp(n)
	} else {
		human = v
	}
	ptr := func(f string) string {
		if p.dirIdx >= 0 {
			return catalog.Ptr("directories", p.dirIdx, f)
		}
		return catalog.Ptr(f)
	}
	if p.dirIdx >= 0 {
		d := &p.res.Directories[p.dirIdx]
		d.TotalBlocks, d.TotalHuman = blocks, human
	} else {
		p.res.TotalBlocks, p.res.TotalHuman = blocks, human
	}
	if p.c.Recording() {
		if blocks != nil {
			p.c.Span(s, s+len(v), "parseInt", catalog.Pointer(ptr("total_blocks")))
		} else {
			p.c.Span(s, s+len(v), "", catalog.Pointer(ptr("total_human")))
		}
	}
}

// header reads a "path:" section header.
func (p *lsParser) header(line string, start int) bool {
	if len(line) < 2 || line[len(line)-1] != ':' {
		return false
	}
	body := line[:len(line)-1]
	path, s, e, quoted := body, 0, len(body), false
	if p.o.quoted && body[0] == '"' {
		u, n, ok := lex.CUnquote(body)
		if !ok || n != len(body) {
			return false
		}
		path, quoted = u, true
	}
	p.dirIdx = len(p.res.Directories)
	p.res.Directories = append(p.res.Directories, LsDirectory{Path: path})
	p.dir, p.dirStart, p.dirEnd, p.dirQuoted = path, start+s, start+e, quoted
	if p.c.Recording() {
		tr := ""
		if quoted {
			tr = "unquote"
		}
		p.c.Span(start+s, start+e, tr, "directories", p.dirIdx, "path")
	}
	return true
}

// modeToken reports whether line[s:e] is a mode with an optional marker.
func modeToken(tok string) bool {
	switch len(tok) {
	case 10:
		return kit.ValidMode(tok)
	case 11:
		m := tok[10]
		return (m == '+' || m == '@' || m == '.') && kit.ValidMode(tok[:10])
	}
	return false
}

// longEntry parses one line of a long listing into e. idx < 0 only probes.
func (p *lsParser) longEntry(e *LsEntry, line string, base, idx int) bool {
	rec := idx >= 0 && p.c.Recording()
	if rec {
		p.rec.Begin(skEntries, idx)
	}
	// Up to two numeric columns (-i, -s) may precede the mode.
	pre := &p.pre
	npre := 0
	s, t := lex.NextField(line, 0)
	for s < len(line) && !modeToken(line[s:t]) {
		if npre == 2 {
			return false
		}
		pre[npre] = [2]int{s, t}
		npre++
		s, t = lex.NextField(line, t)
	}
	if s >= len(line) {
		return false
	}
	mode := line[s:t]
	modeS := s
	unknown := mode[1:10] == "?????????"
	// Links.
	ls, le := lex.NextField(line, t)
	if ls >= len(line) {
		return false
	}
	if unknown {
		// "l????????? ? ? ? ?            ? name": stat failed; only the
		// type and name are known.
		end := le
		if line[ls:le] != "?" {
			return false
		}
		for {
			s2, e2 := lex.NextField(line, end)
			if s2 >= len(line) {
				return false
			}
			if line[s2:e2] != "?" {
				break
			}
			end = e2
		}
		if end >= len(line) || line[end] != ' ' {
			return false
		}
		for i := 0; i < npre; i++ {
			if line[pre[i][0]:pre[i][1]] != "?" {
				return false
			}
		}
		if !p.name(e, line, base, end+1, mode[0], rec) {
			return false
		}
		p.setMode(e, mode, base+modeS, rec, false)
		return true
	}
	links, ok := lex.Atoi(line[ls:le])
	if !ok {
		return false
	}
	// Owner, group, size (or major, minor) precede the time; find the time.
	toks := &p.toks
	n := 0
	ts := &p.tm
	pos := le
	found := false
	for n < 6 {
		s2, e2 := lex.NextField(line, pos)
		if s2 >= len(line) {
			return false
		}
		if n >= 1 && p.parseTime(ts, line, s2, e2) {
			found = true
			break
		}
		toks[n] = [2]int{s2, e2}
		n++
		pos = e2
	}
	if !found {
		return false
	}
	return p.longTail(e, line, base, idx, rec, lsCols{npre: npre, modeS: modeS, modeEnd: t, ls: ls, le: le, n: n, links: links})
}

// timeCandidate is parseTime's cheap rejection: only a token of one of
// these shapes can start a time.
func timeCandidate(tok string) bool {
	switch len(tok) {
	case 3:
		return tok[0] >= 'A' && tok[0] <= 'Z'
	case 5:
		return tok[2] == '-'
	case 10:
		return tok[4] == '-'
	}
	return false
}

// lsCols is where longEntry found the columns of a long line:
// line[modeS:modeEnd] is the mode after npre prefix columns (p.pre),
// line[ls:le] the links, p.toks[:n] the columns between the links and the
// time (p.tm).
type lsCols struct {
	npre, modeS, modeEnd, ls, le, n int
	links                           int64
}

// lsRow is the long line being read into its entry: the line, where it
// starts in the output, and whether spans are recorded.
type lsRow struct {
	e    *LsEntry
	line string
	base int
	rec  bool
}

// longTail reads the columns longEntry found (k) into e.
func (p *lsParser) longTail(e *LsEntry, line string, base, idx int, rec bool, k lsCols) bool {
	r := lsRow{e: e, line: line, base: base, rec: rec}
	mode := line[k.modeS:k.modeEnd]
	nums := new([2]int64) // links and size: one allocation for the row's two common numbers
	n, ok := p.sizeCol(&r, mode, k.n, nums)
	if !ok {
		return false
	}
	if p.o.context {
		// -Z: the context column comes after owner and group.
		if n == 0 {
			return false
		}
		n--
		p.setContext(e, line, base, p.toks[n], rec)
	}
	if p.o.fileFlags {
		// BSD print.c prints the flags after owner and group, before the
		// label (-Z) and the size: the column left of those read above.
		if n == 0 {
			return false
		}
		n--
		p.setFileFlags(e, line, base, p.toks[n], rec)
	}
	if !p.ownerCols(&r, n) || !p.name(e, line, base, p.tm.nameAt, mode[0], rec) || !p.prefixCols(&r, k.npre) {
		return false
	}
	p.setMode(e, mode, base+k.modeS, rec, true)
	nums[0] = k.links
	e.Links = &nums[0]
	if rec {
		p.rec.Field(sfLinks, base+k.ls, base+k.le, catalog.TrParseInt)
	}
	if idx >= 0 {
		p.emitTime(e, &p.tm, line, base, rec)
	}
	return true
}

// sizeCol reads the last of the n columns before the time: the size, or
// a device's numbers (one column "0x..." or "major, minor" in one or two).
// It returns how many columns are left before it.
func (p *lsParser) sizeCol(r *lsRow, mode string, n int, nums *[2]int64) (int, bool) {
	line, toks := r.line, &p.toks
	isDev := mode[0] == 'b' || mode[0] == 'c'
	sizeTok := toks[n-1]
	var devTok [2][2]int
	ndevTok := 0
	if isDev {
		if n >= 2 && strings.HasSuffix(line[toks[n-2][0]:toks[n-2][1]], ",") && toks[n-2][1]-toks[n-2][0] > 1 {
			devTok[0] = [2]int{toks[n-2][0], toks[n-2][1] - 1}
			devTok[1] = toks[n-1]
			ndevTok = 2
			n -= 2
		} else if c := strings.IndexByte(line[sizeTok[0]:sizeTok[1]], ','); c > 0 {
			devTok[0] = [2]int{sizeTok[0], sizeTok[0] + c}
			devTok[1] = [2]int{sizeTok[0] + c + 1, sizeTok[1]}
			ndevTok = 2
			n--
		} else if strings.HasPrefix(line[sizeTok[0]:sizeTok[1]], "0x") {
			devTok[0] = sizeTok
			ndevTok = 1
			n--
		} else {
			n--
			isDev = false
		}
	} else {
		n--
	}
	if isDev {
		dev, ok := p.devCol(r, devTok, ndevTok)
		if !ok {
			return n, false
		}
		r.e.Device = dev
		return n, true
	}
	return n, p.sizeBytes(r, sizeTok, nums)
}

// devCol reads a device's numbers: major and minor (ndev 2) or one
// hexadecimal number (ndev 1).
func (p *lsParser) devCol(r *lsRow, devTok [2][2]int, ndev int) (*kit.LsDevice, bool) {
	line, base := r.line, r.base
	dev := &kit.LsDevice{}
	if ndev == 2 {
		maj, ok1 := lex.Atoi(line[devTok[0][0]:devTok[0][1]])
		minTok := line[devTok[1][0]:devTok[1][1]]
		min, ok2 := lex.Atoi(minTok)
		minTr := catalog.TrParseInt
		if !ok2 && strings.HasPrefix(minTok, "0x") {
			min, ok2 = lex.Hex(minTok[2:])
			minTr = catalog.TrParseHex
		}
		if !ok1 || !ok2 {
			return nil, false
		}
		dev.Major, dev.Minor = catalog.Intp(maj), catalog.Intp(min)
		if r.rec {
			p.rec.Field(sfDeviceMajor, base+devTok[0][0], base+devTok[0][1], catalog.TrParseInt)
			p.rec.Field(sfDeviceMinor, base+devTok[1][0], base+devTok[1][1], minTr)
		}
		return dev, true
	}
	num, ok := lex.Hex(line[devTok[0][0]+2 : devTok[0][1]])
	if !ok {
		return nil, false
	}
	dev.Number = catalog.Intp(num)
	if r.rec {
		p.rec.Field(sfDeviceNumber, base+devTok[0][0], base+devTok[0][1], catalog.TrParseHex)
	}
	return dev, true
}

// sizeBytes reads the size column: bytes, or a human size (-h, --si)
// converted from its rounded digits.
func (p *lsParser) sizeBytes(r *lsRow, sizeTok [2]int, nums *[2]int64) bool {
	e, base := r.e, r.base
	v := r.line[sizeTok[0]:sizeTok[1]]
	if size, ok := lex.Atoi(v); ok && !p.o.human {
		nums[1] = size
		e.SizeBytes = &nums[1]
		if r.rec {
			p.rec.Field(sfSizeBytes, base+sizeTok[0], base+sizeTok[1], catalog.TrParseInt)
		}
		return true
	}
	if !lex.HumanSize(v, false) {
		return false
	}
	e.SizeHuman = v
	if n, ok := lex.HumanBytes(v, max(p.o.humanBase, 1024)); ok {
		// Converted from the rounded digits; size_human keeps them.
		nums[1] = n
		e.SizeBytes = &nums[1]
		p.roundedSizes = true
		if r.rec {
			p.rec.Field(sfSizeBytes, base+sizeTok[0], base+sizeTok[1], p.trHuman)
		}
	}
	if r.rec {
		p.rec.Field(sfSizeHuman, base+sizeTok[0], base+sizeTok[1], catalog.TrVerbatim)
	}
	return true
}

// ownerCols reads owner and group: 0, 1 or 2 columns.
func (p *lsParser) ownerCols(r *lsRow, n int) bool {
	e, line, base, rec, toks := r.e, r.line, r.base, r.rec, &p.toks
	switch n {
	case 0:
		return true
	case 1:
		if p.o.groupOnly {
			return p.setGroup(e, line, base, toks[0], rec)
		}
		return p.setOwner(e, line, base, toks[0], rec)
	case 2:
		return p.setOwner(e, line, base, toks[0], rec) && p.setGroup(e, line, base, toks[1], rec)
	}
	return false
}

// prefixCols reads the columns before the mode: inode (-i) and blocks
// (-s).
func (p *lsParser) prefixCols(r *lsRow, npre int) bool {
	e, line, base, rec, pre := r.e, r.line, r.base, r.rec, &p.pre
	switch npre {
	case 2:
		return p.setInode(e, line, base, pre[0], rec) && p.setBlocks(e, line, base, pre[1], rec)
	case 1:
		if p.o.blocks && !p.o.inode {
			return p.setBlocks(e, line, base, pre[0], rec)
		}
		return p.setInode(e, line, base, pre[0], rec)
	}
	return true
}

func (p *lsParser) setMode(e *LsEntry, mode string, at int, rec, perms bool) {
	e.Type = kit.FileType(mode[0])
	e.Mode = mode[:10]
	if perms {
		e.Permissions.Owner, e.Permissions.Group, e.Permissions.Other = mode[1:4], mode[4:7], mode[7:10]
	}
	if len(mode) == 11 {
		switch mode[10] {
		case '+':
			e.HasACL = true
		case '@':
			e.HasXattr = true
		case '.':
			e.HasSecurityContext = true
		}
	}
	if rec {
		p.rec.Field(sfType, at, at+1, catalog.TrFileType)
		p.rec.Field(sfMode, at, at+10, catalog.TrVerbatim)
		if perms {
			p.rec.Field(sfPermOwner, at+1, at+4, catalog.TrVerbatim)
			p.rec.Field(sfPermGroup, at+4, at+7, catalog.TrVerbatim)
			p.rec.Field(sfPermOther, at+7, at+10, catalog.TrVerbatim)
		}
		if len(mode) == 11 {
			f := sfHasACL
			switch mode[10] {
			case '@':
				f = sfHasXattr
			case '.':
				f = sfHasSecContext
			}
			p.rec.Field(f, at+10, at+11, catalog.TrMarker)
		}
	}
}

func (p *lsParser) setOwner(e *LsEntry, line string, base int, t [2]int, rec bool) bool {
	v := line[t[0]:t[1]]
	if p.o.numeric {
		n, ok := lex.Atoi(v)
		if !ok {
			return false
		}
		e.UID = catalog.Intp(n)
		if rec {
			p.rec.Field(sfUID, base+t[0], base+t[1], catalog.TrParseInt)
		}
		return true
	}
	e.Owner = v
	if rec {
		p.rec.Field(sfOwner, base+t[0], base+t[1], catalog.TrVerbatim)
	}
	return true
}

func (p *lsParser) setGroup(e *LsEntry, line string, base int, t [2]int, rec bool) bool {
	v := line[t[0]:t[1]]
	if p.o.numeric {
		n, ok := lex.Atoi(v)
		if !ok {
			return false
		}
		e.GID = catalog.Intp(n)
		if rec {
			p.rec.Field(sfGID, base+t[0], base+t[1], catalog.TrParseInt)
		}
		return true
	}
	e.Group = v
	if rec {
		p.rec.Field(sfGroup, base+t[0], base+t[1], catalog.TrVerbatim)
	}
	return true
}

// setContext sets the -Z column; "?" (no context) leaves it absent.
func (p *lsParser) setContext(e *LsEntry, line string, base int, t [2]int, rec bool) {
	v := line[t[0]:t[1]]
	if v == "?" {
		return
	}
	e.SecurityContext = v
	if rec {
		p.rec.Field(sfSecContext, base+t[0], base+t[1], catalog.TrVerbatim)
	}
}

// setFileFlags sets the BSD flags column; "-" (no flag) leaves it absent.
func (p *lsParser) setFileFlags(e *LsEntry, line string, base int, t [2]int, rec bool) {
	v := line[t[0]:t[1]]
	if v == "-" {
		return
	}
	e.FileFlags = v
	if rec {
		p.rec.Field(sfFileFlags, base+t[0], base+t[1], catalog.TrVerbatim)
	}
}

func (p *lsParser) setInode(e *LsEntry, line string, base int, t [2]int, rec bool) bool {
	n, ok := lex.Atoi64(line[t[0]:t[1]])
	if !ok {
		return false
	}
	e.Inode = catalog.Intp(n)
	if rec {
		p.rec.Field(sfInode, base+t[0], base+t[1], catalog.TrParseInt)
	}
	return true
}

func (p *lsParser) setBlocks(e *LsEntry, line string, base int, t [2]int, rec bool) bool {
	v := line[t[0]:t[1]]
	if n, ok := lex.Atoi(v); ok && !p.o.human {
		e.Blocks = catalog.Intp(n)
		if rec {
			p.rec.Field(sfBlocks, base+t[0], base+t[1], catalog.TrParseInt)
		}
		return true
	}
	if !lex.HumanSize(v, false) {
		return false
	}
	e.BlocksHuman = v
	if rec {
		p.rec.Field(sfBlocksHuman, base+t[0], base+t[1], catalog.TrVerbatim)
	}
	return true
}

// name reads the file name (and symlink target) starting at line[at:].
func (p *lsParser) name(e *LsEntry, line string, base, at int, typ byte, rec bool) bool {
	if at >= len(line) {
		return false
	}
	rest := line[at:]
	if p.o.quoted && rest[0] == '"' {
		nm, n, ok := lex.CUnquote(rest)
		if !ok || nm == "" {
			return false
		}
		e.Name = nm
		if rec {
			p.rec.Field(sfName, base+at, base+at+n, catalog.TrUnquote)
		}
		rest = rest[n:]
		if rest == "" {
			return true
		}
		if typ != 'l' || !strings.HasPrefix(rest, " -> ") {
			return false
		}
		t0 := at + n + 4
		tgt, m, ok := lex.CUnquote(line[t0:])
		if !ok || t0+m != len(line) {
			return false
		}
		e.SymlinkTarget = tgt
		if rec {
			p.rec.Field(sfSymlinkTarget, base+t0, base+t0+m, catalog.TrUnquote)
		}
		return true
	}
	if p.o.escaped {
		return p.escapedName(e, line, base, at, typ, rec)
	}
	if typ == 'l' {
		i := strings.Index(rest, " -> ")
		if i > 0 && strings.Count(rest, " -> ") > 1 {
			// "a -> b -> c": the size column is the target's length in
			// bytes, which tells the arrow; without it the split is a guess.
			i = -1
			size, known := int64(0), false
			if e.SizeHuman != "" {
				// -h prints a size under 1K in bytes; a rounded one does not tell.
				size, known = lex.Atoi(e.SizeHuman)
			} else if e.SizeBytes != nil {
				size, known = *e.SizeBytes, true
			}
			if known {
				for k := 0; k+4 <= len(rest); k++ {
					if k > 0 && strings.HasPrefix(rest[k:], " -> ") && int64(len(rest)-k-4) == size {
						i = k
						break
					}
				}
			}
			if i < 0 {
				return false
			}
		}
		if i > 0 {
			e.Name = rest[:i]
			e.SymlinkTarget = rest[i+4:]
			if rec {
				p.rec.Field(sfName, base+at, base+at+i, catalog.TrVerbatim)
				if e.SymlinkTarget != "" {
					p.rec.Field(sfSymlinkTarget, base+at+i+4, base+len(line), catalog.TrVerbatim)
				}
			}
			return true
		}
	}
	e.Name = rest
	if rec {
		p.rec.Field(sfName, base+at, base+len(line), catalog.TrVerbatim)
	}
	return true
}

// escapedName reads a -b name: C escapes, a space as "\ ", so the first
// unescaped " -> " of a symlink's line is its arrow.
func (p *lsParser) escapedName(e *LsEntry, line string, base, at int, typ byte, rec bool) bool {
	nm, n, ok := lsUnescape(line[at:], typ == 'l')
	if !ok || nm == "" {
		return false
	}
	e.Name = nm
	if rec {
		p.rec.Field(sfName, base+at, base+at+n, catalog.TrUnquote)
	}
	if at+n == len(line) {
		return true
	}
	t0 := at + n + 4 // past " -> "
	tgt, m, ok := lsUnescape(line[t0:], false)
	if !ok || t0+m != len(line) {
		return false
	}
	e.SymlinkTarget = tgt
	if rec && tgt != "" {
		p.rec.Field(sfSymlinkTarget, base+t0, base+len(line), catalog.TrUnquote)
	}
	return true
}

// lsUnescape decodes GNU ls -b's escape quoting (coreutils 9.1 quotearg.c,
// escape_quoting_style) from the start of s, up to its end or, with arrow,
// an unescaped " -> "; n is the bytes read.
func lsUnescape(s string, arrow bool) (out string, n int, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if arrow && ch == ' ' && strings.HasPrefix(s[i:], " -> ") {
			return b.String(), i, true
		}
		if ch != '\\' {
			b.WriteByte(ch)
			continue
		}
		e, k, good := lex.CEscape(s, i+1, ` \'"?#~=:`)
		if !good {
			return "", 0, false
		}
		b.WriteByte(e)
		i += k
	}
	return b.String(), len(s), true
}

// plainEntry reads one name of a listing without -l.
func (p *lsParser) plainEntry(e *LsEntry, line string, base, idx int) bool {
	rec := p.c.Recording()
	if rec {
		p.rec.Begin(skEntries, idx)
	}
	at := 0
	if p.o.inode {
		s, t := lex.NextField(line, 0)
		if t >= len(line) || line[t] != ' ' || !p.setInode(e, line, base, [2]int{s, t}, rec) {
			return false
		}
		at = t + 1
	}
	if p.o.blocks {
		s, t := lex.NextField(line, at)
		if t >= len(line) || line[t] != ' ' || !p.setBlocks(e, line, base, [2]int{s, t}, rec) {
			return false
		}
		at = t + 1
	}
	if p.o.context {
		s, t := lex.NextField(line, at)
		if t >= len(line) || line[t] != ' ' {
			return false
		}
		p.setContext(e, line, base, [2]int{s, t}, rec)
		at = t + 1
	}
	if at >= len(line) {
		return false
	}
	end := len(line)
	dir := false
	if p.o.slash && line[end-1] == '/' && end-1 > at {
		end--
		dir = true
	}
	if p.o.quoted && line[at] == '"' {
		nm, n, ok := lex.CUnquote(line[at:end])
		if !ok || at+n != end || nm == "" {
			return false
		}
		e.Name = nm
		if rec {
			p.rec.Field(sfName, base+at, base+end, catalog.TrUnquote)
		}
	} else if p.o.escaped {
		nm, n, ok := lsUnescape(line[at:end], false)
		if !ok || at+n != end || nm == "" {
			return false
		}
		e.Name = nm
		if rec {
			p.rec.Field(sfName, base+at, base+end, catalog.TrUnquote)
		}
	} else {
		e.Name = line[at:end]
		if rec {
			p.rec.Field(sfName, base+at, base+end, catalog.TrVerbatim)
		}
	}
	if dir {
		e.Type = "directory"
		if rec {
			p.rec.Field(sfType, base+end, base+end+1, catalog.TrIndicator)
		}
	}
	return true
}

// lsTime is a timestamp read from a long listing.
type lsTime struct {
	start, end   int // the timestamp's text in the line
	nameAt       int // where the name starts
	year         int // 0: infer
	month, day   int
	hour, minute int
	sec          int    // -1: not printed
	frac         [2]int // fractional digits [s,e) in the line, if any
	offset       [2]int // "+0000" in the line, if any
}

// fixedTime reads "Mar  6 09:23" or "Mar  6  2024" followed by a space:
// the default form of GNU, BusyBox and BSD ls, twelve columns wide.
func (p *lsParser) fixedTime(t *lsTime, line string, s1 int) bool {
	if s1+13 > len(line) || line[s1+3] != ' ' || line[s1+6] != ' ' || line[s1+12] != ' ' {
		return false
	}
	mon := lex.Month(line[s1 : s1+3])
	if mon == 0 {
		return false
	}
	d1, d2 := line[s1+4], line[s1+5]
	if d1 == ' ' {
		d1 = '0'
	}
	if d1 < '0' || d1 > '9' || d2 < '0' || d2 > '9' {
		return false
	}
	f := line[s1+7 : s1+12]
	t.month, t.day = mon, int(d1-'0')*10+int(d2-'0')
	t.end, t.nameAt = s1+12, s1+13
	if f[2] == ':' {
		h1, h2, m1, m2 := f[0], f[1], f[3], f[4]
		if h1 < '0' || h1 > '2' || h2 < '0' || h2 > '9' || m1 < '0' || m1 > '5' || m2 < '0' || m2 > '9' {
			return false
		}
		t.hour, t.minute = int(h1-'0')*10+int(h2-'0'), int(m1-'0')*10+int(m2-'0')
		return t.hour < 24
	}
	if f[0] != ' ' {
		return false
	}
	y, ok := lex.Year4(f[1:])
	t.year, t.hour, t.minute = y, 0, 0
	return ok
}

// parseTime tries the time forms ls prints, starting at line[at:].
func (p *lsParser) parseTime(t *lsTime, line string, s1, e1 int) bool {
	tok := line[s1:e1]
	// Cheap rejection first: this is tried on the owner, group and size.
	if !timeCandidate(tok) {
		return false
	}
	t.start, t.year, t.sec, t.frac[0], t.offset[0] = s1, 0, -1, -1, -1
	switch {
	case tok[0] >= 'A' && tok[0] <= 'Z' && p.fixedTime(t, line, s1):
		// the common 12-column forms, read at fixed offsets
	case tok[0] >= 'A' && tok[0] <= 'Z':
		// "Mar  6 09:23", "Mar  6  2024", "Mar  6 09:23:45 2026" (BSD -T).
		mon := lex.Month(tok)
		if mon == 0 {
			return false
		}
		s2, e2 := lex.NextField(line, e1)
		day, ok := lex.Num2(line[s2:e2])
		if !ok {
			return false
		}
		s3, e3 := lex.NextField(line, e2)
		if s3 >= len(line) {
			return false
		}
		f3 := line[s3:e3]
		t.month, t.day = mon, day
		if y, ok := lex.Year4(f3); ok {
			t.year, t.hour, t.minute, t.end = y, 0, 0, e3
		} else {
			h, m, sec, fr, ok := lex.Clock(f3)
			if !ok || fr >= 0 {
				return false
			}
			t.hour, t.minute, t.end = h, m, e3
			if sec >= 0 {
				s4, e4 := lex.NextField(line, e3)
				y, ok := lex.Year4(line[s4:e4])
				if !ok {
					return false
				}
				t.sec, t.year, t.end = sec, y, e4
			}
		}
		t.nameAt = t.end + 1
	case tok[0] >= '0' && tok[0] <= '9':
		if len(tok) == 5 && tok[2] == '-' {
			// --time-style=iso, recent: "11-29 22:49".
			mon, ok1 := lex.Num2(tok[:2])
			day, ok2 := lex.Num2(tok[3:])
			if !ok1 || !ok2 {
				return false
			}
			s2, e2 := lex.NextField(line, e1)
			h, m, sec, _, ok := lex.Clock(line[s2:e2])
			if !ok || sec >= 0 {
				return false
			}
			t.month, t.day, t.hour, t.minute, t.end = mon, day, h, m, e2
			t.nameAt = e2 + 1
			break
		}
		y, mon, day, ok := lex.YMD(tok)
		if !ok {
			return false
		}
		t.year, t.month, t.day = y, mon, day
		if e1+1 < len(line) && line[e1] == ' ' && line[e1+1] == ' ' {
			// --time-style=iso, older: "2024-03-06  name".
			t.hour, t.minute, t.end, t.nameAt = 0, 0, e1, e1+2
			break
		}
		s2, e2 := lex.NextField(line, e1)
		h, m, sec, fr, ok := lex.Clock(line[s2:e2])
		if !ok {
			return false
		}
		t.hour, t.minute, t.end = h, m, e2
		if sec >= 0 {
			t.sec = sec
			if fr >= 0 {
				t.frac = [2]int{s2 + fr, e2}
			}
			// full-iso: an offset follows.
			s3, e3 := lex.NextField(line, e2)
			if z := line[s3:e3]; len(z) == 5 && (z[0] == '+' || z[0] == '-') && lex.IsDigits(z[1:]) {
				t.offset = [2]int{s3, e3}
				t.end = e3
			} else if fr >= 0 {
				return false
			}
		}
		t.nameAt = t.end + 1
	default:
		return false
	}
	if t.month < 1 || t.month > 12 || t.day < 1 || t.day > 31 {
		return false
	}
	if t.end >= len(line) || line[t.end] != ' ' || t.nameAt >= len(line) {
		return false
	}
	return p.inferYear(t)
}

// inferYear checks t's day against its month and, when no year was
// printed, sets the year of Now, or the previous one when that would put
// the date more than a day after Now (compared as wall-clock minutes in
// Location), as a negative number: inferred.
func (p *lsParser) inferYear(t *lsTime) bool {
	y, ok := p.yearFor(t.year, t.month, t.day, t.hour, t.minute)
	t.year = y
	return ok
}

// yearFor is inferYear on values: the year to keep (negative when
// inferred) and whether the day exists.
func (p *lsParser) yearFor(year, month, day, hour, minute int) (int, bool) {
	if year != 0 {
		return year, day <= lex.DaysIn(month, year)
	}
	y, ok := p.years.Year(month, day, hour, minute)
	return -y, ok
}

// emitTime sets e.ModifiedAt to the ISO form of t and records its span.
func (p *lsParser) emitTime(e *LsEntry, t *lsTime, line string, base int, rec bool) {
	y := t.year
	inferred := y < 0
	if inferred {
		y = -y
		if !p.infers {
			p.infers = true
			p.firstInferred = [2]int{base + t.start, base + t.end}
		}
	}
	sec := t.sec
	if sec < 0 {
		sec = 0
	}
	b := make([]byte, 0, 32)
	b = isoTime(b, t, line, y, sec)
	if t.offset[0] < 0 {
		// No offset printed: Location's at that wall-clock time.
		_, off := time.Date(y, time.Month(t.month), t.day, t.hour, t.minute, 0, 0, p.c.Location).Zone()
		b = appendOffset(b, off)
		if !p.assumed {
			p.assumed = true
			p.firstAssumed = [2]int{base + t.start, base + t.end}
		}
	}
	dst, id := &e.ModifiedAt, sfModifiedAt
	switch p.o.time {
	case lsChanged:
		dst, id = &e.ChangedAt, sfChangedAt
	case lsAccessed:
		dst, id = &e.AccessedAt, sfAccessedAt
	case lsBorn:
		dst, id = &e.BornAt, sfBornAt
	}
	*dst = string(b)
	if rec {
		p.rec.Field(id, base+t.start, base+t.end, catalog.TrTimestamp)
	}
}

// isoTime appends the ISO form of t, year y and seconds sec, with its
// offset when one is printed.
func isoTime(b []byte, t *lsTime, line string, y, sec int) []byte {
	b = lex.AppendPadded(b, y, 4)
	b = append2(append(b, '-'), t.month)
	b = append2(append(b, '-'), t.day)
	b = append2(append(b, 'T'), t.hour)
	b = append2(append(b, ':'), t.minute)
	b = append2(append(b, ':'), sec)
	if t.frac[0] >= 0 {
		b = append(b, '.')
		b = append(b, line[t.frac[0]:t.frac[1]]...)
	}
	if t.offset[0] >= 0 {
		z := line[t.offset[0]:t.offset[1]]
		b = append(b, z[:3]...)
		b = append(b, ':')
		b = append(b, z[3:]...)
	}
	return b
}

// appendOffset appends a zone offset of off seconds as "+hh:mm".
// append2 appends v, 0 to 99 (parseTime read it from at most two
// digits: a month, day, hour, minute or second; an offset's minutes), in
// two digits.
// (AppendPadded for each was a tenth of ls's time on a 1 MB input.)
func append2(b []byte, v int) []byte {
	return append(b, byte('0'+v/10), byte('0'+v%10))
}

func appendOffset(b []byte, off int) []byte {
	if off < 0 {
		b = append(b, '-')
		off = -off
	} else {
		b = append(b, '+')
	}
	return append2(append(lex.AppendPadded(b, off/3600, 2), ':'), off%3600/60)
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lsParsers() }

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	sfBlocks        = catalog.SpanID("blocks")
	sfBlocksHuman   = catalog.SpanID("blocks_human")
	sfDeviceMajor   = catalog.SpanID("device/major")
	sfDeviceMinor   = catalog.SpanID("device/minor")
	sfDeviceNumber  = catalog.SpanID("device/number")
	sfDirectory     = catalog.SpanID("directory")
	sfGID           = catalog.SpanID("gid")
	sfGroup         = catalog.SpanID("group")
	sfHasACL        = catalog.SpanID("has_acl")
	sfHasSecContext = catalog.SpanID("has_security_context")
	sfHasXattr      = catalog.SpanID("has_xattr")
	sfInode         = catalog.SpanID("inode")
	sfLinks         = catalog.SpanID("links")
	sfMode          = catalog.SpanID("mode")
	sfModifiedAt    = catalog.SpanID("modified_at")
	sfName          = catalog.SpanID("name")
	sfOwner         = catalog.SpanID("owner")
	sfPermGroup     = catalog.SpanID("permissions/group")
	sfPermOther     = catalog.SpanID("permissions/other")
	sfPermOwner     = catalog.SpanID("permissions/owner")
	sfSizeBytes     = catalog.SpanID("size_bytes")
	sfSizeHuman     = catalog.SpanID("size_human")
	sfSymlinkTarget = catalog.SpanID("symlink_target")
	sfType          = catalog.SpanID("type")
	sfUID           = catalog.SpanID("uid")
	skEntries       = catalog.SpanID("entries/*")
)
