// Package file reads the output of `file` for the catalog: the parser file.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package file

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// FileResult is file's verdicts.
type FileResult struct {
	Files []FileEntry `json:"files"`
}

// FileEntry is one file's type.
type FileEntry struct {
	// Name is the file name (none with -b).
	Name string `json:"name,omitempty"`
	// Type is the description ("ASCII text", "ELF 64-bit LSB pie executable, ...").
	Type string `json:"type,omitempty"`
	// MimeType is -i/--mime-type's type (text/plain).
	MimeType string `json:"mime_type,omitempty"`
	// Charset is -i's charset= or --mime-encoding's encoding.
	Charset string `json:"charset,omitempty"`
	// Error is file's "cannot open `x' (No such file or directory)" (file exits 0 on it).
	Error string `json:"error,omitempty"`
}

// fileFlags: file(1) of file 5.44 (Debian 12): -b (no names), -i/--mime,
// --mime-type, --mime-encoding, -L/-h (links), -z/-Z (compressed), -s,
// -N (no padding), -E (exit on errors), -e TEST, -m MAGIC (a path: the
// guard checks it), -P? no; -k (several matches joined by "\012- "), -0,
// -F SEP, -r, --apple, --extension, -f FILE (names from a file) and -C
// (compile, writes) are refused or unread.
var fileFlags = catalog.Flags{"-b": catalog.Bool, "--brief": catalog.Bool, "-i": catalog.Bool, "--mime": catalog.Bool, "--mime-type": catalog.Bool,
	"--mime-encoding": catalog.Bool, "-L": catalog.Bool, "--dereference": catalog.Bool, "-h": catalog.Bool, "--no-dereference": catalog.Bool,
	"-z": catalog.Bool, "--uncompress": catalog.Bool, "-Z": catalog.Bool, "--uncompress-noreport": catalog.Bool, "-s": catalog.Bool, "--special-files": catalog.Bool,
	"-N": catalog.Bool, "--no-pad": catalog.Bool, "-E": catalog.Bool, "-e": catalog.Value, "--exclude": catalog.Value, "-m": catalog.Value, "--magic-file": catalog.Value,
	"-p": catalog.Bool, "--preserve-date": catalog.Bool}

func fileParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "file", Command: "file", Version: "1",
		Format: "file's \"name: description\" lines (names padded to one column), -b descriptions, -i/--mime-type/--mime-encoding",
		Flags:  fileFlags, MaxPositionals: -1, Result: FileResult{}, RowsKey: "files", KeyFields: []string{"name"},
		Examples: [][]string{{"a.bin"}, {"-b", "a.bin"}, {"-i", "a", "b"}, {"--mime-type", "a"}},
		Table:    &catalog.TableLines{},
		Parse:    parseFile,
	}}
}

func parseFile(c *catalog.Context) (any, error) {
	res := &FileResult{Files: make([]FileEntry, 0, kit.RowCap(c))}
	brief := c.Args.Has("-b", "--brief")
	mime := c.Args.Has("-i", "--mime")
	mimeType := c.Args.Has("--mime-type")
	enc := c.Args.Has("--mime-encoding")
	lines := lex.SplitLines(c.Raw)
	var kept []lex.Line
	for _, l := range lines {
		if strings.TrimSpace(l.Text) != "" {
			kept = append(kept, l)
		}
	}
	col := -1 // where descriptions start when every line pads to one column
	if !brief && len(kept) > 1 {
		col = fileColumn(kept)
	}
	for _, l := range kept {
		if c.Full(len(res.Files)) {
			c.Omit(1)
			continue
		}
		i := len(res.Files)
		mark := c.Mark() // a line given up drops the spans read from it
		var e FileEntry
		ds := 0
		if !brief {
			ne, d := -1, -1
			if col > 0 {
				ne = strings.LastIndex(l.Text[:col], ":")
				d = col
			} else if k := strings.Index(l.Text, ": "); k > 0 {
				ne, d = k, lex.SkipBlanks(l.Text, k+1)
			}
			if ne <= 0 || d >= len(l.Text) {
				c.Unread(l.At)
				continue
			}
			e.Name = kit.Text(c, l.At, l.At+ne, "files", i, "name")
			ds = d
		}
		desc := l.Text[ds:]
		if desc == "" {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		s := l.At + ds
		switch {
		case strings.HasPrefix(desc, "cannot open "):
			e.Error = kit.Text(c, s, s+len(desc), "files", i, "error")
		case mime && strings.Index(desc, "; charset=") > 0 && !strings.HasSuffix(desc, "; charset="):
			k := strings.Index(desc, "; charset=")
			e.MimeType = kit.Text(c, s, s+k, "files", i, "mime_type")
			e.Charset = kit.Text(c, s+k+10, s+len(desc), "files", i, "charset")
		case mime || mimeType:
			e.MimeType = kit.Text(c, s, s+len(desc), "files", i, "mime_type")
		case enc:
			e.Charset = kit.Text(c, s, s+len(desc), "files", i, "charset")
		default:
			e.Type = kit.Text(c, s, s+len(desc), "files", i, "type")
		}
		res.Files = append(res.Files, e)
	}
	return res, nil
}

// fileColumn finds the byte column where every line's description starts
// after "name:" and its padding, or -1 when the lines do not share one
// (file -N, or names wider than the padding).
func fileColumn(lines []lex.Line) int {
	cands := map[int]int{}
	for _, l := range lines {
		seen := map[int]bool{}
		for k := 0; k < len(l.Text); k++ {
			if l.Text[k] != ':' || k+1 >= len(l.Text) || l.Text[k+1] != ' ' {
				continue
			}
			d := lex.SkipBlanks(l.Text, k+1)
			if d < len(l.Text) && !seen[d] {
				seen[d] = true
				cands[d]++
			}
		}
	}
	best := -1
	for d, n := range cands {
		if n == len(lines) && (best < 0 || d < best) {
			best = d
		}
	}
	return best
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return fileParsers() }
