package catalogtest

import (
	"github.com/parism-go/parism/catalog"
)

func TestParser(id, cmd string) *catalog.Parser {
	return &catalog.Parser{
		ID:      id,
		Command: cmd,
		Flags: catalog.Flags{
			"-l": catalog.Bool, "-a": catalog.Bool, "-n": catalog.Value, "--lines": catalog.Value, "--all": catalog.Bool,
		},
		MaxPositionals: 1,
		Alternatives:   map[string][]string{"-x": {"-l"}},
		Parse:          func(c *catalog.Context) (any, error) { return c.Raw, nil },
	}
}
