// Package wc reads the output of `wc` for the catalog: the parser wc.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package wc

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

var wcParserDef = &catalog.Parser{
	ID:      "wc",
	Command: "wc",
	Version: "1",
	Format:  "wc count lines (GNU, BusyBox, BSD): counts in flag order, then the file name, then a total line",
	// Flags checked against GNU coreutils 9.1 wc(1) (run here; --total is
	// 9.2's, read from its source: "only" prints the total without a
	// name), FreeBSD 14 wc(1) (-L; --libxo, a JSON form, is not
	// admitted), macOS 14 wc(1) and BusyBox 1.35 wc (run here).
	Flags: catalog.Flags{
		"-l": catalog.Bool, "-w": catalog.Bool, "-c": catalog.Bool, "-m": catalog.Bool, "-L": catalog.Bool,
		"--lines": catalog.Bool, "--words": catalog.Bool, "--bytes": catalog.Bool, "--chars": catalog.Bool, "--max-line-length": catalog.Bool,
		"--files0-from": catalog.Value, "--total": catalog.Value,
	},
	MaxPositionals: -1,
	Result:         WcResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"path"},
	Examples:       [][]string{{"main.go"}, {"-l", "a.txt", "b.txt"}, {"-lwc", "README.md"}},
}

// wcParsers wires the wcParserDef and returns it for the builtin list.
func wcParsers() []*catalog.Parser {
	wcParserDef.Check, wcParserDef.Parse = wcCheck, ParseWc
	return []*catalog.Parser{wcParserDef}
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
func wcRead(argv catalog.Args, os catalog.OS) (cols []wcCol, total int8, perr *catalog.ParseError) {
	scanned := argv.Items
	var want [5]bool
	last := wcCol(255) // BSD: the later of -c and -m wins
	files := 0
	totalMode := "auto"
	fromFile := false
	for _, a := range scanned {
		switch a.Flag {
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
			if os == catalog.Darwin {
				return nil, 0, catalog.Unsupported(nil, "macOS wc has no -L")
			}
			want[wcMax] = true
		case "--total":
			switch a.Value {
			case "auto", "always", "only", "never":
				totalMode = a.Value
			default:
				return nil, 0, catalog.Unsupported(nil, "wc --total=%s is not a mode", a.Value)
			}
		case "--files0-from":
			fromFile = true
		}
	}
	if want == [5]bool{} {
		want[wcLines], want[wcWords], want[wcBytes] = true, true, true
	}
	if os.BsdLike() && want[wcChars] && want[wcBytes] {
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

func wcCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	_, _, perr := wcRead(argv, os)
	return perr
}

func ParseWc(c *catalog.Context) (any, error) {
	cols, total, _ := wcRead(c.Args, c.OS)
	r := c.Rows(len(cols) + 1)
	kEntries, kTotal, fPath := r.Name("entries/*"), r.Name("total"), r.Name("path")
	var ids [5]uint16
	for i, n := range wcColNames {
		ids[i] = r.Name(n)
	}
	trInt, trUnquote := r.TrID("parseInt"), r.TrID("unquote")
	var (
		entries = make([]WcEntry, 0, min(lex.CountLines(c.Raw), 1<<20))
		marks   []int // where each row's spans begin, while recording
		rows    int
		prevAt  = -1 // start of the row read from the line before, or -1
	)
	raw := c.Raw
	it := lex.Lines{Raw: raw}
	for line, start := range it.All() {
		if lex.IsBlank(line) {
			prevAt = -1
			continue
		}
		rows++
		idx := len(entries)
		var e WcEntry
		m := r.Mark()
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
			r.At(kEntries, idx, ids[col], start+s, start+t, trInt)
			at = t
		}
		switch {
		case !good:
		case at == len(line):
			// standard input: no name
		case line[at] == ' ' && at+1 < len(line):
			name := line[at+1:]
			tr := catalog.SpanTr(0)
			if dec, ok := wcUnquote(name); ok {
				e.Path, tr = dec, trUnquote
			} else {
				e.Path = name
			}
			r.At(kEntries, idx, fPath, start+at+1, start+len(line), tr)
		default:
			good = false
		}
		if !good {
			r.Truncate(m)
			if prevAt >= 0 && len(entries) > 0 {
				// The line before ended in a name holding a newline (BSD and
				// BusyBox print it raw): that entry is not trusted either.
				c.Unread(prevAt)
				entries = entries[:len(entries)-1]
				if r.On {
					r.Truncate(marks[len(marks)-1])
					marks = marks[:len(marks)-1]
				}
			}
			prevAt = -1
			c.Unread(start)
			continue
		}
		prevAt = start
		entries = append(entries, e)
		if r.On {
			marks = append(marks, m)
		}
	}
	if rows > 0 && len(entries) == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as wc output")
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
		r.DropLast() // the name "total" is no path
	}
	res := &WcResult{}
	res.Entries, res.Total = kit.FsSettle(c, r, entries, marks, hasTotal, kTotal)
	if res.Total != nil {
		res.Total.Path = ""
	}
	r.Finish()
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
				e, n, ok := lex.CEscape(s, i+1, `\'"`)
				if !ok {
					return "", false
				}
				b.WriteByte(e)
				i += 1 + n
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

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return wcParsers() }
