package git

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"git", []string{"status"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"-C", "repo", "-c", "core.quotePath=false", "status", "-sb"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "--porcelain=v1", "-z", "--branch"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "--ignored", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "-uall", "--ignored=matching", "--", "src"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "--untracked-files=no", "--show-stash"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "-M50%", "--null", "--no-show-stash"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "--porcelain=v2", "--branch", "-z"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"--literal-pathspecs", "status", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--cherry-pick", "--right-only", "--oneline", "main...topic"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "-u", "-s"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"status", "--porcelain=v3"}, catalog.Linux, catalogtest.Hint("status", "--porcelain")},
		{"git", []string{"status", "--porcelain", "-v"}, catalog.Linux, catalogtest.Hint("status", "--porcelain")},
		{"git", []string{"status", "-v"}, catalog.Linux, catalogtest.Hint("status")},
		{"git", []string{"-c", "color.status=always", "status"}, catalog.Linux, catalogtest.Hint("status")},
		{"git", []string{"status", "--column"}, catalog.Linux, catalogtest.Hint("status", "--no-column")},
		{"git", []string{"status", "-ubogus"}, catalog.Linux, catalogtest.Refused},
		{"git", []string{"log", "--oneline", "-n", "20"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--oneline", "--decorate=short", "-5", "--", "src"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"-C", "repo", "log", "--stat", "--since=2.weeks", "--author", "me"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--pretty=format:%h %s"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--format", "%h%x00%P%x00%ci%x00%s"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--pretty=fuller", "--date=iso-strict"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "-p", "--stat"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"log", "--name-status", "--oneline"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"show", "--stat", "HEAD~1"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"show"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"diff", "--cached", "-M", "--stat=200"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"diff", "-U0", "HEAD~3", "--", "a b.txt"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"diff", "--patch-with-stat"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"branch", "-vv", "-a"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"branch", "--list", "feat*", "-v"}, catalog.Linux, catalogtest.Accepted},
		{"git", []string{"remote", "-v"}, catalog.Linux, catalogtest.Accepted},

		{"git", []string{"log", "--format=%h %an %s"}, catalog.Linux, catalogtest.Hint("log", gmSupportedFormat)},
		{"git", []string{"log", "-n", "3", "--format=%B"}, catalog.Linux, catalogtest.Hint("log", "-n", "3", gmSupportedFormat)},
		{"git", []string{"log", "--pretty=%s%n%b"}, catalog.Linux, catalogtest.Hint("log", gmSupportedFormat)},
		{"git", []string{"log", "--date=relative", "-3"}, catalog.Linux, catalogtest.Hint("log", "-3", "--date=iso-strict")},
		{"git", []string{"-C", "r", "log", "--date", "human"}, catalog.Linux, catalogtest.Hint("-C", "r", "log", "--date=iso-strict")},
		{"git", []string{"log", "--pretty=email"}, catalog.Linux, catalogtest.Hint("log", "--pretty=fuller")},
		{"git", []string{"log", "--color=always", "--oneline"}, catalog.Linux, catalogtest.Hint("log", "--oneline", "--no-color")},
		{"git", []string{"log", "--stat", "--numstat"}, catalog.Linux, catalogtest.Hint("log", "--numstat")},
		{"git", []string{"log", "-p", "--name-status"}, catalog.Linux, catalogtest.Hint("log", "-p", "--stat")},
		{"git", []string{"log", "--format=%h %s", "--stat"}, catalog.Linux, catalogtest.Hint("log", "--stat")},
		{"git", []string{"log", "--oneline", "--name-only"}, catalog.Linux, catalogtest.Hint("log", "--oneline", "--name-status")},
		{"git", []string{"log", "--graph", "--stat"}, catalog.Linux, catalogtest.Hint("log", "--stat")},
		{"git", []string{"log", "--graph"}, catalog.Linux, catalogtest.Hint("log")},
		{"git", []string{"log", "--raw"}, catalog.Linux, catalogtest.Hint("log", "--name-status")},
		{"git", []string{"diff", "--word-diff"}, catalog.Linux, catalogtest.Hint("diff")},
		{"git", []string{"diff", "--src-prefix", "x/", "HEAD"}, catalog.Linux, catalogtest.Hint("diff", "HEAD")},
		{"git", []string{"diff", "--color"}, catalog.Linux, catalogtest.Hint("diff", "--no-color")},
		{"git", []string{"branch", "--color=always", "-vv"}, catalog.Linux, catalogtest.Hint("branch", "-vv", "--no-color")},
		{"git", []string{"remote", "show", "origin"}, catalog.Linux, catalogtest.Hint("remote", "-v")},
	})
}
