package netstat

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	netstatFuzzArgs = [][]string{{"-tunap"}, {"-an"}, {"-tlnpe"}, {"-xap"}, {"-anA"}, {"-anT"}}
	netstatWinArgs  = [][]string{{"-an"}, {"-ano"}, {"-aonb"}}
)

func FuzzNetstat(f *testing.F) {
	catalogtest.Fuzz(f, []string{"netstat", "netstat-bsd"}, Parsers(), netstatFuzzArgs)
}

func FuzzNetstatWindows(f *testing.F) {
	catalogtest.Fuzz(f, []string{"netstat-windows"}, Parsers(), netstatWinArgs)
}
