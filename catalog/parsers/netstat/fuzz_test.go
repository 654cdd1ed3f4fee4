package netstat

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	netstatFuzzArgs = [][]string{{"-tunap"}, {"-an"}, {"-tlnpe"}, {"-xap"}, {"-anA"}, {"-anT"}, {"-rn"}, {"-rnW"}}
	netstatWinArgs  = [][]string{{"-an"}, {"-ano"}, {"-aonb"}, {"-r"}}
)

func FuzzNetstat(f *testing.F) {
	catalogtest.Fuzz(f, []string{"netstat", "netstat-bsd"}, Parsers(), netstatFuzzArgs)
}

func FuzzNetstatWindows(f *testing.F) {
	catalogtest.Fuzz(f, []string{"netstat-windows"}, Parsers(), netstatWinArgs)
}

func FuzzRoutePrint(f *testing.F) {
	catalogtest.Fuzz(f, []string{"route-print"}, Parsers(), [][]string{{"print"}, {"print", "-4"}})
}
