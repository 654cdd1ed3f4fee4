//go:build linux

package sandboxhelper

import (
	"math/bits"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// threadCaps reads the calling thread's capability sets from
// /proc/thread-self/status, by name (CapInh, CapPrm, CapEff, CapBnd,
// CapAmb).
func threadCaps(t *testing.T) map[string]uint64 {
	t.Helper()
	b, err := os.ReadFile("/proc/thread-self/status")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]uint64{}
	for _, line := range strings.Split(string(b), "\n") {
		name, hex, ok := strings.Cut(line, ":\t")
		if !ok || !strings.HasPrefix(name, "Cap") {
			continue
		}
		v, err := strconv.ParseUint(hex, 16, 64)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		out[name] = v
	}
	return out
}

// TestDropCaps: on a thread of a root process, dropCaps leaves nothing
// but keptCaps in any set, the bounding set included up to the kernel's
// last capability (the drops go without a read first and stop at the
// first number the kernel does not know), and every kept one the thread
// had is still there.
func TestDropCaps(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root has capabilities to drop")
	}
	var keep uint64
	for c := range keptCaps {
		keep |= 1 << c
	}
	type result struct {
		before, after map[string]uint64
		err           error
	}
	done := make(chan result, 1)
	go func() {
		// Never unlocked: the thread ends with the goroutine, its
		// capabilities with it.
		runtime.LockOSThread()
		var r result
		r.before = threadCaps(t)
		r.err = dropCaps()
		r.after = threadCaps(t)
		done <- r
	}()
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.before["CapBnd"]&^keep == 0 {
		t.Skip("the process's bounding set holds nothing to drop")
	}
	for _, set := range []string{"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"} {
		after, ok := r.after[set]
		if !ok {
			t.Fatalf("no %s line in /proc/thread-self/status", set)
		}
		if extra := after &^ keep; extra != 0 {
			t.Errorf("%s %#x keeps capabilities outside keptCaps: %#x", set, after, extra)
		}
		if lost := r.before[set] & keep &^ after; lost != 0 && set != "CapAmb" && set != "CapInh" {
			t.Errorf("%s %#x lost kept capabilities %#x", set, after, lost)
		}
	}
	// The highest capability the kernel knows is gone too: the loop ran to
	// its end.
	last := 63 - bits.LeadingZeros64(r.before["CapBnd"])
	if r.after["CapBnd"]&(1<<last) != 0 && !keptCaps[last] {
		t.Errorf("capability %d, the kernel's last, is still in the bounding set", last)
	}
}
