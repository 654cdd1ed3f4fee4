package catalog_test

import (
	"fmt"

	"github.com/parism-go/parism/catalog"
)

// A parser's Flags say how its program reads each flag; ReadArgs reads a
// command line once with them, and the registry hands that reading to
// the parser's Check and Parse as Context.Args.
func ExampleParser_ReadArgs() {
	p := &catalog.Parser{ID: "git-status", Command: "git", Subcommand: "status", Flags: catalog.Flags{
		"-C": catalog.Value, "-s": catalog.Bool, "-b": catalog.Bool, "-u": catalog.Optional,
	}}
	a := p.ReadArgs([]string{"-C", "repo", "status", "-sb", "-u", "docs"})
	fmt.Println(a.Sub, a.Has("-b"), a.Operands())
	dir, _ := a.Value("-C")
	mode, given := a.Value("-u") // -u[MODE]: "docs" is not its value
	fmt.Printf("%s %q %v\n", dir, mode, given)
	// Output:
	// status true [docs]
	// repo "" false
}
