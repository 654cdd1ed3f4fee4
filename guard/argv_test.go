package guard

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// gitGlobalForms are git argv with global options before the subcommand,
// beside the corpora (which have few): the forms where a reader that
// misses a valued option, or reads a switch as valued, finds the wrong
// subcommand.
var gitGlobalForms = [][]string{
	{"--no-pager", "log", "--oneline"},
	{"-C", "src", "status"},
	{"-C", ".", "-C", "src", "log", "-C"},
	{"--git-dir=.git", "status"},
	{"--git-dir", ".git", "--work-tree", ".", "diff"},
	{"--work-tree=.", "diff", "--stat"},
	{"--namespace", "x", "log"},
	{"--namespace=x", "show", "HEAD"},
	{"-P", "show", "HEAD"},
	{"--literal-pathspecs", "ls-files"},
	{"--no-pager", "--", "log"},
	{"--", "diff"},
	{"-C", "src", "--no-pager", "reflog", "show"},
	{"--super-prefix", "p/", "diff"},
	{"-C", "src", "config", "--get", "a.b"},
	{"-c", "core.pager=cat", "log"},
	{"--config-env", "a.b=V", "status"},
	{"--exec-path", "status"},
	{"-C"},
	{"--no-pager"},
}

// corpusArgv is every argv of the guard's corpora and gitGlobalForms.
func corpusArgv(t *testing.T) [][]string {
	t.Helper()
	var out [][]string
	lines, _ := readCorpus(t, "allowed_corpus.txt")
	for _, l := range lines {
		var a []string
		must(t, json.Unmarshal([]byte(l), &a))
		out = append(out, a)
	}
	lines, _ = readCorpus(t, "refused_corpus.txt")
	for _, l := range lines {
		var c struct {
			Argv []string `json:"argv"`
		}
		must(t, json.Unmarshal([]byte(l), &c))
		out = append(out, c.Argv)
	}
	for _, a := range gitGlobalForms {
		out = append(out, append([]string{"git"}, a...))
	}
	return out
}

// checkView holds an Argv to its invariants: indices in order and in
// range, names and values spelled as in args, the subcommand after the
// globals and the end of options.
func checkView(t testing.TB, v *Argv, cmd string, args []string) {
	t.Helper()
	if v.Cmd() != cmd || !slices.Equal(v.Args(), args) || v.Len() != len(args) {
		t.Fatalf("%s %q: view holds %s %q", cmd, args, v.Cmd(), v.Args())
	}
	last := -1
	for _, o := range v.Globals() {
		if o.Index <= last || o.Index >= len(args) {
			t.Fatalf("%s %q: global %+v out of order (after %d)", cmd, args, o, last)
		}
		a := args[o.Index]
		switch {
		case o.Attached():
			if a != o.Name+"="+o.Value {
				t.Fatalf("%s %q: attached global %+v is not %q", cmd, args, o, a)
			}
		case o.HasValue():
			if a != o.Name || o.ValueIndex != o.Index+1 || o.ValueIndex >= len(args) || args[o.ValueIndex] != o.Value {
				t.Fatalf("%s %q: valued global %+v misreads its value", cmd, args, o)
			}
		default:
			if a != o.Name || o.Value != "" {
				t.Fatalf("%s %q: switch %+v", cmd, args, o)
			}
		}
		last = max(o.Index, o.ValueIndex)
	}
	sub, at := v.Subcommand()
	if at >= 0 && (at <= last || at >= len(args) || args[at] != sub) {
		t.Fatalf("%s %q: subcommand %q at %d (globals end at %d)", cmd, args, sub, at, last)
	}
	if end := v.EndOfOptions(); end >= 0 && (at >= 0 || end <= last || args[end] != "--") {
		t.Fatalf("%s %q: end of options at %d with subcommand at %d", cmd, args, end, at)
	}
	if cmd != "git" && cmd != "git.exe" && (at >= 0 || len(v.Globals()) > 0) {
		t.Fatalf("%s %q: a view of a program without global options reads some", cmd, args)
	}
}

