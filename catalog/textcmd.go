package catalog

import (
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// The text family: grep, wc, head, tail and cat. Shared helpers (fsSettle,
// fsRecords) are in fs.go; spans go through spanRec (spans.go).

// ---------------------------------------------------------------- grep

// GrepResult is the parsed output of `grep`. Which array is present
// follows the arguments: matches (the default, with -n for line numbers),
// counts (-c) or files (-l, -L).
type GrepResult struct {
	Matches []GrepMatch `json:"matches,omitzero"`
	Counts  []GrepCount `json:"counts,omitzero"`
	Files   []string    `json:"files,omitzero"`
	// BinaryFiles lists "Binary file X matches" notes (BSD and older GNU
	// grep print them on standard output).
	BinaryFiles []string `json:"binary_files,omitempty"`
}

// GrepMatch is one output line: a match or, with -A/-B/-C, a context line.
type GrepMatch struct {
	// File is absent when grep printed no file names (one operand, -h).
	File       string `json:"file,omitempty"`
	LineNumber *int64 `json:"line_number,omitempty"`
	ByteOffset *int64 `json:"byte_offset,omitempty"`
	Text       string `json:"text"`
	Context    bool   `json:"context,omitempty"`
}

// GrepCount is one line of -c.
type GrepCount struct {
	File  string `json:"file,omitempty"`
	Count int64  `json:"count"`
}

var grepParserDef = &Parser{
	ID:      "grep",
	Command: "grep",
	Version: "1",
	Format: "grep lines: [file:]line:text with -n (file names holding \":<digits>:\" need -Z to be read exactly), " +
		"-c counts, -l/-L file lists, -Z/--null separators, -A/-B/-C context",
	// Flags checked against GNU grep 3.8 grep(1) and --help (run here),
	// FreeBSD 14 and macOS 14 grep(1) (BSD -Z/-J/-M decompress, -O/-p/-S
	// choose how -R follows links, -u is ignored; none changes the form)
	// and BusyBox 1.35 grep --help (run here). Refused with a hint: -T/
	// --initial-tab (a tab before the text), --group-separator (another
	// context separator), --color; without one: -z/--null-data (NUL-ended
	// records: dropping it changes what matches).
	// Not admitted: GNU's undocumented -X MATCHER (BSD -X decompresses),
	// -V and --help (no match listing).
	Flags: Flags{
		"-u": Bool, "-O": Bool, "-p": Bool, "-S": Bool, "-J": Bool, "-M": Bool,
		"--include-dir": Value, "--decompress": Bool,
		"-E": Bool, "-F": Bool, "-G": Bool, "-P": Bool, "-i": Bool, "-y": Bool, "-v": Bool, "-w": Bool,
		"-x": Bool, "-c": Bool, "-L": Bool, "-l": Bool, "-o": Bool, "-q": Bool, "-s": Bool, "-b": Bool,
		"-H": Bool, "-h": Bool, "-n": Bool, "-Z": Bool, "-a": Bool, "-I": Bool, "-r": Bool, "-R": Bool,
		"-U": Bool, "-#": Bool,
		"-e": Value, "-f": Value, "-m": Value, "-A": Value, "-B": Value, "-C": Value, "-d": Value, "-D": Value,
		"--extended-regexp": Bool, "--fixed-strings": Bool, "--basic-regexp": Bool, "--perl-regexp": Bool,
		"--ignore-case": Bool, "--no-ignore-case": Bool, "--invert-match": Bool, "--word-regexp": Bool,
		"--line-regexp": Bool, "--count": Bool, "--files-without-match": Bool, "--files-with-matches": Bool,
		"--only-matching": Bool, "--quiet": Bool, "--silent": Bool, "--no-messages": Bool,
		"--byte-offset": Bool, "--with-filename": Bool, "--no-filename": Bool, "--line-number": Bool,
		"--null": Bool, "--text": Bool, "--recursive": Bool, "--dereference-recursive": Bool,
		"--binary": Bool, "--line-buffered": Bool, "--no-group-separator": Bool,
		"--regexp": Value, "--file": Value, "--max-count": Value, "--after-context": Value,
		"--before-context": Value, "--context": Value, "--directories": Value, "--devices": Value,
		"--include": Value, "--exclude": Value, "--exclude-dir": Value, "--exclude-from": Value,
		"--label": Value, "--binary-files": Value, "--color": Value, "--colour": Value,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--color": {"--color=never"}, "--colour": {"--color=never"},
		"-T": {}, "--initial-tab": {}, "--group-separator": {},
	},
	Result:    GrepResult{},
	RowsKey:   "matches",
	KeyFields: []string{"file", "line_number"},
	Examples:  [][]string{{"-n", "TODO", "main.go"}, {"-rn", "func main", "."}, {"-c", "error", "log.txt"}, {"-rl", "TODO", "src"}},
	ExitAnswers: []ExitAnswer{{Code: 1, Means: "no line was selected (with -c every count is 0, with -l no file is listed; GNU -L then lists every file, BusyBox -L exits 1 when it lists none)",
		Source: "GNU grep(1) EXIT STATUS (2 is an error; grep 3.8 run here: -L follows line selection); FreeBSD/macOS grep(1) EXIT STATUS; BusyBox 1.35 grep (run here)"}},
}

// grepParsers wires the grepParserDef and returns it for the builtin list.
func grepParsers() []*Parser {
	grepParserDef.Check, grepParserDef.Parse = grepCheck, parseGrep
	return []*Parser{grepParserDef}
}

var grepKinds = fsKinds(grepParserDef.Flags, "--color", "--colour")

// grepOpts is what grep's arguments say about its output.
type grepOpts struct {
	mode      byte // 'm' matches, 'c' counts, 'l' files
	number    bool // -n
	offset    bool // -b
	withFile  int8 // 1 names printed, 0 not, -1 decided by the output
	null      bool // -Z/--null (GNU) or --null (BSD)
	recursive bool
	operands  []string // files and directories named
	context   bool
}

func grepRead(args []string, os OS) grepOpts {
	o := grepOpts{mode: 'm'}
	scanned := scanArgs(args, grepKinds, true)
	pattern := true // the first operand is the pattern, unless -e/-f gave it
	names := int8(-2)
	for _, a := range scanned {
		switch a.flag {
		case "":
		case "-c", "--count":
			if o.mode != 'l' {
				o.mode = 'c'
			}
		case "-l", "-L", "--files-with-matches", "--files-without-match":
			o.mode = 'l'
		case "-n", "--line-number":
			o.number = true
		case "-b", "--byte-offset":
			o.offset = true
		case "-H", "--with-filename":
			names = 1
		case "-h", "--no-filename":
			names = 0
		case "-Z":
			if !os.bsdLike() { // BSD grep -Z decompresses
				o.null = true
			}
		case "--null":
			o.null = true
		case "-r", "-R", "--recursive", "--dereference-recursive":
			o.recursive = true
		case "-d", "--directories":
			o.recursive = o.recursive || a.value == "recurse"
		case "-e", "--regexp", "-f", "--file":
			pattern = false
		case "-A", "-B", "-C", "-#", "--after-context", "--before-context", "--context":
			o.context = true
		}
	}
	for _, a := range scanned {
		if a.flag == "" {
			if pattern {
				pattern = false
				continue
			}
			o.operands = append(o.operands, a.pos)
		}
	}
	switch {
	case names >= 0:
		o.withFile = names
	case len(o.operands) > 1:
		o.withFile = 1
	case o.recursive && len(o.operands) == 0:
		o.withFile = 1 // grep -r searches "." without an operand
	case o.recursive:
		o.withFile = -1 // names only when the operand is a directory
	}
	return o
}

func grepCheck(args []string, os OS) *ParseError {
	scanned := scanArgs(args, grepKinds, true)
	if perr := checkFsDeclared(scanned, grepParserDef); perr != nil {
		return perr
	}
	for _, a := range scanned {
		switch a.flag {
		case "--color", "--colour":
			switch a.value {
			case "", "never", "auto", "none", "no", "tty", "if-tty":
			default:
				return Unsupported(fsWithout(args, scanned, func(x cmdArg) bool { return x.flag == a.flag }, "--color=never"),
					"grep %s=%s writes terminal escapes into the text", a.flag, a.value)
			}
		}
	}
	o := grepRead(args, os)
	if o.mode == 'm' && o.context && !o.number && !o.offset {
		return Unsupported(fsInsertFlags(args, scanned, "-n"),
			"grep context lines are told from matches by the separator after the line number; add -n")
	}
	if o.mode == 'm' && !o.number && !o.offset && !o.null && o.recursive && o.withFile != 0 {
		return Unsupported(fsInsertFlags(args, scanned, "-n"),
			"grep -r without -n writes file:text, which a ':' in a file name makes ambiguous; -n anchors the split")
	}
	return nil
}

// grepParser holds the state of one grep parse.
type grepParser struct {
	c        *Context
	o        grepOpts
	r        *spanRec
	res      *GrepResult
	kMatches uint16
	fFile    uint16
	fLine    uint16
	fOffset  uint16
	fText    uint16
	fContext uint16
	trInt    spanTr
	trCtx    spanTr
	explicit map[string]bool // operand names, when they are all files
	names    bool            // file names are printed
	warned   bool
}

func parseGrep(c *Context) (any, error) {
	o := grepRead(c.Args, c.OS)
	raw := c.Raw
	// Spans per line: the text, and a name, numbers and a context mark
	// when the output may carry them. The span slab is sized by it once,
	// and zeroing a slab larger than needed costs as much as filling it.
	perRow := 2 // a name or a count, and the text
	for _, more := range []bool{o.number, o.offset, o.context} {
		if more {
			perRow++
		}
	}
	null := strings.IndexByte(raw, 0) >= 0
	p := &grepParser{c: c, o: o, r: newSpanRec(c, perRow), res: &GrepResult{}}
	switch o.mode {
	case 'l':
		return p.files(null)
	case 'c':
		p.res.Counts = []GrepCount{}
	default:
		p.res.Matches = make([]GrepMatch, 0, min(lex.CountLines(raw), 1<<20))
		if o.number || o.offset {
			// One chunk for the line numbers instead of one per 512 lines.
		}
	}
	p.names = o.withFile == 1 || null
	if o.withFile == -1 && !null {
		// One operand with -r: names appear when it is a directory.
		p.names = grepNamesShown(raw, o.operands)
	}
	if !o.recursive && len(o.operands) > 0 {
		p.explicit = map[string]bool{}
		for _, f := range o.operands {
			p.explicit[f] = true
		}
	}
	r := p.r
	p.kMatches = r.name("matches/*")
	p.fFile, p.fLine, p.fOffset, p.fText = r.name("file"), r.name("line_number"), r.name("byte_offset"), r.name("text")
	p.fContext = r.name("context")
	p.trInt, p.trCtx = r.trID("parseInt"), r.trID("separator")
	if o.mode == 'c' {
		return p.counts(null)
	}
	var marks []int
	rows, read := 0, 0
	prevBad := false
	it := lex.Lines{Raw: raw}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		rows++
		if line == "" && (p.names || o.number || o.offset) {
			c.Unread(start) // every line then starts with a name or a number
			continue
		}
		if o.context && line == "--" {
			read++
			continue
		}
		if name, s, ok := grepBinary(line); ok {
			p.res.BinaryFiles = append(p.res.BinaryFiles, name)
			c.spanPath(start+s, start+s+len(name), "", "binary_files", len(p.res.BinaryFiles)-1)
			read++
			continue
		}
		idx := len(p.res.Matches)
		m := r.mark()
		p.res.Matches = append(p.res.Matches, GrepMatch{})
		good := p.match(&p.res.Matches[idx], line, start, idx, null)
		tainted := good && prevBad && p.names && !null
		if tainted {
			// The line before did not read: a file name holding a newline
			// ends on this line, which then names only its tail.
			good = false
		}
		if !good {
			p.res.Matches = p.res.Matches[:idx]
			r.truncate(m)
			c.Unread(start)
			prevBad = !tainted
			continue
		}
		prevBad = false
		read++
		if r.on {
			marks = append(marks, m)
		}
	}
	if rows > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as grep output")
	}
	p.res.Matches, _ = fsSettle(c, r, p.res.Matches, marks, false, 0)
	r.finish()
	return p.res, nil
}

