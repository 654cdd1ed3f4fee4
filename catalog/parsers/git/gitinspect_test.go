package git

import (
	"fmt"
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestGitInspectionHints: refused forms answer with a whole argument list
// that the parser reads, git's global options kept in front.
func TestGitInspectionHints(t *testing.T) {
	cases := []struct {
		cmd  string
		args []string
		hint []string
	}{
		{"git", []string{"-C", "d", "blame", "-w", "f"}, []string{"-C", "d", "blame", "--line-porcelain", "-w", "f"}},
		{"git", []string{"config", "user.name"}, []string{"config", "--list"}},
		{"git", []string{"config", "--get", "foo"}, nil},
		{"git", []string{"config", "--get", "a b.c"}, nil},
		{"git", []string{"config", "--get", "--show-origin", "a.b"}, []string{"config", "--list", "--show-origin", "a.b"}},
		{"git", []string{"stash", "show"}, []string{"stash", "list"}},
		{"git", []string{"stash"}, []string{"stash", "list"}},
		{"git", []string{"worktree", "list", "-v"}, []string{"worktree", "list", "--porcelain"}},
		{"git", []string{"worktree", "list", "-z"}, []string{"worktree", "list", "--porcelain", "-z"}},
		{"git", []string{"tag", "--format=%(subject) %(refname)"}, []string{"tag", "--format=" + gtfSupported}},
	}
	for _, tc := range cases {
		r := testRegistry().Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, Raw: "x\n", OS: catalog.Linux})
		if r.Err == nil || r.Err.Reason != catalog.ReasonUnsupportedFormat {
			t.Errorf("%s %q: %+v, want unsupported_format", tc.cmd, tc.args, r.Err)
			continue
		}
		if tc.hint == nil {
			if r.Err.Hint != nil {
				t.Errorf("%s %q: hint %q, want none", tc.cmd, tc.args, r.Err.Hint.Args)
			}
			continue
		}
		if r.Err.Hint == nil || !slices.Equal(r.Err.Hint.Args, tc.hint) {
			t.Errorf("%s %q: hint %+v, want %q", tc.cmd, tc.args, r.Err.Hint, tc.hint)
			continue
		}
		// The hint is read.
		if rr := testRegistry().Parse(catalog.Input{Cmd: tc.cmd, Args: tc.hint, Raw: "", OS: catalog.Linux}); rr.Err != nil && tc.hint[len(tc.hint)-1] != "a.b" {
			t.Errorf("%s %q: the hint is refused too: %v", tc.cmd, tc.hint, rr.Err)
		}
	}
}

// TestGitLogFormChoice: the value of another option is not a format.
func TestGitLogFormChoice(t *testing.T) {
	for _, tc := range []struct {
		args []string
		form string
	}{
		{[]string{"log", "--pretty=raw"}, "raw"},
		{[]string{"log", "--format=reference", "-5"}, "reference"},
		{[]string{"log", "--grep", "--pretty=raw"}, ""},
		{[]string{"log", "--pretty=raw", "--pretty"}, ""},
		{[]string{"log", "--stat", "--pretty=raw"}, "raw"},
		{[]string{"log", "--", "--pretty=raw"}, ""},
	} {
		if got, _ := glfForm(GitLogParser.ReadArgs(tc.args)); got != tc.form {
			t.Errorf("%q: form %q, want %q", tc.args, got, tc.form)
		}
	}
}

// TestTagFormatSplits: a --format is read only when its atoms split
// exactly.
func TestTagFormatSplits(t *testing.T) {
	for _, tc := range []struct {
		format string
		ok     bool
	}{
		{"%(refname:short) %(subject)", true},
		{"%(refname)%00%(taggername)%00%(subject)", true},
		{"%(refname:short)%09%(objectname:short) %(creatordate:short) [%(subject)]", true},
		{"%(subject) %(refname:short)", false},      // free text before a space
		{"%(refname:short)%(objectname)", false},    // no separator
		{"%(objectname) %(subject)", false},         // no refname
		{"%(refname:short) %(contents)", false},     // several lines
		{"%(refname:short)%0a%(subject)", false},    // a newline
		{"%(refname:short) %(signature)", false},    // runs gpg
		{"%(refname:short) %(creatordate) x", true}, // free text last, then a suffix
	} {
		if _, ok := parseTagFormat(tc.format); ok != tc.ok {
			t.Errorf("%q: read %v, want %v", tc.format, ok, tc.ok)
		}
	}
	items, _ := parseTagFormat("%(refname:short)%09%(objectname:short) [%(subject)]%%")
	v, ok := splitTagFormat(items, "v1\tabc1234 [fix] a]%")
	if !ok || fmt.Sprint(v) != "map[objectname:short:[3 10] refname:short:[0 2] subject:[12 18]]" {
		t.Errorf("split: %v %v", v, ok)
	}
}
