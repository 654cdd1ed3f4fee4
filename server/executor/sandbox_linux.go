//go:build linux

package executor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// The helper is this very binary, started again as /proc/self/exe with
// argv[0] set to helperArg0 and its configuration in the helperEnv
// variable. Both must be present: argv[0] alone could be chosen by anyone
// running the binary, and an inherited variable alone must never turn a
// server into a helper. init below recognises them, so every binary that
// links this package (the parism CLI, a library user's program, a go test
// binary) can confine its children without a separate executable.
const (
	helperArg0 = "parism-sandbox-helper"
	helperEnv  = "PARISM_SANDBOX_HELPER"
	// helperStatusFD is the helper's end of the status pipe (ExtraFiles[0]).
	// It is close-on-exec: EOF without a message means the target runs.
	helperStatusFD = 3
	// landlockABI is the newest Landlock ABI whose rules the helper asks
	// for (landlock.V7); newer kernels enforce these rights and no others.
	landlockABI = 7
	// selfExe re-executes the running binary even if its file was replaced
	// or deleted since the server started (an upgrade in place).
	selfExe = "/proc/self/exe"
	// helperStartLimit bounds the wait for the helper to execute the
	// program (normally a few milliseconds).
	helperStartLimit = 10 * time.Second
)

func init() {
	if len(os.Args) < 2 || os.Args[0] != helperArg0 {
		return
	}
	if raw, ok := os.LookupEnv(helperEnv); ok {
		runHelper(raw) // never returns
	}
}

// helperConfig is the helper's whole input, as JSON in helperEnv.
type helperConfig struct {
	Path     string   `json:"path"` // the resolved program
	Landlock bool     `json:"landlock"`
	ABI      int      `json:"abi"`
	Read     []string `json:"read"`
	Write    []string `json:"write"`
	Bind     bool     `json:"bind"`
	Connect  bool     `json:"connect"`
	CPU      uint64   `json:"cpu"`   // RLIMIT_CPU seconds, 0: unchanged
	AS       uint64   `json:"as"`    // RLIMIT_AS bytes, 0: unchanged
	FSize    uint64   `json:"fsize"` // RLIMIT_FSIZE bytes, 0: unchanged
	NProc    uint64   `json:"nproc"` // RLIMIT_NPROC, 0: unchanged
}

// runHelper confines the current process and executes the target; argv is
// os.Args[1:]. Any failure is written to the status pipe as
// "stage\x00errno\x00message" and the helper exits 127 without running the
// target.
func runHelper(raw string) {
	// Landlock, seccomp and no_new_privs belong to the thread: set them
	// and exec from one and the same thread.
	runtime.LockOSThread()
	status := os.NewFile(helperStatusFD, "status")
	syscall.CloseOnExec(helperStatusFD)
	fail := func(stage string, err error) {
		var errno syscall.Errno
		errors.As(err, &errno)
		if status != nil {
			_, _ = fmt.Fprintf(status, "%s\x00%d\x00%s", stage, int(errno), err)
		}
		os.Exit(127)
	}
	var c helperConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		fail("sandbox", fmt.Errorf("bad helper configuration: %w", err))
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if envName(kv) != helperEnv {
			env = append(env, kv)
		}
	}
	// Without no_new_privs a setuid program could regain what Landlock and
	// the limits take away; Landlock requires it anyway.
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fail("sandbox", fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", err))
	}
	if c.Landlock {
		if err := restrict(c); err != nil {
			fail("sandbox", fmt.Errorf("landlock: %w", err))
		}
		if c.ABI >= 4 && (!c.Bind || !c.Connect) {
			// Landlock's TCP rules miss MPTCP sockets (seccomp_linux.go).
			if err := denyMPTCP(); err != nil {
				fail("sandbox", err)
			}
		}
	}
	// Limits last: a small RLIMIT_AS could starve the Go runtime above.
	for _, l := range []struct {
		res int
		val uint64
		// hard is the hard limit: RLIMIT_CPU's is a second later, so the
		// SIGXCPU at the soft limit is followed by a SIGKILL for a process
		// that ignores it.
		hard uint64
	}{
		{unix.RLIMIT_CPU, c.CPU, c.CPU + 1},
		{unix.RLIMIT_AS, c.AS, c.AS},
		{unix.RLIMIT_FSIZE, c.FSize, c.FSize},
		{unix.RLIMIT_NPROC, c.NProc, c.NProc},
	} {
		if l.val == 0 {
			continue
		}
		if err := lowerLimit(l.res, l.val, l.hard); err != nil {
			fail("sandbox", err)
		}
	}
	err := syscall.Exec(c.Path, os.Args[1:], env)
	fail("exec", err)
}

