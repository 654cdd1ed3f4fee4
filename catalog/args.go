package catalog

import (
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// cmdArg is one option or operand of a command line, as scanArgs reads it.
type cmdArg struct {
	flag     string // "-n", "--lines"; empty for an operand
	value    string
	hasValue bool
	attached bool // the value was in the same argument
	pos      string
	index    int // position in the argument list
}

// scanArgs reads args the way getopt_long does; it is the one argument
// scanner of the parsers. kind reports, for a flag
// ("-n" or "--lines"), 0 for no value, 1 for a required value, 2 for an
// optional value that must be attached ("--color[=WHEN]"). digits admits
// numeric flags such as head's "-20" as one flag "-#" whose value is the
// number.
func scanArgs(args []string, kind func(flag string) int, digits bool) []cmdArg {
	var out []cmdArg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for j, p := range args[i+1:] {
				out = append(out, cmdArg{pos: p, index: i + 1 + j})
			}
			break
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, cmdArg{pos: a, index: i})
			continue
		}
		if a[1] == '-' {
			name, v, has := strings.Cut(a, "=")
			k := kind(name)
			fa := cmdArg{flag: name, value: v, hasValue: has, attached: has, index: i}
			if k == 1 && !has && i+1 < len(args) {
				i++
				fa.value, fa.hasValue = args[i], true
			}
			out = append(out, fa)
			continue
		}
		if digits && lex.IsDigits(a[1:]) {
			out = append(out, cmdArg{flag: "-#", value: a[1:], hasValue: true, attached: true, index: i})
			continue
		}
		for j := 1; j < len(a); j++ {
			f := "-" + a[j:j+1]
			k := kind(f)
			if k == 0 {
				out = append(out, cmdArg{flag: f, index: i})
				continue
			}
			if j+1 < len(a) {
				out = append(out, cmdArg{flag: f, value: a[j+1:], hasValue: true, attached: true, index: i})
			} else if k == 1 && i+1 < len(args) {
				i++
				out = append(out, cmdArg{flag: f, value: args[i], hasValue: true, index: i - 1})
			} else {
				out = append(out, cmdArg{flag: f, index: i})
			}
			break
		}
	}
	return out
}

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

// kind is s's answer for flag f ("-u" or "--untracked-files"), as
// scanArgs asks it.
func (s argScan) kind(f string) int {
	switch {
	case strings.HasPrefix(f, "--"):
		if s.longKind != nil {
			return s.longKind(f)
		}
	case s.shortKind != nil:
		return s.shortKind(f[1])
	}
	return 0
}

// scan reads args with s's kinds.
func (s argScan) scan(args []string) []cmdArg { return scanArgs(args, s.kind, false) }
