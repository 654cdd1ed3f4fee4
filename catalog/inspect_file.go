package catalog

import (
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// File inspection: the checksum programs (GNU sha256sum, sha1sum, md5sum,
// sha512sum and their -c check form; BSD/macOS md5 and sha256) and file.
// Agents run them to verify a download and to learn what a file is before
// they open it.

// ChecksumResult is one checksum line per file.
type ChecksumResult struct {
	Files []ChecksumEntry `json:"files"`
}

// ChecksumEntry is one file's digest or, with -c, its verdict.
type ChecksumEntry struct {
	// Name is the file name (GNU's escaped names unescaped; "-" is stdin).
	Name string `json:"name"`
	// Hash is the hex digest.
	Hash string `json:"hash,omitempty"`
	// Algorithm is the tag of the tagged form ("SHA256 (name) = hash").
	Algorithm string `json:"algorithm,omitempty"`
	// Binary is GNU's "*" before the name (read in binary mode).
	Binary bool `json:"binary,omitempty"`
	// Status is -c's verdict: OK, FAILED, "FAILED open or read".
	Status string `json:"status,omitempty"`
}

// gnuSumFlags: sha256sum --help / md5sum(1) of GNU coreutils 9.1 (Debian
// 12): -b/-t (mode marker only), --tag (BSD form), -z (NUL-ended lines:
// refused), -c with --quiet, --status (nothing printed), --strict, -w,
// --ignore-missing keeps the "name: OK" form.
var gnuSumFlags = Flags{"-b": Bool, "--binary": Bool, "-t": Bool, "--text": Bool, "--tag": Bool, "-c": Bool,
	"--check": Bool, "--quiet": Bool, "--status": Bool, "--strict": Bool, "-w": Bool, "--warn": Bool,
	"--ignore-missing": Bool}

// bsdSumFlags: md5(1)/sha256(1) of FreeBSD 14 and macOS 15: -r (GNU-like
// "hash name"), -s STRING, -p? (echo stdin: refused), -q (hash only:
// refused with -r as the hint), -c (compare, refused).
var bsdSumFlags = Flags{"-r": Bool, "-s": Value}

func checksumParsers() []*Parser {
	var out []*Parser
	for _, cmd := range []string{"sha256sum", "sha1sum", "md5sum", "sha512sum"} {
		out = append(out, &Parser{
			ID: cmd, Command: cmd, Version: "1",
			Format: cmd + "'s \"hash  name\" lines (binary \"*name\", \\-escaped names), --tag's \"ALG (name) = hash\", -c's \"name: OK|FAILED\"",
			Flags:  gnuSumFlags, MaxPositionals: -1, Result: ChecksumResult{}, RowsKey: "files", KeyFields: []string{"name"},
			Examples: [][]string{{"file.tar.gz"}, {"-c", "SHA256SUMS"}, {"--tag", "a", "b"}},
			Table:    &TableLines{Skip: []string{cmd + ": WARNING:"}},
			ExitAnswers: []ExitAnswer{{Code: 1, With: []string{"-c", "--check"}, WithOutput: true,
				Means:  "a listed file did not match or could not be read: its row says FAILED",
				Source: "GNU coreutils 9.1 manual, md5sum invocation: with --check the exit status is zero only if every file verified"}},
			Parse: parseChecksum,
		})
	}
	for _, cmd := range []string{"md5", "sha256"} {
		out = append(out, &Parser{
			ID: cmd, Command: cmd, Version: "1", OS: []OS{Darwin, FreeBSD},
			Format: "BSD " + cmd + "'s \"ALG (name) = hash\" lines and -r's \"hash name\"",
			Flags:  bsdSumFlags, MaxPositionals: -1, Result: ChecksumResult{}, RowsKey: "files", KeyFields: []string{"name"},
			Examples:     [][]string{{"file.tar.gz"}, {"-r", "a", "b"}},
			Alternatives: map[string][]string{"-q": {"-r"}},
			Table:        &TableLines{},
			Parse:        parseChecksum,
		})
	}
	return out
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F') {
			return false
		}
	}
	return true
}

// sumUnescape undoes GNU's escaping of a name holding "\\" or a newline
// ("\\n"); ok is false for another escape.
func sumUnescape(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}

