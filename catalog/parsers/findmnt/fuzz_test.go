package findmnt

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzFindmnt(f *testing.F) {
	catalogtest.Fuzz(f, []string{"findmnt"}, Parsers(), [][]string{{}, {"-l"}, {"-P"}, {"-n"}})
}
