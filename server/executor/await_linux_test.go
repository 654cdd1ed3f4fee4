//go:build linux

package executor

import (
	"os/exec"
	"testing"
	"time"
)

// TestAwaitExit: awaitExit returns once the child has exited, not
// before, leaving it to Wait (the status is still there); for a pid that
// is no child of ours it returns at once.
func TestAwaitExit(t *testing.T) {
	need(t, "sleep")
	cmd := exec.Command("sleep", "0.3")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan time.Duration, 1)
	start := time.Now()
	go func() {
		awaitExit(cmd.Process.Pid)
		done <- time.Since(start)
	}()
	select {
	case d := <-done:
		if d < 250*time.Millisecond {
			t.Fatalf("awaitExit returned after %v, while the child still ran", d)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("awaitExit did not return within 10s of a 0.3s child")
	}
	if err := cmd.Wait(); err != nil || cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("Wait after awaitExit: %v, %v", err, cmd.ProcessState)
	}
	gone := make(chan struct{})
	go func() { awaitExit(1 << 30); close(gone) }()
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("awaitExit waited for a pid that names no process")
	}
}
