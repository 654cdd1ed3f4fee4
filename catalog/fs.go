package catalog

import (
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// The filesystem family: find, du, df, stat and tree. Shared pieces of the
// filesystem, text and environment families (fsSettle, fsRecords, the
// time helpers) live here too; their names start with "fs".

// ---------------------------------------------------------------- spans

// These families record their spans with spanRec (spans.go).

// ---------------------------------------------------------------- arguments

// fsKinds builds a kind function from the parser's declared flags: Value
// flags take a value, except those listed as optional (attached only).
func fsKinds(flags Flags, optional ...string) func(string) int {
	return func(f string) int {
		for _, o := range optional {
			if o == f {
				return 2
			}
		}
		if flags[f] == Value {
			return 1
		}
		return 0
	}
}

// fsOperands lists the operands of scanned arguments.
func fsOperands(scanned []cmdArg) []string {
	var out []string
	for _, a := range scanned {
		if a.flag == "" {
			out = append(out, a.pos)
		}
	}
	return out
}

// fsWithout returns args without the arguments that carry the flags in
// drop (their values included), and with extra added before the first
// operand: the hint for an unsupported flag is the same command without
// it, or with the flags that make the output readable.
func fsWithout(args []string, scanned []cmdArg, drop func(a cmdArg) bool, extra ...string) []string {
	skip := map[int]bool{}
	for _, a := range scanned {
		if a.flag == "" || !drop(a) {
			continue
		}
		// A flag inside a cluster ("-lT") is removed from the cluster only.
		arg := args[a.index]
		if len(a.flag) == 2 && len(arg) > 2 && arg[1] != '-' && !a.hasValue {
			args = fsReplace(args, a.index, strings.Replace(arg, a.flag[1:], "", 1))
			if args[a.index] == "-" {
				skip[a.index] = true
			}
			continue
		}
		skip[a.index] = true
		if a.hasValue && !a.attached {
			skip[a.index+1] = true
		}
	}
	at := fsFirstOperand(args, scanned)
	out := []string{}
	for i, a := range args {
		if i == at {
			out = append(out, extra...)
		}
		if !skip[i] {
			out = append(out, a)
		}
	}
	if at >= len(args) {
		out = append(out, extra...)
	}
	return out
}

// fsFirstOperand is the index of the first operand (or of the "--" before
// it), where flags are added: BSD programs stop reading options there, so
// a flag after it would be read as a file name.
func fsFirstOperand(args []string, scanned []cmdArg) int {
	for _, a := range scanned {
		if a.flag == "" {
			if a.index > 0 && args[a.index-1] == "--" {
				return a.index - 1
			}
			return a.index
		}
	}
	for i, a := range args {
		if a == "--" {
			return i
		}
	}
	return len(args)
}

// fsInsertFlags returns args with flags added before the first operand.
func fsInsertFlags(args []string, scanned []cmdArg, flags ...string) []string {
	return fsWithout(args, scanned, func(cmdArg) bool { return false }, flags...)
}

func fsReplace(args []string, i int, v string) []string {
	out := append([]string(nil), args...)
	out[i] = v
	return out
}

// fsHasFlag reports whether any of the flags was given.
func fsHasFlag(scanned []cmdArg, flags ...string) bool {
	for _, a := range scanned {
		for _, f := range flags {
			if a.flag == f {
				return true
			}
		}
	}
	return false
}

// ---------------------------------------------------------------- time

// fsISO renders a wall-clock time with a "+hh:mm" offset as ISO 8601;
// frac holds the fractional digits as printed, if any.
func fsISO(y, mo, d, h, mi, s int, frac, off string) string {
	b := make([]byte, 0, 25+len(frac))
	b = appendInt(b, y, 4)
	b = append(b, '-')
	b = appendInt(b, mo, 2)
	b = append(b, '-')
	b = appendInt(b, d, 2)
	b = append(b, 'T')
	b = appendInt(b, h, 2)
	b = append(b, ':')
	b = appendInt(b, mi, 2)
	b = append(b, ':')
	b = appendInt(b, s, 2)
	if frac != "" {
		b = append(b, '.')
		b = append(b, frac...)
	}
	b = append(b, off...)
	return string(b)
}

// fsOffset renders a zone offset in seconds as "+hh:mm".
func fsOffset(off int) string {
	b := make([]byte, 0, 6)
	if off < 0 {
		b = append(b, '-')
		off = -off
	} else {
		b = append(b, '+')
	}
	b = appendInt(b, off/3600, 2)
	b = append(b, ':')
	b = appendInt(b, off%3600/60, 2)
	return string(b)
}

// fsZoneAt is the offset of loc at a wall-clock time.
func fsZoneAt(loc *time.Location, y, mo, d, h, mi, s int) string {
	if loc == nil {
		loc = time.UTC
	}
	_, off := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc).Zone()
	return fsOffset(off)
}

// fsZoneName names the zone assumed for times printed without an offset.
func fsZoneName(c *Context) string {
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	name := loc.String()
	if name == "Local" || name == "" {
		name, _ = c.Now.In(loc).Zone()
	}
	return name
}

// fsNumericTime reads GNU stat's "2026-11-29 23:52:32.874503903 +0000"
// into ISO 8601; ok is false for anything else.
func fsNumericTime(date, clock, zone string) (string, bool) {
	y, mo, d, ok := ymd(date)
	if !ok || mo < 1 || mo > 12 || d < 1 || d > daysIn(mo, y) {
		return "", false
	}
	h, mi, sec, fracAt, ok := hhmm(clock)
	if !ok || sec < 0 {
		return "", false
	}
	frac := ""
	if fracAt >= 0 {
		frac = clock[fracAt:]
	}
	if len(zone) != 5 || (zone[0] != '+' && zone[0] != '-') || !lex.IsDigits(zone[1:]) {
		return "", false
	}
	return fsISO(y, mo, d, h, mi, sec, frac, zone[:3]+":"+zone[3:]), true
}

// fsEpoch renders seconds since 1970 as ISO 8601 in UTC.
func fsEpoch(v string) (string, bool) {
	n, ok := lex.Atoi(v)
	if !ok || n > 253402300799 {
		return "", false
	}
	t := time.Unix(n, 0).UTC()
	return fsISO(t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), "", "+00:00"), true
}

// fsBSDTime reads the C-locale times BSD stat prints: "Nov 29 09:41:07
// 2026" (%b %e %T %Y) or, with a weekday first, "Sun Nov  9 09:41:07 2026"
// (%c). The zone is the context's.
func fsBSDTime(c *Context, s string) (string, bool) {
	f := lex.Fields(nil, s, 0)
	if len(f) == 5 && isWeekday(s[f[0].Start:f[0].End]) {
		f = f[1:]
	}
	if len(f) != 4 {
		return "", false
	}
	mo := monthIndex(s[f[0].Start:f[0].End])
	d, ok1 := num2(s[f[1].Start:f[1].End])
	h, mi, sec, fr, ok2 := hhmm(s[f[2].Start:f[2].End])
	y, ok3 := year4(s[f[3].Start:f[3].End])
	if mo == 0 || !ok1 || !ok2 || !ok3 || sec < 0 || fr >= 0 || d < 1 || d > daysIn(mo, y) {
		return "", false
	}
	return fsISO(y, mo, d, h, mi, sec, "", fsZoneAt(c.Location, y, mo, d, h, mi, sec)), true
}

// ---------------------------------------------------------------- find

// FindResult is the parsed output of `find` (-print or -print0).
type FindResult struct {
	// Paths are the printed paths in output order, exactly as printed.
	Paths []string `json:"paths"`
}

// findPrimaries are the expression words of GNU, BSD and BusyBox find the
// parser accepts: 0 takes no value, 1 takes one.
var findPrimaries = map[string]int{
	"-print": 0, "-print0": 0, "-prune": 0, "-quit": 0, "-true": 0, "-false": 0, "-empty": 0,
	"-readable": 0, "-writable": 0, "-executable": 0, "-nouser": 0, "-nogroup": 0, "-depth": 0,
	"-d": 0, "-xdev": 0, "-mount": 0, "-noleaf": 0, "-ignore_readdir_race": 0,
	"-noignore_readdir_race": 0, "-daystart": 0, "-not": 0, "-a": 0, "-and": 0, "-o": 0, "-or": 0,
	"-follow": 0, "-acl": 0, "-sparse": 0, "-xattr": 0,
	"-name": 1, "-iname": 1, "-path": 1, "-ipath": 1, "-wholename": 1, "-iwholename": 1,
	"-regex": 1, "-iregex": 1, "-lname": 1, "-ilname": 1, "-perm": 1, "-user": 1, "-group": 1,
	"-fstype": 1, "-context": 1, "-type": 1, "-xtype": 1, "-regextype": 1, "-maxdepth": 1,
	"-mindepth": 1, "-uid": 1, "-gid": 1, "-links": 1, "-inum": 1, "-mtime": 1, "-atime": 1,
	"-ctime": 1, "-mmin": 1, "-amin": 1, "-cmin": 1, "-used": 1, "-size": 1, "-newer": 1,
	"-anewer": 1, "-cnewer": 1, "-mnewer": 1, "-samefile": 1, "-files0-from": 1,
	"-Bmin": 1, "-Bnewer": 1, "-Btime": 1, "-flags": 1, "-xattrname": 1,
	"-nowarn": 0, "-warn": 0,
}

