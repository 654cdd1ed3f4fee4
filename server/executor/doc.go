// Package executor runs one program directly (never through a shell) in its
// own process group, with a timeout, a clean environment and bounded
// head-and-tail capture of stdout and stderr.
//
// Run never panics and never hangs on a child's descendants: every failure
// is reported in the Result, and the whole process group is killed before
// Run returns so an agent cannot leave daemons behind.
//
// The environment is the caller's to build: StripEnv removes secrets (by
// name and by value), SafeEnv forces harmless pager, editor, locale and git
// settings, ProgramEnv re-asserts the operator's npm settings over a
// project's .npmrc, and GitDrivers adds, per repository and cached, the
// overrides for the git configuration keys a repository names itself.
//
// With Spec.Confine, on Linux, the kernel confines the child (Landlock,
// no_new_privs, a seccomp filter, resource limits). Landlock cannot be
// undone by the process that applies it, so the executor never applies it
// to its caller: it starts a small helper (package sandboxhelper) that
// confines itself and then executes the program.
//
// The helper is the parism-sandbox binary (cli/cmd/parism-sandbox) when
// it is installed next to the running executable or named, by absolute
// path, in the PARISM_SANDBOX_BINARY variable (HelperPathEnv); it starts
// a few milliseconds faster than a large binary. Otherwise, or with
// PARISM_SANDBOX_BINARY=self, the running binary is re-executed and this
// package's init function runs the helper, so confinement works in any
// binary that links the package, including go test binaries; that init
// does nothing otherwise. SandboxStatus reports what the host can enforce
// and which helper is used.
package executor
