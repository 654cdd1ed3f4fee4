// Command parism-bench measures Parism and writes bench/report.md: the
// tokens of every response form over the scenarios in bench/testdata
// (exact o200k_base and cl100k_base counts, deterministic), parse
// throughput, engine overhead, the MCP round trip beside a bare spawn of
// the same commands (latency, CPU per call, throughput under concurrent
// callers, start-up, idle memory), accuracy on the catalog's golden
// fixtures, and the diagnostics read from seeded failing projects
// (--diag runs that section alone, into report-diag.md; --side runs the
// side by side alone and prints it).
//
// Usage:
//
//	go run ./bench/cmd/parism-bench [--quick] [--diag | --side] [--out DIR] [--root DIR] [--binary PATH]
//
// or `go tool -C tools task -d .. bench [-- --quick]` from the repository.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/parism-go/parism/bench/internal/suite"
)

func main() {
	fs := flag.NewFlagSet("parism-bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "short run (small inputs, short timings, few calls), as CI does; token and accuracy sections are unchanged")
	out := fs.String("out", "", "directory to write report.md and the SVG charts into (default: bench/ of the repository)")
	root := fs.String("root", "", "repository root, the directory of go.work (default: found from the working directory)")
	binary := fs.String("binary", "", "parism binary for the MCP round trip (default: built from ./cli/cmd/parism)")
	diag := fs.Bool("diag", false, "run only the diagnostics scenario (seeded failing projects under bench/testdata/diag) and write report-diag.md")
	side := fs.Bool("side", false, "run only the side by side with bare spawns (this server's MCP round trip, CPU per call and throughput under 1/4/16 callers beside a bare spawn of ls -la, git status, ps aux and pwd) and print its section; writes no file")
	rt := fs.Bool("rt", false, "the same as --side")
	startup := fs.Bool("startup", false, "run only the side by side's start-up and idle memory part (15 fresh servers of the binary, 5 with -quick: time to initialize answered, RSS and anonymous RSS 100 ms after one describe call) and print its paragraph; writes no file")
	readme := fs.Bool("readme", true, "also rewrite the headline block of README.md (only when writing into the repository's bench/, i.e. without -out)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `parism-bench: token, speed and accuracy benchmarks of Parism, written to bench/report.md
with bench/report-tokens.svg and bench/report-speed.svg.

Usage: go run ./bench/cmd/parism-bench [flags]

Flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			return
		}
		os.Exit(2)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "parism-bench: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		os.Exit(2)
	}
	*rt = *rt || *side
	res, err := suite.Run(suite.Options{DiagOnly: *diag, SideOnly: *rt, StartOnly: *startup, Quick: *quick, Out: *out, Root: *root, Binary: *binary, Log: os.Stderr,
		SyncReadme: *readme && *out == "" && !*diag && !*rt && !*startup})
	if err != nil {
		fmt.Fprintln(os.Stderr, "parism-bench:", err)
		os.Exit(1)
	}
	switch {
	case *startup:
		fmt.Print(suite.StartupSection(res.SideBySide))
	case *rt:
		fmt.Print(suite.SideBySideSection(res))
	}
}
