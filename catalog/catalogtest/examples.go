package catalogtest

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// Examples checks that every parser of ps shows examples (describe lists
// them) and that each is a command line the parser reads: through a
// registry of ps, on every OS the parser declares, or on oses (Linux when
// none are given) when it declares none, with no output, it Reads the
// parser's ID.
func Examples(t *testing.T, ps []*catalog.Parser, oses ...catalog.OS) {
	t.Helper()
	if len(oses) == 0 {
		oses = []catalog.OS{catalog.Linux}
	}
	var cases []ArgCase
	for _, p := range ps {
		if len(p.Examples) == 0 {
			t.Errorf("parser %s shows no example", p.ID)
		}
		on := p.OS
		if len(on) == 0 {
			on = oses
		}
		for _, os := range on {
			for _, ex := range p.Examples {
				cases = append(cases, ArgCase{p.Command, ex, os, Reads(p.ID)})
			}
		}
	}
	argCases(t, ps, cases, "") // the output of a run that printed nothing
}
