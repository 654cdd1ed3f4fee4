package netstat

import (
	"github.com/parism-go/parism/catalog"
)

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return netstatParsers() }
