//go:build unix

package suite

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used (user and system, all
// threads, so the garbage collector's work counts too).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
