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
// breach. On Linux the child is started through a helper (the parism-sandbox
// binary, or this very binary re-executed: see the package documentation)
// that sets no_new_privs, the
// resource limits and the Landlock rules on itself and then executes the
// program, which inherits all of them irreversibly.
//
// Landlock rules: the file system is readable and executable under
// ReadPaths; regular files may be written only under WritePaths, the
// private temporary directory and /dev/null; TCP bind and connect are
// refused unless allowed (kernel ABI 4 and later); signals and abstract
// unix sockets cannot reach processes outside the child's domain (ABI 6).
type Confinement struct {
	// Mode is SandboxAuto (also for ""), SandboxOff or SandboxRequired.
	Mode string
	// ReadPaths are the directories the child may read and execute from;
	// nil means the whole file system ("/"): programs need their
	// libraries, locale, /proc and /sys, and tools read their own
	// configuration in the user's home.
	ReadPaths []string
	// WritePaths are the directories the child may create, change and
	// delete files in; nil means none. Missing entries are skipped.
	WritePaths []string
	// PrivateTmp gives the child a fresh writable directory in TMPDIR,
	// removed after the run, so programs that need scratch files (sort on
	// large input, compilers) work without write access elsewhere.
	PrivateTmp bool
	// AllowBind lets the child bind TCP ports (servers started by tests).
	AllowBind bool
	// AllowConnect lets the child open TCP connections (curl, kubectl).
	AllowConnect bool
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

// Sandbox is what the kernel layer can enforce on this host.
type Sandbox struct {
	// Enforced reports that children are started under Landlock.
	Enforced bool `json:"enforced"`
	// ABI is the Landlock ABI version applied: the kernel's, capped at the
	// newest one this package asks for; 0 when Landlock is unavailable.
	ABI int `json:"abi"`
	// Reason says why Enforced is false ("" when it is true).
	Reason string `json:"reason,omitempty"`
	// Helper is the program each confined child is started through on
	// Linux: the dedicated parism-sandbox binary when one is installed
	// next to the running executable or named by PARISM_SANDBOX_BINARY,
	// else "/proc/self/exe" (this binary, re-executed); "" elsewhere.
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