// findOutputPrimaries print something other than one path per line.
var findOutputPrimaries = map[string]int{
	"-printf": 1, "-fprintf": 2, "-ls": 0, "-fls": 1, "-fprint": 1, "-fprint0": 1,
	"-exec": -1, "-execdir": -1, "-ok": -1, "-okdir": -1, "-delete": 0,
}

// findFlags: the core reads "-name" as the cluster -n -a -m -e, so every
// letter a primary starts with is declared as taking an attached value;
// findCheck then reads the arguments as find does, word by word.
var findFlags = func() Flags {
	f := Flags{}
	for _, ch := range "abcdefgilmnopqrstuwxBDEHLOPX0123456789" {
		f["-"+string(ch)] = Value
	}
	return f
}()

var findParserDef = &Parser{
	ID:      "find",
	Command: "find",
	Version: "1",
	Format:  "find paths, one per line (-print, the default) or NUL-terminated (-print0); GNU, BSD, BusyBox",
	// Primaries (findPrimaries) checked against GNU findutils 4.9.0 find
	// --help and find(1) (this machine), BusyBox 1.35 find --help, FreeBSD
	// 14 and macOS 14 find(1) (-Bmin, -Bnewer, -flags, -xattr, -s, -x, -E,
	// -f). Output primaries (-printf, -ls, -fprint*, -exec, -ok, -delete)
	// are refused, with -print in place of -printf and -ls.
	Flags: findFlags,
	// Starting points and expression words are all "positionals" to the core.
	MaxPositionals: -1,
	Alternatives:   map[string][]string{},
	Result:         FindResult{},
	RowsKey:        "paths",
	Examples:       [][]string{{"."}, {".", "-name", "*.go"}, {"src", "-type", "f", "-maxdepth", "2"}, {".", "-print0"}},
	Parse:          parseFind,
}

// findParsers wires the findParserDef and returns it for the builtin list.
func findParsers() []*Parser {
	findParserDef.Check = findCheck
	return []*Parser{findParserDef}
}

// findArgs is what find's arguments say: its starting points and whether
// paths end in NUL.
type findArgs struct {
	starts []string
	print0 bool
	print  bool
}

// findRead walks find's argument list: leading options, starting points,
// then the expression. It returns a refusal for words it does not know.
func findRead(args []string, os OS) (findArgs, *ParseError) {
	var fa findArgs
	i := 0
	// Leading options.
	for ; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-H" || a == "-L" || a == "-P" || a == "-E" || a == "-X" || a == "-s" || a == "-x":
		case a == "-d" && os.bsdLike():
		case len(a) == 3 && strings.HasPrefix(a, "-O") && a[2] >= '0' && a[2] <= '9':
		case a == "-D" && i+1 < len(args):
			i++
		case a == "-f" && os.bsdLike() && i+1 < len(args):
			i++
			fa.starts = append(fa.starts, args[i])
		case a == "--":
			i++
			goto starts
		default:
			goto starts
		}
	}
starts:
	for ; i < len(args); i++ {
		a := args[i]
		if (len(a) > 1 && a[0] == '-') || a == "(" || a == "!" || a == ")" || a == "," {
			break
		}
		fa.starts = append(fa.starts, a)
	}
	for ; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			continue // "(", "!", values of -size and the like
		}
		if k, ok := findPrimaries[a]; ok {
			switch a {
			case "-print0":
				fa.print0 = true
			case "-print":
				fa.print = true
			}
			i += k
			continue
		}
		if len(a) == 8 && strings.HasPrefix(a, "-newer") {
			i++ // -newerXY reference
			continue
		}
		if _, ok := findOutputPrimaries[a]; ok {
			return fa, findRefuse(args, i)
		}
		return fa, Unsupported(nil, "find: %s is not a primary the parser knows", a)
	}
	if fa.print0 && fa.print {
		return fa, Unsupported(findReplace(args, "-print", "-print0"), "find with both -print and -print0 mixes line and NUL endings")
	}
	return fa, nil
}

// findRefuse explains why an output primary is not read and proposes the
// same expression printing paths.
func findRefuse(args []string, i int) *ParseError {
	a := args[i]
	switch a {
	case "-printf", "-ls":
		var hint []string
		n := 1
		if a == "-printf" {
			n = 2
		}
		if i+n <= len(args) {
			print := "-print"
			if slicesContains(args, "-print0") {
				print = "-print0"
			}
			hint = append(append(append([]string{}, args[:i]...), print), args[i+n:]...)
		}
		return Unsupported(hint, "find %s prints a custom format; the parser reads paths (-print, -print0)", a)
	}
	return Unsupported(nil, "find %s does not print paths to standard output", a)
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// findReplace replaces every argument equal to from.
func findReplace(args []string, from, to string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == from {
			a = to
		}
		out[i] = a
	}
	return out
}

func findCheck(args []string, os OS) *ParseError {
	_, perr := findRead(args, os)
	return perr
}

// findUnder reports whether path is a starting point or below one: find
// prints nothing else, so a line that is not is the rest of a name that
// held a newline.
func findUnder(path string, starts []string) bool {
	for _, s := range starts {
		if !strings.HasPrefix(path, s) {
			continue
		}
		if len(path) == len(s) || s[len(s)-1] == '/' || path[len(s)] == '/' {
			return true
		}
	}
	return false
}

func parseFind(c *Context) (any, error) {
	fa, _ := findRead(c.Args, c.OS)
	raw := c.Raw
	r := newSpanRec(c, 1)
	kPaths := r.name("paths/*")
	res := &FindResult{}
	if strings.IndexByte(raw, 0) >= 0 {
		// -print0: every path ends in NUL, and may hold anything else.
		res.Paths = make([]string, 0, min(strings.Count(raw, "\x00")+1, 1<<20))
		for pos := 0; pos < len(raw); {
			end := strings.IndexByte(raw[pos:], 0)
			if end < 0 {
				end = len(raw)
			} else {
				end += pos
			}
			p := raw[pos:end]
			s := pos
			pos = end + 1
			if p == "" {
				c.Unread(s) // find never prints an empty path
				continue
			}
			if c.Full(len(res.Paths)) {
				c.Omit(1)
				continue
			}
			r.at(kPaths, len(res.Paths), 0, s, end, 0)
			res.Paths = append(res.Paths, p)
		}
		r.finish()
		return res, nil
	}
	starts := fa.starts
	if len(starts) == 0 {
		starts = []string{"."}
	}
	for _, s := range starts {
		if s == "" {
			starts = nil // no prefix to check against
		}
	}
	res.Paths = make([]string, 0, min(lex.CountLines(raw), 1<<20))
	last := -1 // start offset of the last kept path, for continuations
	lastOmitted := false
	warned := false
	it := lex.Lines{Raw: raw}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if starts != nil && !findUnder(line, starts) && (last >= 0 || lastOmitted) {
			// The rest of a name holding a newline: find printed it whole.
			if lastOmitted {
				continue
			}
			end := start + len(line)
			res.Paths[len(res.Paths)-1] = raw[last:end]
			r.extend(end)
			if !warned {
				warned = true
				c.Warn("a path held a newline and was joined with the line before it; -print0 gives exact paths")
			}
			continue
		}
		if line == "" {
			c.Unread(start)
			continue
		}
		if c.Full(len(res.Paths)) {
			c.Omit(1)
			lastOmitted, last = true, -1
			continue
		}
		lastOmitted = false
		last = start
		r.at(kPaths, len(res.Paths), 0, start, start+len(line), 0)
		res.Paths = append(res.Paths, line)
	}
	r.finish()
	return res, nil
}

// fsSettle finishes a list read in full. When hasTotal, the last row is a
// total line: it is returned apart and its spans move to totalKey. Rows past
// MaxItems are then dropped and counted, their spans cut. marks[i] is where
// row i's spans begin (kept only while recording).
func fsSettle[T any](c *Context, r *spanRec, rows []T, marks []int, hasTotal bool, totalKey uint16) ([]T, *T) {
	var tot *T
	spansEnd := len(r.spans)
	if hasTotal && len(rows) > 0 {
		t := rows[len(rows)-1]
		tot = &t
		rows = rows[:len(rows)-1]
		if r.on {
			spansEnd = marks[len(rows)]
			r.retemplate(spansEnd, totalKey)
		}
	}
	if c.MaxItems > 0 && len(rows) > c.MaxItems {
		c.Omit(len(rows) - c.MaxItems)
		if r.on {
			r.cut(marks[c.MaxItems], spansEnd)
		}
		rows = rows[:c.MaxItems]
	}
	return rows, tot
}

// fsRecords walks raw split on sep ('\n', or 0 for NUL-terminated
// output); a '\r' before '\n' is dropped.
type fsRecords struct {
	raw string
	pos int
	sep byte
}

func (it *fsRecords) next() (line string, start int, ok bool) {
	if it.pos >= len(it.raw) {
		return "", 0, false
	}
	start = it.pos
	end := strings.IndexByte(it.raw[start:], it.sep)
	if end < 0 {
		end = len(it.raw)
	} else {
		end += start
	}
	it.pos = end + 1
	line = it.raw[start:end]
	if it.sep == '\n' && len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, start, true
}

// ---------------------------------------------------------------- du

// DuResult is the parsed output of `du`.
type DuResult struct {
	Entries []DuEntry `json:"entries"`
	// Total is the "total" line of -c.
	Total *DuEntry `json:"total,omitempty"`
	// TimeZone names the zone assumed for --time's times printed without
	// an offset (long-iso, the default).
	TimeZone string `json:"time_zone,omitempty"`
}

