package which

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"which", []string{"-a", "go", "gofmt"}, catalog.Linux, catalogtest.Accepted},
		{"which", []string{"--read-alias", "go"}, catalog.Linux, catalogtest.Refused},
	})
}
