//go:build !unix

package engine

import "time"

// processCPU is not measured here: benchmarks report only the wall time.
func processCPU() time.Duration { return 0 }
