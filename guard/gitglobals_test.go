package guard

import (
	"slices"
	"strings"
	"testing"
)

// TestGitGlobalValuesCoverPolicy: every option of git's default policy
// (admitted or refused) that takes a separate value is in the table that
// finds where git's global options end; an option added to the policy
// without it would let its value pass for the subcommand.
func TestGitGlobalValuesCoverPolicy(t *testing.T) {
	git := DefaultCommandPolicies()["git"]
	var want []string
	for name, f := range git.Flags {
		if f.Arg != "" && !f.Optional {
			want = append(want, name)
		}
	}
	for name, r := range git.Refuse {
		if r.Value {
			for _, n := range strings.Split(name, ",") {
				if len(n) > 1 && n[0] == '-' {
					want = append(want, n)
				}
			}
		}
	}
	if len(want) < 5 {
		t.Fatalf("git's policy lists only %q as valued options: the test reads the wrong policy", want)
	}
	for _, o := range want {
		if !GitGlobalTakesValue(o) {
			t.Errorf("git's policy reads %s with a value, but gitGlobalValues lacks it", o)
		}
	}
	if got := GitGlobalValueOptions(); !slices.IsSorted(got) {
		t.Errorf("GitGlobalValueOptions() = %q, not sorted", got)
	}
}

// TestGitSubcommandAtSkipsValues: the view's subcommand index (it replaced
// gitSubcommandAt, whose cases these are).
func TestGitSubcommandAtSkipsValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"--namespace", "x", "-C", "d", "log"}, 4},
		{[]string{"--namespace=x", "log"}, 1},
		{[]string{"-P", "status"}, 1},
		{[]string{"--super-prefix", "p/", "diff"}, 2},
		{[]string{"-C"}, -1},
	} {
		if _, got := ReadArgv("git", c.args).Subcommand(); got != c.want {
			t.Errorf("ReadArgv(git, %q).Subcommand() = %d, want %d", c.args, got, c.want)
		}
	}
}
