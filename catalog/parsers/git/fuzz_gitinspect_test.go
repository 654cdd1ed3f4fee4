package git

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	gitBlameFuzzArgs   = [][]string{{"blame", "--porcelain", "f"}, {"blame", "--line-porcelain", "f"}, {"-C", "d", "blame", "-p", "f"}}
	gitLsFilesFuzzArgs = [][]string{{"ls-files"}, {"ls-files", "-s"}, {"ls-files", "-z"}, {"ls-files", "-s", "-z"}, {"ls-files", "-t", "-o", "-m"}, {"ls-files", "-v", "-s"}, {"ls-files", "-s", "-o"}}
)

var gitTagFuzzArgs = [][]string{{"tag"}, {"tag", "-n"}, {"tag", "-n3"}, {"tag", "-l", "v*"}, {"tag", "--format=%(refname:short) %(subject)"},
	{"tag", "--format=%(refname)%00%(objectname)%1f%(creatordate:short) %(subject)%%"}}

var (
	gitStashFuzzArgs    = [][]string{{"stash", "list"}}
	gitWorktreeFuzzArgs = [][]string{{"worktree", "list"}, {"worktree", "list", "--porcelain"}, {"worktree", "list", "--porcelain", "-z"}}
	gitRevParseFuzzArgs = [][]string{{"rev-parse", "HEAD"}, {"rev-parse", "--show-toplevel", "--git-dir"}, {"rev-parse", "--all"}, {"rev-parse", "HEAD", "v1"}}
)

var gitConfigFuzzArgs = [][]string{{"config", "--list"}, {"config", "-l", "-z"}, {"config", "-l", "--show-origin", "--show-scope"},
	{"config", "-l", "--show-origin", "--show-scope", "-z"}, {"config", "-l", "--name-only"}, {"config", "-l", "--name-only", "-z"}, {"config", "--get", "a.b"}}

func FuzzGitBlame(f *testing.F) {
	f.Add("0000000000000000000000000000000000000000 1 1 1\nfilename \"a\\tb\"\n\tx\n0000000000000000000000000000000000000000 2 2\n\ty\n", uint8(0), true)
	catalogtest.Fuzz(f, []string{"git-blame"}, Parsers(), gitBlameFuzzArgs)
}

func FuzzGitLsFiles(f *testing.F) {
	f.Add("h 100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\t\"a\\\"b\"\n? x\n", uint8(5), true)
	catalogtest.Fuzz(f, []string{"git-ls-files"}, Parsers(), gitLsFilesFuzzArgs)
}

func FuzzGitTag(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-tag"}, Parsers(), gitTagFuzzArgs)
}

func FuzzGitStash(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-stash"}, Parsers(), gitStashFuzzArgs)
}

func FuzzGitWorktree(f *testing.F) {
	f.Add("worktree /a\nlocked \"x\\ny\"\nprunable\n\nworktree /b\nbare\n", uint8(1), true)
	catalogtest.Fuzz(f, []string{"git-worktree"}, Parsers(), gitWorktreeFuzzArgs)
}

func FuzzGitRevParse(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-rev-parse"}, Parsers(), gitRevParseFuzzArgs)
}

func FuzzGitConfig(f *testing.F) {
	f.Add("local\tfile:\"a\\tb\"\turl.x=y.insteadof=z\n", uint8(2), true)
	catalogtest.Fuzz(f, []string{"git-config"}, Parsers(), gitConfigFuzzArgs)
}

var gitLogFormsFuzzArgs = [][]string{{"log", "--pretty=reference"}, {"log", "--pretty=raw"}, {"log", "--format=raw", "--decorate"}}

func FuzzGitLogForms(f *testing.F) {
	f.Add("commit abc (HEAD -> m)\ntree 1\nparent 2\nauthor A <a> 1 +0100\ngpgsig x\n y\n\n    s\n    \n    b\nNotes:\n    n\n", uint8(1), true)
	catalogtest.Fuzz(f, []string{"git-log"}, Parsers(), gitLogFormsFuzzArgs)
}
