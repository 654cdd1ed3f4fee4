//go:build !unix

package mcpserver_test

import "time"

// processCPU is not measured here: benchmarks report only the wall time.
func processCPU() time.Duration { return 0 }
