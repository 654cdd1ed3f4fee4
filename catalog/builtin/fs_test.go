package builtin

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestFsTextEnvExamples checks that every example a parser of the
// filesystem, text and environment family shows in describe is one it
// reads, on each OS it is for (Linux, macOS and FreeBSD when it names
// none).
func TestFsTextEnvExamples(t *testing.T) {
	var ps []*catalog.Parser
	for _, id := range []string{"find", "stat", "stat-bsd", "du", "df", "tree", "grep", "wc", "head", "tail", "cat", "env", "pwd", "which"} {
		ps = append(ps, findParser(t, id))
	}
	catalogtest.Examples(t, ps, catalog.Linux, catalog.Darwin, catalog.FreeBSD)
}
