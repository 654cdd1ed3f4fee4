package git

import (
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var gitLogFuzzArgs = [][]string{
	{"log"}, {"log", "--oneline"}, {"log", "--oneline", "--decorate"}, {"log", "--stat"}, {"log", "--numstat"},
	{"log", "-p"}, {"log", "--name-only"}, {"log", gmSupportedFormat}, {"log", "--format=%h %s"},
	{"log", "--format=%h%x00%P%x00%ci%x00%s"}, {"log", "--pretty=fuller"}, {"log", "--graph", "--oneline", "--decorate"},
}

var (
	gitShowFuzzArgs   = [][]string{{"show"}, {"show", "--stat"}, {"show", "--oneline", "--stat"}, {"show", "--name-status"}}
	gitDiffFuzzArgs   = [][]string{{"diff"}, {"diff", "--stat"}, {"diff", "--numstat"}, {"diff", "--name-status"}, {"diff", "--name-only"}, {"diff", "--patch-with-stat"}}
	gitBranchFuzzArgs = [][]string{{"branch"}, {"branch", "-v"}, {"branch", "-vv"}, {"branch", "-a", "-vv"}, {"branch", "-r"}, {"branch", "--show-current"}}
	gitRemoteFuzzArgs = [][]string{{"remote"}, {"remote", "-v"}}
)

func FuzzGitLog(f *testing.F) {
	f.Add("abc1234 (HEAD -> main, tag: v1) subject\n 2 files changed\n", uint8(2), true)
	catalogtest.Fuzz(f, []string{"git-log"}, Parsers(), gitLogFuzzArgs)
}

func FuzzGitShow(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-show"}, Parsers(), gitShowFuzzArgs)
}

func FuzzGitDiff(f *testing.F) {
	f.Add("diff --git a/x b/x\n@@@ -1,2 -1 +1,3 @@@ h\n  a\n+-b\n++c\n", uint8(0), true)
	f.Add(" {a => b}/c | 3 ++-\n x => \"\\303\\274\" | Bin 1 -> 2 bytes\n p | Unmerged p | 1 +\n", uint8(1), true)
	catalogtest.Fuzz(f, []string{"git-diff"}, Parsers(), gitDiffFuzzArgs)
}

func FuzzGitBranch(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-branch"}, Parsers(), gitBranchFuzzArgs)
}

func FuzzGitRemote(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-remote"}, Parsers(), gitRemoteFuzzArgs)
}

// FuzzGitRename checks that a rename read from --stat/--numstat prints
// back as it was read.
func FuzzGitRename(f *testing.F) {
	for _, s := range []string{"a => b", "src/{old => new}/f.go", "{a b => c}/d", "x => \"\\303\\274 x\"", "a/{ => b}/c", "{x => y}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, n, isRen, ok := gmRename(s)
		if !ok || !isRen || strings.Contains(s, "\"") {
			return
		}
		if back := gmPprintRename(o, n); back != s {
			t.Fatalf("%q read as %q -> %q, which prints %q", s, o, n, back)
		}
	})
}
