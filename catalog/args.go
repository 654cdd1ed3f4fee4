package catalog

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// CmdArg is one option or operand of a command line, as ReadArgs reads it.
type CmdArg struct {
	Flag     string // "-n", "--lines"; empty for an operand
	Value    string
	HasValue bool
	Attached bool // the value was in the same argument
	Pos      string
	Index    int // position in the argument list
}

// scanArgs reads args the way getopt_long does; it is the one argument
// scanner, under ReadArgs. kind reports, for a flag
// ("-n" or "--lines"), 0 for no value, 1 for a required value, 2 for an
// optional value that must be attached ("--color[=WHEN]"). digits admits
// numeric flags such as head's "-20" as one flag "-#" whose value is the
// number.
func scanArgs(args []string, kind func(flag string) int, digits bool) []CmdArg {
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

// Args is a command line read once, the way the program reads it, against
// the parser's Flags: the registry reads it with Parser.ReadArgs, judges it
// with CheckArgs and hands the same value to Check and to Parse
// (Context.Args), so that no parser reads its arguments again.
//
// Abbreviated long options ("--al" for "--all") are not expanded: the guard
// admits an unambiguous prefix where the program accepts one (its policies'
// Abbrev) but passes the argv on as given (guard.Rewrite adds arguments, it
// never respells an option), so a prefix reaches the catalog as written, is
// not a declared flag, and the output is refused as unsupported_format
// rather than read with a guessed meaning.
type Args struct {
	// List is the arguments as given, the subcommand token included.
	List []string
	// Sub is the subcommand token the parser is registered under ("status"
	// for git status) and SubIndex its position in List; "" and -1 when the
	// parser has no subcommand or List does not hold it.
	Sub      string
	SubIndex int
	// Items are the options and operands in order, the subcommand token
	// excluded. An Index is a position in Rest(), the list the flags apply
	// to (List itself when there is no subcommand token).
	Items []CmdArg
}

// Rest is List without the subcommand token: the arguments the parser's
// flags apply to.
func (a Args) Rest() []string {
	if a.SubIndex < 0 {
		return a.List
	}
	return slices.Concat(a.List[:a.SubIndex], a.List[a.SubIndex+1:])
}

// Has reports whether one of flags was given (as read: "-l" inside "-la"
// counts, a value that looks like a flag does not).
func (a Args) Has(flags ...string) bool {
	for _, it := range a.Items {
		if it.Flag != "" && slices.Contains(flags, it.Flag) {
			return true
		}
	}
	return false
}

// Value is the value of the last of flags given with one, and whether
// there was one.
func (a Args) Value(flags ...string) (string, bool) {
	v, ok := "", false
	for _, it := range a.Items {
		if it.Flag != "" && it.HasValue && slices.Contains(flags, it.Flag) {
			v, ok = it.Value, true
		}
	}
	return v, ok
}

// Operands are the positional arguments in order (those after "--"
// included), the subcommand token excluded.
func (a Args) Operands() []string {
	var out []string
	for _, it := range a.Items {
		if it.Flag == "" {
			out = append(out, it.Pos)
		}
	}
	return out
}

// ReadArgs reads list (the arguments as given, the subcommand token
// included) against p.Flags, the way the program reads them: combined
// short flags, values attached ("-n5", "--lines=5") or in the next
// argument, Optional values only attached, "--" ending options, options
// after operands, numeric "-#" flags when Flags has that key, for GoFlags
// programs single-dash long options ("-json", "-run=X") reported under
// their declared spelling, and for ShortEquals programs "-o=x" as the
// value "x". A flag Flags does not declare is read as taking no value
// (CheckArgs refuses it).
func (p *Parser) ReadArgs(list []string) Args {
	a := Args{List: list, SubIndex: -1}
	rest := list
	if p.Subcommand != "" {
		if sub, i := Subcommand(p.Command, list); sub == p.Subcommand {
			a.Sub, a.SubIndex = sub, i
			rest = a.Rest()
		}
	}
	flags, scan := p.Flags, rest
	if p.GoFlags {
		flags, scan = goStyle(p.Flags, rest)
	}
	_, numeric := flags["-#"]
	kind := func(f string) int {
		switch k, ok := flags[f]; {
		case !ok:
			return 0
		case k == Value:
			return 1
		case k == Optional:
			return 2
		}
		return 0
	}
	if a.SubIndex > 0 {
		// Before the subcommand stand the program's global options, read
		// as Subcommand skips them (git -C DIR blame, docker -l LEVEL ps),
		// whatever the subcommand's own options of the same name take.
		global := globalValueFlags[p.Command]
		a.Items = scanArgs(scan[:a.SubIndex], func(f string) int {
			if slices.Contains(global, f) {
				return 1
			}
			return kind(f)
		}, false)
		for _, it := range scanArgs(scan[a.SubIndex:], kind, numeric) {
			it.Index += a.SubIndex
			a.Items = append(a.Items, it)
		}
	} else {
		a.Items = scanArgs(scan, kind, numeric)
	}
	for i, it := range a.Items {
		switch {
		case it.Flag == "" || it.Flag == "-#":
		case p.GoFlags:
			a.Items[i].Flag = p.goSpelling(it.Flag, rest[it.Index])
		case p.ShortEquals && it.Attached && len(it.Flag) == 2 && strings.HasPrefix(it.Value, "="):
			a.Items[i].Value = it.Value[1:]
		}
	}
	return a
}

// goSpelling is the declared spelling of the Go-style flag read as
// "--name" from the argument given: the one Flags declares, the one given
// when both are declared. An undeclared flag stays "--name", as CheckArgs
// reports it.
func (p *Parser) goSpelling(read, given string) string {
	name := strings.TrimLeft(read, "-")
	_, one := p.Flags["-"+name]
	_, two := p.Flags["--"+name]
	switch {
	case one && two:
		if strings.HasPrefix(given, "--") {
			return "--" + name
		}
		return "-" + name
	case one:
		return "-" + name
	case two:
		return "--" + name
	}
	return read
}