// grepNamesShown decides, for -r with one operand, whether grep printed
// file names: it does when the operand is a directory, and then every
// line starts with the operand and a path separator or a name separator.
func grepNamesShown(raw string, operands []string) bool {
	if len(operands) != 1 || operands[0] == "-" || operands[0] == "" {
		return false
	}
	op := operands[0]
	if !strings.HasPrefix(raw, op) {
		return false
	}
	rest := raw[len(op):]
	if strings.HasSuffix(op, "/") {
		return true
	}
	return rest != "" && (rest[0] == '/' || rest[0] == ':' || rest[0] == 0)
}

// grepBinary reads "Binary file X matches".
func grepBinary(line string) (string, int, bool) {
	const pre, suf = "Binary file ", " matches"
	if len(line) > len(pre)+len(suf) && strings.HasPrefix(line, pre) && strings.HasSuffix(line, suf) {
		return line[len(pre) : len(line)-len(suf)], len(pre), true
	}
	return "", 0, false
}

// grepNumber reads the decimal number at line[i:] followed by sep ':' or
// '-', returning the offset after the separator.
func grepNumber(line string, i int) (n int64, end int, sep byte, ok bool) {
	j := i
	for j < len(line) && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	if j == i || j >= len(line) || j-i > 18 || (line[j] != ':' && line[j] != '-') {
		return 0, 0, 0, false
	}
	n, _ = lex.Atoi(line[i:j])
	return n, j + 1, line[j], true
}

