package ping

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	pingFuzzArgs    = [][]string{{"-c", "3", "127.0.0.1"}, {"-q", "-c", "2", "h"}, {"-D", "-c", "1", "h"}, {"-p", "ff", "-I", "lo", "-c", "1", "h"}}
	pingWinFuzzArgs = [][]string{{"-n", "3", "h"}, {"-6", "::1"}}
)

func FuzzPing(f *testing.F) {
	catalogtest.Fuzz(f, []string{"ping", "ping6"}, Parsers(), pingFuzzArgs)
}

func FuzzPingWindows(f *testing.F) {
	catalogtest.Fuzz(f, []string{"ping-windows"}, Parsers(), pingWinFuzzArgs)
}
