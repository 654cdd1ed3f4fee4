package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// showArgs writes a reading as "flag=value/attached@index" and "pos:x",
// with the subcommand first when there is one.
func showArgs(a Args) string {
	var b []string
	if a.SubIndex >= 0 {
		b = append(b, fmt.Sprintf("sub:%s@%d", a.Sub, a.SubIndex))
	}
	for _, it := range a.Items {
		switch {
		case it.Flag == "":
			b = append(b, "pos:"+it.Pos)
		case it.HasValue:
			b = append(b, fmt.Sprintf("%s=%s/%v@%d", it.Flag, it.Value, it.Attached, it.Index))
		default:
			b = append(b, fmt.Sprintf("%s@%d", it.Flag, it.Index))
		}
	}
	return strings.Join(b, " ")
}

// TestReadArgsDialects: the one reader of a command line, dialect by
// dialect, as the registry hands it to Check and Parse.
func TestReadArgsDialects(t *testing.T) {
	getopt := &Parser{ID: "t", Command: "t", Flags: Flags{
		"-l": Bool, "-a": Bool, "-n": Value, "--lines": Value, "--all": Bool,
		"--color": Optional, "-u": Optional,
	}}
	numeric := &Parser{ID: "h", Command: "h", Flags: Flags{"-n": Value, "-q": Bool, "-#": Bool}}
	goflags := &Parser{ID: "g", Command: "go", Subcommand: "test", GoFlags: true, Flags: Flags{
		"-json": Bool, "-run": Value, "-v": Bool, "--count": Value, "-x": Bool, "--x": Bool,
	}}
	pflag := &Parser{ID: "k", Command: "kubectl", Subcommand: "get", ShortEquals: true, Flags: Flags{
		"-o": Value, "--output": Value, "-n": Value, "-A": Bool,
	}}
	git := &Parser{ID: "s", Command: "git", Subcommand: "status", Flags: Flags{
		"-C": Value, "-s": Bool, "-b": Bool, "-u": Optional, "--porcelain": Optional,
	}}
	blame := &Parser{ID: "b", Command: "git", Subcommand: "blame", Flags: Flags{"-C": Optional, "-p": Bool}}
	docker := &Parser{ID: "d", Command: "docker", Subcommand: "ps", ShortEquals: true, Flags: Flags{"-l": Bool, "-a": Bool}}
	dig := &Parser{ID: "dig", Command: "dig", PlusOptions: true, Flags: Flags{"-p": Value, "-x": Value, "+short": Bool, "+time": Optional}}
	win := &Parser{ID: "w", Command: "tasklist", Slash: true, Flags: Flags{
		"/fo": Value, "/nh": Bool, "/svc": Bool, "/s": Value, "/p": OptionalSeparate, "/a": Optional, "/-n": Bool, "-l": Bool,
	}}
	maybe := &Parser{ID: "m", Command: "lsof", Flags: Flags{"-i": OptionalSeparate, "-n": Bool, "-b": OptionalSeparate, "--boot": OptionalSeparate},
		ValueShapes: map[string]func(string) bool{"-b": func(v string) bool { return v == "all" || v == "-1" }, "--boot": func(v string) bool { return v == "-1" }}}
	lead := &Parser{ID: "f", Command: "find", LeadingOptions: true, Flags: Flags{"-H": Bool, "-L": Bool, "-D": Value, "-O": Optional}}
	tests := []struct {
		name string
		p    *Parser
		args []string
		want string
	}{
		{"short flags combined", getopt, []string{"-la"}, "-l@0 -a@0"},
		{"short value attached", getopt, []string{"-n5"}, "-n=5/true@0"},
		{"short value separate", getopt, []string{"-n", "5", "f"}, "-n=5/false@0 pos:f"},
		{"value flag ends a cluster", getopt, []string{"-ln5"}, "-l@0 -n=5/true@0"},
		{"value flag last in a cluster takes the next argument", getopt, []string{"-ln", "5"}, "-l@0 -n=5/false@0"},
		{"long value attached", getopt, []string{"--lines=5"}, "--lines=5/true@0"},
		{"long value separate", getopt, []string{"--lines", "5"}, "--lines=5/false@0"},
		{"optional long value only attached", getopt, []string{"--color", "auto", "--color=never"}, "--color@0 pos:auto --color=never/true@2"},
		{"optional short value only attached", getopt, []string{"-u", "x", "-uno"}, "-u@0 pos:x -u=no/true@2"},
		{"-- ends options", getopt, []string{"-l", "--", "-a", "b"}, "-l@0 pos:-a pos:b"},
		{"options after operands", getopt, []string{"f", "-l"}, "pos:f -l@1"},
		{"lone dash is an operand", getopt, []string{"-"}, "pos:-"},
		{"undeclared flags take no value", getopt, []string{"-z", "x", "--bogus", "y"}, "-z@0 pos:x --bogus@2 pos:y"},
		// Abbreviations are not expanded (the guard passes them on as
		// given): "--al" is not --all, and CheckArgs refuses it.
		{"abbreviation kept as given", getopt, []string{"--al"}, "--al@0"},
		{"numeric flag", numeric, []string{"-20", "f"}, "-#=20/true@0 pos:f"},
		{"numeric flag not declared", getopt, []string{"-20"}, "-2@0 -0@0"},
		{"digits and letters are flags", numeric, []string{"-2q"}, "-2@0 -q@0"},
		{"go flags: one dash, declared spelling", goflags, []string{"test", "-json", "--json", "-run=X", "-run", "Y", "-count", "3", "./..."},
			"sub:test@0 -json@0 -json@1 -run=X/true@2 -run=Y/false@3 --count=3/false@5 pos:./..."},
		{"go flags: both spellings declared, given one kept", goflags, []string{"test", "-x", "--x"}, "sub:test@0 -x@0 --x@1"},
		{"go flags: bool with a value", goflags, []string{"test", "-v=true"}, "sub:test@0 -v=true/true@0"},
		{"go flags: undeclared as CheckArgs names it", goflags, []string{"test", "-foo"}, "sub:test@0 --foo@0"},
		{"go flags: operands and separate values as given", goflags, []string{"test", "-run", "-x", "--", "-v", "-00"}, "sub:test@0 -run=-x/false@0 pos:-v pos:-00"},
		{"pflag: -o=x is x", pflag, []string{"get", "pods", "-o=wide", "-n=kube-system", "-Ao=name"},
			"sub:get@0 pos:pods -o=wide/true@1 -n=kube-system/true@2 -A@3 -o=name/true@3"},
		{"getopt: -n=5 is =5", getopt, []string{"-n=5"}, "-n==5/true@0"},
		{"subcommand after a global value", git, []string{"-C", "dir", "status", "-sb", "-uno"}, "sub:status@2 -C=dir/false@0 -s@2 -b@2 -u=no/true@3"},
		{"a global option before the subcommand, the subcommand's own after", blame, []string{"-C", "dir", "blame", "-C", "-p", "f"},
			"sub:blame@2 -C=dir/false@0 -C@2 -p@3 pos:f"},
		{"docker's global -l takes a value, ps -l none", docker, []string{"-l", "debug", "ps", "-la"}, "sub:ps@2 -l=debug/false@0 -l@2 -a@2"},
		{"subcommand token not given", git, []string{"-s"}, "-s@0"},
		{"operand after the subcommand", git, []string{"status", "status"}, "sub:status@0 pos:status"},
		// dig: +name[=value] words are options of their own.
		{"plus options", dig, []string{"+short", "+time=2", "-p", "53", "+trace", "x.test"}, "+short@0 +time=2/true@1 -p=53/false@2 +trace@4 pos:x.test"},
		{"plus: a separate value is not an option's", dig, []string{"+time", "2"}, "+time@0 pos:2"},
		{"plus: a Value flag takes a +word", dig, []string{"-x", "+short"}, "-x=+short/false@0"},
		{"plus words are operands without PlusOptions", getopt, []string{"+short"}, "pos:+short"},
		// Windows switches: case-insensitive, written together, values
		// separate (Value) or attached (Optional).
		{"slash: case-insensitive, separate value", win, []string{"/FO", "CSV", "/NH"}, "/fo=CSV/false@0 /nh@2"},
		{"slash: switches written together", win, []string{"/nh/svc", "/-N"}, "/nh@0 /svc@0 /-n@1"},
		{"slash: optional value attached, ':' dropped", win, []string{"/a:d", "/AD", "/a", "/a:"}, "/a=d/true@0 /a=D/true@1 /a@2 /a=/true@3"},
		{"slash: the longest switch wins, undeclared read whole", win, []string{"/svc", "/sx", "/fo:csv"}, "/svc@0 /sx@1 /fo:csv@2"},
		{"slash: a Value switch inside a group takes no value", win, []string{"/fo/nh", "csv"}, "/fo@0 /nh@0 pos:csv"},
		{"slash: optional separate value unless a switch", win, []string{"/p", "secret", "/p", "/nh", "/p"}, "/p=secret/false@0 /p@2 /nh@3 /p@4"},
		{"slash: dash flags still read", win, []string{"-l", "C:\\x", "/"}, "-l@0 pos:C:\\x pos:/"},
		{"slash: slashes only are an operand", win, []string{"//"}, "pos://"},
		{"slash words are operands without Slash", getopt, []string{"/a"}, "pos:/a"},
		// -i [addr], -b [id]: the next argument only when it is the value.
		{"optional separate: not an option", maybe, []string{"-i", ":8080", "-i", "-n", "-ni", "TCP"}, "-i=:8080/false@0 -i@2 -n@3 -n@4 -i=TCP/false@4"},
		{"optional separate: attached", maybe, []string{"-iTCP", "-i"}, "-i=TCP/true@0 -i@1"},
		{"optional separate: the shape decides", maybe, []string{"-b", "-1", "-b", "x", "--boot", "-1", "--boot", "all"}, "-b=-1/false@0 -b@2 pos:x --boot=-1/false@4 --boot@6 pos:all"},
		// find: options only before the starting points and expression.
		{"leading options", lead, []string{"-H", "-D", "tree", "-O3", ".", "-L", "-name", "x"}, "-H@0 -D=tree/false@1 -O=3/true@3 pos:. pos:-L pos:-name pos:x"},
		{"leading options end at an undeclared one", lead, []string{"-L", "-name", "-H"}, "-L@0 pos:-name pos:-H"},
		{"leading options: a group with an undeclared letter ends them", lead, []string{"-HLx", "-H"}, "pos:-HLx pos:-H"},
		{"leading options: -- ends them", lead, []string{"-H", "--", "-L"}, "-H@0 pos:-L"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := showArgs(tc.p.ReadArgs(tc.args)); got != tc.want {
				t.Fatalf("%q:\n got %s\nwant %s", tc.args, got, tc.want)
			}
		})
	}
}

