// Package bench measures Parism end to end.
//
// `go tool -C tools task -d .. bench` runs cmd/parism-bench, which writes
// report.md (with report-tokens.svg and report-speed.svg): the tokens of
// every response form over the scenarios in testdata/ (exact o200k_base and
// cl100k_base counts, beside the original Parism's published figures),
// parse throughput per parser, engine overhead per call, the MCP round trip
// beside a bare spawn (for ls -la, git status, ps aux and pwd, with dry_run
// as the protocol's floor, CPU per call, throughput under 1, 4 and 16
// concurrent callers, start-up and idle memory), and accuracy on the
// catalog's golden fixtures. Then
// it runs the go test benchmarks of every module, including this package's:
// the MCP round trip of the built binary, start-up time, idle memory and an
// HTTP load test. `task bench -- --quick` writes the short report only;
// TestQuickReport runs that quick mode twice under `go test` so that the
// benchmark never rots and its token figures stay deterministic.
// `go run ./bench/cmd/parism-bench -rt` runs the side by side with bare
// spawns alone (about a minute) and prints its section, writing no file.
package bench
