package helm

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var helmFuzzArgs = [][]string{{"list"}, {"list", "-A", "--no-headers"}, {"list", "-q"}}

func FuzzHelmList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"helm-list"}, Parsers(), helmFuzzArgs)
}
