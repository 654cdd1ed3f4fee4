package apt

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var aptFuzzArgs = [][]string{{"list", "--installed"}, {"search", "curl"}}

func FuzzApt(f *testing.F) {
	catalogtest.Fuzz(f, []string{"apt-list", "apt-search"}, Parsers(), aptFuzzArgs)
}
