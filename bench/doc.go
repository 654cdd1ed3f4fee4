// Package bench measures Parism end to end: the MCP round trip of the built
// binary beside a bare spawn of the same command, start-up time and idle
// memory. Run it with `go tool -C tools task -d .. bench`.
package bench
