package ip

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var ipFuzzArgs = [][]string{{"addr"}, {"link"}, {"-4", "addr", "show", "dev", "eth0"}, {"-br", "addr"}, {"-o", "addr"}}

func FuzzIPAddr(f *testing.F) {
	catalogtest.Fuzz(f, []string{"ip-addr"}, Parsers(), ipFuzzArgs)
}
