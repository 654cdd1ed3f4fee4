package crontab

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestCatalog runs the catalog's checks on this package's parsers: its
// golden cases on every OS the parsers declare, their spans, their schema.
func TestCatalog(t *testing.T) { catalogtest.Run(t, Parsers()) }