// DuEntry is one line of du. SizeBytes is the size in bytes whatever unit
// the arguments chose (blocks multiplied out; -h and --si sizes converted
// from their rounded form, which SizeHuman keeps as printed); Inodes
// replaces it with --inodes.
type DuEntry struct {
	SizeBytes *int64 `json:"size_bytes,omitempty"`
	SizeHuman string `json:"size_human,omitempty"`
	Inodes    *int64 `json:"inodes,omitempty"`
	// GNU --time: the latest time of the files below, named after which
	// time --time chose (mtime by default).
	ModifiedAt string `json:"modified_at,omitempty"`
	AccessedAt string `json:"accessed_at,omitempty"`
	ChangedAt  string `json:"changed_at,omitempty"`
	// Path is absent on the total line.
	Path string `json:"path,omitempty"`
}

var duParserDef = &Parser{
	ID:      "du",
	Command: "du",
	Version: "1",
	Format:  "du lines: size, tab, path (GNU, BusyBox, BSD), or NUL-terminated (-0); sizes in bytes whatever the unit",
	// Flags checked against GNU coreutils 9.1 du(1) and --help (this
	// machine; -B's units from the coreutils manual's "Block size"),
	// BusyBox 1.35 du --help, FreeBSD 14 and macOS 14 du(1) ([-Aclnrx]
	// [-H|-L|-P] [-g|-h|-k|-m] [-a|-s|-d depth] [-B blocksize] [-I mask]
	// [-t threshold]). GNU --time[=atime|ctime] adds a time column, read
	// with --time-style long-iso (the default) or full-iso. Refused: other
	// time styles, -g and -b where the other family means something
	// else, block sizes with "'".
	Flags: Flags{
		"-s": Bool, "-h": Bool, "-a": Bool, "-c": Bool, "-k": Bool, "-m": Bool, "-g": Bool, "-b": Bool,
		"-x": Bool, "-S": Bool, "-0": Bool, "-P": Bool, "-D": Bool, "-H": Bool, "-L": Bool, "-l": Bool,
		"-A": Bool, "-n": Bool, "-r": Bool,
		"-d": Value, "-X": Value, "-t": Value, "-B": Value, "-I": Value,
		"--summarize": Bool, "--human-readable": Bool, "--all": Bool, "--total": Bool, "--bytes": Bool,
		"--one-file-system": Bool, "--apparent-size": Bool, "--si": Bool, "--separate-dirs": Bool,
		"--null": Bool, "--no-dereference": Bool, "--dereference-args": Bool, "--dereference": Bool,
		"--count-links": Bool, "--inodes": Bool,
		"--max-depth": Value, "--exclude": Value, "--exclude-from": Value, "--files0-from": Value,
		"--threshold": Value, "--block-size": Value, "--time": Value, "--time-style": Value,
	},
	MaxPositionals: -1,
	Result:         DuResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"path"},
	Examples:       [][]string{{"-sk", "."}, {"-h", "-d", "1"}, {"-sk", "src", "docs"}, {"-ack"}},
}

// duParsers wires the duParserDef and returns it for the builtin list.
func duParsers() []*Parser {
	duParserDef.Check, duParserDef.Parse = duCheck, parseDu // set here: both refer back to the parser
	duParserDef.Alternatives = map[string][]string{}
	return []*Parser{duParserDef}
}

// fsUnit is what one number of a size column stands for: factor bytes,
// or a rounded human size ("4.0K") in powers of base (1024, or 1000 for
// --si and -H); suffix is the unit GNU appends to every value when the
// block size was given without a number (-BM prints "258020M").
type fsUnit struct {
	factor int64
	base   int64 // human when not 0
	suffix string
}

// fsBlockSpec reads a GNU block size ("1K", "M", "4KiB", "1MB", "512",
// "human-readable", "si"; coreutils 9.1 lib/human.c, the syntax of
// --block-size in the coreutils manual): an optional number, then a
// unit letter K M G T P E, alone or followed by "iB" (powers of 1024) or
// "B" (powers of 1000). A spec starting with "'" (digit grouping, which
// depends on the locale) is not read.
func fsBlockSpec(v string) (fsUnit, bool) {
	switch v {
	case "human-readable":
		return fsUnit{base: 1024}, true
	case "si":
		return fsUnit{base: 1000}, true
	}
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	num := int64(1)
	if i > 0 {
		n, ok := lex.Atoi(v[:i])
		if !ok || n == 0 {
			return fsUnit{}, false
		}
		num = n
	}
	unit := v[i:]
	var u fsUnit
	if unit != "" {
		k := strings.IndexByte("KMGTPE", unit[0]&^0x20)
		if k < 0 || (unit[0] == 'k' && len(unit) > 1 && unit[1:] != "B") {
			return fsUnit{}, false
		}
		per, rest := int64(1024), unit[1:]
		switch rest {
		case "", "iB":
		case "B":
			per = 1000
		default:
			return fsUnit{}, false
		}
		mult := int64(1)
		for range k + 1 {
			mult *= per
		}
		if i == 0 {
			u.suffix = unit // printed after every value
		}
		if num > (1<<50)/mult {
			return fsUnit{}, false
		}
		num *= mult
	} else if num > 1<<50 {
		return fsUnit{}, false
	}
	u.factor = num
	return u, true
}

// fsHumanBytes converts a rounded human size as du -h, df -h and free -h
// print it ("4.0K", "12M", "0", "512B", macOS and procps "460Gi", a
// decimal comma) to bytes in powers of base. The result is as exact as
// the printed digits.
func fsHumanBytes(v string, base int64) (int64, bool) {
	if !lex.HumanSize(v, true) {
		return 0, false
	}
	v = strings.TrimSuffix(v, "i")
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.' || v[i] == ',') {
		i++
	}
	f, err := strconv.ParseFloat(strings.Replace(v[:i], ",", ".", 1), 64)
	if err != nil {
		return 0, false
	}
	if i < len(v) && v[i] != 'B' {
		k := strings.IndexByte("KMGTPEZYRQ", v[i]&^0x20)
		if k < 0 || k > 4 {
			return 0, false // exabytes and beyond do not fit
		}
		for range k + 1 {
			f *= float64(base)
		}
	}
	if f >= 1<<62 {
		return 0, false
	}
	return int64(f + 0.5), true
}

// fsAtoi is lex.Atoi up to int64's 19 digits: APFS inode numbers pass
// 2^60 (1152921500311943298).
func fsAtoi(v string) (int64, bool) {
	n, ok := lex.Atoi(v)
	if !ok && len(v) == 19 && lex.IsDigits(v) {
		n64, err := strconv.ParseInt(v, 10, 64)
		n, ok = n64, err == nil
	}
	return n, ok
}

// fsValue reads one size value in unit u into bytes.
func fsValue(v string, u fsUnit) (int64, bool) {
	if u.base != 0 {
		return fsHumanBytes(v, u.base)
	}
	if u.suffix != "" {
		if len(v) <= len(u.suffix) || !strings.EqualFold(v[len(v)-len(u.suffix):], u.suffix) {
			return 0, false
		}
		v = v[:len(v)-len(u.suffix)]
	}
	n, ok := lex.Atoi(v)
	if !ok || n > (1<<62)/u.factor {
		return 0, false
	}
	return n * u.factor, true
}

// fsUnitTr names the span transform of a value in unit u.
func fsUnitTr(u fsUnit) string {
	switch {
	case u.base != 0:
		return "humanSize" + strconv.FormatInt(u.base, 10)
	case u.factor == 1 && u.suffix == "":
		return "parseInt"
	}
	return "parseInt*" + strconv.FormatInt(u.factor, 10)
}