// lowerLimit sets a resource limit, never above the current hard limit
// (raising it needs privileges the helper does not take).
func lowerLimit(res int, soft, hard uint64) error {
	var cur unix.Rlimit
	if err := unix.Getrlimit(res, &cur); err != nil {
		return fmt.Errorf("getrlimit(%d): %w", res, err)
	}
	hard = min(hard, cur.Max)
	soft = min(soft, hard)
	if err := unix.Setrlimit(res, &unix.Rlimit{Cur: soft, Max: hard}); err != nil {
		return fmt.Errorf("setrlimit(%d): %w", res, err)
	}
	return nil
}

// Landlock access rights, by what they let a program do.
const (
	llRead = llsys.AccessFSExecute | llsys.AccessFSReadFile | llsys.AccessFSReadDir
	// llWriteFile is for single files (/dev/null): a path-beneath rule on
	// a file may only carry file rights.
	llWriteFile = llsys.AccessFSReadFile | llsys.AccessFSWriteFile | llsys.AccessFSTruncate
	// llWriteDir is everything inside a writable directory, including
	// moving files between writable directories (Refer), which mv and
	// build tools' atomic renames need.
	llWriteDir = llRead | llsys.AccessFSWriteFile | llsys.AccessFSTruncate | llsys.AccessFSRemoveDir |
		llsys.AccessFSRemoveFile | llsys.AccessFSMakeChar | llsys.AccessFSMakeDir | llsys.AccessFSMakeReg |
		llsys.AccessFSMakeSock | llsys.AccessFSMakeFifo | llsys.AccessFSMakeBlock | llsys.AccessFSMakeSym |
		llsys.AccessFSRefer
)

// handledFS is every file-system right Landlock knows at an ABI: whatever
// is handled and not granted by a rule is denied.
func handledFS(abi int) uint64 {
	switch {
	case abi <= 0:
		return 0
	case abi == 1:
		return 1<<13 - 1
	case abi == 2:
		return 1<<14 - 1 // + refer
	case abi <= 4:
		return 1<<15 - 1 // + truncate
	default:
		return 1<<16 - 1 // + ioctl on devices (ABI 5, up to our ABI 7)
	}
}

// restrict applies the Landlock rules of c to the calling thread, which
// then executes the program: the domain belongs to the thread's
// credentials, and execve gives the new image the calling thread's. The
// Go runtime's other threads die at execve and run none of our code
// meanwhile, so go-landlock's all-threads machinery (psx, which costs
// milliseconds of signalling) is not needed here.
func restrict(c helperConfig) error {
	fsRights := handledFS(c.ABI)
	attr := llsys.RulesetAttr{HandledAccessFS: fsRights}
	if c.ABI >= 4 {
		if !c.Bind {
			attr.HandledAccessNet |= llsys.AccessNetBindTCP
		}
		if !c.Connect {
			attr.HandledAccessNet |= llsys.AccessNetConnectTCP
		}
	}
	if c.ABI >= 6 {
		// Signals and abstract unix sockets cannot reach processes outside
		// the child's domain: the server, other runs, the user's session.
		attr.Scoped = llsys.ScopeAbstractUnixSocket | llsys.ScopeSignal
	}
	fd, err := llsys.LandlockCreateRuleset(&attr, 0)
	if err != nil {
		return fmt.Errorf("landlock_create_ruleset: %w", err)
	}
	defer syscall.Close(fd)
	for _, r := range []struct {
		paths  []string
		rights uint64
	}{
		{c.Read, llRead},
		// Programs redirect to /dev/null and open it for writing.
		{[]string{"/dev/null"}, llWriteFile},
		{c.Write, llWriteDir},
	} {
		for _, p := range r.paths {
			if err := addPath(fd, p, r.rights&fsRights); err != nil {
				return err
			}
		}
	}
	if err := llsys.LandlockRestrictSelf(fd, 0); err != nil {
		return fmt.Errorf("landlock_restrict_self: %w", err)
	}
	return nil
}

