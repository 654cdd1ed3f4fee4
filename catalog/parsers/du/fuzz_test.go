package du

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var duFuzzArgs = [][]string{{}, {"-h"}, {"-ac"}, {"-b", "-d", "1"}, {"-0", "-a"}, {"--inodes"}, {"-sk"}, {"-m"}, {"-BM"}, {"--si"}, {"--time", "-a"}, {"--time=ctime", "--time-style=full-iso"}}

func FuzzDu(f *testing.F) {
	catalogtest.Fuzz(f, []string{"du"}, Parsers(), duFuzzArgs)
}