// duRead reads the unit the arguments choose (the last unit flag wins, as
// in GNU and BSD du) and whether a total line and NUL endings come. BSD
// du without -k, -m, -g, -h or -B counts in BLOCKSIZE units: 512 bytes
// unless the environment says otherwise, which the parser cannot see, so
// the answer is read as 512-byte blocks and bsd512 says so.
func duRead(args []string, os OS) (unit fsUnit, inodes, total, null, bsd512 bool, perr *ParseError) {
	scanned := scanArgs(args, fsKinds(duParserDef.Flags, "--time"), false)
	fail := func(perr *ParseError) (fsUnit, bool, bool, bool, bool, *ParseError) {
		return fsUnit{}, false, false, false, false, perr
	}
	if perr := checkFsDeclared(scanned, duParserDef); perr != nil {
		return fail(perr)
	}
	without := func(flags ...string) func(a cmdArg) bool {
		return func(a cmdArg) bool { return slicesContains(flags, a.flag) }
	}
	bsd := os.bsdLike()
	unit = fsUnit{factor: 1024} // GNU and BusyBox: 1024-byte blocks unless told otherwise
	if bsd {
		unit, bsd512 = fsUnit{factor: 512}, true
	}
	for _, a := range scanned {
		switch a.flag {
		case "-k":
			unit, bsd512 = fsUnit{factor: 1024}, false
		case "-m":
			unit, bsd512 = fsUnit{factor: 1 << 20}, false
		case "-g":
			if !bsd {
				return fail(Unsupported(fsWithout(args, scanned, without("-g"), "-k"), "du -g is BSD's GiB unit"))
			}
			unit, bsd512 = fsUnit{factor: 1 << 30}, false
		case "-b", "--bytes":
			if bsd {
				return fail(Unsupported(fsWithout(args, scanned, without("-b"), "-k"), "BSD du has no -b"))
			}
			unit = fsUnit{factor: 1}
		case "-h", "--human-readable":
			unit, bsd512 = fsUnit{base: 1024}, false
		case "--si":
			unit = fsUnit{base: 1000}
		case "-B", "--block-size":
			u, ok := fsBlockSpec(a.value)
			if bsd {
				// FreeBSD and macOS du -B take a number of bytes.
				n, isNum := lex.Atoi(a.value)
				u, ok = fsUnit{factor: n}, isNum && n > 0 && n <= 1<<40
			}
			if !ok {
				return fail(Unsupported(fsWithout(args, scanned, without("-B", "--block-size"), "-k"),
					"du block size %q is not a unit the parser reads", a.value))
			}
			unit, bsd512 = u, false
		case "--inodes":
			inodes = true
		case "--time", "--time-style":
			v := strings.TrimPrefix(a.value, "posix-")
			if bsd || a.flag == "--time" && !slicesContains([]string{"", "mtime", "modification", "atime", "access", "use", "ctime", "status"}, v) {
				return fail(Unsupported(fsWithout(args, scanned, without("--time", "--time-style"), "-k"), "du %s=%s is not a time the parser reads", a.flag, a.value))
			}
			if a.flag == "--time-style" && v != "long-iso" && v != "full-iso" {
				return fail(Unsupported(fsWithout(args, scanned, without("--time-style"), "--time-style=full-iso"),
					"du --time-style=%s is not a form the parser reads; full-iso and long-iso are", a.value))
			}
		case "-c", "--total":
			total = true
		case "-0", "--null":
			null = true
		case "-I", "-n", "-A", "-r":
			if !bsd {
				return fail(Unsupported(nil, "du %s is a BSD option", a.flag))
			}
		}
	}
	return unit, inodes, total, null, bsd512, nil
}

// checkFsDeclared refuses flags the parser did not declare (the core does
// too, but an optional value can hide the next argument from it).
func checkFsDeclared(scanned []cmdArg, p *Parser) *ParseError {
	for _, a := range scanned {
		if a.flag == "" || a.flag == "-#" {
			continue
		}
		if _, ok := p.Flags[a.flag]; !ok {
			return p.unsupportedFlag(a.flag)
		}
	}
	return nil
}

// duTimeOpts reads GNU --time and --time-style (coreutils 9.1 du.c
// time_args): the field the time column fills ("" without --time) and
// whether the times are full-iso (long-iso, the default, otherwise).
func duTimeOpts(args []string) (field string, full bool) {
	for _, a := range scanArgs(args, fsKinds(duParserDef.Flags, "--time"), false) {
		switch a.flag {
		case "--time":
			switch a.value {
			case "atime", "access", "use":
				field = "accessed_at"
			case "ctime", "status":
				field = "changed_at"
			default:
				field = "modified_at"
			}
		case "--time-style":
			full = strings.TrimPrefix(a.value, "posix-") == "full-iso"
		}
	}
	return field, full
}

// duTime reads a --time column: "2026-12-01 23:32" (long-iso, in the
// context's zone: assumed) or "2026-12-01 23:32:09.935089341 +0000".
func duTime(c *Context, v string, full bool) (iso string, assumed, ok bool) {
	date, clock, _ := strings.Cut(v, " ")
	if full {
		clock, zone, _ := strings.Cut(clock, " ")
		iso, ok = fsNumericTime(date, clock, zone)
		return iso, false, ok
	}
	y, mo, d, ok := ymd(date)
	if !ok || mo < 1 || mo > 12 || d < 1 || d > daysIn(mo, y) {
		return "", false, false
	}
	h, mi, sec, _, ok := hhmm(clock)
	if !ok || sec >= 0 || len(clock) != 5 {
		return "", false, false
	}
	return fsISO(y, mo, d, h, mi, 0, "", fsZoneAt(c.Location, y, mo, d, h, mi, 0)), true, true
}

func duCheck(args []string, os OS) *ParseError {
	_, _, _, _, _, perr := duRead(args, os)
	return perr
}

func parseDu(c *Context) (any, error) {
	unit, inodes, total, null, bsd512, perr := duRead(c.Args, c.OS)
	if perr != nil {
		return nil, perr
	}
	raw := c.Raw
	it := fsRecords{raw: raw, sep: '\n'}
	if null || strings.IndexByte(raw, 0) >= 0 {
		it.sep = 0
	}
	r := newSpanRec(c, 3)
	kEntries, kTotal, fPath := r.name("entries/*"), r.name("total"), r.name("path")
	fSize, fHuman := r.name("size_bytes"), r.name("size_human")
	tr := r.trID(fsUnitTr(unit))
	if inodes {
		fSize, tr, unit = r.name("inodes"), r.trID("parseInt"), fsUnit{factor: 1}
	}
	timeField, fullTime := duTimeOpts(c.Args)
	var fTime uint16
	if timeField != "" {
		fTime = r.name(timeField)
	}
	trTime := r.trID("timestamp")
	assumedAt := -1 // the first time read in an assumed zone
	entries := make([]DuEntry, 0, min(lex.CountLines(raw), 1<<20))
	var marks []int
	rows := 0
	prevGood := -1 // where the path of the entry on the line before starts
	joined := false
	for {
		line, start, ok := it.next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			prevGood = -1
			continue
		}
		rows++
		bad := func() {
			// (Not the last line when the output does not end in a newline:
			// a capture cut there leaves a piece of a line.)
			cut := start+len(line) >= len(raw) && !strings.HasSuffix(raw, "\n")
			if prevGood >= 0 && it.sep == '\n' && !strings.HasPrefix(line, "du: ") && !cut {
				// A line that is not "SIZE<tab>PATH" right after an entry
				// is the rest of that entry's path, which held a newline
				// (du prints names as they are).
				entries[len(entries)-1].Path = raw[prevGood : start+len(line)]
				r.extend(start + len(line))
				joined = true
				c.Join(1)
				return
			}
			c.Unread(start)
		}
		tab := strings.IndexByte(line, '\t')
		if tab <= 0 || tab == len(line)-1 {
			bad()
			continue
		}
		ss, se := lex.TrimSpaceRange(line, 0, tab)
		size := line[ss:se]
		var e DuEntry
		n, ok := fsValue(size, unit)
		if !ok {
			bad()
			continue
		}
		if inodes {
			e.Inodes = intp(n)
		} else {
			e.SizeBytes = intp(n)
		}
		if unit.base != 0 {
			e.SizeHuman = size
		}
		pathAt := tab + 1
		var ts, te int
		if timeField != "" {
			t2 := strings.IndexByte(line[pathAt:], '\t')
			if t2 <= 0 {
				bad()
				continue
			}
			ts, te = pathAt, pathAt+t2
			iso, assumed, ok := duTime(c, line[ts:te], fullTime)
			if !ok {
				bad()
				continue
			}
			switch timeField {
			case "accessed_at":
				e.AccessedAt = iso
			case "changed_at":
				e.ChangedAt = iso
			default:
				e.ModifiedAt = iso
			}
			if assumed && assumedAt < 0 {
				assumedAt = start + ts
			}
			pathAt = te + 1
		}
		e.Path = line[pathAt:]
		if r.on {
			marks = append(marks, r.mark())
			r.at(kEntries, len(entries), fSize, start+ss, start+se, tr)
			if unit.base != 0 {
				r.at(kEntries, len(entries), fHuman, start+ss, start+se, 0)
			}
			if timeField != "" {
				r.at(kEntries, len(entries), fTime, start+ts, start+te, trTime)
			}
			r.at(kEntries, len(entries), fPath, start+pathAt, start+len(line), 0)
		}
		entries = append(entries, e)
		prevGood = start + pathAt
	}
	if rows > 0 && len(entries) == 0 {
		return nil, Unrecognized("no line of the output reads as du output; if it is localized, rerun under LC_ALL=C")
	}
	if joined {
		c.Warn("a path held a newline: the lines that do not start with a size are joined to the path before (-0 separates entries exactly)")
	}
	if bsd512 && !inodes {
		c.Warn("BSD du without -k, -m, -g, -h or -B counts in BLOCKSIZE units: read as 512-byte blocks (the default when BLOCKSIZE is unset); pass -k to be sure")
	}
	if unit.base != 0 && !inodes {
		c.Warn("du printed rounded sizes (-h, --si): size_bytes is converted from the printed digits, size_human keeps them")
	}
	// -c ends with "SIZE<tab>total"; a directory named total earlier is an entry.
	hasTotal := total && len(entries) > 0 && entries[len(entries)-1].Path == "total"
	res := &DuResult{}
	if r.on && hasTotal {
		// The total has no path: drop its span before the spans move.
		r.spans = r.spans[:len(r.spans)-1]
	}
	res.Entries, res.Total = fsSettle(c, r, entries, marks, hasTotal, kTotal)
	if res.Total != nil {
		res.Total.Path = ""
	}
	if assumedAt >= 0 {
		res.TimeZone = fsZoneName(c)
		c.spanPath(assumedAt, assumedAt+16, "assumedZone", "time_zone")
	}
	r.finish()
	return res, nil
}

// ---------------------------------------------------------------- df

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

