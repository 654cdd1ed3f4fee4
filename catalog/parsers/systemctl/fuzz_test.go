package systemctl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var systemctlFuzzArgs = [][]string{{"list-units"}, {"list-units", "--no-legend", "--plain"}, {"--all"}}

func FuzzSystemctl(f *testing.F) {
	catalogtest.Fuzz(f, []string{"systemctl", "systemctl-list-units"}, Parsers(), systemctlFuzzArgs)
}
