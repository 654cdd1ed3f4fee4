package executor

import "syscall"

// setDeathSignal asks the kernel to SIGKILL the child when the thread that
// started it goes away, which for a Go server means when the server process
// dies: a command must not outlive a SIGKILLed server and run on past its
// timeout. It survives the sandbox helper's exec of the target (the death
// signal is cleared only for set-user-ID programs). A confined child is
// forked from a thread that waits for it, so the thread does not end
// before the child does (see startOnThread). It covers the group
// leader only; what the leader forks is reparented and keeps running until
// it ends or is signalled (see SECURITY.md and docs/http.md).
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
