package git

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestGitRename(t *testing.T) {
	tests := []struct {
		in, old, new string
		ok           bool
	}{
		{"a.txt => b.txt", "a.txt", "b.txt", true},
		{"src/{old => new}/file.go", "src/old/file.go", "src/new/file.go", true},
		{"{dir a => dir b}/sub/f.txt", "dir a/sub/f.txt", "dir b/sub/f.txt", true},
		{"a/{ => b}/c.txt", "a/c.txt", "a/b/c.txt", true},
		{"a/{b => }/c.txt", "a/b/c.txt", "a/c.txt", true},
		{`x.txt => "\303\274 x.txt"`, "x.txt", "ü x.txt", true},
		{`"tab\there" => "new\tname"`, "tab\there", "new\tname", true},
		{"a => b => c", "", "", false},   // which arrow? git would print both readings so
		{"{a => b}x", "{a", "b}x", true}, // no brace reading: a suffix starts at a slash
	}
	for _, tc := range tests {
		o, n, isRen, ok := gmRename(tc.in)
		if !isRen || ok != tc.ok || ok && (o != tc.old || n != tc.new) {
			t.Errorf("gmRename(%q) = %q, %q, %v, %v", tc.in, o, n, isRen, ok)
		}
	}
	if _, _, isRen, _ := gmRename("plain name.txt"); isRen {
		t.Error("a name without an arrow read as a rename")
	}
}

