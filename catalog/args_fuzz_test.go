package catalog

import (
	"strings"
	"testing"
)

// FuzzReadArgs: any argument list, read in every dialect, gives items
// inside the list whose operands and values are the arguments they name,
// and CheckArgs judges it without a panic.
func FuzzReadArgs(f *testing.F) {
	for _, s := range []string{"-la\x00f", "+short\x00+time=2\x00x", "/fo\x00csv\x00/b/s\x00/a:d", "-i\x00-n\x00-b\x00-1",
		"-H\x00-D\x00tree\x00.\x00-name\x00x", "--\x00/x\x00+y", "//\x00/\x00-", "status\x00-uno\x00--lines=5"} {
		f.Add(s)
	}
	shape := map[string]func(string) bool{"-b": func(v string) bool { return v == "-1" }}
	parsers := []*Parser{
		{ID: "g", Command: "t", Flags: Flags{"-l": Bool, "-n": Value, "--lines": Value, "-u": Optional, "-i": OptionalSeparate, "-b": OptionalSeparate, "-#": Bool}, ValueShapes: shape},
		{ID: "d", Command: "dig", PlusOptions: true, Flags: Flags{"-x": Value, "+short": Bool, "+time": Optional}},
		{ID: "w", Command: "tasklist", Slash: true, Flags: Flags{"/fo": Value, "/nh": Bool, "/a": Optional, "/p": OptionalSeparate}},
		{ID: "f", Command: "find", LeadingOptions: true, Flags: Flags{"-H": Bool, "-D": Value, "-O": Optional}},
		{ID: "s", Command: "git", Subcommand: "status", Flags: Flags{"-u": Optional, "-C": Value}},
		{ID: "go", Command: "go", Subcommand: "test", GoFlags: true, Flags: Flags{"-run": Value, "-v": Bool}},
	}
	f.Fuzz(func(t *testing.T, s string) {
		list := strings.Split(s, "\x00")
		for _, p := range parsers {
			a := p.ReadArgs(list)
			rest := a.Rest()
			for _, it := range a.Items {
				if it.Index < 0 || it.Index >= len(rest) {
					t.Fatalf("%s %q: item %+v outside %q", p.ID, list, it, rest)
				}
				if it.Flag == "" && rest[it.Index] != it.Pos {
					t.Fatalf("%s %q: operand %q at %d is %q", p.ID, list, it.Pos, it.Index, rest[it.Index])
				}
				if it.HasValue && !it.Attached && (it.Index+1 >= len(rest) || rest[it.Index+1] != it.Value) {
					t.Fatalf("%s %q: %s's separate value %q is not the next argument", p.ID, list, it.Flag, it.Value)
				}
			}
			_ = p.CheckArgs(a, Linux)
			_ = a.OptionsEnd()
		}
	})
}
