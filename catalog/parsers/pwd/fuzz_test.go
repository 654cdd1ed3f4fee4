package pwd

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var pwdFuzzArgs = [][]string{{}, {"-P"}}

func FuzzPwd(f *testing.F) {
	catalogtest.SeedGolden(f, "pwd", pwdFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "pwd")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, pwdFuzzArgs, sel, spans)
	})
}