// TestArgsMethods: Has sees flags as read, Value the last value given,
// Operands the operands in order, Rest the list without the subcommand.
func TestArgsMethods(t *testing.T) {
	p := &Parser{ID: "s", Command: "git", Subcommand: "log", Flags: Flags{
		"-C": Value, "-n": Value, "--format": Value, "-p": Bool, "-s": Bool,
	}}
	a := p.ReadArgs([]string{"-C", "-p", "log", "-n", "5", "-ps", "--format=%H", "-n3", "main", "--", "-s"})
	if !slices.Equal(a.Rest(), []string{"-C", "-p", "-n", "5", "-ps", "--format=%H", "-n3", "main", "--", "-s"}) {
		t.Fatalf("Rest %q", a.Rest())
	}
	if a.Has("-C", "-x") != true || a.Has("-x") {
		t.Fatal("Has")
	}
	// -C took "-p" as its value: -p is given once, inside "-ps".
	if n := len(slices.DeleteFunc(slices.Clone(a.Items), func(it CmdArg) bool { return it.Flag != "-p" })); n != 1 {
		t.Fatalf("-p read %d times", n)
	}
	if v, ok := a.Value("-n"); !ok || v != "3" {
		t.Fatalf("Value(-n) = %q, %v; want the last, 3", v, ok)
	}
	if v, ok := a.Value("--format", "-n"); !ok || v != "3" {
		t.Fatalf("Value(--format, -n) = %q", v)
	}
	if _, ok := a.Value("-s"); ok {
		t.Fatal("a bool flag has no value")
	}
	if got := a.Operands(); !slices.Equal(got, []string{"main", "-s"}) {
		t.Fatalf("Operands %q", got)
	}
	if end := a.OptionsEnd(); end != 8 {
		t.Fatalf("OptionsEnd %d, want 8 (Rest's \"--\")", end)
	}
	if end := p.ReadArgs([]string{"-n", "--", "x"}).OptionsEnd(); end != -1 {
		t.Fatalf("OptionsEnd %d: the \"--\" is -n's value", end)
	}
	if err := p.CheckArgs(p.ReadArgs([]string{"log", "--form=%H"}), Linux); err == nil {
		t.Fatal("an abbreviated long option was accepted")
	}
}