func parseChecksum(c *Context) (any, error) {
	res := &ChecksumResult{Files: []ChecksumEntry{}}
	check := insHasAny(c.Args, "-c", "--check")
	data := 0
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" || strings.Contains(t, "sum: WARNING: ") {
			continue
		}
		data++
		if c.Full(len(res.Files)) {
			c.Omit(1)
			continue
		}
		i := len(res.Files)
		mark := c.rec().mark()
		var e ChecksumEntry
		ok := false
		escaped := len(t) > 0 && t[0] == '\\'
		at, body := l.at, t
		if escaped {
			at, body = at+1, t[1:]
		}
		name := func(s, en int) bool {
			raw := c.Raw[s:en]
			if raw == "" {
				return false
			}
			if escaped && strings.IndexByte(raw, '\\') >= 0 {
				v, ok := sumUnescape(raw)
				if !ok {
					return false
				}
				e.Name = v
				c.spanPath(s, en, "unquote", "files", i, "name")
				return true
			}
			e.Name = insStr(c, s, en, "files", i, "name")
			return true
		}
		switch {
		case check:
			// "name: OK", "name: FAILED", "name: FAILED open or read"
			k := strings.LastIndex(body, ": ")
			if k > 0 {
				st := body[k+2:]
				if st == "OK" || strings.HasPrefix(st, "FAILED") {
					ok = name(at, at+k)
					if ok {
						e.Status = insStr(c, at+k+2, at+len(body), "files", i, "status")
					}
				}
			}
		case !strings.HasSuffix(body, ")") && strings.Contains(body, ") = "):
			// "SHA256 (name) = hash": the name runs to the last ") = ".
			p := strings.Index(body, " (")
			q := strings.LastIndex(body, ") = ")
			if p > 0 && q > p+2 && isHex(body[q+4:]) && !strings.ContainsAny(body[:p], " ") {
				e.Algorithm = insStr(c, at, at+p, "files", i, "algorithm")
				if ok = name(at+p+2, at+q); ok {
					e.Hash = insStr(c, at+q+4, at+len(body), "files", i, "hash")
				}
			}
		default:
			// "hash  name", "hash *name" (GNU), "hash name" (BSD -r)
			sp := strings.IndexByte(body, ' ')
			if sp > 0 && isHex(body[:sp]) && sp+1 < len(body) {
				e.Hash = insStr(c, at, at+sp, "files", i, "hash")
				ns := sp + 1
				switch body[ns] {
				case '*':
					e.Binary = true
					c.spanPath(at+ns, at+ns+1, "marker", "files", i, "binary")
					ns++
				case ' ':
					ns++
				}
				ok = name(at+ns, at+len(body))
			}
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Files = append(res.Files, e)
	}
	if data > 0 && len(res.Files) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("checksum")
	}
	return res, nil
}

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
var fileFlags = Flags{"-b": Bool, "--brief": Bool, "-i": Bool, "--mime": Bool, "--mime-type": Bool,
	"--mime-encoding": Bool, "-L": Bool, "--dereference": Bool, "-h": Bool, "--no-dereference": Bool,
	"-z": Bool, "--uncompress": Bool, "-Z": Bool, "--uncompress-noreport": Bool, "-s": Bool, "--special-files": Bool,
	"-N": Bool, "--no-pad": Bool, "-E": Bool, "-e": Value, "--exclude": Value, "-m": Value, "--magic-file": Value,
	"-p": Bool, "--preserve-date": Bool}

func fileParsers() []*Parser {
	return []*Parser{{
		ID: "file", Command: "file", Version: "1",
		Format: "file's \"name: description\" lines (names padded to one column), -b descriptions, -i/--mime-type/--mime-encoding",
		Flags:  fileFlags, MaxPositionals: -1, Result: FileResult{}, RowsKey: "files", KeyFields: []string{"name"},
		Examples: [][]string{{"a.bin"}, {"-b", "a.bin"}, {"-i", "a", "b"}, {"--mime-type", "a"}},
		Table:    &TableLines{},
		Parse:    parseFile,
	}}
}

func parseFile(c *Context) (any, error) {
	res := &FileResult{Files: []FileEntry{}}
	brief := insHasAny(c.Args, "-b", "--brief")
	mime := insHasAny(c.Args, "-i", "--mime")
	mimeType := insHasAny(c.Args, "--mime-type")
	enc := insHasAny(c.Args, "--mime-encoding")
	lines := insLines(c.Raw)
	var kept []insLine
	for _, l := range lines {
		if strings.TrimSpace(l.text) != "" {
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
		var e FileEntry
		ds := 0
		if !brief {
			ne, d := -1, -1
			if col > 0 {
				ne = strings.LastIndex(l.text[:col], ":")
				d = col
			} else if k := strings.Index(l.text, ": "); k > 0 {
				ne, d = k, lex.SkipBlanks(l.text, k+1)
			}
			if ne <= 0 || d >= len(l.text) {
				c.Unread(l.at)
				continue
			}
			e.Name = insStr(c, l.at, l.at+ne, "files", i, "name")
			ds = d
		}
		desc := l.text[ds:]
		if desc == "" {
			c.rec().dropLast()
			c.Unread(l.at)
			continue
		}
		s := l.at + ds
		switch {
		case strings.HasPrefix(desc, "cannot open "):
			e.Error = insStr(c, s, s+len(desc), "files", i, "error")
		case mime && strings.Index(desc, "; charset=") > 0 && !strings.HasSuffix(desc, "; charset="):
			k := strings.Index(desc, "; charset=")
			e.MimeType = insStr(c, s, s+k, "files", i, "mime_type")
			e.Charset = insStr(c, s+k+10, s+len(desc), "files", i, "charset")
		case mime || mimeType:
			e.MimeType = insStr(c, s, s+len(desc), "files", i, "mime_type")
		case enc:
			e.Charset = insStr(c, s, s+len(desc), "files", i, "charset")
		default:
			e.Type = insStr(c, s, s+len(desc), "files", i, "type")
		}
		res.Files = append(res.Files, e)
	}
	return res, nil
}

// fileColumn finds the byte column where every line's description starts
// after "name:" and its padding, or -1 when the lines do not share one
// (file -N, or names wider than the padding).
func fileColumn(lines []insLine) int {
	cands := map[int]int{}
	for _, l := range lines {
		seen := map[int]bool{}
		for k := 0; k < len(l.text); k++ {
			if l.text[k] != ':' || k+1 >= len(l.text) || l.text[k+1] != ' ' {
				continue
			}
			d := lex.SkipBlanks(l.text, k+1)
			if d < len(l.text) && !seen[d] {
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
