package git

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestGitStatusArgs: git status's Flags read its optional values attached
// only (-uno, --porcelain=v2) and git's -C with its value.
func TestGitStatusArgs(t *testing.T) {
	show := func(as []catalog.CmdArg) string {
		var b []string
		for _, a := range as {
			if a.Flag == "" {
				b = append(b, "pos:"+a.Pos)
			} else {
				b = append(b, fmt.Sprintf("%s=%q/%v/%v@%d", a.Flag, a.Value, a.HasValue, a.Attached, a.Index))
			}
		}
		return strings.Join(b, " ")
	}
	if got := show(gitStatusParser.ReadArgs([]string{"-C", "repo", "-uno", "--porcelain=v2", "--git-dir", "g", "-sb"}).Items); got !=
		`-C="repo"/true/false@0 -u="no"/true/true@2 --porcelain="v2"/true/true@3 --git-dir="g"/true/false@4 -s=""/false/false@6 -b=""/false/false@6` {
		t.Fatalf("git status ReadArgs: %s", got)
	}
}
