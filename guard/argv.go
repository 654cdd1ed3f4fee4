package guard

import (
	"slices"
	"strings"
)

// Argv is the guard's reading of one argv, made once by Check and handed
// down in Decision.Argv so that what runs after the guard (Rewrite, the
// server's repository and sandbox choices) uses the argv the guard read
// instead of reading the list again. It is read-only: its accessors return
// copies.
//
// For git (and git.exe) it reads the global options before the subcommand the way git
// does (handle_options in git.c): the options of GitGlobalValueOptions
// take the next argument as their value, every other word starting with
// "-" is a switch or carries its value after "=", "--" ends the global
// options with no subcommand (git refuses "--" there: "unknown option"),
// and the first other word is the subcommand. For every other program it
// holds the argv alone: Subcommand is -1 and Globals is empty.
type Argv struct {
	cmd     string
	args    []string
	globals []GlobalOption
	sub     int // index of the subcommand word; -1 when none
	end     int // index of the "--" that ends the global options; -1 when none
}

// GlobalOption is one global option before the subcommand, as the program reads
// it.
type GlobalOption struct {
	// Index is the option's argument ("-C", "--git-dir=.g").
	Index int
	// Name is the option without an attached value ("--git-dir").
	Name string
	// Value is the option's value: the next argument of a valued option,
	// the part after "=" of an attached one; "" when it has none.
	Value string
	// ValueIndex is the argument holding Value: Index when attached, Index+1
	// when separate, -1 when the option has no value (a switch, or a valued
	// option last in the argv).
	ValueIndex int
}

// HasValue reports whether the option came with a value.
func (o GlobalOption) HasValue() bool { return o.ValueIndex >= 0 }

// Attached reports whether the value was given in the option's own
// argument ("--work-tree=w").
func (o GlobalOption) Attached() bool { return o.ValueIndex == o.Index }

// ReadArgv reads args of cmd as Check does for Decision.Argv. Callers
// holding a Decision use its Argv; ReadArgv is for an argv the guard has
// not checked (a test, a tool that only rewrites).
func ReadArgv(cmd string, args []string) *Argv {
	v := &Argv{cmd: cmd, args: slices.Clone(args), sub: -1, end: -1}
	if cmd != "git" && cmd != "git.exe" {
		return v
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			v.end = i
			return v
		case GitGlobalTakesValue(a):
			o := GlobalOption{Index: i, Name: a, ValueIndex: -1}
			if i+1 < len(args) {
				o.Value, o.ValueIndex = args[i+1], i+1
			}
			v.globals = append(v.globals, o)
			i++
		case len(a) > 1 && a[0] == '-':
			o := GlobalOption{Index: i, Name: a, ValueIndex: -1}
			if eq := strings.IndexByte(a, '='); eq > 0 {
				o.Name, o.Value, o.ValueIndex = a[:eq], a[eq+1:], i
			}
			v.globals = append(v.globals, o)
		default:
			v.sub = i
			return v
		}
	}
	return v
}

// Cmd is the program the argv is for.
func (v *Argv) Cmd() string {
	if v == nil {
		return ""
	}
	return v.cmd
}

// Len is the number of arguments.
func (v *Argv) Len() int {
	if v == nil {
		return 0
	}
	return len(v.args)
}

// Arg returns argument i ("" out of range).
func (v *Argv) Arg(i int) string {
	if v == nil || i < 0 || i >= len(v.args) {
		return ""
	}
	return v.args[i]
}

// Args returns a copy of the arguments as given.
func (v *Argv) Args() []string {
	if v == nil {
		return nil
	}
	return slices.Clone(v.args)
}

// Subcommand returns the subcommand word and its index, or "" and -1.
func (v *Argv) Subcommand() (string, int) {
	if v == nil || v.sub < 0 {
		return "", -1
	}
	return v.args[v.sub], v.sub
}

// Globals returns the global options before the subcommand, in order.
func (v *Argv) Globals() []GlobalOption {
	if v == nil {
		return nil
	}
	return slices.Clone(v.globals)
}

// EndOfOptions returns the index of the "--" that ended the global options
// before any subcommand, or -1.
func (v *Argv) EndOfOptions() int {
	if v == nil {
		return -1
	}
	return v.end
}
