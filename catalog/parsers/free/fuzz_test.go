package free

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var freeFuzzArgs = [][]string{{}, {"-b"}, {"-h"}, {"-m", "-w"}, {"-bt", "-l"}, {"--si", "-h"}}

func FuzzFree(f *testing.F) { catalogtest.Fuzz(f, []string{"free"}, Parsers(), freeFuzzArgs) }
