package guard

import "slices"

// gitGlobalValues are git's options before the subcommand that take the
// next argument as their value (git(1), handle_options in git.c): the one
// table the guard, and the server through GitGlobalTakesValue, use to find
// where git's global options end. An option missing here makes its value
// look like the subcommand, and everything after it (-C DIR) unread: the
// executor would then blank the drivers of the wrong repository.
var gitGlobalValues = []string{"--config-env", "--git-dir", "--namespace", "--super-prefix", "--work-tree", "-C", "-c"}

// GitGlobalValueOptions lists git's global options that take the next
// argument as their value, sorted.
func GitGlobalValueOptions() []string { return slices.Clone(gitGlobalValues) }

// GitGlobalTakesValue reports whether git's global option opt, given alone
// (not as "--opt=value"), takes the next argument as its value.
func GitGlobalTakesValue(opt string) bool { return slices.Contains(gitGlobalValues, opt) }