// match reads one output line. With names and no NUL, the file name ends
// at the first ":N:" (or "-N-" on a context line) whose name is plausible:
// an operand when the operands are files.
func (p *grepParser) match(m *GrepMatch, line string, base, idx int, null bool) bool {
	o := &p.o
	r := p.r
	pos := 0
	sep := byte(0) // ':' for a match, '-' for a context line
	if p.names {
		if null {
			z := strings.IndexByte(line, 0)
			if z <= 0 {
				return false
			}
			m.File = line[:z]
			pos = z + 1
		} else {
			var ok bool
			pos, sep, ok = p.nameEnd(line)
			if !ok {
				return false
			}
			m.File = line[:pos-1]
		}
		r.at(p.kMatches, idx, p.fFile, base, base+len(m.File), 0)
	}
	numbers := 0
	if o.number {
		numbers++
	}
	if o.offset {
		numbers++
	}
	for k := 0; k < numbers; k++ {
		n, end, s, ok := grepNumber(line, pos)
		if !ok || (sep != 0 && s != sep) {
			return false
		}
		sep = s
		field := p.fLine
		dst := &m.LineNumber
		if k == 1 || !o.number {
			field, dst = p.fOffset, &m.ByteOffset
		}
		*dst = intp(n)
		r.at(p.kMatches, idx, field, base+pos, base+end-1, p.trInt)
		pos = end
	}
	if sep == '-' {
		if !o.context {
			return false
		}
		m.Context = true
		r.at(p.kMatches, idx, p.fContext, base+pos-1, base+pos, p.trCtx)
	}
	m.Text = line[pos:]
	r.at(p.kMatches, idx, p.fText, base+pos, base+len(line), 0)
	return true
}

