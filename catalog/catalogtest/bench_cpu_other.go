//go:build !unix

package catalogtest

import "time"

// BenchCPU is not measured here; the benchmarks then report MB/s only.
func BenchCPU() time.Duration { return 0 }
