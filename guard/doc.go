// Package guard decides whether a command may run: an allowlist of programs,
// a grammar and policy per program (which subcommands, options, values and
// positional arguments it admits), bounds on the working directory and
// every argument that names a file, per-argument injection patterns, and
// profiles.
//
// It is a policy engine with no dependency on the rest of Parism: build a
// Policy (DefaultPolicy is a good start), compile it with New, and call
// Check before spawning anything. A Decision says which argument was refused
// and why, with a stable Reason, a finer Detail code and, where a safe form
// exists, a Hint.
//
// Commands are run without a shell, so the guard reasons about the argv a
// program will receive, never about a command line. Check applies its
// layers in a fixed order and reports the first refusal, so the same input
// always yields the same Decision:
//
//  1. Allowlist: the command must be a bare name on the list. A path such as
//     /bin/ls is refused, since the file behind it is not what was vetted.
//  2. Grammar: the argv is read the way the program reads it (CommandPolicy:
//     global options, subcommands, bundled short options, attached values,
//     abbreviated long options, "--", options after positionals) and every
//     form the policy does not admit is refused (arg_not_allowed), with a
//     detail naming the danger: runs_program, writes_files, reads_outside,
//     network_send, state_change, unbounded, reveals_secrets. The grammar
//     also tells the next layers which arguments name files and which are
//     text (a grep pattern, a format string).
//  3. Paths (only when AllowedPaths is set): the working directory, then
//     every argument or value the grammar reads as a file, must resolve under
//     an allowed path. Resolution follows symlinks component by component as
//     the kernel does, so links and ".." cannot step out.
//  4. Patterns: each argument on its own must not contain a blocked pattern,
//     nor a NUL byte; arguments read as text are exempt from the patterns.
//  5. Blocked flags (command_arg_restrictions, node -e) in every spelling,
//     then the profile: in readonly, forms that run project code (BuildOnly,
//     or a policy level marked build) are refused.
//
// The four Reason values of the original Parism are kept; Detail refines
// them (DetailCodes lists every code). A command with no CommandPolicy is
// checked by the allowlist, paths, patterns, blocked flags and profile
// only, as the first version of this package did: every non-flag word and
// the value of --flag=value is then a path candidate.
//
// The working directory is taken literally, as os/exec does: relative to the
// process directory, no "~" expansion. Arguments starting with "~" must stay
// inside both read literally and expanded against the home directory, since
// some programs expand it themselves.
//
// An allowed Decision carries Argv, the guard's reading of the argv (git's
// global options with their values, the subcommand, the end of options),
// so that what runs after the guard (Argv.Rewrite, a server choosing which
// repository git reads) uses the reading the guard made rather than read
// the list again; ReadArgv makes the same reading of an unchecked argv.
//
// Check reads the file system at call time; changes made between Check and
// exec are not seen. The guard is a policy layer: what a repository's own
// configuration makes git run, what a credential plugin in the operator's
// kubeconfig does, and where curl may connect are for the environment and
// the kernel sandbox the caller puts around the child (see Rewrite and
// docs/guard-policies.md).
package guard
