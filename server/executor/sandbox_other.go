//go:build !linux

package executor

import (
	"errors"
	"os/exec"
	"runtime"
)

// SandboxStatus reports that this platform has no Landlock. Confined runs
// start the program directly: no_new_privs and the resource limits are
// Linux-only here too, so only the process group and the timeout apply.
func SandboxStatus() Sandbox {
	return Sandbox{Reason: "Landlock is Linux-only; on " + runtime.GOOS + " children run without kernel confinement or resource limits"}
}

type sandboxRun struct{}

// confine refuses a SandboxRequired run and otherwise leaves cmd as is.
func confine(_ *exec.Cmd, s Spec) (*sandboxRun, error) {
	if s.Confine != nil && s.Confine.Mode == SandboxRequired {
		return nil, &SpawnError{Reason: ReasonSandboxUnavailable, Path: s.Path, Dir: s.Dir, Err: errors.New(SandboxStatus().Reason)}
	}
	return nil, nil
}

func (*sandboxRun) startFailed() {}
func (*sandboxRun) cleanup()     {}

// startCmd starts cmd and returns a channel closed once cmd.Wait returned.
func startCmd(cmd *exec.Cmd, _ *sandboxRun, _ Spec, _ string) (<-chan struct{}, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	waited := make(chan struct{})
	go func() {
		_ = cmd.Wait() // the error carries nothing ProcessState does not
		close(waited)
	}()
	return waited, nil
}

// SetSandboxHelper does nothing outside Linux: there is no helper.
func SetSandboxHelper(string) (restore func()) { return func() {} }

// ReleaseIdle gives back what the executor keeps between commands; here
// it keeps nothing.
func ReleaseIdle() {}
