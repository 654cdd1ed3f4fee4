package git

import (
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestGitInspectionEdges pins the readings the goldens do not show: each
// case is a command line, its output, and what must come out (a fragment
// of the JSON value, or the parse error's reason), plus the unread lines.
func TestGitInspectionEdges(t *testing.T) {
	catalogtest.Readings(t, Parsers(), []catalogtest.Reading{
		{"config: a subsection holding = splits at the one valid key", "git", []string{"config", "-l"},
			"url.https://h/a=b/.insteadof=x\n", `"key":"url.https://h/a=b/.insteadof","value":"x"`, nil},
		{"config: two valid splits are refused, not guessed", "git", []string{"config", "-l"},
			"a.b=c.d=e\n", "!unsupported_format", nil},
		{"config: a continuation line is refused with a -z hint", "git", []string{"config", "-l"},
			"a.b=one\ntwo\n", "!unsupported_format", nil},
		{"config: an empty value is kept apart from no value", "git", []string{"config", "-l"},
			"a.b=\nc.d\n", `[{"key":"a.b","value":""},{"key":"c.d"}]`, nil},
		{"config -z: a value holding newlines", "git", []string{"config", "-l", "-z"},
			"a.b\nx\ny\x00c.d\x00", `[{"key":"a.b","value":"x\ny"},{"key":"c.d"}]`, nil},
		{"config --get: the whole value", "git", []string{"config", "--get", "A.B"},
			"x=y\nz\n", `{"key":"a.b","value":"x=y\nz"}`, nil},
		{"config --get: a subsection keeps its case", "git", []string{"config", "--get", "Remote.Origin.URL"},
			"u\n", `{"key":"remote.Origin.url","value":"u"}`, nil},
		{"blame: a header without its line is unread", "git", []string{"blame", "-p", "f"},
			strings.Repeat("a", 40) + " 1 1 1\nfilename f\n" + strings.Repeat("b", 40) + " 2 2 1\nfilename g\n\tline\n",
			`"lines":[{"line":2,"orig_line":2,"hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","filename":"g","content":"line"}]`, []int{1}},
		{"blame: porcelain repeats no details; the commit's file is kept", "git", []string{"blame", "-p", "f"},
			strings.Repeat("a", 40) + " 1 1 2\nauthor A\nfilename \"\\303\\251\"\n\tx\n" + strings.Repeat("a", 40) + " 2 2\n\ty\n",
			`{"line":2,"orig_line":2,"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","filename":"é","content":"y"}`, nil},
		{"ls-files -z: a name starting with a quote is not unquoted", "git", []string{"ls-files", "-z"},
			"\"a\"\x00b\x00", `[{"path":"\"a\""},{"path":"b"}]`, nil},
		{"ls-files -s -o: an untracked path among index entries", "git", []string{"ls-files", "-s", "-o"},
			"100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\ta\nnew\n", `{"path":"new"}`, nil},
		{"ls-files -v: lower case is assume-unchanged", "git", []string{"ls-files", "-v"},
			"h a\nH b\n", `[{"path":"a","status":"cached","assume_unchanged":true},{"path":"b","status":"cached"}]`, nil},
		{"tag -n: a name longer than 15 columns", "git", []string{"tag", "-n"},
			"release/2026-11-30 Subject  here\nv1              x\n    more\n",
			`[{"name":"release/2026-11-30","message":"Subject  here"},{"name":"v1","message":"x","body":"more"}]`, nil},
		{"tag: a name holding a space is no tag", "git", []string{"tag"}, "a b\nc\n", `[{"name":"c"}]`, []int{1}},
		{"stash: a subject of another form is kept whole", "git", []string{"stash", "list"},
			"stash@{0}: autostash\n", `[{"index":0,"ref":"stash@{0}","message":"autostash"}]`, nil},
		{"worktree: a path holding spaces and a bracket", "git", []string{"worktree", "list"},
			"/a b [c]  1234567 [main] locked\n", `[{"path":"/a b [c]","head":"1234567","branch":"main","locked":true}]`, nil},
		{"worktree --porcelain: a quoted lock reason", "git", []string{"worktree", "list", "--porcelain"},
			"worktree /a\nHEAD 1234\ndetached\nlocked \"x\\ny\"\n\n", `"lock_reason":"x\ny"`, nil},
		{"diff -C: a copy names both paths and is copied", "git", []string{"diff", "-C"},
			"diff --git a/a.txt b/b.txt\nsimilarity index 90%\ncopy from a.txt\ncopy to b.txt\nindex 1..2 100644\n--- a/a.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-x\n+y\n",
			`{"path":"b.txt","old_path":"a.txt","status":"copied","similarity_percent":90,"insertions":1,"deletions":1`, nil},
		{"rev-parse: lines that do not match the arguments carry no arg", "git", []string{"rev-parse", "--show-superproject-working-tree", "HEAD"},
			"abc\n", `[{"value":"abc"}]`, nil},
		{"rev-parse: a range prints two lines", "git", []string{"rev-parse", "a..b"}, "b1\n^a1\n", `[{"value":"b1"},{"value":"^a1"}]`, nil},
		{"log --pretty=raw: a signed commit's header lines are unread, not dropped", "git", []string{"log", "--pretty=raw"},
			"commit ab\ntree cd\nauthor A B <a@b> 1793527200 -0130\ngpgsig -----BEGIN-----\n x\n -----END-----\n\n    s\n",
			`{"hash":"ab","tree":"cd","author_name":"A B","author_email":"a@b","date":"2026-11-01T08:30:00-01:30","message":"s"}`, []int{4, 5, 6}},
		{"log --pretty=reference: the date is after the last comma", "git", []string{"log", "--pretty=reference"},
			"abc1234 (fix (a, b), c, 2026-11-01)\n", `{"hash":"abc1234","date":"2026-11-01","message":"fix (a, b), c"}`, nil},
		{"log: a later --pretty=reference wins over --oneline", "git", []string{"log", "--oneline", "--pretty=reference"},
			"abc1234 (subject, 2026-11-01)\n", `{"hash":"abc1234","date":"2026-11-01","message":"subject"}`, nil},
	})
}