// TestArgvHandedDown: on every argv of the corpora, an allowed Decision
// carries the argv as a fresh ReadArgv reads it (what the server hands
// down is what any reader of the same argv sees), its Rewrite is the
// package Rewrite, and for git the subcommand the view finds is the one
// the grammar checked: the table of git's valued global options and the
// policy's options agree on where the global options end. A refusal
// carries no view.
func TestArgvHandedDown(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	gitGlobals := 0
	for _, argv := range corpusArgv(t) {
		cmd, args := argv[0], argv[1:]
		d := g.Check(cmd, args, proj)
		if !d.Allowed {
			if d.Argv != nil {
				t.Errorf("%q refused (%s) with a view", argv, d.Detail)
			}
			continue
		}
		if d.Argv == nil {
			t.Fatalf("%q allowed without a view", argv)
		}
		fresh := ReadArgv(cmd, args)
		if !reflect.DeepEqual(d.Argv, fresh) {
			t.Errorf("%q: handed-down view %+v, fresh read %+v", argv, *d.Argv, *fresh)
		}
		checkView(t, d.Argv, cmd, args)
		if got, want := d.Argv.Rewrite(), Rewrite(cmd, args); !slices.Equal(got, want) {
			t.Errorf("%q: view's Rewrite %q, Rewrite %q", argv, got, want)
		}
		if cmd != "git" {
			continue
		}
		if len(d.Argv.Globals()) > 0 {
			gitGlobals++
		}
		pr, rf := g.parse(cmd, mustCommand(t, g, cmd), args)
		if rf != nil {
			t.Fatalf("%q allowed, but the grammar refuses it: %s", argv, rf.d.Message)
		}
		if _, at := d.Argv.Subcommand(); at != pr.subIdx {
			// git refuses "--" before its subcommand (unknown option), so
			// the view reads none where the grammar goes on past it.
			if end := d.Argv.EndOfOptions(); end < 0 || at >= 0 || pr.subIdx < end {
				t.Errorf("%q: the view reads the subcommand at %d, the grammar at %d", argv, at, pr.subIdx)
			}
		}
	}
	if gitGlobals < 8 {
		t.Fatalf("only %d allowed git argv have global options: the test checks too little", gitGlobals)
	}
}

func TestReadArgvGit(t *testing.T) {
	v := ReadArgv("git", []string{"-C", "d", "--git-dir=g", "--no-pager", "--namespace", "n", "log", "-C", "x"})
	want := []GlobalOption{
		{Index: 0, Name: "-C", Value: "d", ValueIndex: 1},
		{Index: 2, Name: "--git-dir", Value: "g", ValueIndex: 2},
		{Index: 3, Name: "--no-pager", ValueIndex: -1},
		{Index: 4, Name: "--namespace", Value: "n", ValueIndex: 5},
	}
	if got := v.Globals(); !slices.Equal(got, want) {
		t.Errorf("Globals() = %+v, want %+v", got, want)
	}
	if sub, at := v.Subcommand(); sub != "log" || at != 6 {
		t.Errorf("Subcommand() = %q, %d, want log, 6", sub, at)
	}
	if v.EndOfOptions() != -1 {
		t.Errorf("EndOfOptions() = %d, want -1", v.EndOfOptions())
	}
	// The copies handed out do not change the view.
	v.Globals()[0].Value = "changed"
	v.Args()[0] = "changed"
	if v.Globals()[0].Value != "d" || v.Arg(0) != "-C" {
		t.Error("changing a copy changed the view")
	}
	if _, at := ReadArgv("git", []string{"-P", "--", "log"}).Subcommand(); at != -1 {
		t.Errorf("git -P -- log: subcommand at %d, want none", at)
	}
	if end := ReadArgv("git", []string{"-P", "--", "log"}).EndOfOptions(); end != 1 {
		t.Errorf("git -P -- log: end of options at %d, want 1", end)
	}
	if _, at := ReadArgv("ls", []string{"-l", "x"}).Subcommand(); at != -1 {
		t.Errorf("ls: subcommand at %d", at)
	}
	var none *Argv
	if s, at := none.Subcommand(); s != "" || at != -1 || none.Globals() != nil || none.Len() != 0 || none.Rewrite() != nil {
		t.Error("a nil view is not empty")
	}
}

// FuzzArgv: any argv, read by ReadArgv, keeps the view's invariants; an
// allowed git argv is read with the subcommand the grammar checked.
func FuzzArgv(f *testing.F) {
	g := mustNew(f, DefaultPolicy())
	for _, a := range gitGlobalForms {
		f.Add("git", strings.Join(a, "\n"))
	}
	f.Add("ls", "-la\nsrc")
	f.Add("git.exe", "-C\nx\nstatus")
	f.Fuzz(func(t *testing.T, cmd, argStr string) {
		if len(cmd) > maxFuzzLen || len(argStr) > 4*maxFuzzLen {
			t.Skip()
		}
		var args []string
		if argStr != "" {
			args = strings.Split(argStr, "\n")
		}
		v := ReadArgv(cmd, args)
		checkView(t, v, cmd, args)
		if cmd != "git" {
			return
		}
		d := g.Check(cmd, args, "")
		if !d.Allowed {
			return
		}
		if !reflect.DeepEqual(d.Argv, v) {
			t.Fatalf("%q: handed-down view %+v, fresh read %+v", args, *d.Argv, *v)
		}
		pr, rf := g.parse(cmd, mustCommand(t, g, cmd), args)
		if rf != nil {
			t.Fatalf("%q allowed, but the grammar refuses it", args)
		}
		if _, at := v.Subcommand(); at != pr.subIdx {
			if end := v.EndOfOptions(); end < 0 || at >= 0 || pr.subIdx < end {
				t.Fatalf("%q: the view reads the subcommand at %d, the grammar at %d", args, at, pr.subIdx)
			}
		}
	})
}
