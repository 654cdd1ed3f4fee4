package catalog_test

import (
	"fmt"
	"strings"

	"github.com/parism-go/parism/catalog"
)

// UptimeLoad is the output of the custom parser below.
type UptimeLoad struct {
	Load1  string `json:"load1"`
	Load5  string `json:"load5"`
	Load15 string `json:"load15"`
}

// A library user adds a parser for a command the catalog lacks by
// registering it in process: no pack, no subprocess. The registry checks the
// declared flags before Parse runs, so "-x" is refused as
// unsupported_format without the parser guessing.
func ExampleRegistry_Register() {
	reg := catalog.NewRegistry()
	err := reg.Register(&catalog.Parser{
		ID:             "loadavg",
		Command:        "loadavg",
		Version:        "1",
		Format:         "the three load averages of /proc/loadavg",
		Flags:          catalog.Flags{"-q": catalog.Bool},
		MaxPositionals: 0,
		Result:         UptimeLoad{},
		Parse: func(c *catalog.Context) (any, error) {
			f := strings.Fields(c.Raw)
			if len(f) < 3 {
				return nil, catalog.Unrecognized("want three load averages, got %d fields", len(f))
			}
			return UptimeLoad{Load1: f[0], Load5: f[1], Load15: f[2]}, nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res := reg.Parse(catalog.Input{Cmd: "loadavg", Raw: "0.52 0.58 0.59 1/467 12345\n", OS: catalog.Linux})
	fmt.Printf("%s %+v\n", res.Parser.ID, res.Value)
	res = reg.Parse(catalog.Input{Cmd: "loadavg", Args: []string{"-x"}, Raw: "0.52 0.58 0.59\n", OS: catalog.Linux})
	fmt.Println(res.Err.Reason)
	// Output:
	// loadavg {Load1:0.52 Load5:0.58 Load15:0.59}
	// unsupported_format
}