// nameEnd finds where the file name of line ends: the offset after the
// separator that follows it, and the separator.
func (p *grepParser) nameEnd(line string) (int, byte, bool) {
	o := &p.o
	if o.number || o.offset {
		// The first "<sep><digits><sep>" whose name is plausible (a name
		// is not empty: the search starts at 1).
		for i := nextColonDash(line, 1); i < len(line); i = nextColonDash(line, i+1) {
			c := line[i]
			if _, _, s, ok := grepNumber(line, i+1); ok && s == c {
				if p.explicit == nil || p.explicit[line[:i]] {
					if p.explicit == nil && !p.warned && grepAmbiguous(line, i+1) {
						p.warned = true
						p.c.Warn("a line reads as another file name holding \":<digits>:\" too; the first split was taken: grep -Z (--null) separates names exactly")
					}
					return i + 1, c, true
				}
			}
		}
		return 0, 0, false
	}
	// Without numbers the operands must tell where the name ends.
	found, end := 0, 0
	var sep byte
	for f := range p.explicit {
		if len(line) > len(f) && strings.HasPrefix(line, f) && (line[len(f)] == ':' || (o.context && line[len(f)] == '-')) {
			found++
			end, sep = len(f)+1, line[len(f)]
		}
	}
	return end, sep, found == 1
}

// grepAmbiguous reports whether, after the name ending at i, the text up
// to its first blank holds another ":<digits>:": then a longer file name
// would read the same line.
func grepAmbiguous(line string, i int) bool {
	for j := i; j < len(line) && !lex.IsSpace(line[j]); j++ {
		if c := line[j]; c == ':' || c == '-' {
			if _, _, s, ok := grepNumber(line, j+1); ok && s == c {
				return true
			}
		}
	}
	return false
}

// counts reads -c output: "N" or "file:N" (the count follows the last
// ':'), "file\0N" with -Z.
func (p *grepParser) counts(null bool) (any, error) {
	c, r := p.c, p.r
	kCounts, fFile, fCount := r.name("counts/*"), r.name("file"), r.name("count")
	var marks []int
	it := lex.Lines{Raw: c.Raw}
	rows := 0
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		rows++
		var g GrepCount
		idx := len(p.res.Counts)
		m := r.mark()
		num := line
		at := 0
		if p.names {
			sep := strings.LastIndexByte(line, ':')
			if null {
				sep = strings.IndexByte(line, 0)
			}
			if sep <= 0 {
				c.Unread(start)
				continue
			}
			g.File = line[:sep]
			r.at(kCounts, idx, fFile, start, start+sep, 0)
			num, at = line[sep+1:], sep+1
		}
		n, ok := lex.Atoi(num)
		if !ok {
			r.truncate(m)
			c.Unread(start)
			continue
		}
		g.Count = n
		r.at(kCounts, idx, fCount, start+at, start+len(line), p.trInt)
		if r.on {
			marks = append(marks, m)
		}
		p.res.Counts = append(p.res.Counts, g)
	}
	if rows > 0 && len(p.res.Counts) == 0 {
		return nil, Unrecognized("no line of the output reads as grep -c output")
	}
	p.res.Counts, _ = fsSettle(c, r, p.res.Counts, marks, false, 0)
	r.finish()
	return p.res, nil
}

// files reads -l/-L output: one name per line, or NUL-terminated with -Z.
func (p *grepParser) files(null bool) (any, error) {
	c := p.c
	r := newSpanRec(c, 1)
	kFiles := r.name("files/*")
	p.res.Files = make([]string, 0, min(lex.CountLines(c.Raw), 1<<20))
	it := fsRecords{raw: c.Raw, sep: '\n'}
	if null {
		it.sep = 0
	}
	for {
		name, start, ok := it.next()
		if !ok {
			break
		}
		if name == "" {
			continue
		}
		if c.Full(len(p.res.Files)) {
			c.Omit(1)
			continue
		}
		r.at(kFiles, len(p.res.Files), 0, start, start+len(name), 0)
		p.res.Files = append(p.res.Files, name)
	}
	r.finish()
	return p.res, nil
}

// ---------------------------------------------------------------- wc

// WcResult is the parsed output of `wc`.
type WcResult struct {
	Entries []WcEntry `json:"entries"`
	// Total is the "total" line wc prints for several files.
	Total *WcEntry `json:"total,omitempty"`
}

// WcEntry is one line of wc: the counts the arguments asked for (lines,
// words and bytes by default) and the file (absent for standard input
// and on the total line).
type WcEntry struct {
	Lines         *int64 `json:"lines,omitempty"`
	Words         *int64 `json:"words,omitempty"`
	Chars         *int64 `json:"chars,omitempty"`
	Bytes         *int64 `json:"bytes,omitempty"`
	MaxLineLength *int64 `json:"max_line_length,omitempty"`
	Path          string `json:"path,omitempty"`
}

