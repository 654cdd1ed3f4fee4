package git

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestScanArgs: the one argument scanner reads clusters, attached and
// separate values, optional values only when attached, "--", and numeric
// flags; argScan's letter tables read through it alike.
func TestScanArgs(t *testing.T) {
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
	kind := func(f string) int {
		switch f {
		case "-n", "--lines", "-C":
			return 1
		case "-u", "--color":
			return 2
		}
		return 0
	}
	got := show(catalog.ScanArgs([]string{"-sb", "-n5", "-n", "7", "-u", "x", "--color", "--color=never", "--lines", "3", "-20", "--", "-a"}, kind, true))
	want := `-s=""/false/false@0 -b=""/false/false@0 -n="5"/true/true@1 -n="7"/true/false@2 -u=""/false/false@4 pos:x ` +
		`--color=""/false/false@6 --color="never"/true/true@7 --lines="3"/true/false@8 -#="20"/true/true@10 pos:-a`
	if got != want {
		t.Fatalf("scanArgs:\n got %s\nwant %s", got, want)
	}
	if got := show(gitStatusParser.ReadArgs([]string{"-C", "repo", "-uno", "--porcelain=v2", "--git-dir", "g", "-sb"}).Items); got !=
		`-C="repo"/true/false@0 -u="no"/true/true@2 --porcelain="v2"/true/true@3 --git-dir="g"/true/false@4 -s=""/false/false@6 -b=""/false/false@6` {
		t.Fatalf("git status ReadArgs: %s", got)
	}
}
