package engine

import (
	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/executor"
)

// confinement is confinementFor of args read afresh (guard.ReadArgv), for
// the tests that ask about an argv no Check read.
func (e *Engine) confinement(cmd string, args []string, cwd string) (*executor.Confinement, *CommandSandbox) {
	return e.confinementFor(cmd, guard.ReadArgv(cmd, args), cwd)
}
