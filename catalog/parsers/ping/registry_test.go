package ping

import (
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// testRegistry holds this package's parsers.
func testRegistry() *catalog.Registry { return catalogtest.Registry(Parsers()) }