// addPath grants rights under path; a missing path grants nothing.
func addPath(rulesetFD int, path string, rights uint64) error {
	pfd, err := syscall.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if errors.Is(err, syscall.ENOENT) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer syscall.Close(pfd)
	if err := llsys.LandlockAddPathBeneathRule(rulesetFD, &llsys.PathBeneathAttr{AllowedAccess: rights, ParentFd: pfd}, 0); err != nil {
		return fmt.Errorf("landlock_add_rule %s: %w", path, err)
	}
	return nil
}

var sandboxOnce = sync.OnceValue(sandboxStatus)

// SandboxStatus reports, once per process, whether this host can confine
// children with Landlock and at which ABI.
func SandboxStatus() Sandbox { return sandboxOnce() }

func sandboxStatus() Sandbox {
	v, err := llsys.LandlockGetABIVersion()
	switch {
	case errors.Is(err, syscall.ENOSYS):
		return Sandbox{Reason: "the kernel has no Landlock support (Linux 5.13 or later built with CONFIG_SECURITY_LANDLOCK)"}
	case errors.Is(err, syscall.EOPNOTSUPP):
		return Sandbox{Reason: "Landlock is disabled at boot (add landlock to the kernel's lsm= parameter)"}
	case err != nil:
		return Sandbox{Reason: "cannot query Landlock: " + err.Error()}
	case v <= 0:
		return Sandbox{Reason: "the kernel reports no Landlock ABI"}
	}
	if v >= 6 {
		// Signal scoping was broken in early 6.12 kernels; go-landlock
		// downgrades to ABI 5 unless erratum 2 is fixed, and so do we,
		// so the ABI reported is the one enforced.
		if e, err := llsys.LandlockGetErrata(); err != nil || e&0x2 == 0 {
			v = 5
		}
	}
	if _, err := os.Stat(selfExe); err != nil {
		return Sandbox{Reason: "cannot re-execute this binary as the sandbox helper: " + err.Error()}
	}
	return Sandbox{Enforced: true, ABI: min(v, landlockABI)}
}

// sandboxRun is the parent's side of one confined start.
type sandboxRun struct {
	statusR, statusW *os.File
	tmp              string // private TMPDIR, removed by cleanup
}

