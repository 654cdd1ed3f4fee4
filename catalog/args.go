package catalog

import (
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// CmdArg is one option or operand of a command line, as scanArgs reads it.
type CmdArg struct {
	Flag     string // "-n", "--lines"; empty for an operand
	Value    string
	HasValue bool
	Attached bool // the value was in the same argument
	Pos      string
	Index    int // position in the argument list
}

// ScanArgs reads args the way getopt_long does; it is the one argument
// scanner of the parsers. kind reports, for a flag
// ("-n" or "--lines"), 0 for no value, 1 for a required value, 2 for an
// optional value that must be attached ("--color[=WHEN]"). digits admits
// numeric flags such as head's "-20" as one flag "-#" whose value is the
// number.
func ScanArgs(args []string, kind func(flag string) int, digits bool) []CmdArg {
	var out []CmdArg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for j, p := range args[i+1:] {
				out = append(out, CmdArg{Pos: p, Index: i + 1 + j})
			}
			break
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, CmdArg{Pos: a, Index: i})
			continue
		}
		if a[1] == '-' {
			name, v, has := strings.Cut(a, "=")
			k := kind(name)
			fa := CmdArg{Flag: name, Value: v, HasValue: has, Attached: has, Index: i}
			if k == 1 && !has && i+1 < len(args) {
				i++
				fa.Value, fa.HasValue = args[i], true
			}
			out = append(out, fa)
			continue
		}
		if digits && lex.IsDigits(a[1:]) {
			out = append(out, CmdArg{Flag: "-#", Value: a[1:], HasValue: true, Attached: true, Index: i})
			continue
		}
		for j := 1; j < len(a); j++ {
			f := "-" + a[j:j+1]
			k := kind(f)
			if k == 0 {
				out = append(out, CmdArg{Flag: f, Index: i})
				continue
			}
			if j+1 < len(a) {
				out = append(out, CmdArg{Flag: f, Value: a[j+1:], HasValue: true, Attached: true, Index: i})
			} else if k == 1 && i+1 < len(args) {
				i++
				out = append(out, CmdArg{Flag: f, Value: args[i], HasValue: true, Index: i - 1})
			} else {
				out = append(out, CmdArg{Flag: f, Index: i})
			}
			break
		}
	}
	return out
}

// ArgScan walks arguments the way getopt does, with knowledge the core's
// Flags lack: which flags take an optional value that must be attached
// ("--color[=WHEN]", git's "-u[MODE]"). The core declares such flags as
// Value, which can swallow the next argument; Check functions rescan with
// argScan to see the arguments as the program does.
type ArgScan struct {
	// short reports, for a short flag letter, 0 (bool), 1 (value), 2 (optional attached value).
	ShortKind func(b byte) int
	// LongKind, for a long flag name without "=", the same.
	LongKind func(name string) int
}

// kind is s's answer for flag f ("-u" or "--untracked-files"), as
// scanArgs asks it.
func (s ArgScan) kind(f string) int {
	switch {
	case strings.HasPrefix(f, "--"):
		if s.LongKind != nil {
			return s.LongKind(f)
		}
	case s.ShortKind != nil:
		return s.ShortKind(f[1])
	}
	return 0
}

// Scan reads args with s's kinds.
func (s ArgScan) Scan(args []string) []CmdArg { return ScanArgs(args, s.kind, false) }
