package dpkg

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzDpkgList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"dpkg-list", "dpkg-query-list"}, Parsers(), [][]string{{"-l"}})
}
