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
// no_new_privs, a seccomp filter, dropped capabilities, resource limits).
// Landlock cannot be undone by the thread that applies it, so the executor
// applies it to a throwaway thread: a goroutine locked to an OS thread of
// its own (the spare one, made once the previous command runs, so that
// no thread is created while the caller waits, and prepared then with all
// of the restriction that does not depend on the command: capabilities,
// no_new_privs, the seccomp filter) restricts that thread alone,
// forks the program from it (no second exec), sets the resource limits
// while the child is stopped at its exec, and stays parked until the child
// has been reaped; the thread then ends, having run nothing else. The rest
// of the process is never confined. The Landlock ruleset of a confinement
// is built once and reused while its paths still name the same files
// (sandboxhelper.RulesetCache).
//
// The sandbox helper (package sandboxhelper) is the fallback: a process
// that confines itself and then executes the program. It is used when
// PARISM_SANDBOX_BINARY (HelperPathEnv) is set, to the absolute path of a
// parism-sandbox binary (cli/cmd/parism-sandbox) or to "self" (the running
// binary re-executed: this package's init function runs the helper, so it
// works in any binary that links the package, go test binaries included;
// that init does nothing otherwise), or when the host forbids stopping the
// child at its exec (Yama ptrace_scope 3). SandboxStatus reports what the
// host can enforce and how children are started.
package executor
