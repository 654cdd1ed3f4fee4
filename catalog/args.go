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

// scanner says how scanArgs reads: the kind of each flag and whether it
// is declared, and the dialects of the program.
type scanner struct {
	kind    func(flag string) (FlagKind, bool)
	digits  bool // numeric flags such as head's "-20" are one flag "-#"
	plus    bool // "+name[=value]" options (dig)
	slash   bool // Windows "/name" switches
	leading bool // options only before the first other argument (find)
	shapes  map[string]func(string) bool
}

// takesNext reports whether the OptionalSeparate flag f takes next as
// its value: next has the flag's declared shape, or, without one, is not
// an option ("-x"; "/x" for Windows switches).
func (s scanner) takesNext(f, next string) bool {
	if shape, ok := s.shapes[f]; ok {
		return shape(next)
	}
	if f[0] == '/' {
		return !strings.HasPrefix(next, "/")
	}
	return !strings.HasPrefix(next, "-")
}

// scanArgs reads args the way getopt_long does; it is the one argument
// scanner, under ReadArgs. A Value flag takes its value attached or as
// the next argument, an Optional one only attached ("--color[=WHEN]"),
// an OptionalSeparate one attached or the next argument when that is its
// value (takesNext). The scanner's dialects add "+name[=value]" options,
// "/name" switches and options read only before the operands.
func scanArgs(args []string, s scanner) []CmdArg {
	var out []CmdArg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			// "--" ends the -options; dig's +options and Windows switches
			// are read wherever they stand (as their parsers always read
			// them), and to a Windows program "--" is a word like any
			// other, an operand.
			if s.slash {
				out = append(out, CmdArg{Pos: a, Index: i})
			}
			for j := i + 1; j < len(args); j++ {
				p := args[j]
				switch {
				case s.plus && len(p) > 1 && p[0] == '+':
					name, v, has := strings.Cut(p, "=")
					out = append(out, CmdArg{Flag: name, Value: v, HasValue: has, Attached: has, Index: j})
				case s.slash && len(p) > 1 && p[0] == '/':
					word, next := s.slashWord(args, j)
					if word == nil {
						word = []CmdArg{{Pos: p, Index: j}}
					}
					out = append(out, word...)
					j = next
				default:
					out = append(out, CmdArg{Pos: p, Index: j})
				}
			}
			break
		}
		var word []CmdArg
		next := i
		switch {
		case s.plus && len(a) > 1 && a[0] == '+':
			name, v, has := strings.Cut(a, "=")
			word = []CmdArg{{Flag: name, Value: v, HasValue: has, Attached: has, Index: i}}
		case s.slash && len(a) > 1 && a[0] == '/':
			word, next = s.slashWord(args, i)
		case len(a) < 2 || a[0] != '-':
		case a[1] == '-':
			word, next = s.longWord(args, i)
		case s.digits && lex.IsDigits(a[1:]):
			word = []CmdArg{{Flag: "-#", Value: a[1:], HasValue: true, Attached: true, Index: i}}
		default:
			word, next = s.shortWord(args, i)
		}
		if s.leading && !slices.ContainsFunc(word, func(it CmdArg) bool { _, ok := s.kind(it.Flag); return !ok }) && len(word) > 0 {
			out = append(out, word...)
			i = next
			continue
		}
		if s.leading || len(word) == 0 {
			// an operand; for a program that reads its options first, it
			// and every argument after it
			last := i
			if s.leading {
				last = len(args) - 1
			}
			for j := i; j <= last; j++ {
				out = append(out, CmdArg{Pos: args[j], Index: j})
			}
			i = last
			continue
		}
		out = append(out, word...)
		i = next
	}
	return out
}

// longWord reads "--name" or "--name=value" at args[i], and a Value or
// OptionalSeparate flag's value in the next argument; next is the last
// argument read.
func (s scanner) longWord(args []string, i int) (word []CmdArg, next int) {
	name, v, has := strings.Cut(args[i], "=")
	k, _ := s.kind(name)
	fa := CmdArg{Flag: name, Value: v, HasValue: has, Attached: has, Index: i}
	if !has && i+1 < len(args) && (k == Value || k == OptionalSeparate && s.takesNext(name, args[i+1])) {
		i++
		fa.Value, fa.HasValue = args[i], true
	}
	return []CmdArg{fa}, i
}

