//go:build linux

package executor

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestChildSlack: a command starts with the children's timer slack
// whatever thread forked it: a run thread of its own (the spare, then
// fresh ones), the caller's for an unconfined run, the helper's.
func TestChildSlack(t *testing.T) {
	need(t, "cat")
	const want = 61_000 // no thread of this test has it by chance
	old := childSlack.Load()
	childSlack.Store(want)
	t.Cleanup(func() { childSlack.Store(old) })
	read := func(t *testing.T, c *Confinement) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		r := Run(ctx, Spec{Path: "cat", Args: []string{"/proc/self/timerslack_ns"}, Timeout: 10 * time.Second, Confine: c})
		if r.SpawnErr != nil || r.ExitCode != 0 {
			t.Fatalf("cat: %v, exit %d, %s", r.SpawnErr, r.ExitCode, r.Stderr.Data)
		}
		if got := strings.TrimSpace(string(r.Stdout.Data)); got != strconv.Itoa(want) {
			t.Errorf("the command's timer slack is %s ns, want %d", got, want)
		}
	}
	t.Run("thread", func(t *testing.T) {
		// A spare thread an earlier test left was made before childSlack
		// was set (in the server it is set in init, before any): this run
		// takes it, and the next spare is made with the slack.
		_ = Run(context.Background(), Spec{Path: "true", Timeout: 10 * time.Second, Confine: &Confinement{}})
		for range 3 {
			read(t, &Confinement{})
		}
	})
	t.Run("unconfined", func(t *testing.T) {
		// From a thread whose slack is not the children's.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := unix.Prctl(unix.PR_SET_TIMERSLACK, 2*want, 0, 0, 0); err != nil {
			t.Skipf("prctl: %v", err)
		}
		defer unix.Prctl(unix.PR_SET_TIMERSLACK, 0, 0, 0, 0)
		read(t, nil)
	})
	t.Run("helper", func(t *testing.T) {
		useHelper(t, dedicatedHelper(t))
		read(t, &Confinement{})
	})
}

// TestSettleTimerSlack: off the main thread, and where the slack was not
// raised, SettleTimerSlack leaves everything as it was.
func TestSettleTimerSlack(t *testing.T) {
	old := childSlack.Load()
	t.Cleanup(func() { childSlack.Store(old) })
	childSlack.Store(0)
	done := make(chan int, 1)
	var offMain func(out chan<- int)
	offMain = func(out chan<- int) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if unix.Gettid() == unix.Getpid() {
			// Holding the main thread, the next goroutine gets another.
			in := make(chan int, 1)
			go offMain(in)
			out <- <-in
			return
		}
		restore := RaiseTimerSlack()
		defer restore()
		SettleTimerSlack() // not the main thread: nothing
		s, _ := unix.PrctlRetInt(unix.PR_GET_TIMERSLACK, 0, 0, 0, 0)
		out <- s
	}
	go offMain(done)
	select {
	case s := <-done:
		if s != monitorSlack {
			t.Errorf("slack %d after SettleTimerSlack off the main thread, want the raised %d", s, monitorSlack)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer")
	}
	if s := childSlack.Load(); s != 0 {
		t.Errorf("childSlack %d set off the main thread", s)
	}
}
