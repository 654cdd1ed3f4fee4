// Package guard decides whether a command may run: an allowlist of programs,
// bounds on the working directory and path-like arguments, per-argument
// injection patterns, per-command flag restrictions and profiles.
//
// It is a policy engine with no dependency on the rest of Parism: build a
// Policy (DefaultPolicy is a good start), compile it with New, and call
// Check before spawning anything. A Decision says which argument was refused
// and why, with a stable Reason code.
//
// Commands are run without a shell, so the guard reasons about the argv a
// program will receive, never about a command line. Check applies four
// layers in a fixed order and reports the first refusal, so the same input
// always yields the same Decision:
//
//  1. Allowlist: the command must be a bare name on the list. A path such as
//     /bin/ls is refused, since the file behind it is not what was vetted.
//  2. Paths (only when AllowedPaths is set): the working directory, then
//     every non-flag argument and the value of every --flag=value, must
//     resolve under an allowed path. Resolution follows symlinks component
//     by component as the kernel does, so links and ".." cannot step out.
//     After "--" every argument is a candidate, dashes included.
//  3. Patterns: each argument on its own must not contain a blocked
//     pattern, nor a NUL byte.
//  4. Flags and profile: the command's blocked flags are refused in every
//     spelling a parser accepts ("--eval=x", "-pe", "-e1"); in the readonly
//     profile, forms that run project code (see BuildOnly) are refused.
//
// The working directory is taken literally, as os/exec does: relative to the
// process directory, no "~" expansion. Arguments starting with "~" must stay
// inside both read literally and expanded against the home directory, since
// some programs expand it themselves.
//
// Known limits of this version: a bare flag followed by its value ("-C dir")
// is checked only through the separate value argument, and attached short
// values ("-C/etc") are not checked for paths. Check reads the file system at
// call time; changes made between Check and exec are not seen.
package guard
