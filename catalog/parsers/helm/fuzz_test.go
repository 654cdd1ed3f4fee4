package helm

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var helmFuzzArgs = [][]string{{"list"}, {"list", "-A", "--no-headers"}, {"list", "-q"}}

func FuzzHelmList(f *testing.F) {
	catalogtest.SeedGolden(f, "helm-list", helmFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "helm-list")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, helmFuzzArgs, sel, spans)
	})
}