var wcParserDef = &Parser{
	ID:      "wc",
	Command: "wc",
	Version: "1",
	Format:  "wc count lines (GNU, BusyBox, BSD): counts in flag order, then the file name, then a total line",
	// Flags checked against GNU coreutils 9.1 wc(1) (run here; --total is
	// 9.2's, read from its source: "only" prints the total without a
	// name), FreeBSD 14 wc(1) (-L; --libxo, a JSON form, is not
	// admitted), macOS 14 wc(1) and BusyBox 1.35 wc (run here).
	Flags: Flags{
		"-l": Bool, "-w": Bool, "-c": Bool, "-m": Bool, "-L": Bool,
		"--lines": Bool, "--words": Bool, "--bytes": Bool, "--chars": Bool, "--max-line-length": Bool,
		"--files0-from": Value, "--total": Value,
	},
	MaxPositionals: -1,
	Result:         WcResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"path"},
	Examples:       [][]string{{"main.go"}, {"-l", "a.txt", "b.txt"}, {"-lwc", "README.md"}},
}

// wcParsers wires the wcParserDef and returns it for the builtin list.
func wcParsers() []*Parser {
	wcParserDef.Check, wcParserDef.Parse = wcCheck, parseWc
	return []*Parser{wcParserDef}
}

// wcCol is a count column.
type wcCol uint8

const (
	wcLines wcCol = iota
	wcWords
	wcChars
	wcBytes
	wcMax
)

var wcColNames = [...]string{"lines", "words", "chars", "bytes", "max_line_length"}

// wcRead lists the columns in output order and whether a total line
// comes: total is 1 (yes), 0 (no), -1 (when its name says "total"), 2
// (only the total, without a name: --total=only).
func wcRead(args []string, os OS) (cols []wcCol, total int8, perr *ParseError) {
	scanned := scanArgs(args, fsKinds(wcParserDef.Flags), false)
	var want [5]bool
	last := wcCol(255) // BSD: the later of -c and -m wins
	files := 0
	totalMode := "auto"
	fromFile := false
	for _, a := range scanned {
		switch a.flag {
		case "":
			files++
		case "-l", "--lines":
			want[wcLines] = true
		case "-w", "--words":
			want[wcWords] = true
		case "-m", "--chars":
			want[wcChars], last = true, wcChars
		case "-c", "--bytes":
			want[wcBytes], last = true, wcBytes
		case "-L", "--max-line-length":
			if os == Darwin {
				return nil, 0, Unsupported(nil, "macOS wc has no -L")
			}
			want[wcMax] = true
		case "--total":
			switch a.value {
			case "auto", "always", "only", "never":
				totalMode = a.value
			default:
				return nil, 0, Unsupported(nil, "wc --total=%s is not a mode", a.value)
			}
		case "--files0-from":
			fromFile = true
		}
	}
	if want == [5]bool{} {
		want[wcLines], want[wcWords], want[wcBytes] = true, true, true
	}
	if os.bsdLike() && want[wcChars] && want[wcBytes] {
		want[wcChars], want[wcBytes] = last == wcChars, last == wcBytes
	}
	for c := wcLines; c <= wcMax; c++ {
		if want[c] {
			cols = append(cols, c)
		}
	}
	switch {
	case totalMode == "only":
		total = 2
	case totalMode == "never":
		total = 0
	case totalMode == "always":
		total = 1
	case fromFile:
		total = -1
	case files > 1:
		total = 1
	}
	return cols, total, nil
}

func wcCheck(args []string, os OS) *ParseError {
	_, _, perr := wcRead(args, os)
	return perr
}

func parseWc(c *Context) (any, error) {
	cols, total, _ := wcRead(c.Args, c.OS)
	r := newSpanRec(c, len(cols)+1)
	kEntries, kTotal, fPath := r.name("entries/*"), r.name("total"), r.name("path")
	var ids [5]uint16
	for i, n := range wcColNames {
		ids[i] = r.name(n)
	}
	trInt, trUnquote := r.trID("parseInt"), r.trID("unquote")
	var (
		entries = make([]WcEntry, 0, min(lex.CountLines(c.Raw), 1<<20))
		marks   []int // where each row's spans begin, while recording
		rows    int
		prevAt  = -1 // start of the row read from the line before, or -1
	)
	raw := c.Raw
	for pos := 0; pos < len(raw); {
		start := pos
		end := lex.NextNL(raw, pos)
		pos = end + 1
		line := raw[start:end]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if lex.IsBlank(line) {
			prevAt = -1
			continue
		}
		rows++
		idx := len(entries)
		var e WcEntry
		m := r.mark()
		at := 0
		good := true
		counts := make([]int64, len(cols)) // one allocation for the row's counts
		for k, col := range cols {
			s, t := lex.NextField(line, at)
			n, ok := lex.Atoi(line[s:t])
			if !ok {
				good = false
				break
			}
			counts[k] = n
			v := &counts[k]
			switch col {
			case wcLines:
				e.Lines = v
			case wcWords:
				e.Words = v
			case wcChars:
				e.Chars = v
			case wcBytes:
				e.Bytes = v
			case wcMax:
				e.MaxLineLength = v
			}
			r.at(kEntries, idx, ids[col], start+s, start+t, trInt)
			at = t
		}
		switch {
		case !good:
		case at == len(line):
			// standard input: no name
		case line[at] == ' ' && at+1 < len(line):
			name := line[at+1:]
			tr := spanTr(0)
			if dec, ok := wcUnquote(name); ok {
				e.Path, tr = dec, trUnquote
			} else {
				e.Path = name
			}
			r.at(kEntries, idx, fPath, start+at+1, start+len(line), tr)
		default:
			good = false
		}
		if !good {
			r.truncate(m)
			if prevAt >= 0 && len(entries) > 0 {
				// The line before ended in a name holding a newline (BSD and
				// BusyBox print it raw): that entry is not trusted either.
				c.Unread(prevAt)
				entries = entries[:len(entries)-1]
				if r.on {
					r.truncate(marks[len(marks)-1])
					marks = marks[:len(marks)-1]
				}
			}
			prevAt = -1
			c.Unread(start)
			continue
		}
		prevAt = start
		entries = append(entries, e)
		if r.on {
			marks = append(marks, m)
		}
	}
	if rows > 0 && len(entries) == 0 {
		return nil, Unrecognized("no line of the output reads as wc output")
	}
	hasTotal := false
	if n := len(entries); n > 0 {
		lastName := entries[n-1].Path
		switch total {
		case 1:
			hasTotal = lastName == "total"
		case -1:
			hasTotal = n > 1 && lastName == "total"
		case 2:
			hasTotal = n == 1 && lastName == ""
		}
	}
	if hasTotal && entries[len(entries)-1].Path != "" {
		r.dropLast() // the name "total" is no path
	}
	res := &WcResult{}
	res.Entries, res.Total = fsSettle(c, r, entries, marks, hasTotal, kTotal)
	if res.Total != nil {
		res.Total.Path = ""
	}
	r.finish()
	return res, nil
}

