package builtin

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestGitGlobalsTable: the subcommand is found after every global option
// of the table that takes a value, whether its value is separate or
// attached, and --exec-path (value only attached) takes none.
func TestGitGlobalsTable(t *testing.T) {
	want := []string{"--config-env", "--git-dir", "--namespace", "--super-prefix", "--work-tree", "-C", "-c"}
	if got := catalog.GitGlobalValueOptions(); !slices.Equal(got, want) {
		t.Fatalf("value options %q, want %q", got, want)
	}
	for _, opt := range want {
		if sub, _ := catalog.Subcommand("git", []string{opt, "x", "status"}); sub != "status" {
			t.Errorf("git %s x status: subcommand %q", opt, sub)
		}
	}
	if sub, _ := catalog.Subcommand("git", []string{"--exec-path", "status"}); sub != "status" {
		t.Errorf("git --exec-path status: subcommand %q", sub)
	}
	if sub, _ := catalog.Subcommand("git", []string{"--no-pager", "-P", "log"}); sub != "log" {
		t.Errorf("git --no-pager -P log: subcommand %q", sub)
	}
	p, _ := Default().Lookup("git", []string{"--super-prefix", "sub/", "status"}, catalog.Linux)
	if p == nil || p.ID != "git-status" {
		t.Fatalf("git --super-prefix sub/ status: parser %v", p)
	}
}
