package builtin

import (
	"slices"

	"github.com/parism-go/parism/catalog"
)

// Default returns a new registry holding every built-in parser. Each call
// returns its own registry, so registering into it affects nobody else.
func Default() *catalog.Registry {
	r := catalog.NewRegistry()
	for _, p := range builtinParsers() {
		if err := r.Register(p); err != nil {
			panic(err) // a built-in that fails validation is a programming error
		}
	}
	return r
}

// Parsers returns every built-in parser, in the order of the list. The
// values are shared by every registry Default makes: do not modify them.
func Parsers() []*catalog.Parser { return slices.Clone(builtinParsers()) }
