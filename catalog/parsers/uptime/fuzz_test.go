package uptime

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var uptimeFuzzArgs = [][]string{{}, {"-p"}, {"-s"}}

func FuzzUptime(f *testing.F) {
	catalogtest.Fuzz(f, []string{"uptime"}, Parsers(), uptimeFuzzArgs)
}
