package catalog

import "testing"

var (
	dirFuzzArgs        = [][]string{{}, {"/s"}, {"/b"}, {"/b", "/s"}, {"/t:c"}}
	tasklistFuzzArgs   = [][]string{{}, {"/v"}, {"/fo", "csv"}, {"/fo", "csv", "/nh"}, {"/svc"}, {"/fo", "list"}, {"/m"}}
	ipconfigFuzzArgs   = [][]string{{}, {"/all"}}
	systeminfoFuzzArgs = [][]string{{}, {"/fo", "csv"}}
)

func FuzzDir(f *testing.F) {
	seedGolden(f, "dir", dirFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseDir, raw, dirFuzzArgs, sel, spans)
	})
}

func FuzzTasklist(f *testing.F) {
	seedGolden(f, "tasklist", tasklistFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseTasklist, raw, tasklistFuzzArgs, sel, spans)
	})
}

func FuzzIpconfig(f *testing.F) {
	seedGolden(f, "ipconfig", ipconfigFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseIpconfig, raw, ipconfigFuzzArgs, sel, spans)
	})
}

func FuzzSysteminfo(f *testing.F) {
	seedGolden(f, "systeminfo", systeminfoFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseSysteminfo, raw, systeminfoFuzzArgs, sel, spans)
	})
}
