package diff

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var diffFuzzArgs = [][]string{{"-u", "a", "b"}, {"-ruN", "a", "b"}, {"-rq", "a", "b"}}

func FuzzDiff(f *testing.F) {
	f.Add("--- \"a\\tb\"\t2026\n+++ b\n@@ -1 +1,2 @@ f\n-x\n\\ No newline at end of file\n+y\n+z\n@@ -3,0 +4 @@\n+w\n", uint8(0), true)
	catalogtest.Fuzz(f, []string{"diff"}, parseDiff, diffFuzzArgs)
}
