package executor

import (
	"math"
	"time"
)

// Values of Confinement.Mode.
const (
	// SandboxAuto applies Landlock where the kernel has it and runs the
	// child without it (but with the rest of the confinement) where not.
	SandboxAuto = "auto"
	// SandboxOff skips Landlock; no_new_privs and the resource limits are
	// still applied.
	SandboxOff = "off"
	// SandboxRequired refuses to start a child (ReasonSandboxUnavailable)
	// when Landlock cannot be applied.
	SandboxRequired = "required"
)

// HelperPathEnv names the variable an operator sets to choose the sandbox
// helper on Linux: an absolute path to a parism-sandbox binary, or "self" to
// re-execute the running binary. It is read once, from the process's own
// environment, which a project cannot set.
const HelperPathEnv = "PARISM_SANDBOX_BINARY"

// Reasons a confined child could not be started, in SpawnError.Reason.
const (
	// ReasonSandboxUnavailable: Confinement.Mode is SandboxRequired and the
	// kernel has no Landlock (or the platform is not Linux).
	ReasonSandboxUnavailable = "sandbox_unavailable"
	// ReasonSandbox: the sandbox helper failed to restrict itself (a bad
	// Confinement or a kernel refusal). The child never ran.
	ReasonSandbox = "sandbox"
)

// Confinement is what the kernel enforces on one child, under whatever the
// caller's policy already checked, so that a policy mistake is not a
// breach. On Linux the executor applies it without a second exec: a
// goroutine locked to an OS thread that has run nothing else (a spare one,
// made in advance) sets no_new_privs, the Landlock rules and a seccomp
// filter on that thread alone, forks the program from it (the child
// inherits all three irreversibly), puts the resource limits on the child
// while it is stopped before its first instruction, and waits for it; the
// thread is then discarded, never returned to the Go scheduler. The rest of the server is not confined. Where that path
// cannot place the limits, or PARISM_SANDBOX_BINARY asks for it, the child
// is started through the sandbox helper instead (see the package
// documentation); both paths enforce the same rules.
//
// Landlock rules: files are readable under ReadPaths; they can be
// executed only where ExecPaths says; regular files may be written only
// under WritePaths, the private temporary directory and /dev/null; TCP
// bind and connect are refused unless allowed (kernel ABI 4 and later),
// connect to ConnectPorts only when it is set; signals and abstract unix
// sockets cannot reach processes outside the child's domain (ABI 6). A
// seccomp filter keeps the child off the server's own process and the
// thread that started it (signals, ptrace, prlimit, pidfds), and the first
// confined start sets PR_SET_DUMPABLE 0 on the calling process, so that a
// child cannot open the server's /proc/<pid>/environ, mem or fd. That is
// process-wide and permanent: debuggers cannot attach to a server that
// confines its children without privileges, and core dumps are off.
type Confinement struct {
	// Mode is SandboxAuto (also for ""), SandboxOff or SandboxRequired.
	Mode string
	// ReadPaths are the files and directories the child may read; nil
	// means the whole file system ("/").
	ReadPaths []string
	// ListPaths are directories whose entries may be listed, not read
	// (with what is beneath them: a Landlock rule on a directory covers
	// its subtree), for a directory above one that must stay unreadable.
	ListPaths []string
	// ExecPaths are the files and directories whose files the child may
	// execute, beside the program itself and what the kernel opens to run
	// it (its ELF interpreter, or its #! interpreter and, through
	// /usr/bin/env, the program env names), which are always added. nil
	// means every readable or writable file may be executed.
	ExecPaths []string
	// WritePaths are the directories the child may create, change and
	// delete files in; nil means none. Missing entries are skipped.
	WritePaths []string
	// PrivateTmp gives the child a fresh writable directory in TMPDIR,
	// removed after the run, so programs that need scratch files (sort on
	// large input, compilers) work without write access elsewhere.
	// Without it TMPDIR is removed from the child's environment: a program
	// that wants scratch space falls back on /tmp, writable only if
	// WritePaths says so.
	PrivateTmp bool
	// AllowBind lets the child bind TCP ports (servers started by tests).
	AllowBind bool
	// AllowConnect lets the child open TCP connections (curl, kubectl):
	// to ConnectPorts only when that is not empty.
	AllowConnect bool
	ConnectPorts []uint16
	// CPUSeconds is RLIMIT_CPU for each process of the run; 0 derives it
	// from Spec.Timeout (rounded up; unlimited without a timeout). A
	// process past it gets SIGXCPU, and SIGKILL a second later.
	CPUSeconds int
	// MaxMemoryBytes is RLIMIT_AS (address space, not resident memory:
	// runtimes such as the JVM and V8 reserve far more than they use, so
	// keep it generous); 0 leaves it unlimited.
	MaxMemoryBytes int64
	// MaxFileBytes is RLIMIT_FSIZE: no regular file may grow past it
	// (pipes and devices are not counted); 0 leaves it unlimited.
	MaxFileBytes int64
	// MaxProcs is RLIMIT_NPROC, which the kernel counts per real user id,
	// across every process of that user, not per run: it only makes sense
	// under a dedicated user. 0 leaves it unchanged.
	MaxProcs int
}

// Values of Sandbox.Start.
const (
	// StartThread: the command is forked from a locked, self-restricted
	// thread of this process; no second exec.
	StartThread = "thread"
	// StartHelper: the command is started through the sandbox helper,
	// which restricts itself and executes it (a second exec).
	StartHelper = "helper"
)

// Sandbox is what the kernel layer can enforce on this host.
type Sandbox struct {
	// Enforced reports that children are started under Landlock.
	Enforced bool `json:"enforced"`
	// ABI is the Landlock ABI version applied: the kernel's, capped at the
	// newest one this package asks for; 0 when Landlock is unavailable.
	ABI int `json:"abi"`
	// Reason says why Enforced is false ("" when it is true).
	Reason string `json:"reason,omitempty"`
	// Start is how confined children are started: StartThread or
	// StartHelper; "" where there is no kernel confinement.
	Start string `json:"start,omitempty"`
	// StartReason says why the helper is used.
	StartReason string `json:"start_reason,omitempty"`
	// Helper is the program each confined child is started through when
	// Start is StartHelper: the parism-sandbox binary named by
	// PARISM_SANDBOX_BINARY or installed next to the running executable,
	// else "/proc/self/exe" (this binary, re-executed).
	Helper string `json:"helper,omitempty"`
	// HelperIgnored says why a parism-sandbox that was found or configured
	// is not used (not executable, not a regular file, writable by every
	// user, owned by another user, a relative path).
	HelperIgnored string `json:"helper_ignored,omitempty"`
}

// cpuSeconds is the RLIMIT_CPU the helper sets: c.CPUSeconds, or the
// timeout rounded up to whole seconds; 0 means unlimited.
func (c *Confinement) cpuSeconds(timeout time.Duration) uint64 {
	if c.CPUSeconds > 0 {
		return uint64(c.CPUSeconds)
	}
	if timeout <= 0 {
		return 0
	}
	return uint64(math.Ceil(timeout.Seconds()))
}
