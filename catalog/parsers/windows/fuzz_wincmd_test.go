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
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "dir"), raw, dirFuzzArgs, sel, spans)
	})
}

func FuzzTasklist(f *testing.F) {
	catalogtest.SeedGolden(f, "tasklist", tasklistFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "tasklist"), raw, tasklistFuzzArgs, sel, spans)
	})
}

func FuzzIpconfig(f *testing.F) {
	catalogtest.SeedGolden(f, "ipconfig", ipconfigFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "ipconfig"), raw, ipconfigFuzzArgs, sel, spans)
	})
}

func FuzzSysteminfo(f *testing.F) {
	catalogtest.SeedGolden(f, "systeminfo", systeminfoFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "systeminfo"), raw, systeminfoFuzzArgs, sel, spans)
	})
}