// wcUnquote decodes the shell-escape quoting GNU wc uses for a name that
// holds a newline ('new'$'\n”line'); ok is false for any other name.
func wcUnquote(s string) (string, bool) {
	if strings.IndexByte(s, '\'') < 0 {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case strings.HasPrefix(s[i:], "$'"):
			i += 2
			for {
				if i >= len(s) {
					return "", false
				}
				ch := s[i]
				if ch == '\'' {
					i++
					break
				}
				if ch != '\\' {
					b.WriteByte(ch)
					i++
					continue
				}
				if i+1 >= len(s) {
					return "", false
				}
				e := s[i+1]
				i += 2
				switch e {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case 'r':
					b.WriteByte('\r')
				case 'a':
					b.WriteByte('\a')
				case 'b':
					b.WriteByte('\b')
				case 'f':
					b.WriteByte('\f')
				case 'v':
					b.WriteByte('\v')
				case '\\', '\'', '"':
					b.WriteByte(e)
				case '0', '1', '2', '3':
					if i+1 >= len(s) || !lex.IsOctal(s[i]) || !lex.IsOctal(s[i+1]) {
						return "", false
					}
					b.WriteByte((e-'0')<<6 | (s[i]-'0')<<3 | (s[i+1] - '0'))
					i += 2
				default:
					return "", false
				}
			}
		default:
			// Unquoted runs of safe characters may sit between quotes.
			ch := s[i]
			if ch == ' ' || ch == '\\' || ch == '"' || ch == '$' || ch == '`' || ch < 0x20 {
				return "", false
			}
			b.WriteByte(ch)
			i++
		}
	}
	out := b.String()
	return out, strings.IndexByte(out, '\n') >= 0
}

// ---------------------------------------------------------------- head, tail, cat

// TextResult is the parsed output of `head`, `tail` and `cat`: the lines
// printed. Several files under head/tail headers ("==> name <==") become
// Files; cat -n/-b numbers become NumberedLines.
type TextResult struct {
	Lines         []string   `json:"lines,omitzero"`
	NumberedLines []TextLine `json:"numbered_lines,omitzero"`
	Files         []TextFile `json:"files,omitzero"`
	// NoTrailingNewline is true when the last line was not terminated.
	NoTrailingNewline bool `json:"no_trailing_newline,omitempty"`
}

// TextLine is one line of cat -n or -b; LineNumber is absent on the blank
// lines -b leaves unnumbered.
type TextLine struct {
	LineNumber *int64 `json:"line_number,omitempty"`
	Text       string `json:"text"`
}

// TextFile is one file's section under a "==> name <==" header.
type TextFile struct {
	Path              string   `json:"path"`
	Lines             []string `json:"lines"`
	NoTrailingNewline bool     `json:"no_trailing_newline,omitempty"`
}

func textParser(cmd, format string, flags Flags, examples [][]string, alts map[string][]string) *Parser {
	return &Parser{
		ID:             cmd,
		Command:        cmd,
		Version:        "1",
		Format:         format,
		Flags:          flags,
		MaxPositionals: -1,
		Alternatives:   alts,
		Result:         TextResult{},
		RowsKey:        "lines",
		Examples:       examples,
	}
}

