package catalogtest

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

func InspectFuzz(f *testing.F, dirs []string, ps []*catalog.Parser, args [][]string) {
	p := ByID(f, ps, dirs[0])
	for _, d := range dirs {
		SeedGolden(f, d, args)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		FuzzParse(t, p, raw, args, sel, spans)
	})
}
