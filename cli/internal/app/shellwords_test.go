package app

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestSplitCommandLine: one string becomes words by the shell's quoting
// rules, and whatever a shell would expand or connect is refused with the
// reason and what it was.
func TestSplitCommandLine(t *testing.T) {
	ok := []struct {
		line string
		want []string
	}{
		{"ls", []string{"ls"}},
		{"ls -l src", []string{"ls", "-l", "src"}},
		{"  ls   -l\t src  ", []string{"ls", "-l", "src"}},
		{`ls 'my dir'`, []string{"ls", "my dir"}},
		{`ls "my  dir"`, []string{"ls", "my  dir"}},
		{`ls my\ dir`, []string{"ls", "my dir"}},
		{`grep -e 'a|b' "x;y"`, []string{"grep", "-e", "a|b", "x;y"}},
		{`echo "a \"quoted\" \$word"`, []string{"echo", `a "quoted" $word`}},
		{`echo 'single $HOME * ~'`, []string{"echo", "single $HOME * ~"}},
		{`find . -name '*.go'`, []string{"find", ".", "-name", "*.go"}},
		{`find . -name \*.go`, []string{"find", ".", "-name", "*.go"}},
		{`ls a~b x=1`, []string{"ls", "a~b", "x=1"}},
		{`git log --format=%H`, []string{"git", "log", "--format=%H"}},
		{`ls '' ""`, []string{"ls", "", ""}},
		{"ls # a comment", []string{"ls"}},
		{`echo {a}`, []string{"echo", "{a}"}},
	}
	for _, tc := range ok {
		got, err := splitCommandLine(tc.line)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("splitCommandLine(%q) = %q, %v; want %q", tc.line, got, err, tc.want)
		}
	}
	bad := []struct {
		line, reason, what string
	}{
		{"", wordsEmpty, "empty command"},
		{"   # only a comment", wordsEmpty, "empty command"},
		{`ls "a b`, wordsSyntax, "without closing quote"},
		{"ls | wc -l", wordsNeedsShell, "a pipe"},
		{"ls && rm x", wordsNeedsShell, "a pipe | or a list"},
		{"ls; rm x", wordsNeedsShell, "more than one command"},
		{"ls\nrm x", wordsNeedsShell, "more than one command"},
		{"ls &", wordsNeedsShell, "background"},
		{"! ls", wordsNeedsShell, "negates"},
		{"ls > out", wordsNeedsShell, "redirection"},
		{"ls 2>/dev/null", wordsNeedsShell, "redirection"},
		{"cat < in", wordsNeedsShell, "redirection"},
		{"ls $HOME", wordsNeedsShell, "variable expansion"},
		{"ls ${HOME}/x", wordsNeedsShell, "variable expansion"},
		{`ls "$HOME"`, wordsNeedsShell, `variable expansion $NAME inside "..."`},
		{"ls $(pwd)", wordsNeedsShell, "command substitution"},
		{"ls `pwd`", wordsNeedsShell, "command substitution"},
		{"echo $((1+2))", wordsNeedsShell, "arithmetic"},
		{"diff <(ls) x", wordsNeedsShell, "process substitution"},
		{"ls *.go", wordsNeedsShell, "a glob"},
		{"ls file?.txt", wordsNeedsShell, "a glob"},
		{"ls [ab].txt", wordsNeedsShell, "a glob"},
		{"ls ~/x", wordsNeedsShell, "tilde"},
		{"ls ~", wordsNeedsShell, "tilde"},
		{"ls {a,b}", wordsNeedsShell, "brace expansion"},
		{"echo {1..3}", wordsNeedsShell, "brace expansion"},
		{"FOO=1 ls", wordsNeedsShell, "assignment"},
		{"(ls)", wordsNeedsShell, "subshell"},
		{"{ ls; }", wordsNeedsShell, "a block"},
		{"if ls; then ls; fi", wordsNeedsShell, "compound"},
		{"f() { ls; }", wordsNeedsShell, "function"},
		{"export A=1", wordsNeedsShell, "declaration"},
		{"echo $'a\\tb'", wordsNeedsShell, "ANSI-C"},
	}
	for _, tc := range bad {
		got, err := splitCommandLine(tc.line)
		var we *wordsError
		if !errors.As(err, &we) {
			t.Errorf("splitCommandLine(%q) = %q, %v; want a %s error", tc.line, got, err, tc.reason)
			continue
		}
		if we.Reason != tc.reason || !strings.Contains(we.Message, tc.what) {
			t.Errorf("splitCommandLine(%q): reason %s, message %q; want %s mentioning %q", tc.line, we.Reason, we.Message, tc.reason, tc.what)
		}
	}
}

// FuzzSplitCommandLine: any input gives words or a wordsError, never a
// panic, and accepted words never come from an expansion.
func FuzzSplitCommandLine(f *testing.F) {
	for _, s := range []string{"ls -l", `ls 'a b' "c"`, "ls | wc", "ls $HOME", "ls *.go", "echo {a,b}", `a\ b`, "ls #x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := splitCommandLine(line)
		if err != nil {
			var we *wordsError
			if !errors.As(err, &we) {
				t.Fatalf("%q: error %T %v is not a wordsError", line, err, err)
			}
			return
		}
		if len(words) == 0 {
			t.Fatalf("%q: no words and no error", line)
		}
	})
}