// head, tail and cat flags were checked against GNU coreutils 9.1 (run
// here), FreeBSD 14 and macOS 14 head(1)/tail(1)/cat(1) (BSD tail -r
// reverses, cat -l locks) and BusyBox 1.35 (run here). head/tail -c (a
// byte count cuts a line anywhere) is refused; tail -f/-F (never ends),
// -b and --pid are not admitted.
var (
	headParserDef = textParser("head", "head lines; several files under \"==> name <==\" headers; -z NUL-terminated",
		Flags{
			"-n": Value, "-q": Bool, "-v": Bool, "-z": Bool, "-#": Bool,
			"--lines": Value, "--quiet": Bool, "--silent": Bool, "--verbose": Bool, "--zero-terminated": Bool,
		},
		[][]string{{"-n", "20", "main.go"}, {"-5", "a.txt", "b.txt"}}, nil)
	tailParserDef = textParser("tail", "tail lines; several files under \"==> name <==\" headers; -z NUL-terminated",
		Flags{
			"-n": Value, "-q": Bool, "-v": Bool, "-z": Bool, "-#": Bool, "-r": Bool,
			"--lines": Value, "--quiet": Bool, "--silent": Bool, "--verbose": Bool, "--zero-terminated": Bool,
		},
		[][]string{{"-n", "50", "app.log"}, {"-n", "+10", "notes.txt"}}, nil)
	catParserDef = textParser("cat", "cat lines; -n/-b numbered lines",
		Flags{
			"-n": Bool, "-b": Bool, "-s": Bool, "-u": Bool, "-A": Bool, "-E": Bool, "-T": Bool, "-v": Bool,
			"-e": Bool, "-t": Bool, "-l": Bool,
			"--number": Bool, "--number-nonblank": Bool, "--squeeze-blank": Bool, "--show-all": Bool,
			"--show-ends": Bool, "--show-tabs": Bool, "--show-nonprinting": Bool,
		},
		[][]string{{"README.md"}, {"-n", "main.go"}}, nil)
)

// headParsers wires the headParserDef, tailParserDef, catParserDef and returns them for the builtin list.
func headParsers() []*Parser {
	headParserDef.Check, headParserDef.Parse = headTailCheck(headParserDef), parseHeadTail
	tailParserDef.Check, tailParserDef.Parse = headTailCheck(tailParserDef), parseHeadTail
	catParserDef.Parse = parseCat
	return []*Parser{headParserDef, tailParserDef, catParserDef}
}

// headTailCheck refuses byte counts (-c cuts a line anywhere); -f and
// friends are not declared at all.
func headTailCheck(p *Parser) func(args []string, os OS) *ParseError {
	return func(args []string, os OS) *ParseError {
		scanned := scanArgs(args, fsKinds(p.Flags), true)
		if perr := checkFsDeclared(scanned, p); perr != nil {
			return perr
		}
		for _, a := range scanned {
			if a.flag == "-r" && !os.bsdLike() {
				return Unsupported(nil, "GNU tail has no -r")
			}
		}
		if _, headers, sep := textOpts(args, p); headers && sep == 0 {
			return Unsupported(fsWithout(args, scanned, func(a cmdArg) bool { return a.flag == "-z" || a.flag == "--zero-terminated" }),
				"%s -z writes its \"==> name <==\" headers with newlines between NUL-terminated records", p.Command)
		}
		return nil
	}
}

// textOpts reads head/tail arguments: the operands, whether headers are
// printed, and the line separator.
func textOpts(args []string, p *Parser) (files []string, headers bool, sep byte) {
	scanned := scanArgs(args, fsKinds(p.Flags), true)
	verbose, quiet := false, false
	sep = '\n'
	for _, a := range scanned {
		switch a.flag {
		case "":
			files = append(files, a.pos)
		case "-v", "--verbose":
			verbose, quiet = true, false
		case "-q", "--quiet", "--silent":
			quiet, verbose = true, false
		case "-z", "--zero-terminated":
			sep = 0
		}
	}
	headers = !quiet && (verbose || len(files) > 1)
	return files, headers, sep
}

// textHeaderName is the name head and tail print for an operand.
func textHeaderName(f string) string {
	if f == "-" {
		return "standard input"
	}
	return f
}

func parseHeadTail(c *Context) (any, error) {
	// head and tail read alike; tail's flags are a superset of head's.
	files, headers, sep := textOpts(c.Args, tailParserDef)
	if !headers {
		return textLines(c, sep), nil
	}
	return textSections(c, files, sep), nil
}

// textLines splits the output into lines, spans verbatim.
func textLines(c *Context, sep byte) *TextResult {
	r := newSpanRec(c, 1)
	kLines := r.name("lines/*")
	res := &TextResult{Lines: make([]string, 0, min(lex.CountLines(c.Raw), 1<<20))}
	it := fsRecords{raw: c.Raw, sep: sep}
	for {
		line, start, ok := it.next()
		if !ok {
			break
		}
		if c.Full(len(res.Lines)) {
			c.Omit(1)
			continue
		}
		r.at(kLines, len(res.Lines), 0, start, start+len(line), 0)
		res.Lines = append(res.Lines, line)
	}
	if n := len(c.Raw); n > 0 && c.Raw[n-1] != sep {
		res.NoTrailingNewline = true
		c.Span("/no_trailing_newline", n, n, "endOfOutput")
	}
	r.finish()
	return res
}

