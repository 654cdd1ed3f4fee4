package date

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var dateFuzzArgs = [][]string{{}, {"-u"}, {"-Iseconds"}, {"-R"}}

func FuzzDate(f *testing.F) { catalogtest.Fuzz(f, []string{"date"}, Parsers(), dateFuzzArgs) }
