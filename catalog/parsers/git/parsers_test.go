package git

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestGitUnquoteAndRenames(t *testing.T) {
	raw := "R  \"old\\tname\" -> \"new \\\"x\\\" \\303\\251\"\n" +
		"R  plain -> \"sp ace\"\n" +
		"?? \"back\\\\slash\"\n" +
		" M ok.txt\n"
	res := catalogtest.ParseWith(t, testRegistry(), "git", []string{"status", "--porcelain"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*GitStatusShort).Entries
	want := []GitStatusEntry{
		{XY: "R ", Index: "renamed", Worktree: "unmodified", Path: "new \"x\" é", OrigPath: "old\tname", Quoted: true},
		{XY: "R ", Index: "renamed", Worktree: "unmodified", Path: "sp ace", OrigPath: "plain", Quoted: true},
		{XY: "??", Index: "untracked", Worktree: "untracked", Path: "back\\slash", Quoted: true},
		{XY: " M", Index: "unmodified", Worktree: "modified", Path: "ok.txt"},
	}
	if !slices.Equal(e, want) {
		t.Fatalf("got %+v", e)
	}
	// -z: path first, then the original; nothing is quoted.
	res = catalogtest.ParseWith(t, testRegistry(), "git", []string{"status", "-z"}, catalog.Linux, "R  new name\x00old \"name\"\x00?? a\tb\x00")
	e = res.Value.(*GitStatusShort).Entries
	if len(e) != 2 || e[0].Path != "new name" || e[0].OrigPath != "old \"name\"" || e[0].Quoted || e[1].Path != "a\tb" {
		t.Fatalf("-z: %+v", e)
	}
}
