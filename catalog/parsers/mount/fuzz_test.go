package mount

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var mountFuzzArgs = [][]string{{}, {"-l"}}

func FuzzMount(f *testing.F) { catalogtest.Fuzz(f, []string{"mount"}, Parsers(), mountFuzzArgs) }
