// Package grep reads the output of `grep` for the catalog: the parser grep.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package grep

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

var grepParserDef = &catalog.Parser{
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
	Flags: catalog.Flags{
		"-u": catalog.Bool, "-O": catalog.Bool, "-p": catalog.Bool, "-S": catalog.Bool, "-J": catalog.Bool, "-M": catalog.Bool,
		"--include-dir": catalog.Value, "--decompress": catalog.Bool,
		"-E": catalog.Bool, "-F": catalog.Bool, "-G": catalog.Bool, "-P": catalog.Bool, "-i": catalog.Bool, "-y": catalog.Bool, "-v": catalog.Bool, "-w": catalog.Bool,
		"-x": catalog.Bool, "-c": catalog.Bool, "-L": catalog.Bool, "-l": catalog.Bool, "-o": catalog.Bool, "-q": catalog.Bool, "-s": catalog.Bool, "-b": catalog.Bool,
		"-H": catalog.Bool, "-h": catalog.Bool, "-n": catalog.Bool, "-Z": catalog.Bool, "-a": catalog.Bool, "-I": catalog.Bool, "-r": catalog.Bool, "-R": catalog.Bool,
		"-U": catalog.Bool, "-#": catalog.Bool,
		"-e": catalog.Value, "-f": catalog.Value, "-m": catalog.Value, "-A": catalog.Value, "-B": catalog.Value, "-C": catalog.Value, "-d": catalog.Value, "-D": catalog.Value,
		"--extended-regexp": catalog.Bool, "--fixed-strings": catalog.Bool, "--basic-regexp": catalog.Bool, "--perl-regexp": catalog.Bool,
		"--ignore-case": catalog.Bool, "--no-ignore-case": catalog.Bool, "--invert-match": catalog.Bool, "--word-regexp": catalog.Bool,
		"--line-regexp": catalog.Bool, "--count": catalog.Bool, "--files-without-match": catalog.Bool, "--files-with-matches": catalog.Bool,
		"--only-matching": catalog.Bool, "--quiet": catalog.Bool, "--silent": catalog.Bool, "--no-messages": catalog.Bool,
		"--byte-offset": catalog.Bool, "--with-filename": catalog.Bool, "--no-filename": catalog.Bool, "--line-number": catalog.Bool,
		"--null": catalog.Bool, "--text": catalog.Bool, "--recursive": catalog.Bool, "--dereference-recursive": catalog.Bool,
		"--binary": catalog.Bool, "--line-buffered": catalog.Bool, "--no-group-separator": catalog.Bool,
		"--regexp": catalog.Value, "--file": catalog.Value, "--max-count": catalog.Value, "--after-context": catalog.Value,
		"--before-context": catalog.Value, "--context": catalog.Value, "--directories": catalog.Value, "--devices": catalog.Value,
		"--include": catalog.Value, "--exclude": catalog.Value, "--exclude-dir": catalog.Value, "--exclude-from": catalog.Value,
		"--label": catalog.Value, "--binary-files": catalog.Value, "--color": catalog.Optional, "--colour": catalog.Optional,
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
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, Means: "no line was selected (with -c every count is 0, with -l no file is listed; GNU -L then lists every file, BusyBox -L exits 1 when it lists none)",
		Source: "GNU grep(1) EXIT STATUS (2 is an error; grep 3.8 run here: -L follows line selection); FreeBSD/macOS grep(1) EXIT STATUS; BusyBox 1.35 grep (run here)"}},
}

// grepParsers wires the grepParserDef and returns it for the builtin list.
func grepParsers() []*catalog.Parser {
	grepParserDef.Check, grepParserDef.Parse = grepCheck, ParseGrep
	return []*catalog.Parser{grepParserDef}
}

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

