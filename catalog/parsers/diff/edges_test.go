package diff

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDiffEdges pins the readings the goldens do not show: each
// case is a command line, its output, and what must come out (a fragment
// of the JSON value, or the parse error's reason), plus the unread lines.
func TestDiffEdges(t *testing.T) {
	catalogtest.Readings(t, Parsers(), []catalogtest.Reading{
		{"diff: a hunk cut short is not trusted", "diff", []string{"-u", "a", "b"},
			"--- a\n+++ b\n@@ -1,3 +1,3 @@\n a\n-b\n", `"files":[{"old_path":"a","new_path":"b"}]`, []int{3, 4, 5}},
		{"diff: lines starting with --- and +++ inside a hunk", "diff", []string{"-u", "a", "b"},
			"--- a\n+++ b\n@@ -1,2 +1,2 @@\n---- x\n++++ y\n a\n", `"lines":["---- x","++++ y"," a"]`, nil},
		{"diff: a range without a count is one line", "diff", []string{"-u", "a", "b"},
			"--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n", `"old_start":1,"old_lines":1,"new_start":1,"new_lines":1`, nil},
		{"diff: Only in and a quoted name", "diff", []string{"-ru", "a", "b"},
			"Only in a: x y\n--- \"a/\\303\\251\"\t2026\n+++ \"b/\\303\\251\"\t2026\n@@ -0,0 +1 @@\n+n\n",
			`"old_path":"a/é","new_path":"b/é","old_time":"2026"`, nil},
		{"diff: the normal form is refused with -u", "diff", []string{"a", "b"}, "1c1\n< a\n---\n> b\n", "!unsupported_format", nil},
	})
}
