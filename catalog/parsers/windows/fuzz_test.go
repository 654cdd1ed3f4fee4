package windows

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	dirFuzzArgs        = [][]string{{}, {"/s"}, {"/b"}, {"/b", "/s"}, {"/t:c"}}
	tasklistFuzzArgs   = [][]string{{}, {"/v"}, {"/fo", "csv"}, {"/fo", "csv", "/nh"}, {"/svc"}, {"/fo", "list"}, {"/m"}}
	ipconfigFuzzArgs   = [][]string{{}, {"/all"}}
	systeminfoFuzzArgs = [][]string{{}, {"/fo", "csv"}}
)

func FuzzDir(f *testing.F) {
	catalogtest.Fuzz(f, []string{"dir"}, Parsers(), dirFuzzArgs)
}

func FuzzTasklist(f *testing.F) {
	catalogtest.Fuzz(f, []string{"tasklist"}, Parsers(), tasklistFuzzArgs)
}

func FuzzIpconfig(f *testing.F) {
	catalogtest.Fuzz(f, []string{"ipconfig"}, Parsers(), ipconfigFuzzArgs)
}

func FuzzSysteminfo(f *testing.F) {
	catalogtest.Fuzz(f, []string{"systeminfo"}, Parsers(), systeminfoFuzzArgs)
}
