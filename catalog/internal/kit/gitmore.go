package kit

import (
	"github.com/parism-go/parism/catalog"
)

func GmPick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

var GmfName = catalog.SpanID("name")
