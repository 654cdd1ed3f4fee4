package builtin

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestFsTextEnvExamples checks that every example a parser shows in
// describe is one it reads, on each OS it is for.
func TestFsTextEnvExamples(t *testing.T) {
	ids := []string{"find", "stat", "stat-bsd", "du", "df", "tree", "grep", "wc", "head", "tail", "cat", "env", "pwd", "which"}
	for _, id := range ids {
		p := findParser(t, id)
		oses := p.OS
		if len(oses) == 0 {
			oses = []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD}
		}
		if len(p.Examples) == 0 {
			t.Errorf("%s has no examples", id)
		}
		for _, os := range oses {
			for _, ex := range p.Examples {
				if perr := p.CheckArgs(p.ReadArgs(ex), os); perr != nil {
					t.Errorf("%s (%s): example %q refused: %s", id, os, ex, perr.Message)
				}
			}
		}
	}
}
