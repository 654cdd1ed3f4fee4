//go:build unix

package engine

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system, all
// threads, the garbage collector's included). Benchmarks report it beside
// the wall time: on a shared machine the wall time measures the others'
// load as much as ours.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
