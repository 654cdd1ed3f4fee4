package ps

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var psFuzzArgs = [][]string{
	{"aux"}, {"-ef"}, {"-eo", "pid,ppid,user,comm,args"}, {"-el"}, {"-o", "pid=,comm="},
	{"-eo", "pid,lstart,etime,etimes,nice,args"}, {}, {"-eLf"}, {"-o", "pid,wchan,label,args"},
	{"-ax", "-o", "pid", "-o", "user=USER NAME"}, {"-ax", "-h"},
}

func FuzzPs(f *testing.F) {
	catalogtest.SeedGolden(f, "ps", psFuzzArgs)
	for _, s := range psEdgeSeeds {
		f.Add(s.raw, uint8(s.args), true)
	}
	p := catalogtest.ByID(f, Parsers(), "ps")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, psFuzzArgs, sel, spans)
	})
}
