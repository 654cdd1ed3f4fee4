// Package executor runs one program directly (never through a shell) in its
// own process group, with a timeout, a clean environment and bounded
// head-and-tail capture of stdout and stderr.
//
// Run never panics and never hangs on a child's descendants: every failure
// is reported in the Result, and the whole process group is killed before
// Run returns so an agent cannot leave daemons behind.
//
// With Spec.Confine, on Linux, the kernel confines the child (Landlock,
// no_new_privs, a seccomp filter, resource limits). Landlock cannot be
// undone by the process that applies it, so the executor never applies it
// to its caller: it re-executes the running binary as a small helper that
// confines itself and then executes the program. The helper is recognised
// by this package's init function, so it works in any binary that links
// the package, including go test binaries; it never runs otherwise.
// SandboxStatus reports what the host can enforce.
package executor
