package pwd

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var pwdFuzzArgs = [][]string{{}, {"-P"}}

func FuzzPwd(f *testing.F) {
	catalogtest.Fuzz(f, []string{"pwd"}, Parsers(), pwdFuzzArgs)
}
