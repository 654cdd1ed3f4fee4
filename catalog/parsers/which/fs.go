package which

import (
	"github.com/parism-go/parism/catalog"
)

// fsOperands lists the operands of scanned arguments.
func fsOperands(scanned []catalog.CmdArg) []string {
	var out []string
	for _, a := range scanned {
		if a.Flag == "" {
			out = append(out, a.Pos)
		}
	}
	return out
}
