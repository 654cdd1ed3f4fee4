package catalog

import (
	"strings"
)

// Helpers shared by the ls, git and ps parsers (not part of the core).

// argScan walks arguments the way getopt does, with knowledge the core's
// Flags lack: which flags take an optional value that must be attached
// ("--color[=WHEN]", git's "-u[MODE]"). The core declares such flags as
// Value, which can swallow the next argument; Check functions rescan with
// argScan to see the arguments as the program does.
type argScan struct {
	// short reports, for a short flag letter, 0 (bool), 1 (value), 2 (optional attached value).
	shortKind func(b byte) int
	// longKind, for a long flag name without "=", the same.
	longKind func(name string) int
}

// scannedArg is one option or positional as the program sees it.
type scannedArg struct {
	flag     string // "-l", "--color"; empty for a positional
	value    string
	hasValue bool
	pos      string // positional text
}

func (s argScan) scan(args []string) []scannedArg {
	var out []scannedArg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for _, p := range args[i+1:] {
				out = append(out, scannedArg{pos: p})
			}
			break
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, scannedArg{pos: a})
			continue
		}
		if a[1] == '-' {
			name, v, has := strings.Cut(a, "=")
			k := 0
			if s.longKind != nil {
				k = s.longKind(name)
			}
			if k == 1 && !has && i+1 < len(args) {
				i++
				v, has = args[i], true
			}
			out = append(out, scannedArg{flag: name, value: v, hasValue: has})
			continue
		}
		for j := 1; j < len(a); j++ {
			k := 0
			if s.shortKind != nil {
				k = s.shortKind(a[j])
			}
			f := "-" + a[j:j+1]
			if k == 0 {
				out = append(out, scannedArg{flag: f})
				continue
			}
			if j+1 < len(a) {
				out = append(out, scannedArg{flag: f, value: a[j+1:], hasValue: true})
			} else if k == 1 && i+1 < len(args) {
				i++
				out = append(out, scannedArg{flag: f, value: args[i], hasValue: true})
			} else {
				out = append(out, scannedArg{flag: f})
			}
			break
		}
	}
	return out
}

// cUnquote decodes a C-style quoted string as git (quote_c_style) and GNU
// ls (--quoting-style=c) write it. q must start and end with '"'. It
// returns the decoded text and the number of bytes of q consumed, or ok
// false when q does not start with a well-formed quoted string.
func cUnquote(q string) (s string, n int, ok bool) {
	if len(q) < 2 || q[0] != '"' {
		return "", 0, false
	}
	// Fast path: no escapes.
	i := 1
	for i < len(q) && q[i] != '"' && q[i] != '\\' {
		i++
	}
	if i < len(q) && q[i] == '"' {
		return q[1:i], i + 1, true
	}
	var b strings.Builder
	end := strings.IndexByte(q[i:], '"') // an upper bound on the decoded size, mostly
	if end < 0 {
		end = len(q) - i
	}
	b.Grow(i + end)
	b.WriteString(q[1:i])
	for i < len(q) {
		c := q[i]
		switch {
		case c == '"':
			return b.String(), i + 1, true
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(q) {
			return "", 0, false
		}
		e := q[i+1]
		i += 2
		switch e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '"', '\\', '\'', '?':
			b.WriteByte(e)
		case '0', '1', '2', '3':
			if i+1 >= len(q) || !isOctal(q[i]) || !isOctal(q[i+1]) {
				return "", 0, false
			}
			b.WriteByte((e-'0')<<6 | (q[i]-'0')<<3 | (q[i+1] - '0'))
			i += 2
		default:
			return "", 0, false
		}
	}
	return "", 0, false
}

func isOctal(b byte) bool { return b >= '0' && b <= '7' }

// snakeCase turns a column header ("%CPU", "WCHAN", "Ni") into a JSON key.
func snakeCase(h string) string {
	var b strings.Builder
	sep := false // a "_" is due before the next letter or digit
	for _, r := range h {
		switch {
		case r == '%':
			if b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteString("pct")
			sep = true
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if sep && b.Len() > 0 {
				b.WriteByte('_')
			}
			sep = false
			if r <= 'Z' && r >= 'A' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		default:
			sep = true
		}
	}
	s := b.String()
	if s == "" {
		s = "column"
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = "c_" + s
	}
	return s
}

// intp and floatp return a pointer to a copy of v: optional numbers are
// pointers, to keep a real 0 apart from an absent value.
func intp(v int64) *int64 { return &v }

func floatp(v float64) *float64 { return &v }

// trimSpaceRange narrows [s,e) of line to exclude spaces and tabs.
func trimSpaceRange(line string, s, e int) (int, int) {
	for s < e && isSpace(line[s]) {
		s++
	}
	for e > s && isSpace(line[e-1]) {
		e--
	}
	return s, e
}

// countLines is a cheap upper bound for preallocating row slices.
func countLines(raw string) int { return strings.Count(raw, "\n") + 1 }

// nextField returns the next whitespace-separated word of line at or after
// i, as [start,end); start == len(line) when there is none.
func nextField(line string, i int) (int, int) {
	if i < len(line) && isSpace(line[i]) {
		i = skipBlanks(line, i+1) // mostly one space: the first is checked here
	}
	return i, skipWord(line, i)
}

// checkDeclared refuses flags the parser did not declare. The core checks
// them too, but a flag declared as Value there (because its value is
// optional) can swallow the next argument, which is only seen again here.
func checkDeclared(scanned []scannedArg, p *Parser) *ParseError {
	for _, a := range scanned {
		if a.flag == "" {
			continue
		}
		if _, ok := p.Flags[a.flag]; !ok {
			return p.unsupportedFlag(a.flag)
		}
	}
	return nil
}

// lines walks raw line by line like the core's lineIter (same lines, same
// offsets, "\r" dropped) but finds each newline with strings.IndexByte,
// which the hot loops of the large parsers need.
type lines struct {
	raw string
	pos int
}

func (it *lines) next() (line string, start int, ok bool) {
	if it.pos >= len(it.raw) {
		return "", 0, false
	}
	start = it.pos
	end := strings.IndexByte(it.raw[start:], '\n')
	if end < 0 {
		end = len(it.raw)
	} else {
		end += start
	}
	it.pos = end + 1
	line = it.raw[start:end]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, start, true
}
