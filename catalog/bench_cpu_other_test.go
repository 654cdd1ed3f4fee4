//go:build !unix

package catalog

import "time"

// benchCPU is not measured here; the benchmarks then report MB/s only.
func benchCPU() time.Duration { return 0 }