func grepRead(argv catalog.Args, os catalog.OS) grepOpts {
	o := grepOpts{mode: 'm'}
	scanned := argv.Items
	pattern := true // the first operand is the pattern, unless -e/-f gave it
	names := int8(-2)
	for _, a := range scanned {
		switch a.Flag {
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
			if !os.BsdLike() { // BSD grep -Z decompresses
				o.null = true
			}
		case "--null":
			o.null = true
		case "-r", "-R", "--recursive", "--dereference-recursive":
			o.recursive = true
		case "-d", "--directories":
			o.recursive = o.recursive || a.Value == "recurse"
		case "-e", "--regexp", "-f", "--file":
			pattern = false
		case "-A", "-B", "-C", "-#", "--after-context", "--before-context", "--context":
			o.context = true
		}
	}
	for _, a := range scanned {
		if a.Flag == "" {
			if pattern {
				pattern = false
				continue
			}
			o.operands = append(o.operands, a.Pos)
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

func grepCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	args, scanned := argv.Rest(), argv.Items
	for _, a := range scanned {
		switch a.Flag {
		case "--color", "--colour":
			switch a.Value {
			case "", "never", "auto", "none", "no", "tty", "if-tty":
			default:
				return catalog.Unsupported(kit.FsWithout(args, scanned, func(x catalog.CmdArg) bool { return x.Flag == a.Flag }, "--color=never"),
					"grep %s=%s writes terminal escapes into the text", a.Flag, a.Value)
			}
		}
	}
	o := grepRead(argv, os)
	if o.mode == 'm' && o.context && !o.number && !o.offset {
		return catalog.Unsupported(fsInsertFlags(args, scanned, "-n"),
			"grep context lines are told from matches by the separator after the line number; add -n")
	}
	if o.mode == 'm' && !o.number && !o.offset && !o.null && o.recursive && o.withFile != 0 {
		return catalog.Unsupported(fsInsertFlags(args, scanned, "-n"),
			"grep -r without -n writes file:text, which a ':' in a file name makes ambiguous; -n anchors the split")
	}
	return nil
}

// grepParser holds the state of one grep parse.
type grepParser struct {
	c        *catalog.Context
	o        grepOpts
	r        *catalog.SpanRec
	res      *GrepResult
	kMatches uint16
	fFile    uint16
	fLine    uint16
	fOffset  uint16
	fText    uint16
	fContext uint16
	trInt    catalog.SpanTr
	trCtx    catalog.SpanTr
	explicit map[string]bool // operand names, when they are all files
	names    bool            // file names are printed
	warned   bool
}

func ParseGrep(c *catalog.Context) (any, error) {
	o := grepRead(c.Args, c.OS)
	raw := c.Raw
	null := strings.IndexByte(raw, 0) >= 0
	// About three spans a line: a name, a number, the text.
	p := &grepParser{c: c, o: o, r: c.Rows(3), res: &GrepResult{}}
	switch o.mode {
	case 'l':
		return p.files(null)
	case 'c':
		p.res.Counts = []GrepCount{}
	default:
		p.res.Matches = make([]GrepMatch, 0, min(lex.CountLines(raw), 1<<20))
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
	p.kMatches = r.Name("matches/*")
	p.fFile, p.fLine, p.fOffset, p.fText = r.Name("file"), r.Name("line_number"), r.Name("byte_offset"), r.Name("text")
	p.fContext = r.Name("context")
	p.trInt, p.trCtx = r.TrID("parseInt"), r.TrID("separator")
	if o.mode == 'c' {
		return p.counts(null)
	}
	var marks []int
	rows, read := 0, 0
	prevBad := false
	it := lex.Lines{Raw: raw}
	for line, start := range it.All() {
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
			c.Span(start+s, start+s+len(name), "", "binary_files", len(p.res.BinaryFiles)-1)
			read++
			continue
		}
		idx := len(p.res.Matches)
		m := r.Mark()
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
			r.Truncate(m)
			c.Unread(start)
			prevBad = !tainted
			continue
		}
		prevBad = false
		read++
		if r.On {
			marks = append(marks, m)
		}
	}
	if rows > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as grep output")
	}
	p.res.Matches, _ = kit.FsSettle(c, r, p.res.Matches, marks, false, 0)
	r.Finish()
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
		r.At(p.kMatches, idx, p.fFile, base, base+len(m.File), 0)
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
		*dst = catalog.Intp(n)
		r.At(p.kMatches, idx, field, base+pos, base+end-1, p.trInt)
		pos = end
	}
	if sep == '-' {
		if !o.context {
			return false
		}
		m.Context = true
		r.At(p.kMatches, idx, p.fContext, base+pos-1, base+pos, p.trCtx)
	}
	m.Text = line[pos:]
	r.At(p.kMatches, idx, p.fText, base+pos, base+len(line), 0)
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
	kCounts, fFile, fCount := r.Name("counts/*"), r.Name("file"), r.Name("count")
	var marks []int
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.NonBlankLines() {
		var g GrepCount
		idx := len(p.res.Counts)
		m := r.Mark()
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
			r.At(kCounts, idx, fFile, start, start+sep, 0)
			num, at = line[sep+1:], sep+1
		}
		n, ok := lex.Atoi(num)
		if !ok {
			r.Truncate(m)
			c.Unread(start)
			continue
		}
		g.Count = n
		r.At(kCounts, idx, fCount, start+at, start+len(line), p.trInt)
		if r.On {
			marks = append(marks, m)
		}
		p.res.Counts = append(p.res.Counts, g)
	}
	if it.NonBlank > 0 && len(p.res.Counts) == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as grep -c output")
	}
	p.res.Counts, _ = kit.FsSettle(c, r, p.res.Counts, marks, false, 0)
	r.Finish()
	return p.res, nil
}

// files reads -l/-L output: one name per line, or NUL-terminated with -Z.
func (p *grepParser) files(null bool) (any, error) {
	c := p.c
	r := c.Rows(1)
	kFiles := r.Name("files/*")
	p.res.Files = make([]string, 0, min(lex.CountLines(c.Raw), 1<<20))
	it := lex.Lines{Raw: c.Raw}
	if null {
		it.NUL = true
	}
	for name, start := range it.All() {
		if name == "" {
			continue
		}
		if c.Full(len(p.res.Files)) {
			c.Omit(1)
			continue
		}
		r.At(kFiles, len(p.res.Files), 0, start, start+len(name), 0)
		p.res.Files = append(p.res.Files, name)
	}
	r.Finish()
	return p.res, nil
}

// fsInsertFlags returns args with flags added before the first operand.
func fsInsertFlags(args []string, scanned []catalog.CmdArg, flags ...string) []string {
	return kit.FsWithout(args, scanned, func(catalog.CmdArg) bool { return false }, flags...)
}

// nextColonDash returns the index of the first ':' or '-' in s at or after
// i, or len(s): where a grep file name may end.
func nextColonDash(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	if j := strings.IndexAny(s[i:], ":-"); j >= 0 {
		return i + j
	}
	return len(s)
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return grepParsers() }
