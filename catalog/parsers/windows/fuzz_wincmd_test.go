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
		catalogtest.FuzzParse(t, parseDir, raw, dirFuzzArgs, sel, spans)
	})
}

func FuzzTasklist(f *testing.F) {
	catalogtest.SeedGolden(f, "tasklist", tasklistFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, parseTasklist, raw, tasklistFuzzArgs, sel, spans)
	})
}

func FuzzIpconfig(f *testing.F) {
	catalogtest.SeedGolden(f, "ipconfig", ipconfigFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, parseIpconfig, raw, ipconfigFuzzArgs, sel, spans)
	})
}

func FuzzSysteminfo(f *testing.F) {
	catalogtest.SeedGolden(f, "systeminfo", systeminfoFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, parseSysteminfo, raw, systeminfoFuzzArgs, sel, spans)
	})
}
