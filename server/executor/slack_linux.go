//go:build linux

package executor

import (
	"os"
	"os/exec"
	"runtime"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// The Go runtime's monitor thread (sysmon) sleeps 20 µs at a time for its
// first 50 rounds after any system call that follows a moment when the
// whole process was idle, and every call to a server has two such moments
// (waiting for the request, waiting for the command). Each round is a
// timer wake-up of its own: about 10 a call, 0.16-0.19 ms of the server's
// CPU per call, 17-19 % of it (measured for run pwd and ls -la over stdio,
// Linux 6.18, 2 vCPUs, issue 19). No runtime setting changes the rounds,
// but the kernel stretches a thread's sleeps by its timer slack, and a
// thread inherits the slack of the thread that created it. The monitor is
// the first thread the runtime creates, from the main thread, before any
// package's init runs; a thread can only set its own slack (setting
// another's needs CAP_SYS_NICE), and the slack survives exec. So the
// server re-executes itself with a coarse slack on the exec'ing thread
// (RaiseTimerSlack), and the new image's main thread takes its default back
// in init (SettleTimerSlack): the monitor, and the few threads it creates,
// keep the coarse slack, so its rounds last about a quarter of a
// millisecond; every other thread, and every command, runs with the slack
// the server started with. Measured, alternating call by call with the
// build without it: the server's CPU per call 0.10-0.15 ms lower (run pwd
// 1.03 -> 0.93 ms, ls -la 1.39 -> 1.24 ms), p50 0.04-0.06 ms lower, p90
// the same. A 1 ms slack saved 0.17-0.20 ms but put 0.2-0.5 ms on the p90:
// the monitor is also what takes the processor of a thread held in a
// system call away for another thread, and it then came too late. (The
// coarse slack on every thread instead of the monitor's alone raised the
// p90 by 0.3-0.4 ms: the scheduler's own short sleeps.)
const monitorSlack = 250_000 // ns

// childSlack is the timer slack a command starts with: the server's
// original one when SettleTimerSlack found the monitor's raised, else 0
// (nothing to restore: threads carry the slack the process started with).
// Set once, in init, before any command starts (atomic for the tests,
// which set it while spare threads of earlier tests read it).
var childSlack atomic.Int64

// RaiseTimerSlack gives the calling thread the slack the runtime's monitor
// thread should start with, for an exec of this program that follows at
// once on the same thread: the caller has locked the thread. The returned
// function restores the thread's slack, for when the exec failed.
func RaiseTimerSlack() (restore func()) {
	old, err := unix.PrctlRetInt(unix.PR_GET_TIMERSLACK, 0, 0, 0, 0)
	if err != nil || unix.Prctl(unix.PR_SET_TIMERSLACK, monitorSlack, 0, 0, 0) != nil {
		return func() {}
	}
	return func() { _ = unix.Prctl(unix.PR_SET_TIMERSLACK, uintptr(old), 0, 0, 0) }
}

// SettleTimerSlack is for an init function of a program that
// RaiseTimerSlack re-executed (the caller knows it did): init runs on the
// main thread, whose slack RaiseTimerSlack raised. It gives the main thread
// its default slack back (the one of the thread that created it, before
// the raise) and keeps it for the commands. Anywhere else it does nothing.
func SettleTimerSlack() {
	if os.Getpid() != unix.Gettid() {
		return
	}
	cur, err := unix.PrctlRetInt(unix.PR_GET_TIMERSLACK, 0, 0, 0, 0)
	if err != nil || cur != monitorSlack {
		return
	}
	// 0 sets the thread's default slack, which exec leaves as it was.
	if unix.Prctl(unix.PR_SET_TIMERSLACK, 0, 0, 0, 0) != nil {
		return
	}
	if s, err := unix.PrctlRetInt(unix.PR_GET_TIMERSLACK, 0, 0, 0, 0); err == nil && s > 0 && s != monitorSlack {
		childSlack.Store(int64(s))
	}
}

// setChildSlack gives the calling thread, which the caller has locked and
// forks a command from, the slack the command should start with.
func setChildSlack() {
	if s := childSlack.Load(); s > 0 {
		_ = unix.Prctl(unix.PR_SET_TIMERSLACK, uintptr(s), 0, 0, 0)
	}
}

// startWithChildSlack starts cmd from a thread carrying the children's
// slack: the calling goroutine's thread may be one the monitor created.
// (The server's own git processes, gitdrivers.go, start from any thread:
// they sleep nowhere, so the slack they inherit does not matter.)
func startWithChildSlack(cmd *exec.Cmd) error {
	if childSlack.Load() <= 0 {
		return cmd.Start()
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	setChildSlack()
	return cmd.Start()
}
