//go:build unix

package executor

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcGroup makes the child the leader of a new process group so that it
// and everything it forks can be signalled at once with kill(-pgid), and,
// where the kernel offers it, has the child killed when the server dies
// without the chance to kill the group itself (SIGKILL, OOM killer).
func setProcGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(c.SysProcAttr)
}

// killGroup SIGKILLs the child's whole process group, and the leader by pid
// in case it moved itself to another group or session. SIGKILL, not SIGTERM:
// the caller has already decided the run is over and a polite signal could
// be ignored or trapped, leaving Run waiting.
func killGroup(c *exec.Cmd) {
	sweepGroup(c)
	if c.Process != nil {
		// Process.Kill goes through a pidfd where available, so it cannot hit
		// a recycled pid; after exit it just returns ErrProcessDone.
		_ = c.Process.Kill()
	}
}

// sweepGroup SIGKILLs whatever is left in the child's process group. It is
// also called after the leader has been reaped: POSIX forbids reusing a
// process group ID while the group has members, so -pgid still names the
// leftovers (and returns ESRCH when there are none).
func sweepGroup(c *exec.Cmd) {
	if c.Process == nil {
		return
	}
	// pgid == pid because of Setpgid. Guard against 0 and 1: kill(0) would
	// hit our own group and kill(-1) every process we may signal.
	if pgid := c.Process.Pid; pgid > 1 {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// signalName reports the signal that terminated the process ("killed",
// "terminated", ...), or "" when it exited normally.
func signalName(st *os.ProcessState) string {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
