package ps

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestPsExitAnswer: the header alone with status 1 is "nothing selected"
// on Linux and the BSDs; status 1 with nothing on stdout stays a failure.
func TestPsExitAnswer(t *testing.T) {
	p := catalogtest.ByID(t, Parsers(), "ps")
	for _, os := range []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD} {
		if _, ok := p.ExitAnswer([]string{"-p", "99999"}, 1, os, "  PID TTY           TIME CMD\n"); !ok {
			t.Errorf("%s: the header alone with status 1 is not an answer", os)
		}
		if _, ok := p.ExitAnswer([]string{"-Q"}, 1, os, ""); ok {
			t.Errorf("%s: status 1 without output is an answer", os)
		}
	}
}
