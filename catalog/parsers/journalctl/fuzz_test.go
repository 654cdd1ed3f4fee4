package journalctl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var journalFuzzArgs = [][]string{{"-o", "short-iso"}, {"-o", "short-iso", "--no-hostname"}}

func FuzzJournalctl(f *testing.F) {
	catalogtest.Fuzz(f, []string{"journalctl"}, Parsers(), journalFuzzArgs)
}