var dfParserDef = &Parser{
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
	Flags: Flags{
		"-h": Bool, "-H": Bool, "-k": Bool, "-m": Bool, "-g": Bool, "-T": Bool, "-i": Bool, "-a": Bool,
		"-l": Bool, "-P": Bool, "-b": Bool, "-c": Bool, "-n": Bool, "-Y": Bool, "-v": Bool, "-I": Bool,
		"-t": Value, "-x": Value, "-B": Value,
		"--human-readable": Bool, "--si": Bool, "--print-type": Bool, "--inodes": Bool, "--all": Bool,
		"--local": Bool, "--portability": Bool, "--total": Bool, "--no-sync": Bool, "--sync": Bool,
		"--type": Value, "--exclude-type": Value, "--block-size": Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"--output": {"-T"}},
	Result:         DfResult{},
	RowsKey:        "filesystems",
	KeyFields:      []string{"mounted_on"},
	Examples:       [][]string{{}, {"-h"}, {"-i"}, {"-k", "/"}, {"-P"}},
}

// dfParsers wires the dfParserDef and returns it for the builtin list.
func dfParsers() []*Parser {
	dfParserDef.Check, dfParserDef.Parse = dfCheck, parseDf // set here: both refer back to the parser
	return []*Parser{dfParserDef}
}

