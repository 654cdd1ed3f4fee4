package guard

import (
	"slices"
	"testing"
)

// TestDescribeBSDAndListFiles: describe shows ps's BSD letters, its refused
// BSD e, and the options refused once allowed_paths is set.
func TestDescribeBSDAndListFiles(t *testing.T) {
	g := mustNew(t, DefaultPolicy())
	ps := g.Describe("ps")
	if !slices.Contains(ps.Flags, "BSD HLMSTVXZacfghjlmnrsuvwx") || !slices.Contains(ps.Flags, "BSD OUkopqt TEXT") {
		t.Errorf("Describe(ps).Flags = %q", ps.Flags)
	}
	if !slices.Contains(ps.Refused[detailRevealsSecrets], "BSD e") {
		t.Errorf("Describe(ps).Refused = %v", ps.Refused)
	}
	if wc := g.Describe("wc"); !slices.Contains(wc.Flags, "--files0-from PATH (without allowed_paths)") {
		t.Errorf("Describe(wc).Flags = %q", wc.Flags)
	}
	if j := g.Describe("journalctl"); !slices.Contains(j.Flags, "--file PATH (no glob with allowed_paths)") {
		t.Errorf("Describe(journalctl).Flags = %q", j.Flags)
	}
}
