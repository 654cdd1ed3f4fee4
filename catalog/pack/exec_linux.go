package pack

import (
	"os/exec"
	"syscall"
	"unsafe"
)

// setGroup puts the program in its own process group, so a timeout kills
// whatever it started too.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { killGroup(cmd); return nil }
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// limitMemory sets RLIMIT_AS on the started program with prlimit(2). Go
// cannot set rlimits between fork and exec, so the limit applies from the
// first instructions after start: a program cannot allocate its way past it
// in the microseconds before, and every later allocation over the limit
// fails (the program then dies or reports, which is a parser_exception).
func limitMemory(pid, mb int) error {
	if mb <= 0 {
		return nil
	}
	lim := syscall.Rlimit{Cur: uint64(mb) << 20, Max: uint64(mb) << 20}
	_, _, errno := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), syscall.RLIMIT_AS,
		uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	if errno != 0 && errno != syscall.ESRCH { // ESRCH: it already exited
		return errno
	}
	return nil
}
