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
	catalogtest.Fuzz(f, []string{"ls"}, Parsers(), lsFuzzArgs)
}
