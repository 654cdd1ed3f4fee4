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
		{"pflag: -o=x is x", pflag, []string{"get", "pods", "-o=wide", "-n=kube-system", "-Ao=name"},
			"sub:get@0 pos:pods -o=wide/true@1 -n=kube-system/true@2 -A@3 -o=name/true@3"},
		{"getopt: -n=5 is =5", getopt, []string{"-n=5"}, "-n==5/true@0"},
		{"subcommand after a global value", git, []string{"-C", "dir", "status", "-sb", "-uno"}, "sub:status@2 -C=dir/false@0 -s@2 -b@2 -u=no/true@3"},
		{"a global option before the subcommand, the subcommand's own after", blame, []string{"-C", "dir", "blame", "-C", "-p", "f"},
			"sub:blame@2 -C=dir/false@0 -C@2 -p@3 pos:f"},
		{"docker's global -l takes a value, ps -l none", docker, []string{"-l", "debug", "ps", "-la"}, "sub:ps@2 -l=debug/false@0 -l@2 -a@2"},
		{"subcommand token not given", git, []string{"-s"}, "-s@0"},
		{"operand after the subcommand", git, []string{"status", "status"}, "sub:status@0 pos:status"},
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
	kind := func(f string) int {
		switch f {
		case "-n", "--lines", "-C":
			return 1
		case "-u", "--color":
			return 2
		}
		return 0
	}
	got := show(scanArgs([]string{"-sb", "-n5", "-n", "7", "-u", "x", "--color", "--color=never", "--lines", "3", "-20", "--", "-a"}, kind, true))
	want := `-s=""/false/false@0 -b=""/false/false@0 -n="5"/true/true@1 -n="7"/true/false@2 -u=""/false/false@4 pos:x ` +
		`--color=""/false/false@6 --color="never"/true/true@7 --lines="3"/true/false@8 -#="20"/true/true@10 pos:-a`
	if got != want {
		t.Fatalf("scanArgs:\n got %s\nwant %s", got, want)
	}
}
