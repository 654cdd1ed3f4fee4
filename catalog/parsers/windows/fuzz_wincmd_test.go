package windows

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var dirFuzzArgs = [][]string{{}, {"/s"}, {"/b"}, {"/b", "/s"}, {"/t:c"}}

var tasklistFuzzArgs = [][]string{{}, {"/v"}, {"/fo", "csv"}, {"/fo", "csv", "/nh"}, {"/svc"}, {"/fo", "list"}, {"/m"}}

var ipconfigFuzzArgs = [][]string{{}, {"/all"}}

var systeminfoFuzzArgs = [][]string{{}, {"/fo", "csv"}}

func FuzzDir(f *testing.F) {
	catalogtest.SeedGolden(f, "dir", dirFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "dir")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, dirFuzzArgs, sel, spans)
	})
}

func FuzzTasklist(f *testing.F) {
	catalogtest.SeedGolden(f, "tasklist", tasklistFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "tasklist")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, tasklistFuzzArgs, sel, spans)
	})
}

func FuzzIpconfig(f *testing.F) {
	catalogtest.SeedGolden(f, "ipconfig", ipconfigFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "ipconfig")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, ipconfigFuzzArgs, sel, spans)
	})
}

func FuzzSysteminfo(f *testing.F) {
	catalogtest.SeedGolden(f, "systeminfo", systeminfoFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "systeminfo")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, systeminfoFuzzArgs, sel, spans)
	})
}
