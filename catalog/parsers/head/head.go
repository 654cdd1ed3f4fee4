// Package head reads the output of head, tail and cat for the catalog: the parsers head, tail, cat.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package head

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

func textParser(cmd, format string, flags catalog.Flags, examples [][]string, alts map[string][]string) *catalog.Parser {
	return &catalog.Parser{
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
var headParserDef = textParser("head", "head lines; several files under \"==> name <==\" headers; -z NUL-terminated",
	catalog.Flags{
		"-n": catalog.Value, "-q": catalog.Bool, "-v": catalog.Bool, "-z": catalog.Bool, "-#": catalog.Bool,
		"--lines": catalog.Value, "--quiet": catalog.Bool, "--silent": catalog.Bool, "--verbose": catalog.Bool, "--zero-terminated": catalog.Bool,
	},
	[][]string{{"-n", "20", "main.go"}, {"-5", "a.txt", "b.txt"}}, nil)

var tailParserDef = textParser("tail", "tail lines; several files under \"==> name <==\" headers; -z NUL-terminated",
	catalog.Flags{
		"-n": catalog.Value, "-q": catalog.Bool, "-v": catalog.Bool, "-z": catalog.Bool, "-#": catalog.Bool, "-r": catalog.Bool,
		"--lines": catalog.Value, "--quiet": catalog.Bool, "--silent": catalog.Bool, "--verbose": catalog.Bool, "--zero-terminated": catalog.Bool,
	},
	[][]string{{"-n", "50", "app.log"}, {"-n", "+10", "notes.txt"}}, nil)

var catParserDef = textParser("cat", "cat lines; -n/-b numbered lines",
	catalog.Flags{
		"-n": catalog.Bool, "-b": catalog.Bool, "-s": catalog.Bool, "-u": catalog.Bool, "-A": catalog.Bool, "-E": catalog.Bool, "-T": catalog.Bool, "-v": catalog.Bool,
		"-e": catalog.Bool, "-t": catalog.Bool, "-l": catalog.Bool,
		"--number": catalog.Bool, "--number-nonblank": catalog.Bool, "--squeeze-blank": catalog.Bool, "--show-all": catalog.Bool,
		"--show-ends": catalog.Bool, "--show-tabs": catalog.Bool, "--show-nonprinting": catalog.Bool,
	},
	[][]string{{"README.md"}, {"-n", "main.go"}}, nil)

// headParsers wires the headParserDef, tailParserDef, catParserDef and returns them for the builtin list.
func headParsers() []*catalog.Parser {
	headParserDef.Check, headParserDef.Parse = headTailCheck(headParserDef), ParseHeadTail
	tailParserDef.Check, tailParserDef.Parse = headTailCheck(tailParserDef), ParseHeadTail
	catParserDef.Parse = ParseCat
	return []*catalog.Parser{headParserDef, tailParserDef, catParserDef}
}

// headTailCheck refuses byte counts (-c cuts a line anywhere); -f and
// friends are not declared at all.
func headTailCheck(p *catalog.Parser) func(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	return func(argv catalog.Args, os catalog.OS) *catalog.ParseError {
		args, scanned := argv.Rest(), argv.Items
		for _, a := range scanned {
			if a.Flag == "-r" && !os.BsdLike() {
				return catalog.Unsupported(nil, "GNU tail has no -r")
			}
		}
		if _, headers, sep := textOpts(argv); headers && sep == 0 {
			return catalog.Unsupported(kit.FsWithout(args, scanned, func(a catalog.CmdArg) bool { return a.Flag == "-z" || a.Flag == "--zero-terminated" }),
				"%s -z writes its \"==> name <==\" headers with newlines between NUL-terminated records", p.Command)
		}
		return nil
	}
}

// textOpts reads head/tail arguments: the operands, whether headers are
// printed, and the line separator.
func textOpts(argv catalog.Args) (files []string, headers bool, sep byte) {
	verbose, quiet := false, false
	sep = '\n'
	for _, a := range argv.Items {
		switch a.Flag {
		case "":
			files = append(files, a.Pos)
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

func ParseHeadTail(c *catalog.Context) (any, error) {
	// head and tail read alike.
	files, headers, sep := textOpts(c.Args)
	if !headers {
		return textLines(c, sep), nil
	}
	return textSections(c, files, sep), nil
}

// textLines splits the output into lines, spans verbatim.
func textLines(c *catalog.Context, sep byte) *TextResult {
	r := c.Rows(1)
	kLines := r.Name("lines/*")
	res := &TextResult{Lines: make([]string, 0, min(lex.CountLines(c.Raw), 1<<20))}
	it := lex.Lines{Raw: c.Raw, NUL: sep == 0}
	for line, start := range it.All() {
		if c.Full(len(res.Lines)) {
			c.Omit(1)
			continue
		}
		r.At(kLines, len(res.Lines), 0, start, start+len(line), 0)
		res.Lines = append(res.Lines, line)
	}
	if n := len(c.Raw); n > 0 && c.Raw[n-1] != sep {
		res.NoTrailingNewline = true
		c.Span(n, n, "endOfOutput", "no_trailing_newline")
	}
	r.Finish()
	return res
}

// textSections reads head/tail output under "==> name <==" headers. A
// header is recognised only for a remaining operand, in order; after the
// first, head prints a blank line before it, so a header-looking line not
// preceded by one is a file's own text when the same header follows
// later after a blank line. The blank separator is not part of the file.
func textSections(c *catalog.Context, files []string, sep byte) *TextResult {
	res := &TextResult{Files: []TextFile{}}
	type rec struct {
		line  string
		start int
		name  int // operand index this line could head, or -1
	}
	var recs []rec
	it := lex.Lines{Raw: c.Raw, NUL: sep == 0}
	for line, start := range it.All() {
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
					c.Span(s, s, "missingSeparator", "files", cur, "no_trailing_newline")
				}
				textRecordLines(c, f.Lines, starts[cur], cur)
			}
			res.Files = append(res.Files, TextFile{Path: r.line[4 : len(r.line)-4], Lines: []string{}})
			starts = append(starts, nil)
			cur = len(res.Files) - 1
			c.Span(r.start+4, r.start+len(r.line)-4, "", "files", cur, "path")
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
			c.Span(n, n, "endOfOutput", "files", cur, "no_trailing_newline")
		}
		textRecordLines(c, f.Lines, starts[cur], cur)
	}
	return res
}

func textRecordLines(c *catalog.Context, lines []string, starts []int, file int) {
	if !c.Recording() {
		return
	}
	for i, l := range lines {
		c.Span(starts[i], starts[i]+len(l), "", "files", file, "lines", i)
	}
}

func ParseCat(c *catalog.Context) (any, error) {
	number := c.Args.Has("-n", "-b", "--number", "--number-nonblank")
	if !number {
		return textLines(c, '\n'), nil
	}
	// "%6d\t" before each numbered line; -b leaves blank lines bare.
	r := c.Rows(2)
	kLines, fNum, fText := r.Name("numbered_lines/*"), r.Name("line_number"), r.Name("text")
	trInt := r.TrID("parseInt")
	res := &TextResult{NumberedLines: make([]TextLine, 0, min(lex.CountLines(c.Raw), 1<<20))}
	it := lex.Lines{Raw: c.Raw}
	rows := 0
	for line, start := range it.All() {
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
			r.At(kLines, idx, fText, start+len(line), start+len(line), 0)
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
		tl.LineNumber = catalog.Intp(n)
		tl.Text = line[tab+1:]
		r.At(kLines, idx, fNum, start+s, start+e, trInt)
		r.At(kLines, idx, fText, start+tab+1, start+len(line), 0)
		res.NumberedLines = append(res.NumberedLines, tl)
	}
	if rows > 0 && len(res.NumberedLines) == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as cat -n output")
	}
	if n := len(c.Raw); n > 0 && c.Raw[n-1] != '\n' {
		res.NoTrailingNewline = true
		c.Span(n, n, "endOfOutput", "no_trailing_newline")
	}
	r.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return headParsers() }
