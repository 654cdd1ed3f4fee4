//go:build !unix

package executor

import (
	"os"
	"os/exec"
)

// Outside unix there are no process groups to create or signal; the package
// still builds and runs, but only the direct child is managed. Descendants
// of the child are not killed (on Windows that would need a job object).

func setProcGroup(*exec.Cmd) {}

// killGroup kills the direct child only.
func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = c.Process.Kill()
	}
}

// sweepGroup has nothing to do: the leader is already gone and there is no
// portable handle on its descendants.
func sweepGroup(*exec.Cmd) {}

// signalName is always "": these platforms do not report termination by
// signal through os.ProcessState.
func signalName(*os.ProcessState) string { return "" }