// textSections reads head/tail output under "==> name <==" headers. A
// header is recognised only for a remaining operand, in order; after the
// first, head prints a blank line before it, so a header-looking line not
// preceded by one is a file's own text when the same header follows
// later after a blank line. The blank separator is not part of the file.
func textSections(c *Context, files []string, sep byte) *TextResult {
	res := &TextResult{Files: []TextFile{}}
	type rec struct {
		line  string
		start int
		name  int // operand index this line could head, or -1
	}
	var recs []rec
	it := fsRecords{raw: c.Raw, sep: sep}
	for {
		line, start, ok := it.next()
		if !ok {
			break
		}
		k := -1
		if strings.HasPrefix(line, "==> ") && strings.HasSuffix(line, " <==") && len(line) >= 8 {
			name := line[4 : len(line)-4]
			for i, f := range files {
				if textHeaderName(f) == name {
					k = i
					break
				}
			}
		}
		recs = append(recs, rec{line, start, k})
	}
	// later[i]: a blank-preceded header for recs[i].name comes after i.
	later := make([]bool, len(recs))
	seen := map[int]bool{}
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].name >= 0 {
			later[i] = seen[recs[i].name]
			if i > 0 && recs[i-1].line == "" {
				seen[recs[i].name] = true
			}
		}
	}
	// Decide the headers first, then read the sections between them.
	header := make([]bool, len(recs))
	next, any := 0, false
	for i, r := range recs {
		if r.name >= next && (!any || recs[i-1].line == "" || !later[i]) {
			header[i], next, any = true, r.name+1, true
		}
	}
	cur := -1
	var starts [][]int
	lines := 0
	for i, r := range recs {
		if header[i] {
			if cur >= 0 {
				f := &res.Files[cur]
				if !header[i-1] && recs[i-1].line != "" {
					// No blank line before the header: the file's last line
					// had no newline.
					f.NoTrailingNewline = true
					s := recs[i].start - 1
					c.spanPath(s, s, "missingSeparator", "files", cur, "no_trailing_newline")
				}
				textRecordLines(c, f.Lines, starts[cur], cur)
			}
			res.Files = append(res.Files, TextFile{Path: r.line[4 : len(r.line)-4], Lines: []string{}})
			starts = append(starts, nil)
			cur = len(res.Files) - 1
			c.spanPath(r.start+4, r.start+len(r.line)-4, "", "files", cur, "path")
			continue
		}
		if cur < 0 {
			c.Unread(r.start) // text before any header
			continue
		}
		if r.line == "" && i+1 < len(recs) && header[i+1] {
			continue // the blank line printed before the next header
		}
		if c.Full(lines) {
			c.Omit(1)
			continue
		}
		lines++
		f := &res.Files[cur]
		f.Lines = append(f.Lines, r.line)
		starts[cur] = append(starts[cur], r.start)
	}
	if cur >= 0 {
		f := &res.Files[cur]
		if n := len(c.Raw); n > 0 && c.Raw[n-1] != sep {
			f.NoTrailingNewline = true
			c.spanPath(n, n, "endOfOutput", "files", cur, "no_trailing_newline")
		}
		textRecordLines(c, f.Lines, starts[cur], cur)
	}
	return res
}

func textRecordLines(c *Context, lines []string, starts []int, file int) {
	if !c.Recording() {
		return
	}
	for i, l := range lines {
		c.spanPath(starts[i], starts[i]+len(l), "", "files", file, "lines", i)
	}
}

func parseCat(c *Context) (any, error) {
	number := false
	for _, a := range scanArgs(c.Args, fsKinds(catParserDef.Flags), false) {
		switch a.flag {
		case "-n", "-b", "--number", "--number-nonblank":
			number = true
		}
	}
	if !number {
		return textLines(c, '\n'), nil
	}
	// "%6d\t" before each numbered line; -b leaves blank lines bare.
	r := newSpanRec(c, 2)
	kLines, fNum, fText := r.name("numbered_lines/*"), r.name("line_number"), r.name("text")
	trInt := r.trID("parseInt")
	res := &TextResult{NumberedLines: make([]TextLine, 0, min(lex.CountLines(c.Raw), 1<<20))}
	it := lex.Lines{Raw: c.Raw}
	rows := 0
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		rows++
		idx := len(res.NumberedLines)
		if c.Full(idx) {
			c.Omit(1)
			continue
		}
		var tl TextLine
		if lex.IsBlank(line) {
			// A line -b did not number (cat may pad it).
			tl.Text = ""
			r.at(kLines, idx, fText, start+len(line), start+len(line), 0)
			res.NumberedLines = append(res.NumberedLines, tl)
			continue
		}
		s, e := lex.NextField(line, 0)
		tab := strings.IndexByte(line, '\t')
		n, ok := lex.Atoi(line[s:e])
		if tab < 0 || e != tab || !ok {
			c.Unread(start)
			continue
		}
		tl.LineNumber = intp(n)
		tl.Text = line[tab+1:]
		r.at(kLines, idx, fNum, start+s, start+e, trInt)
		r.at(kLines, idx, fText, start+tab+1, start+len(line), 0)
		res.NumberedLines = append(res.NumberedLines, tl)
	}
	if rows > 0 && len(res.NumberedLines) == 0 {
		return nil, Unrecognized("no line of the output reads as cat -n output")
	}
	if n := len(c.Raw); n > 0 && c.Raw[n-1] != '\n' {
		res.NoTrailingNewline = true
		c.Span("/no_trailing_newline", n, n, "endOfOutput")
	}
	r.finish()
	return res, nil
}