// TestScanArgs: the scanner under ReadArgs reads clusters, attached and
// separate values, optional values only when attached, "--", and numeric
// flags.
func TestScanArgs(t *testing.T) {
	show := func(as []CmdArg) string {
		var b []string
		for _, a := range as {
			if a.Flag == "" {
				b = append(b, "pos:"+a.Pos)
			} else {
				b = append(b, fmt.Sprintf("%s=%q/%v/%v@%d", a.Flag, a.Value, a.HasValue, a.Attached, a.Index))
			}
		}
		return strings.Join(b, " ")
	}
	kind := func(f string) (FlagKind, bool) {
		switch f {
		case "-n", "--lines", "-C":
			return Value, true
		case "-u", "--color":
			return Optional, true
		}
		return Bool, true
	}
	got := show(scanArgs([]string{"-sb", "-n5", "-n", "7", "-u", "x", "--color", "--color=never", "--lines", "3", "-20", "--", "-a"}, scanner{kind: kind, digits: true}))
	want := `-s=""/false/false@0 -b=""/false/false@0 -n="5"/true/true@1 -n="7"/true/false@2 -u=""/false/false@4 pos:x ` +
		`--color=""/false/false@6 --color="never"/true/true@7 --lines="3"/true/false@8 -#="20"/true/true@10 pos:-a`
	if got != want {
		t.Fatalf("scanArgs:\n got %s\nwant %s", got, want)
	}
}
