package ls

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var lsFuzzArgs = [][]string{
	{"-l"}, {"-la"}, {"-lh"}, {"-l", "--full-time"}, {"-lis"}, {"-ln"}, {"-lg"}, {"-lgo"},
	{"-lQ"}, {"-1"}, {"-1pQ"}, {"-1i"}, {"-1s"}, {"-lR"}, {"-l", "a", "b"}, {}, {"-lT"},
	{"-lcZ"}, {"-lb"}, {"-1b"}, {"-lu"}, {"-1Z"},
}

func FuzzLs(f *testing.F) {
	catalogtest.SeedGolden(f, "ls", lsFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "ls")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, lsFuzzArgs, sel, spans)
	})
}
