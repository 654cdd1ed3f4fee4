package catalogtest

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

func InspectFuzz(f *testing.F, dirs []string, parse func(*catalog.Context) (any, error), args [][]string) {
	for _, d := range dirs {
		SeedGolden(f, d, args)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		FuzzParse(t, parse, raw, args, sel, spans)
	})
}
