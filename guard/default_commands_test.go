package guard

import (
	"maps"
	"slices"
	"testing"
)

// TestDefaultCommands: the commands with a shipped policy, read from the
// compiled defaults, are exactly the keys of DefaultCommandPolicies.
func TestDefaultCommands(t *testing.T) {
	want := slices.Sorted(maps.Keys(DefaultCommandPolicies()))
	got := DefaultCommands()
	if !slices.Equal(got, want) {
		t.Fatalf("DefaultCommands: %d commands, DefaultCommandPolicies: %d\n got %v\nwant %v", len(got), len(want), got, want)
	}
	if len(got) < 50 || !slices.Contains(got, "git") || !slices.Contains(got, "ls") {
		t.Fatalf("DefaultCommands lacks the common commands: %v", got)
	}
}