func dfCheck(args []string, os OS) *ParseError {
	scanned := scanArgs(args, fsKinds(dfParserDef.Flags), false)
	if perr := checkFsDeclared(scanned, dfParserDef); perr != nil {
		return perr
	}
	human, inodes := false, false
	humanFlag := func(a cmdArg) bool {
		return a.flag == "-h" || a.flag == "-H" || a.flag == "--human-readable" || a.flag == "--si"
	}
	for _, a := range scanned {
		switch a.flag {
		case "-h", "-H", "--human-readable", "--si":
			human = true
		case "-i", "--inodes":
			inodes = true
		case "-T":
			if os == Darwin {
				return Unsupported(fsWithout(args, scanned, func(a cmdArg) bool { return a.flag == "-T" }),
					"macOS df -T selects file system types; the parser reads the listing without it")
			}
		case "-Y", "-c", "-b", "-g", "-n", "-I":
			if !os.bsdLike() {
				return Unsupported(nil, "df %s is a BSD option", a.flag)
			}
		case "-B", "--block-size":
			if _, ok := fsBlockSpec(a.value); !ok || os.bsdLike() {
				return Unsupported(fsWithout(args, scanned, func(a cmdArg) bool { return a.flag == "-B" || a.flag == "--block-size" }, "-k"),
					"df block size %q is not a unit the parser reads", a.value)
			}
		}
	}
	if human && inodes && !os.bsdLike() {
		return Unsupported(fsWithout(args, scanned, humanFlag), "GNU df -i -h rounds the inode counts")
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
func dfBlocksUnit(h string) (fsUnit, bool) {
	n, ok := strings.CutSuffix(h, "-blocks")
	if !ok {
		return fsUnit{}, false
	}
	i := 0
	for i < len(n) && n[i] >= '0' && n[i] <= '9' {
		i++
	}
	num, ok := lex.Atoi(n[:i])
	if !ok || num == 0 {
		return fsUnit{}, false
	}
	if n[i:] == "B" {
		return fsUnit{factor: num}, true
	}
	u, ok := fsBlockSpec(n)
	if !ok || u.base != 0 || u.factor > 1<<40 {
		return fsUnit{}, false
	}
	u.suffix = n[i:]
	return u, true
}

// dfHeader reads the header line into its columns and the size unit
// (human in powers of 1024 for a "Size" column: setColumns makes it 1000
// for -H and --si).
func dfHeader(line string) ([]dfCol, fsUnit, bool) {
	fields := lex.Fields(nil, line, 0)
	var cols []dfCol
	unit := fsUnit{factor: 1024}
	for i := 0; i < len(fields); i++ {
		w := line[fields[i].Start:fields[i].End]
		var col dfCol
		switch w {
		case "Filesystem":
			col = dfcFilesystem
		case "Type":
			col = dfcType
		case "Size":
			col, unit = dfcSize, fsUnit{base: 1024}
		case "Used":
			col = dfcUsed
		case "Available", "Avail":
			col = dfcAvail
		case "Use%", "Capacity":
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
	c      *Context
	r      *spanRec
	mids   []dfCol // the columns between Filesystem [Type] and Mounted on
	typed  bool
	unit   fsUnit
	key    uint16
	ids    [dfcMount + 1][2]uint16 // span field ids: number, human text
	trInt  spanTr
	trSize spanTr
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

func (p *dfParser) setColumns(cols []dfCol, unit fsUnit) {
	if unit.base != 0 {
		// "Size" is -h (powers of 1024) or -H/--si (powers of 1000): the
		// header is the same, the last of the flags decides.
		for _, a := range scanArgs(p.c.Args, fsKinds(dfParserDef.Flags), false) {
			switch {
			case a.flag == "-h" || a.flag == "--human-readable" || (a.flag == "--block-size" || a.flag == "-B") && a.value == "human-readable":
				unit.base = 1024
			case a.flag == "-H" || a.flag == "--si" || (a.flag == "--block-size" || a.flag == "-B") && a.value == "si":
				unit.base = 1000
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
	if !r.on {
		return
	}
	p.key = r.name("filesystems/*")
	p.trInt = r.trID("parseInt")
	p.trSize = r.trID(fsUnitTr(unit))
	p.ids[dfcFilesystem][0] = r.name("filesystem")
	p.ids[dfcType][0] = r.name("type")
	p.ids[dfcMount][0] = r.name("mounted_on")
	p.ids[dfcSize] = [2]uint16{r.name("size_bytes"), r.name("size_human")}
	p.ids[dfcUsed] = [2]uint16{r.name("used_bytes"), r.name("used_human")}
	p.ids[dfcAvail] = [2]uint16{r.name("available_bytes"), r.name("available_human")}
	p.ids[dfcUsePct][0] = r.name("use_percent")
	p.ids[dfcInodes] = [2]uint16{r.name("inodes_total"), r.name("inodes_total_human")}
	p.ids[dfcIUsed] = [2]uint16{r.name("inodes_used"), r.name("inodes_used_human")}
	p.ids[dfcIFree] = [2]uint16{r.name("inodes_free"), r.name("inodes_free_human")}
	p.ids[dfcIUsePct][0] = r.name("inodes_use_percent")
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
		r.at(p.key, idx, p.ids[dfcFilesystem][0], wrappedAt, wrappedAt+len(wrapped), 0)
	} else {
		last := at - 1
		if p.typed {
			last--
		}
		fsys.Filesystem = line[f[0].Start:f[last].End]
		r.at(p.key, idx, p.ids[dfcFilesystem][0], base+f[0].Start, base+f[last].End, 0)
	}
	if p.typed {
		t := f[at-1]
		fsys.Type = line[t.Start:t.End]
		r.at(p.key, idx, p.ids[dfcType][0], base+t.Start, base+t.End, 0)
	}
	m := f[at+k]
	fsys.MountedOn = line[m.Start:]
	r.at(p.key, idx, p.ids[dfcMount][0], base+m.Start, base+len(line), 0)
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
			n, ok := fsValue(line[s:e], u)
			if !ok && u.suffix != "" {
				u.suffix = "" // -B1M prints bare numbers, -BM a suffix on each
				n, ok = fsValue(line[s:e], u)
			}
			if !ok {
				return false
			}
			v.n = n
			if u.base != 0 {
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
			p.r.at(p.key, idx, ids[1], base+v.s, base+v.e, 0)
			if !sizeCol {
				continue
			}
		}
		*num = intp(v.n)
		p.r.at(p.key, idx, ids[0], base+v.s, base+v.e, tr)
	}
}

func parseDf(c *Context) (any, error) {
	p := &dfParser{c: c, r: newSpanRec(c, 7)}
	total := fsHasFlag(scanArgs(c.Args, fsKinds(dfParserDef.Flags), false), "--total")
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
			if p.r.on {
				p.r.truncate(marks[len(marks)-1])
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
				return nil, Unrecognized("the first line is not a df header; if it is localized, rerun under LC_ALL=C")
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
		m := p.r.mark()
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
				p.r.truncate(m)
				*fsys = DfFilesystem{}
				rows = rows[:idx]
				dropPending()
				idx = len(rows)
				rows = rows[:idx+1]
				fsys = &rows[idx]
				m = p.r.mark()
			}
			ok = p.row(fsys, line, start, "", -1, idx)
		}
		pendingAt, pendingPrev = -1, -1
		if !ok {
			*fsys = DfFilesystem{}
			rows = rows[:idx]
			p.r.truncate(m)
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
		if p.r.on {
			marks = append(marks, m)
		}
		prevGood, prevWrapped = start, wrappedAt
	}
	if pendingAt >= 0 {
		dropPending()
	}
	if header && len(rows) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, Unrecognized("no line of the output reads as df output; if it is localized, rerun under LC_ALL=C")
	}
	if p.unit.base != 0 && len(rows) > 0 {
		c.Warn("df printed rounded sizes (-h, -H): the *_bytes values are converted from the printed digits, *_human keeps them")
	}
	hasTotal := total && len(rows) > 0 && rows[len(rows)-1].Filesystem == "total" && rows[len(rows)-1].MountedOn == "-"
	res := &DfResult{}
	res.Filesystems, res.Total = fsSettle(c, p.r, rows, marks, hasTotal, p.r.name("total"))
	p.r.finish()
	return res, nil
}

// ---------------------------------------------------------------- stat

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
	FilesystemDevice *LsDevice `json:"filesystem_device,omitempty"`
	Inode            *int64    `json:"inode,omitempty"`
	Links            *int64    `json:"links,omitempty"`
	// Device is a device special file's own number (st_rdev), as in ls.
	Device *LsDevice `json:"device,omitempty"`
	// ModeOctal is the octal permission bits in four digits ("0644"; GNU
	// %a's "644" is padded); Mode the symbolic form ("-rw-r--r--") and
	// Permissions its triplets.
	ModeOctal       string        `json:"mode_octal,omitempty"`
	Mode            string        `json:"mode,omitempty"`
	Permissions     LsPermissions `json:"permissions,omitzero"`
	UID             *int64        `json:"uid,omitempty"`
	Owner           string        `json:"owner,omitempty"`
	GID             *int64        `json:"gid,omitempty"`
	Group           string        `json:"group,omitempty"`
	SecurityContext string        `json:"security_context,omitempty"`
	// FileFlags are BSD file flags (st_flags) as printed ("0", "0x8000").
	FileFlags  string `json:"file_flags,omitempty"`
	AccessedAt string `json:"accessed_at,omitempty"`
	ModifiedAt string `json:"modified_at,omitempty"`
	ChangedAt  string `json:"changed_at,omitempty"`
	BornAt     string `json:"born_at,omitempty"`
}

var statParserDef = &Parser{
	ID:      "stat",
	Command: "stat",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "GNU and BusyBox stat: the labeled form, -t terse lines, -c with a simple format (directives separated by single spaces)",
	// Flags checked against GNU coreutils 9.1 stat --help and stat.c (this
	// machine, and the quoted names of older releases) and BusyBox 1.35
	// stat (-c -f -L -t -Z). -c/--format is read when its directives are
	// separated by single spaces and a directive that can hold spaces
	// (%n, %F) comes last; other formats, --printf and -f (file system
	// status) are refused, -c with the default form as the hint.
	Flags: Flags{
		"-L": Bool, "-t": Bool, "-f": Bool, "-Z": Bool,
		"-c":            Value,
		"--dereference": Bool, "--terse": Bool, "--file-system": Bool, "--context": Bool,
		"--format": Value, "--printf": Value, "--cached": Value,
	},
	MaxPositionals: -1,
	Result:         StatResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"file"},
	Examples:       [][]string{{"file.txt"}, {"-L", "a", "b"}, {"-t", "file.txt"}, {"-c", "%s %Y %n", "file.txt"}},
}

var statBSDParserDef = &Parser{
	ID:      "stat-bsd",
	Command: "stat",
	Version: "1",
	OS:      []OS{Darwin, FreeBSD},
	Format:  "BSD/macOS stat: the default one-line form (%d %i %Sp %l %Su %Sg %r %z \"%Sa\" \"%Sm\" \"%Sc\" \"%SB\" %k %b %#Xf %N) and -x",
	// Flags checked against FreeBSD 14 stat(1) and stat.c (DEF_FORMAT,
	// LINUX_FORMAT for -x, user_from_uid's "(1005)" for a user without a
	// name) and macOS 14 stat(1) (-x adds " Birth:"). -f/-t formats, -l,
	// -r, -s, -F and -n print other forms: refused with -x as the hint.
	Flags: Flags{
		"-L": Bool, "-q": Bool, "-x": Bool, "-F": Bool, "-l": Bool, "-n": Bool, "-r": Bool, "-s": Bool,
		"-H": Bool, "-f": Value, "-t": Value,
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
func statParsers() []*Parser {
	statParserDef.Check, statParserDef.Parse = statCheck, parseStat
	statBSDParserDef.Check, statBSDParserDef.Parse = statBSDCheck, parseStat
	return []*Parser{statParserDef, statBSDParserDef}
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

var statKinds = func(f string) int {
	switch f {
	case "-c", "--format", "--printf", "--cached":
		return 1
	}
	return 0
}

func statCheck(args []string, os OS) *ParseError {
	scanned := scanArgs(args, statKinds, false)
	if perr := checkFsDeclared(scanned, statParserDef); perr != nil {
		return perr
	}
	for _, a := range scanned {
		switch a.flag {
		case "-f", "--file-system":
			return Unsupported(nil, "stat -f reports file systems; the parser reads file status (df reads file systems)")
		case "--printf":
			return Unsupported(fsWithout(args, scanned, func(a cmdArg) bool { return a.flag == "--printf" }),
				"stat --printf output has no line structure; the default form has every field")
		case "-c", "--format":
			if _, ok := statFormat(a.value); !ok {
				return Unsupported(fsWithout(args, scanned, func(a cmdArg) bool { return a.flag == "-c" || a.flag == "--format" }),
					"stat format %q is not one the parser reads exactly; the default form has every field", a.value)
			}
		}
	}
	return nil
}

var statBSDKinds = func(f string) int {
	if f == "-f" || f == "-t" {
		return 1
	}
	return 0
}

func statBSDCheck(args []string, os OS) *ParseError {
	scanned := scanArgs(args, statBSDKinds, false)
	if perr := checkFsDeclared(scanned, statBSDParserDef); perr != nil {
		return perr
	}
	for _, a := range scanned {
		switch a.flag {
		case "-f", "-t", "-l", "-r", "-s", "-F", "-n":
			// Same information in a form the parser reads: -x, with the
			// operands and -L/-q kept.
			hint := fsWithout(args, scanned, func(a cmdArg) bool { return a.flag != "-L" && a.flag != "-q" })
			hint = append([]string{"-x"}, hint...)
			return Unsupported(hint, "BSD stat %s prints a form the parser does not read; -x prints every field labeled", a.flag)
		case "-H":
			return Unsupported(nil, "stat -H reads NFS file handles")
		}
	}
	return nil
}

// statParser holds the state of one stat parse.
type statParser struct {
	c       *Context
	r       *spanRec
	res     *StatResult
	key     uint16
	trInt   spanTr
	marks   []int
	assumed bool
	zoneAt  [2]int
	wideDev bool // an st_dev past int64 was left out
}

func (p *statParser) id(name string) uint16 { return p.r.name(name) }

// num sets *dst from the decimal word raw[s:e].
func (p *statParser) num(dst **int64, idx int, field string, s, e int) bool {
	n, ok := fsAtoi(p.c.Raw[s:e])
	if !ok {
		return false
	}
	*dst = intp(n)
	p.r.at(p.key, idx, p.id(field), s, e, p.trInt)
	return true
}

// str sets *dst to raw[s:e] verbatim.
func (p *statParser) str(dst *string, idx int, field string, s, e int) {
	*dst = p.c.Raw[s:e]
	p.r.at(p.key, idx, p.id(field), s, e, 0)
}

// mode sets the symbolic mode, its type and permissions from raw[s:e].
func (p *statParser) mode(en *StatEntry, idx, s, e int, setType bool) bool {
	m := p.c.Raw[s:e]
	if !validMode(m) {
		return false
	}
	en.Mode = m
	en.Permissions = LsPermissions{Owner: m[1:4], Group: m[4:7], Other: m[7:10]}
	r := p.r
	r.at(p.key, idx, p.id("mode"), s, e, 0)
	r.at(p.key, idx, p.id("permissions/owner"), s+1, s+4, 0)
	r.at(p.key, idx, p.id("permissions/group"), s+4, s+7, 0)
	r.at(p.key, idx, p.id("permissions/other"), s+7, s+10, 0)
	if setType && en.Type == "" {
		en.Type = fileType(m[0])
		r.at(p.key, idx, p.id("type"), s, s+1, r.trID("fileType"))
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
	f := lex.Fields(nil, t, 0)
	if len(f) == 3 {
		if iso, ok := fsNumericTime(t[f[0].Start:f[0].End], t[f[1].Start:f[1].End], t[f[2].Start:f[2].End]); ok {
			*dst = iso
			p.r.at(p.key, idx, p.id(field), s, e, p.r.trID("timestamp"))
			return true
		}
	}
	iso, ok := fsBSDTime(p.c, t)
	if !ok {
		return false
	}
	*dst = iso
	p.r.at(p.key, idx, p.id(field), s, e, p.r.trID("timestamp"))
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
	p.r.at(p.key, idx, p.id(field), s, e, p.r.trID("epoch"))
	return true
}

// device reads "254,0" (decimal major,minor; hex with hex) or
// "fe00h/65024d" (one number) at raw[s:e].
func (p *statParser) device(dst **LsDevice, idx int, field string, s, e int, hex bool) bool {
	v := p.c.Raw[s:e]
	d := &LsDevice{}
	if a, b, ok := strings.Cut(v, ","); ok {
		parse, tr := lex.Atoi, p.trInt
		if hex {
			parse, tr = parseHex, p.r.trID("parseHex")
		}
		ma, ok1 := parse(a)
		mi, ok2 := parse(b)
		if !ok1 || !ok2 {
			return false
		}
		d.Major, d.Minor = intp(ma), intp(mi)
		p.r.at(p.key, idx, p.id(field+"/major"), s, s+len(a), tr)
		p.r.at(p.key, idx, p.id(field+"/minor"), s+len(a)+1, e, tr)
	} else if h, dec, ok := strings.Cut(v, "/"); ok && strings.HasSuffix(h, "h") && strings.HasSuffix(dec, "d") {
		n, ok := lex.Atoi(dec[:len(dec)-1])
		if !ok {
			return false
		}
		d.Number = intp(n)
		at := s + len(h) + 1
		p.r.at(p.key, idx, p.id(field+"/number"), at, at+len(dec)-1, p.trInt)
	} else {
		n, ok := lex.Atoi(v)
		if !ok {
			return false
		}
		d.Number = intp(n)
		p.r.at(p.key, idx, p.id(field+"/number"), s, e, p.trInt)
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

func parseStat(c *Context) (any, error) {
	p := &statParser{c: c, r: newSpanRec(c, 22), res: &StatResult{Entries: []StatEntry{}}}
	p.key = p.r.name("entries/*")
	p.trInt = p.r.trID("parseInt")
	// The arguments name a custom or terse form; otherwise the shape decides.
	var format []statDirective
	terse := false
	if c.OS.bsdLike() {
		// BSD has no -c or -t terse; -f and -t were refused by the check.
	} else {
		for _, a := range scanArgs(c.Args, statKinds, false) {
			switch a.flag {
			case "-c", "--format":
				format, _ = statFormat(a.value)
			case "-t", "--terse":
				terse = true
			}
		}
	}
	it := lex.Lines{Raw: c.Raw}
	first := ""
	for {
		line, _, ok := it.Next()
		if !ok {
			break
		}
		if !lex.IsBlank(line) {
			first = line
			break
		}
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
	p.res.Entries, _ = fsSettle(c, p.r, p.res.Entries, p.marks, false, 0)
	if p.assumed {
		p.res.TimeZone = fsZoneName(c)
		if c.Recording() {
			c.Span("/time_zone", p.zoneAt[0], p.zoneAt[1], "assumedZone")
		}
	}
	if p.wideDev {
		c.Warn("a file system device number (st_dev) past 2^63 is left out of filesystem_device")
	}
	p.r.finish()
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
		idx := len(p.res.Entries)
		m := p.r.mark()
		p.res.Entries = append(p.res.Entries, StatEntry{})
		good := read(line, start, idx)
		tainted := good && nameFirst && prevBad
		if tainted {
			good = false
		}
		if !good {
			p.res.Entries = p.res.Entries[:idx]
			p.r.truncate(m)
			if nameLast && prevGood >= 0 {
				p.dropLast()
				p.c.Unread(prevGood)
				ok--
			}
			p.c.Unread(start)
			prevGood, prevBad = -1, !tainted
			continue
		}
		if p.r.on {
			p.marks = append(p.marks, m)
		}
		ok++
		prevGood, prevBad = start, false
	}
	if rows > 0 && ok == 0 {
		return Unrecognized("no line of the output reads as stat output; if it is localized, rerun under LC_ALL=C")
	}
	return nil
}

// dropLast removes the last entry and its spans.
func (p *statParser) dropLast() {
	p.res.Entries = p.res.Entries[:len(p.res.Entries)-1]
	if p.r.on {
		p.r.truncate(p.marks[len(p.marks)-1])
		p.marks = p.marks[:len(p.marks)-1]
	}
}

// bsdLine reads BSD stat's default line:
// %d %i %Sp %l %Su %Sg %r %z "%Sa" "%Sm" "%Sc" "%SB" %k %b %#Xf %N
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
		en.FilesystemDevice = &LsDevice{Number: dev}
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
	_, ok := parseHex(s)
	return ok
}

// owner sets a user or group name, or the id BSD prints as "(501)" when
// the id has no name.
func (p *statParser) owner(name *string, id **int64, idx int, nameField, idField string, s, e int) {
	v := p.c.Raw[s:e]
	if len(v) > 2 && v[0] == '(' && v[len(v)-1] == ')' {
		if n, ok := lex.Atoi(v[1 : len(v)-1]); ok {
			*id = intp(n)
			p.r.at(p.key, idx, p.id(idField), s+1, e-1, p.trInt)
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
	raw, _ := parseHex(p.c.Raw[s:e])
	en.ModeOctal = "0" + strconv.FormatInt(raw&07777, 8)
	if len(en.ModeOctal) > 4 {
		en.ModeOctal = en.ModeOctal[1:]
	}
	trHex := p.r.trID("parseHex")
	p.r.at(p.key, idx, p.id("mode_octal"), s, e, trHex)
	en.Type = statRawType(raw)
	p.r.at(p.key, idx, p.id("type"), s, e, p.r.trID("fileType"))
	s, e = at(3)
	p.num(&en.UID, idx, "uid", s, e)
	s, e = at(4)
	p.num(&en.GID, idx, "gid", s, e)
	s, e = at(5)
	dev, _ := parseHex(p.c.Raw[s:e])
	en.FilesystemDevice = &LsDevice{Number: intp(dev)}
	p.r.at(p.key, idx, p.id("filesystem_device/number"), s, e, trHex)
	s, e = at(6)
	p.num(&en.Inode, idx, "inode", s, e)
	s, e = at(7)
	p.num(&en.Links, idx, "links", s, e)
	if en.Type == "block_device" || en.Type == "char_device" {
		s1, e1 := at(8)
		s2, e2 := at(9)
		ma, _ := parseHex(p.c.Raw[s1:e1])
		mi, _ := parseHex(p.c.Raw[s2:e2])
		en.Device = &LsDevice{Major: intp(ma), Minor: intp(mi)}
		p.r.at(p.key, idx, p.id("device/major"), s1, e1, trHex)
		p.r.at(p.key, idx, p.id("device/minor"), s2, e2, trHex)
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
	m, _ := parseHex(line[f[2].Start:f[2].End])
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
		en.FilesystemDevice = &LsDevice{Number: n}
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
		p.r.at(p.key, idx, p.id("mode_octal"), s, e, p.r.trID("zeroPad"))
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
		p.r.at(p.key, idx, p.id("type"), s, e, p.r.trID("fileType"))
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
			p.r.truncate(p.marks[len(p.marks)-1])
			p.marks = p.marks[:len(p.marks)-1]
			c.Unread(blockStart)
		} else {
			entryOK++
		}
		idx = -1
	}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if strings.HasPrefix(line, "  File: ") {
			end()
			idx = len(p.res.Entries)
			p.res.Entries = append(p.res.Entries, StatEntry{})
			p.marks = append(p.marks, p.r.mark())
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
	if !p.r.on {
		p.marks = p.marks[:0]
	}
	if len(c.UnreadOffsets()) > 0 && entryOK == 0 {
		return Unrecognized("no block of the output reads as stat output; if it is localized, rerun under LC_ALL=C")
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
	p.r.at(p.key, idx, p.id("type"), base+s, base+e, p.r.trID("fileType"))
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
	p.r.at(p.key, idx, p.id("file"), s, s+n, trUnquote)
	if tn > 0 {
		en.SymlinkTarget = target
		p.r.at(p.key, idx, p.id("symlink_target"), s+n+4, e, trUnquote)
	}
	return true
}

// ---------------------------------------------------------------- tree

// TreeResult is the parsed output of `tree`: the first directory listed
// (Root) with its entries (Tree), nested as tree drew them.
type TreeResult struct {
	Root string `json:"root,omitempty"`
	// Error is tree's note on the root ("error opening dir").
	Error string     `json:"error,omitempty"`
	Tree  []TreeNode `json:"tree"`
	// OtherRoots are the further directory operands, each a node named
	// after it.
	OtherRoots []TreeNode `json:"other_roots,omitempty"`
	// TotalDirs and TotalFiles are tree's report line ("3 directories, 8
	// files"); absent with --noreport. With -d only TotalDirs is printed.
	TotalDirs  *int64 `json:"total_dirs,omitempty"`
	TotalFiles *int64 `json:"total_files,omitempty"`
}

// TreeNode is one entry. Name is as tree printed it (tree writes
// unprintable bytes as \ooo); a node with children is a directory.
type TreeNode struct {
	Name          string     `json:"name"`
	SymlinkTarget string     `json:"symlink_target,omitempty"`
	Error         string     `json:"error,omitempty"`
	Children      []TreeNode `json:"children,omitempty"`
}

var treeParserDef = &Parser{
	ID:      "tree",
	Command: "tree",
	Version: "1",
	Format:  "tree's drawing (UTF-8 or ASCII lines) and report line; -J output is JSON and passes through",
	// Flags checked against tree 2.1.0 tree(1) and --help (this machine;
	// the same program macOS and FreeBSD install). Flags that add columns
	// (-p -u -g -s -h -D --du --inodes --device) are refused for -J, which
	// carries them as JSON.
	Flags: Flags{
		"-a": Bool, "-d": Bool, "-f": Bool, "-x": Bool, "-l": Bool, "-q": Bool, "-Q": Bool, "-n": Bool,
		"-v": Bool, "-t": Bool, "-c": Bool, "-U": Bool, "-r": Bool,
		"-L": Value, "-P": Value, "-I": Value,
		"--dirsfirst": Bool, "--filesfirst": Bool, "--noreport": Bool, "--prune": Bool, "--matchdirs": Bool,
		"--ignore-case": Bool, "--gitignore": Bool,
		"--filelimit": Value, "--charset": Value, "--sort": Value, "--gitfile": Value,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-p": {"-J", "-p"}, "-u": {"-J", "-u"}, "-g": {"-J", "-g"}, "-s": {"-J", "-s"},
		"-h": {"-J", "-h"}, "-D": {"-J", "-D"}, "--du": {"-J", "--du"}, "--inodes": {"-J", "--inodes"},
		"--device": {"-J", "--device"}, "-F": {"-J"}, "-i": {"-f"}, "-C": {"-n"}, "-N": {"-q"},
	},
	Result:   TreeResult{},
	RowsKey:  "tree",
	Examples: [][]string{{}, {"-L", "2"}, {"-a", "src"}, {"-d"}, {"-Q"}},
}

// treeParsers wires the treeParserDef and returns it for the builtin list.
func treeParsers() []*Parser {
	treeParserDef.Check, treeParserDef.Parse = treeCheck, parseTree
	return []*Parser{treeParserDef}
}

func treeCheck(args []string, os OS) *ParseError {
	scanned := scanArgs(args, fsKinds(treeParserDef.Flags), false)
	// tree gives a value-taking letter the next argument even inside a
	// cluster ("-La 2"), unlike getopt: such letters must stand alone.
	for _, a := range args {
		if len(a) > 2 && a[0] == '-' && a[1] != '-' {
			for _, ch := range a[1 : len(a)-1] {
				if treeParserDef.Flags["-"+string(ch)] == Value {
					return Unsupported(nil, "tree -%c must stand alone, its value in the next argument", ch)
				}
			}
		}
	}
	return checkFsDeclared(scanned, treeParserDef)
}

// treePrefixes are the indentation units and branches tree draws, in its
// UTF-8 charset (with no-break spaces) and in ASCII.
var (
	treeUnits    = []string{"│\u00a0\u00a0 ", "│   ", "|   ", "    "}
	treeBranches = []string{"├── ", "└── ", "|-- ", "`-- ", "├\u2500\u2500\u00a0", "└\u2500\u2500\u00a0"}
)

// treeDepth reads the drawing before a name: depth 0 is a root line.
func treeDepth(line string) (depth, nameAt int, ok bool) {
	i := 0
outer:
	for {
		for _, b := range treeBranches {
			if strings.HasPrefix(line[i:], b) {
				return depth + 1, i + len(b), true
			}
		}
		for _, u := range treeUnits {
			if strings.HasPrefix(line[i:], u) {
				depth++
				i += len(u)
				continue outer
			}
		}
		break
	}
	return 0, 0, depth == 0
}

// treeReport reads "3 directories, 8 files", "1 directory" and the like.
func treeReport(line string) (dirs, files [2]int, ok bool) {
	f := lex.Fields(nil, line, 0)
	dirs, files = [2]int{-1, -1}, [2]int{-1, -1}
	if len(f) != 2 && len(f) != 4 {
		return dirs, files, false
	}
	for i := 0; i < len(f); i += 2 {
		n, w := line[f[i].Start:f[i].End], line[f[i+1].Start:f[i+1].End]
		if !lex.IsDigits(n) {
			return dirs, files, false
		}
		if len(f) == 4 && i == 0 {
			if !strings.HasSuffix(w, ",") {
				return dirs, files, false
			}
			w = w[:len(w)-1]
		}
		switch w {
		case "directory", "directories":
			if i != 0 {
				return dirs, files, false
			}
			dirs = [2]int{f[i].Start, f[i].End}
		case "file", "files":
			files = [2]int{f[i].Start, f[i].End}
		default:
			return dirs, files, false
		}
	}
	return dirs, files, true
}

type treeParser struct {
	c           *Context
	quoted      bool
	warned      bool
	warnedArrow bool
	nodes       int
	stack       []*[]TreeNode // stack[d] holds the children at depth d+1
	path        []int         // indices along the current branch
	rootKey     string        // "/tree" or "/other_roots/3/children"
	hasRoot     bool
	res         *TreeResult
	seenRoot    int
}

func parseTree(c *Context) (any, error) {
	p := &treeParser{c: c, res: &TreeResult{Tree: []TreeNode{}}}
	p.quoted = slicesContains(c.Args, "-Q")
	it := lex.Lines{Raw: c.Raw}
	rows, read := 0, 0
	report := false
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		rows++
		if report {
			c.Unread(start)
			continue
		}
		depth, at, ok := treeDepth(line)
		if !ok {
			c.Unread(start)
			continue
		}
		if depth == 0 {
			if dirs, files, ok := treeReport(line); ok && p.hasRoot {
				p.setReport(line, start, dirs, files)
				report = true
				read++
				continue
			}
			if !p.root(line, start) {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		if !p.hasRoot || depth > len(p.path)+1 {
			c.Unread(start)
			continue
		}
		if c.Full(p.nodes) {
			c.Omit(1)
			continue
		}
		p.node(line, start, at, depth)
		read++
	}
	if rows > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as tree output; if it is localized, rerun under LC_ALL=C")
	}
	return p.res, nil
}

// split reads a name with tree's notes: a trailing "  [error ...]" and a
// symlink's " -> target" (quoted with -Q).
func (p *treeParser) split(text string) (name, target, errText [2]int) {
	name, target, errText = [2]int{0, len(text)}, [2]int{-1, -1}, [2]int{-1, -1}
	if strings.HasSuffix(text, "]") {
		if i := strings.LastIndex(text, "  ["); i > 0 && i+3 < len(text)-1 {
			errText = [2]int{i + 3, len(text) - 1}
			name[1] = i
		}
	}
	t := text[:name[1]]
	if p.quoted && len(t) >= 2 && t[0] == '"' {
		if i := strings.Index(t, "\" -> \""); i > 0 && t[len(t)-1] == '"' && i+6 < len(t)-1 {
			return [2]int{1, i}, [2]int{i + 6, len(t) - 1}, errText
		}
		if t[len(t)-1] == '"' {
			return [2]int{1, len(t) - 1}, target, errText
		}
	}
	switch strings.Count(t, " -> ") {
	case 0:
	case 1:
		if strings.HasSuffix(t, " -> ") {
			break // no target: kept whole
		}
		if !p.warnedArrow {
			p.warnedArrow = true
			p.c.Warn("symlinks are read from \"name -> target\"; a file name holding \" -> \" reads the same: tree -Q quotes them apart")
		}
		i := strings.Index(t, " -> ")
		return [2]int{0, i}, [2]int{i + 4, len(t)}, errText
	default:
		if !p.warned {
			p.warned = true
			p.c.Warn("a name holds \" -> \" more than once; it is kept whole: tree -Q quotes names and targets apart")
		}
	}
	return name, target, errText
}

func (p *treeParser) root(line string, start int) bool {
	name, _, errText := p.split(line)
	if name[0] >= name[1] {
		return false
	}
	c := p.c
	if !p.hasRoot {
		p.hasRoot = true
		p.res.Root = line[name[0]:name[1]]
		c.Span("/root", start+name[0], start+name[1], "")
		if errText[0] >= 0 {
			p.res.Error = line[errText[0]:errText[1]]
			c.Span("/error", start+errText[0], start+errText[1], "")
		}
		p.stack = append(p.stack[:0], &p.res.Tree)
		p.rootKey = "/tree"
		p.path = p.path[:0]
		return true
	}
	k := len(p.res.OtherRoots)
	n := TreeNode{Name: line[name[0]:name[1]]}
	base := Ptr("other_roots", k)
	c.Span(base+"/name", start+name[0], start+name[1], "")
	if errText[0] >= 0 {
		n.Error = line[errText[0]:errText[1]]
		c.Span(base+"/error", start+errText[0], start+errText[1], "")
	}
	p.res.OtherRoots = append(p.res.OtherRoots, n)
	p.stack = append(p.stack[:0], &p.res.OtherRoots[k].Children)
	p.rootKey = base + "/children"
	p.path = p.path[:0]
	return true
}

func (p *treeParser) node(line string, start, at, depth int) {
	name, target, errText := p.split(line[at:])
	n := TreeNode{Name: line[at+name[0] : at+name[1]]}
	if target[0] >= 0 {
		n.SymlinkTarget = line[at+target[0] : at+target[1]]
	}
	if errText[0] >= 0 {
		n.Error = line[at+errText[0] : at+errText[1]]
	}
	// The parent is the last node at depth-1.
	p.stack = p.stack[:depth]
	p.path = p.path[:depth-1]
	siblings := p.stack[depth-1]
	idx := len(*siblings)
	*siblings = append(*siblings, n)
	p.path = append(p.path, idx)
	p.stack = append(p.stack, &(*siblings)[idx].Children)
	p.nodes++
	if p.c.Recording() {
		var b strings.Builder
		b.WriteString(p.rootKey)
		for i, k := range p.path {
			if i > 0 {
				b.WriteString("/children")
			}
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(k))
		}
		ptr := b.String()
		p.c.Span(ptr+"/name", start+at+name[0], start+at+name[1], "")
		if target[0] >= 0 {
			p.c.Span(ptr+"/symlink_target", start+at+target[0], start+at+target[1], "")
		}
		if errText[0] >= 0 {
			p.c.Span(ptr+"/error", start+at+errText[0], start+at+errText[1], "")
		}
	}
}

func (p *treeParser) setReport(line string, start int, dirs, files [2]int) {
	if dirs[0] >= 0 {
		n, _ := lex.Atoi(line[dirs[0]:dirs[1]])
		p.res.TotalDirs = intp(n)
		p.c.Span("/total_dirs", start+dirs[0], start+dirs[1], "parseInt")
	}
	if files[0] >= 0 {
		n, _ := lex.Atoi(line[files[0]:files[1]])
		p.res.TotalFiles = intp(n)
		p.c.Span("/total_files", start+files[0], start+files[1], "parseInt")
	}
}
