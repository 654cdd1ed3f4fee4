package git

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var gitFuzzArgs = [][]string{
	{"status"}, {"status", "-s"}, {"status", "--porcelain", "-b"}, {"status", "--porcelain", "-z"},
	{"status", "--long"}, {"-C", "d", "status", "-sb"}, {"status", "--porcelain=v2", "--branch"},
	{"status", "--porcelain=v2", "-z"},
}

func FuzzGitStatus(f *testing.F) {
	catalogtest.Fuzz(f, []string{"git-status"}, Parsers(), gitFuzzArgs)
}