func TestGitParseDate(t *testing.T) {
	for in, want := range map[string]string{
		"Sun Nov 1 19:00:00 2026 +0000":  "2026-11-01T19:00:00+00:00",
		"Mon Nov 30 09:05:03 2026 -0800": "2026-11-30T09:05:03-08:00",
		"2026-11-01 19:00:00 +0530":      "2026-11-01T19:00:00+05:30",
		"2026-11-01T19:00:00+00:00":      "2026-11-01T19:00:00+00:00",
		"2026-11-01T19:00:00Z":           "2026-11-01T19:00:00+00:00",
		"Sun, 1 Nov 2026 19:00:00 +0000": "2026-11-01T19:00:00+00:00",
		"1793559600 +0100":               "2026-11-01T20:00:00+01:00",
		"1793559600":                     "2026-11-01T19:00:00+00:00",
		"2026-11-01":                     "2026-11-01",
	} {
		if got, ok := gmParseDate(in); !ok || got != want {
			t.Errorf("gmParseDate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"3 days ago", "Nov 1 2026", "2026-13-01", "1793559600 +01"} {
		if got, ok := gmParseDate(bad); ok {
			t.Errorf("gmParseDate(%q) = %q", bad, got)
		}
	}
}

func TestGitLogShapes(t *testing.T) {
	// CRLF line ends (output relayed through Windows tooling) read the same.
	res := catalogtest.ParseWith(t, testRegistry(), "git", []string{"log", "--oneline", "--decorate"}, catalog.Windows,
		"abc1234 (HEAD -> main, tag: v1) First\r\ndef5678 Second line\r\n")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	cs := res.Value.(*GitLogResult).Commits
	if len(cs) != 2 || cs[0].Message != "First" || !slices.Equal(cs[0].Refs, []string{"HEAD -> main", "tag: v1"}) || cs[1].Message != "Second line" {
		t.Fatalf("got %+v", cs)
	}
	// Without --decorate a leading parenthesis is the subject's.
	res = catalogtest.ParseWith(t, testRegistry(), "git", []string{"log", "--oneline"}, catalog.Linux, "abc1234 (fix) a bug\n")
	if c := res.Value.(*GitLogResult).Commits[0]; c.Message != "(fix) a bug" || c.Refs != nil {
		t.Fatalf("got %+v", c)
	}
	// A --format line that does not match its layout is not guessed at.
	res = catalogtest.ParseWith(t, testRegistry(), "git", []string{"log", gmSupportedFormat}, catalog.Linux,
		"0123456789abcdef0123456789abcdef01234567\x1fA U\x1fa@x\x1f2026-11-01T10:00:00+00:00\x1fSubject\nnot a record\n")
	if res.Err != nil || len(res.Value.(*GitLogResult).Commits) != 1 || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %+v, unread %v", res.Value, res.UnreadLines)
	}
	// Nothing readable at all.
	res = catalogtest.ParseWith(t, testRegistry(), "git", []string{"log"}, catalog.Linux, "fatal: bad revision\n")
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
}

func TestGitBranchBrackets(t *testing.T) {
	// With -v, a bracket that is not tracking information is the subject's.
	res := catalogtest.ParseWith(t, testRegistry(), "git", []string{"branch", "-v"}, catalog.Linux, "  topic abc1234 [WIP] try it\n* main  def5678 [ahead 2] done\n")
	bs := res.Value.(*GitBranchResult).Branches
	if bs[0].Message != "[WIP] try it" || bs[0].Ahead != nil || *bs[1].Ahead != 2 || *bs[1].Behind != 0 || bs[1].Message != "done" {
		t.Fatalf("got %+v", bs)
	}
	// With -vv a bracket names the upstream; git prints a subject that
	// starts with one the same way when there is no upstream (documented).
	res = catalogtest.ParseWith(t, testRegistry(), "git", []string{"branch", "-vv"}, catalog.Linux, "  topic abc1234 [origin/topic: ahead 1, behind 3] x\n")
	b := res.Value.(*GitBranchResult).Branches[0]
	if b.Upstream != "origin/topic" || *b.Ahead != 1 || *b.Behind != 3 || b.Message != "x" {
		t.Fatalf("got %+v", b)
	}
}

func TestGitStatGraphScaling(t *testing.T) {
	// Scaled: the 500-line file fills the graph; the mixed one loses its
	// split; the one-sided ones keep theirs.
	raw := " a.txt | 500 " + strings.Repeat("+", 50) + "\n" +
		" b.txt |  80 +++++---\n" +
		" c.txt |   3 -\n" +
		" 3 files changed, 560 insertions(+), 23 deletions(-)\n"
	res := catalogtest.ParseWith(t, testRegistry(), "git", []string{"diff", "--stat"}, catalog.Linux, raw)
	fs := res.Value.(*GitDiffResult).FilesChanged
	if *fs[0].Insertions != 500 || *fs[0].Deletions != 0 || fs[1].Insertions != nil || *fs[1].Changes != 80 || *fs[2].Deletions != 3 {
		t.Fatalf("got %+v", fs)
	}
	if len(res.Warnings) != 1 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// Not scaled: the graph is exact.
	res = catalogtest.ParseWith(t, testRegistry(), "git", []string{"diff", "--stat"}, catalog.Linux, " b.txt | 8 +++++---\n")
	f := res.Value.(*GitDiffResult).FilesChanged[0]
	if *f.Insertions != 5 || *f.Deletions != 3 || f.Changes != nil || len(res.Warnings) != 0 {
		t.Fatalf("got %+v", f)
	}
}

func TestGitPatchEdges(t *testing.T) {
	// An empty context line (diff.suppressBlankEmpty), a line that looks
	// like a header inside a hunk, and no newline at the end.
	raw := "diff --git a/f b/f\nindex 1..2 100644\n--- a/f\n+++ b/f\n@@ -1,4 +1,4 @@ func x()\n a\n\n--- not a header\n+++ neither\n-z\n+y\n\\ No newline at end of file\n"
	res := catalogtest.ParseWith(t, testRegistry(), "git", []string{"diff"}, catalog.Linux, raw)
	if res.Err != nil || len(res.UnreadLines) != 0 {
		t.Fatalf("err %v unread %v", res.Err, res.UnreadLines)
	}
	f := res.Value.(*GitDiffResult).FilesChanged[0]
	h := f.Hunks[0]
	if h.Header != "func x()" || len(h.Lines) != 7 || *f.Insertions != 2 || *f.Deletions != 2 {
		t.Fatalf("got %+v %+v", f, h)
	}
}
