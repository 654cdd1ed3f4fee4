package uname

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var unameFuzzArgs = [][]string{{"-a"}, {}, {"-r"}}

func FuzzUname(f *testing.F) { catalogtest.Fuzz(f, []string{"uname"}, Parsers(), unameFuzzArgs) }
