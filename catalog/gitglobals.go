package catalog

import (
	"slices"
)

// GitGlobals are git's options that may stand before the subcommand
// (git(1)), with whether each takes a value (the next argument, or
// attached after "="): the one table every reading of a git command line in
// the catalog uses (finding the subcommand, scanning arguments, building
// hints). --exec-path is not here: its value is optional and only attached
// ("--exec-path=DIR"), and without one git prints the path and runs
// nothing. The guard keeps its own table (guard/rewrite.go), since the
// catalog depends on no other module; the two must agree on the options
// that take a value (see TestGitGlobalsTable, and the server's test that
// compares the two).
//
// Which of these a parser was verified with stays in its own Flags.
var GitGlobals = Flags{
	"-C": Value, "-c": Value, "--git-dir": Value, "--work-tree": Value, "--namespace": Value,
	"--config-env": Value, "--super-prefix": Value,
	"--no-pager": Bool, "-P": Bool, "--no-optional-locks": Bool, "--bare": Bool, "--no-replace-objects": Bool,
	"--literal-pathspecs": Bool, "--glob-pathspecs": Bool, "--noglob-pathspecs": Bool, "--icase-pathspecs": Bool,
}

// GitGlobalValueOptions lists git's global options that take a value, as
// the catalog reads a git command line, for a test elsewhere to compare
// with the guard's table.
func GitGlobalValueOptions() []string { return valueFlags(GitGlobals) }

// valueFlags are the names of fs's Value flags, sorted.
func valueFlags(fs Flags) []string {
	var out []string
	for f, k := range fs {
		if k == Value {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}
