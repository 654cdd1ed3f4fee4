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
