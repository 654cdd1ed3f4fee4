package findmnt

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzFindmnt(f *testing.F) {
	catalogtest.InspectFuzz(f, []string{"findmnt"}, Parsers(), [][]string{{}, {"-l"}, {"-P"}, {"-n"}})
}
