//go:build unix && !linux

package pack

import (
	"os/exec"
	"syscall"
)

func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { killGroup(cmd); return nil }
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// limitMemory is not enforced here: only Linux has prlimit(2) on another
// process. The time and output limits still apply.
func limitMemory(pid, mb int) error { return nil }
