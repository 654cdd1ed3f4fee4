package pack

import "os/exec"

func setGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// limitMemory is not enforced on Windows (it would need a job object); the
// time and output limits still apply.
func limitMemory(pid, mb int) error { return nil }
