package git

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestGitStatusV2Edges: lines that do not have the v2 shape are unread,
// never half read; --no-ahead-behind's "+? -?" counts nothing and is no
// gone upstream.
func TestGitStatusV2Edges(t *testing.T) {
	const h = "100644 100644 100644 0c2aa38e0600e0d2df09c2f84664d8a14f899879 0c2aa38e0600e0d2df09c2f84664d8a14f899879"
	tests := []struct {
		name, raw string
		entries   int
		unread    int
	}{
		{"quoted path with text after it", "1 .M N... " + h + ` "a b"c` + "\n? ok.txt\n", 1, 1},
		{"rename without its original path", "2 R. N... " + h + " R100 new.txt\n? ok.txt\n", 1, 1},
		{"unknown header", "# branch.future x\n1 .M N... " + h + " a.txt\n", 1, 1},
		{"fields missing", "1 .M N... 100644\n? ok.txt\n", 1, 1},
		{"plain entries", "? a b.txt\n! c.log\n1 M. N... " + h + " d.txt\n", 3, 0},
	}
	for _, tc := range tests {
		r := catalogtest.ParseWith(t, testRegistry(), "git", []string{"status", "--porcelain=v2"}, catalog.Linux, tc.raw)
		if r.Err != nil {
			t.Errorf("%s: %v", tc.name, r.Err)
			continue
		}
		got := r.Value.(*GitStatusShort)
		if len(got.Entries) != tc.entries || len(r.UnreadLines) != tc.unread {
			t.Errorf("%s: %d entries, %d unread; want %d, %d (%+v)", tc.name, len(got.Entries), len(r.UnreadLines), tc.entries, tc.unread, got.Entries)
		}
	}
	r := catalogtest.ParseWith(t, testRegistry(), "git", []string{"status", "--porcelain=v2", "--branch", "--no-ahead-behind"}, catalog.Linux,
		"# branch.oid 0c2aa38e\n# branch.head main\n# branch.upstream origin/main\n# branch.ab +? -?\n")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if got := r.Value.(*GitStatusShort); got.Ahead != nil || got.Behind != nil || got.UpstreamGone || got.Upstream != "origin/main" {
		t.Errorf("--no-ahead-behind: %+v", got)
	}
}
