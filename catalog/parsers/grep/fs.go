package grep

import (
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
)

// fsInsertFlags returns args with flags added before the first operand.
func fsInsertFlags(args []string, scanned []catalog.CmdArg, flags ...string) []string {
	return kit.FsWithout(args, scanned, func(catalog.CmdArg) bool { return false }, flags...)
}