// shortWord reads a group of short flags at args[i] ("-la", "-n5"): the
// first flag that takes a value ends the group with the rest of the
// argument, or, last in the group, the next argument.
func (s scanner) shortWord(args []string, i int) (word []CmdArg, next int) {
	a := args[i]
	for j := 1; j < len(a); j++ {
		f := "-" + a[j:j+1]
		k, _ := s.kind(f)
		if k == Bool {
			word = append(word, CmdArg{Flag: f, Index: i})
			continue
		}
		switch {
		case j+1 < len(a):
			word = append(word, CmdArg{Flag: f, Value: a[j+1:], HasValue: true, Attached: true, Index: i})
		case i+1 < len(args) && (k == Value || k == OptionalSeparate && s.takesNext(f, args[i+1])):
			word = append(word, CmdArg{Flag: f, Value: args[i+1], HasValue: true, Index: i})
			return word, i + 1
		default:
			word = append(word, CmdArg{Flag: f, Index: i})
		}
		break
	}
	return word, i
}

// slashWord reads the Windows switches of args[i] ("/b/s", "/a:d", "/fo"
// with the next argument its value). A part that is no declared switch
// is read whole, lower-cased, without a value. An argument of slashes
// only holds no switch: it is an operand (word is nil).
func (s scanner) slashWord(args []string, i int) (word []CmdArg, next int) {
	next = i
	parts := strings.Split(args[i][1:], "/")
	last := len(parts) - 1
	for last >= 0 && parts[last] == "" {
		last--
	}
	for n, part := range parts {
		if part == "" {
			continue
		}
		lower := strings.ToLower(part)
		f := "/" + lower
		k, ok := s.kind(f)
		it := CmdArg{Flag: f, Index: i}
		switch {
		case !ok:
			// an Optional switch with its value attached ("/a:d", "/o-d")
			for m := len(lower) - 1; m >= 1; m-- {
				if pk, pok := s.kind("/" + lower[:m]); pok && pk == Optional {
					it = CmdArg{Flag: "/" + lower[:m], Value: strings.TrimPrefix(part[m:], ":"), HasValue: true, Attached: true, Index: i}
					break
				}
			}
		case n == last && next+1 < len(args) && (k == Value || k == OptionalSeparate && s.takesNext(f, args[next+1])):
			next++
			it.Value, it.HasValue = args[next], true
		}
		word = append(word, it)
	}
	return word, next
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

// OptionsEnd is the position in Rest() of the "--" that ended the
// options, or -1 when none did.
func (a Args) OptionsEnd() int {
	used := map[int]bool{}
	for _, it := range a.Items {
		used[it.Index] = true
		if it.HasValue && !it.Attached {
			used[it.Index+1] = true
		}
	}
	for i, arg := range a.Rest() {
		if arg == "--" && !used[i] {
			return i
		}
	}
	return -1
}

// ReadArgs reads list (the arguments as given, the subcommand token
// included) against p.Flags, the way the program reads them: combined
// short flags, values attached ("-n5", "--lines=5") or in the next
// argument, Optional values only attached, OptionalSeparate ones also in
// the next argument when it is their value (ValueShapes), "--" ending
// options, options after operands, numeric "-#" flags when Flags has that
// key, for GoFlags programs single-dash long options ("-json", "-run=X")
// reported under their declared spelling, for ShortEquals programs "-o=x"
// as the value "x", for PlusOptions programs "+name[=value]" options
// (dig), for Slash programs Windows "/name" switches (Flag lower-cased),
// and for LeadingOptions programs options only before the first other
// argument (find). A flag Flags does not declare is read as taking no
// value (CheckArgs refuses it, or Check with ChecksUndeclared).
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
	s := scanner{
		kind:   func(f string) (FlagKind, bool) { k, ok := flags[f]; return k, ok },
		digits: numeric, plus: p.PlusOptions, slash: p.Slash, leading: p.LeadingOptions, shapes: p.ValueShapes,
	}
	if a.SubIndex > 0 {
		// Before the subcommand stand the program's global options, read
		// as Subcommand skips them (git -C DIR blame, docker -l LEVEL ps),
		// whatever the subcommand's own options of the same name take.
		global := globalValueFlags[p.Command]
		g := s
		g.digits = false
		g.kind = func(f string) (FlagKind, bool) {
			if slices.Contains(global, f) {
				return Value, true
			}
			return s.kind(f)
		}
		a.Items = scanArgs(scan[:a.SubIndex], g)
		for _, it := range scanArgs(scan[a.SubIndex:], s) {
			it.Index += a.SubIndex
			a.Items = append(a.Items, it)
		}
	} else {
		a.Items = scanArgs(scan, s)
	}
	for i, it := range a.Items {
		switch {
		case p.GoFlags && it.Flag == "":
			a.Items[i].Pos = rest[it.Index] // as given, not as goStyle respelled it ("-x" after "--")
		case it.Flag == "" || it.Flag == "-#":
		case p.GoFlags:
			a.Items[i].Flag = p.goSpelling(it.Flag, rest[it.Index])
			if it.HasValue && !it.Attached {
				a.Items[i].Value = rest[it.Index+1] // "-run -x": the value "-x" as given
			}
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