// confine rewrites cmd to start the helper instead of the program. It
// returns nil, nil when s has no Confinement.
func confine(cmd *exec.Cmd, s Spec) (*sandboxRun, error) {
	c := s.Confine
	if c == nil {
		return nil, nil
	}
	st := SandboxStatus()
	mode := c.Mode
	switch mode {
	case "", SandboxAuto:
		mode = SandboxAuto
	case SandboxOff, SandboxRequired:
	default:
		return nil, &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir,
			Err: fmt.Errorf("unknown sandbox mode %q (want %q, %q or %q)", c.Mode, SandboxAuto, SandboxOff, SandboxRequired)}
	}
	if mode == SandboxRequired && !st.Enforced {
		return nil, &SpawnError{Reason: ReasonSandboxUnavailable, Path: s.Path, Dir: s.Dir, Err: errors.New(st.Reason)}
	}
	hc := helperConfig{
		Path:     cmd.Path,
		Landlock: mode != SandboxOff && st.Enforced,
		ABI:      st.ABI,
		Read:     absAll(c.ReadPaths),
		Write:    absAll(c.WritePaths),
		Bind:     c.AllowBind,
		Connect:  c.AllowConnect,
		CPU:      c.cpuSeconds(s.Timeout),
		AS:       positive(c.MaxMemoryBytes),
		FSize:    positive(c.MaxFileBytes),
		NProc:    positive(int64(c.MaxProcs)),
	}
	if c.ReadPaths == nil {
		hc.Read = []string{"/"}
	}
	sr := &sandboxRun{}
	env := cmd.Env
	if c.PrivateTmp {
		tmp, err := os.MkdirTemp("", "parism-run-")
		if err != nil {
			return nil, &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: err}
		}
		sr.tmp = tmp
		hc.Write = append(hc.Write, tmp)
		env = withVar(env, "TMPDIR", tmp)
		// npm needs a writable cache even to read (npm view, outdated);
		// the home one is not writable under readonly.
		env = withVar(env, "npm_config_cache", filepath.Join(tmp, "npm-cache"))
	}
	raw, err := json.Marshal(hc)
	if err != nil {
		sr.cleanup()
		return nil, &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: err}
	}
	if sr.statusR, sr.statusW, err = os.Pipe(); err != nil {
		sr.cleanup()
		return nil, &SpawnError{Reason: ReasonOther, Path: s.Path, Dir: s.Dir, Err: err}
	}
	cmd.Path = selfExe
	cmd.Args = append([]string{helperArg0}, cmd.Args...)
	cmd.Env = withVar(env, helperEnv, string(raw))
	cmd.ExtraFiles = []*os.File{sr.statusW}
	return sr, nil
}

// started is called after cmd.Start succeeded. It waits until the helper
// has executed the program (the status pipe closes on exec) and returns
// the helper's failure, if any, as a SpawnError.
func (sr *sandboxRun) started(s Spec, path string) error {
	_ = sr.statusW.Close()
	sr.statusW = nil
	// The helper is a fresh start of this binary; one stuck in some
	// package's init must not hold Run forever.
	_ = sr.statusR.SetReadDeadline(time.Now().Add(helperStartLimit))
	msg, err := io.ReadAll(sr.statusR)
	_ = sr.statusR.Close()
	sr.statusR = nil
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir,
			Err: fmt.Errorf("the sandbox helper did not start the program within %v", helperStartLimit)}
	}
	if len(msg) == 0 {
		return nil
	}
	parts := strings.SplitN(string(msg), "\x00", 3)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	stage, text := parts[0], parts[2]
	errno, _ := strconv.Atoi(parts[1])
	if stage == "exec" && errno != 0 {
		err := &fs.PathError{Op: "exec", Path: path, Err: syscall.Errno(errno)}
		return &SpawnError{Reason: reasonOf(err), Path: s.Path, Dir: s.Dir, Err: err}
	}
	return &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: errors.New(text)}
}

// startFailed releases what confine made when cmd.Start failed.
func (sr *sandboxRun) startFailed() {
	closeAll(sr.statusR, sr.statusW)
	sr.statusR, sr.statusW = nil, nil
	sr.cleanup()
}

// cleanup removes the private temporary directory. It runs after the
// process group is dead; RemoveAll does not follow symbolic links the
// child may have planted there.
func (sr *sandboxRun) cleanup() {
	if sr.tmp != "" {
		_ = os.RemoveAll(sr.tmp)
		sr.tmp = ""
	}
}

func absAll(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		out = append(out, p)
	}
	return out
}

func positive(n int64) uint64 {
	if n <= 0 {
		return 0
	}
	return uint64(n)
}

// withVar returns env with name set to value, as a copy.
func withVar(env []string, name, value string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if envName(kv) != name {
			out = append(out, kv)
		}
	}
	return append(out, name+"="+value)
}
