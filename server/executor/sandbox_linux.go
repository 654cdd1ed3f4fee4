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
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"github.com/parism-go/parism/server/sandboxhelper"
	"golang.org/x/sys/unix"
)

const (
	helperArg0  = sandboxhelper.Arg0
	helperEnv   = sandboxhelper.Env
	landlockABI = sandboxhelper.LandlockABI
	// selfExe re-executes the running binary even if its file was replaced
	// or deleted since the server started (an upgrade in place).
	selfExe = "/proc/self/exe"
	// helperName is the dedicated helper's file name, looked up next to
	// the running executable.
	helperName = "parism-sandbox"
	// helperStartLimit bounds the wait for the helper to execute the
	// program (normally a few milliseconds).
	helperStartLimit = 10 * time.Second
)

// init turns this process into the helper when it was re-executed as one
// (the fallback when no parism-sandbox binary is installed), so every
// binary that links this package (the parism CLI, a library user's
// program, a go test binary) can confine its children on its own.
func init() { sandboxhelper.Main() }

// helperChoice is the program confine starts: a dedicated parism-sandbox
// binary, or this one re-executed.
type helperChoice struct {
	path string // the helper binary; selfExe for the fallback
	// ignored says why a configured or installed helper is not used.
	ignored string
	// why says why a helper is used at all.
	why string
}

// sandboxHelper is chosen once per process: the installation does not
// change under a running server. A zero path means no helper: children are
// started from a locked thread (StartThread). Tests replace it.
var sandboxHelper = sync.OnceValue(func() helperChoice {
	setting, set := os.LookupEnv(HelperPathEnv)
	why := HelperPathEnv + " is set"
	if !set || setting == "" {
		if why = ptraceGateMissing(); why == "" {
			return helperChoice{}
		}
	}
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	h := findHelper(exe, setting, set)
	h.why = why
	return h
})

// ptraceGateMissing says why a child cannot be held stopped at its exec
// for its resource limits to be set ("" when it can): Yama's
// ptrace_scope 3 forbids PTRACE_TRACEME.
func ptraceGateMissing() string {
	b, err := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope")
	if err == nil && strings.TrimSpace(string(b)) == "3" {
		return "kernel.yama.ptrace_scope is 3: the resource limits cannot be set on a child stopped at its exec"
	}
	return ""
}

// findHelper picks the helper: the explicit setting when there is one,
// else parism-sandbox in the directory of the running executable (exe),
// else this binary. Only the operator decides either place: the
// variable is the server's own, and the executable's directory is where
// parism was installed. A helper that fails checkHelper is ignored, not
// fatal: the fallback confines exactly as well, only slower.
func findHelper(exe, setting string, set bool) helperChoice {
	if set && setting != "" {
		if setting == "self" {
			return helperChoice{path: selfExe}
		}
		if !filepath.IsAbs(setting) {
			return helperChoice{path: selfExe, ignored: HelperPathEnv + "=" + setting + " is not an absolute path"}
		}
		if err := checkHelper(setting); err != nil {
			return helperChoice{path: selfExe, ignored: HelperPathEnv + ": " + err.Error()}
		}
		return helperChoice{path: setting}
	}
	if exe == "" {
		return helperChoice{path: selfExe}
	}
	p := filepath.Join(filepath.Dir(exe), helperName)
	err := checkHelper(p)
	switch {
	case err == nil:
		return helperChoice{path: p}
	case errors.Is(err, fs.ErrNotExist):
		return helperChoice{path: selfExe} // not installed: the normal case for library users
	}
	return helperChoice{path: selfExe, ignored: err.Error()}
}

// checkHelper accepts a regular file this process may execute, owned by
// root or by this user and not writable by everyone: a file another user
// could replace would run every command's confinement.
func checkHelper(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", p)
	}
	if fi.Mode().Perm()&0o002 != 0 {
		return fmt.Errorf("%s is writable by every user", p)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Uid != 0 && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s is owned by user %d, neither root nor this user", p, st.Uid)
	}
	if err := unix.Access(p, unix.X_OK); err != nil {
		return fmt.Errorf("%s is not executable: %w", p, err)
	}
	return nil
}

var sandboxOnce = sync.OnceValue(sandboxStatus)

// SandboxStatus reports, once per process, whether this host can confine
// children with Landlock and at which ABI.
func SandboxStatus() Sandbox { return sandboxOnce() }

func sandboxStatus() Sandbox {
	st := landlockStatus()
	h := sandboxHelper()
	st.Start = StartThread
	if h.path != "" {
		st.Start, st.StartReason = StartHelper, h.why
		st.Helper, st.HelperIgnored = h.path, h.ignored
	}
	return st
}

func landlockStatus() Sandbox {
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
	if sandboxHelper().path == selfExe {
		if _, err := os.Stat(selfExe); err != nil {
			return Sandbox{Reason: "cannot re-execute this binary as the sandbox helper: " + err.Error()}
		}
	}
	return Sandbox{Enforced: true, ABI: min(v, landlockABI)}
}

// sandboxRun is the parent's side of one confined start.
type sandboxRun struct {
	cfg sandboxhelper.Config
	// helper: started through the helper (statusR/W), not from a thread.
	helper           bool
	statusR, statusW *os.File
	tmp              string // private TMPDIR, removed by cleanup
}

// confine prepares cmd for a confined start: the rules, and, for the
// helper, cmd rewritten to start it instead of the program. It returns
// nil, nil when s has no Confinement.
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
	if err := dumpable(); err != nil {
		return nil, &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: err}
	}
	sr := &sandboxRun{helper: sandboxHelper().path != ""}
	env := cmd.Env
	if c.PrivateTmp {
		tmp, err := os.MkdirTemp("", "parism-run-")
		if err != nil {
			return nil, &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: err}
		}
		sr.tmp = tmp
		env = withVar(env, "TMPDIR", tmp)
		// npm needs a writable cache even to read (npm view, outdated);
		// the home one is not writable under readonly.
		env = withVar(env, "npm_config_cache", filepath.Join(tmp, "npm-cache"))
	} else {
		// No scratch directory: a program that wants one falls back on
		// /tmp, which no rule lets it write, and fails there.
		env = withoutVar(env, "TMPDIR")
	}
	program := cmd.Path
	if !filepath.IsAbs(program) && s.Dir != "" {
		program = filepath.Join(s.Dir, program)
	}
	sr.cfg = sandboxhelper.Config{
		Version:  sandboxhelper.Version,
		Path:     cmd.Path,
		Landlock: mode != SandboxOff && st.Enforced,
		ABI:      st.ABI,
		Rules:    c.rules(program, env, sr.tmp),
		Bind:     c.AllowBind,
		Connect:  c.AllowConnect,
		CPU:      c.cpuSeconds(s.Timeout),
		AS:       positive(c.MaxMemoryBytes),
		FSize:    positive(c.MaxFileBytes),
		NProc:    positive(int64(c.MaxProcs)),
	}
	if c.AllowConnect {
		sr.cfg.Ports = c.ConnectPorts
	}
	if !sr.helper {
		cmd.Env = env
		if cmd.SysProcAttr == nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{}
		}
		// The child stops at its exec until its limits are set (startOnThread).
		cmd.SysProcAttr.Ptrace = sr.cfg.HasLimits()
		return sr, nil
	}
	// The helper is the server's child: the server's own process is what
	// it must keep off (it has no thread in the child's domain).
	sr.cfg.Protect = []int{os.Getpid()}
	raw, err := json.Marshal(sr.cfg)
	if err != nil {
		sr.cleanup()
		return nil, &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: err}
	}
	if sr.statusR, sr.statusW, err = os.Pipe(); err != nil {
		sr.cleanup()
		return nil, &SpawnError{Reason: ReasonOther, Path: s.Path, Dir: s.Dir, Err: err}
	}
	cmd.Path = sandboxHelper().path
	cmd.Args = append([]string{helperArg0}, cmd.Args...)
	cmd.Env = withVar(env, helperEnv, string(raw))
	cmd.ExtraFiles = []*os.File{sr.statusW} // the child's fd 3: sandboxhelper.StatusFD
	return sr, nil
}

// rules are the file-system grants of c for a run of program, whose
// private temporary directory is tmp ("" for none).
func (c *Confinement) rules(program string, env []string, tmp string) []sandboxhelper.Rule {
	execAll := uint64(0)
	if c.ExecPaths == nil {
		execAll = sandboxhelper.AccessExecute
	}
	read := c.ReadPaths
	if read == nil {
		read = []string{"/"}
	}
	rules := make([]sandboxhelper.Rule, 0, len(read)+len(c.ListPaths)+len(c.ExecPaths)+len(c.WritePaths)+8)
	add := func(paths []string, rights uint64) {
		for _, p := range paths {
			if p == "" {
				continue
			}
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
			rules = append(rules, sandboxhelper.Rule{Path: p, Rights: rights})
		}
	}
	add(read, sandboxhelper.AccessRead|execAll)
	add(c.ListPaths, sandboxhelper.AccessReadDir)
	add(c.ExecPaths, sandboxhelper.AccessRead|sandboxhelper.AccessExecute)
	// The program and what the kernel opens to run it, wherever they are.
	add(programFiles(program, env), sandboxhelper.AccessReadFile|sandboxhelper.AccessExecute)
	// Programs redirect to /dev/null and open it for writing.
	add([]string{"/dev/null"}, sandboxhelper.AccessWriteFile)
	add(c.WritePaths, sandboxhelper.AccessWriteDir|execAll)
	if tmp != "" {
		add([]string{tmp}, sandboxhelper.AccessWriteDir|execAll)
	}
	return rules
}

// dumpable turns PR_SET_DUMPABLE off for this process, once, before its
// first confined start. Landlock alone does not keep a child out of its
// parent's /proc/<pid>/environ, mem and fd (checked on Linux 6.18, with
// the helper too), and a child started from a thread shares that thread's
// domain. A process that is not dumpable lets only a caller with
// CAP_SYS_PTRACE, CAP_SYS_ADMIN or CAP_PERFMON in, which a confined child
// never has (sandboxhelper.RestrictThread drops them).
var dumpable = sync.OnceValue(func() error {
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl(PR_SET_DUMPABLE, 0): %w", err)
	}
	return nil
})

// startCmd starts cmd, confined by sr when it is not nil, and returns a
// channel closed once cmd.Wait has returned. A start error is either
// cmd.Start's or a *SpawnError.
func startCmd(cmd *exec.Cmd, sr *sandboxRun, s Spec, path string) (<-chan struct{}, error) {
	if sr != nil && !sr.helper {
		return sr.startOnThread(cmd, s)
	}
	if err := startWithChildSlack(cmd); err != nil {
		return nil, err
	}
	if sr != nil {
		if err := sr.started(s, path); err != nil {
			// The helper did not run the program; it has exited, or is
			// killed here if it hung.
			killGroup(cmd)
			_ = cmd.Wait()
			sweepGroup(cmd)
			return nil, err
		}
	}
	return waitFor(cmd), nil
}

// rulesets are the Landlock rulesets of the confinements started from a
// thread, built once each and checked before every use (see
// sandboxhelper.RulesetCache).
var rulesets = sandboxhelper.NewRulesetCache()

// ReleaseIdle gives back what the executor keeps between commands for
// speed: the cached Landlock rulesets, one descriptor each, and the
// descriptor that watches the mount table for them. A server calls it
// when no call is in flight (the MCP server after 50 ms without one), so
// that an idle process holds no descriptor a command left behind; the
// next burst builds its rulesets again. The spare thread stays: it holds
// no descriptor, and a parked thread costs nothing.
func ReleaseIdle() { rulesets.Drop() }

// startOnThread restricts an OS thread of its own, forks cmd from it,
// sets the resource limits on the child stopped at its exec, and keeps
// the thread until the child is reaped: the thread must outlive the
// child, whose Pdeathsig fires when the thread that forked it ends. The
// thread is the spare one when it is waiting (see onOwnThread), so that
// no thread is created while the caller waits; it never runs anything
// else and ends with the run.
func (sr *sandboxRun) startOnThread(cmd *exec.Cmd, s Spec) (<-chan struct{}, error) {
	fail := func(err error) error { return &SpawnError{Reason: ReasonSandbox, Path: s.Path, Dir: s.Dir, Err: err} }
	started := make(chan error, 1)
	waited, reaped := make(chan struct{}), make(chan struct{})
	var job func(threadState)
	job = func(t threadState) {
		c := sr.cfg
		c.Protect = []int{os.Getpid(), unix.Gettid()}
		mptcp := sandboxhelper.FilterMPTCP(c)
		spareMPTCP.Store(mptcp) // the next spare prepares as this run needs
		if t.prepared && (!t.ok || t.mptcp != mptcp) {
			// The spare's filter is not this run's (or failed to go on):
			// the run needs a thread that carries nothing yet.
			go ownThread(job, nil)
			return
		}
		var err error
		switch {
		case t.prepared && sr.tmp != "":
			// A rule names the run's own directory: a ruleset no other run
			// could use.
			err = sandboxhelper.FinishThread(c)
		case t.prepared:
			err = rulesets.FinishThread(c)
		case sr.tmp != "":
			err = sandboxhelper.RestrictThread(c)
		default:
			err = rulesets.RestrictThread(c)
		}
		if err != nil {
			started <- fail(err)
			return
		}
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		if cmd.SysProcAttr.Ptrace {
			if err := releaseWithLimits(cmd.Process.Pid, c); err != nil {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
				started <- fail(err)
				return
			}
		}
		started <- nil
		// Parked until the child is reaped: no system call held, and the
		// child's exit wakes the waiter below directly, not this thread
		// first.
		<-reaped
	}
	onOwnThread(job)
	err := <-started
	refillSpare()
	if err != nil {
		return nil, err
	}
	go func() {
		awaitExit(cmd.Process.Pid)
		_ = cmd.Wait() // the error carries nothing ProcessState does not
		close(waited)
		close(reaped)
	}()
	return waited, nil
}

// spareThread is where the spare thread waits for its one job: a
// goroutine that has locked itself to an OS thread of its own, and
// prepared that thread (sandboxhelper.PrepareThread: capabilities,
// no_new_privs, seccomp filter, none of which depends on the command),
// so that a confined start finds its thread already made and nearly
// restricted: it only adds its Landlock domain. Otherwise the runtime may
// have to ask its template thread to clone a thread while the caller
// waits (40-60 µs more at the 90th percentile here), and the filter and
// the capability drops add 60 µs (measured on Linux 6.18). Taking the
// job, the spare stops being one; the start makes the next once its
// command runs (refillSpare; spareUp says one is waiting or on its way).
var (
	spareThread = make(chan func(threadState))
	spareUp     atomic.Bool
	// spareMPTCP is what the next spare's filter does with MPTCP sockets:
	// as the last run needed, which each run sets before the spare it
	// makes is started (a run that needs otherwise takes a fresh thread
	// instead).
	spareMPTCP atomic.Bool
	// spareJobs counts the jobs a spare thread ran, and spareTid is the
	// thread id of the spare waiting for one, 0 when none is (for tests).
	spareJobs atomic.Int64
	spareTid  atomic.Int64
)

// threadState is what the thread a job runs on carries already: nothing
// (a fresh thread), or, on the spare, what its preparation did.
type threadState struct {
	// prepared says the thread is the spare and tried to prepare; ok that
	// it did, with the seccomp filter refusing MPTCP sockets when mptcp.
	prepared, ok, mptcp bool
}

// onOwnThread runs job on an OS thread that runs nothing else, before or
// after, and ends when job returns: the spare thread when one is waiting,
// else a new one. The goroutine running job locked its thread and never
// unlocks it, so the runtime ends the thread when the goroutine returns;
// the runtime never runs another goroutine on a locked thread, and
// creates new threads from a clean template thread, never from a locked
// one, so nothing else inherits what job does to its thread. That is the
// only way a thread that restricted itself is ever left: Landlock,
// seccomp and no_new_privs cannot be undone.
func onOwnThread(job func(threadState)) {
	select {
	case spareThread <- job:
	default:
		go ownThread(job, nil)
	}
}

// ownThread locks the calling goroutine to its thread for good and runs
// job on it, or, with job nil, prepares the thread and waits on
// spareThread for one as the spare. hold, when set, is closed once the
// thread is locked.
func ownThread(job func(threadState), hold chan struct{}) {
	runtime.LockOSThread() // never unlocked: see onOwnThread
	setChildSlack()
	if hold != nil {
		close(hold)
	}
	if unix.Gettid() == os.Getpid() {
		// The main thread never ends (the runtime parks it instead): it
		// must not carry a run's restrictions. Hold it until another
		// thread has the work, then give it back unchanged.
		next := make(chan struct{})
		go ownThread(job, next)
		<-next
		runtime.UnlockOSThread()
		return
	}
	if job != nil {
		job(threadState{})
		return
	}
	t := threadState{prepared: true, mptcp: spareMPTCP.Load()}
	t.ok = sandboxhelper.PrepareThread(t.mptcp, []int{os.Getpid(), unix.Gettid()}) == nil
	spareTid.Store(int64(unix.Gettid()))
	job = <-spareThread
	spareTid.Store(0)
	spareJobs.Add(1)
	spareUp.Store(false)
	job(t)
}

// refillSpare makes the spare thread when there is none. A start calls
// it once its command runs: the caller's goroutine then waits for the
// command, so that whatever thread the runtime creates for it is made
// while nobody waits for one.
func refillSpare() {
	if spareUp.CompareAndSwap(false, true) {
		go ownThread(nil, nil)
	}
}

// releaseWithLimits sets c's limits on the child pid, which is stopped
// (traced by this thread) at its exec, before the program's first
// instruction, and lets it go.
func releaseWithLimits(pid int, c sandboxhelper.Config) error {
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(pid, &ws, unix.WALL, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("waiting for the program to stop at its exec: %w", err)
		}
		break
	}
	if !ws.Stopped() {
		return fmt.Errorf("the program ended (status %#x) before its limits were set", uint32(ws))
	}
	if err := sandboxhelper.LowerLimits(pid, c); err != nil {
		return err
	}
	// Detaching with signal 0 drops the SIGTRAP of the exec.
	if err := unix.PtraceDetach(pid); err != nil {
		return fmt.Errorf("ptrace(PTRACE_DETACH): %w", err)
	}
	return nil
}

// awaitExit returns once the child pid, not yet waited for (so its pid
// cannot name another process), has exited, parked on the network poller
// until its pidfd is readable instead of blocked in a wait system call:
// a thread held in a system call for the whole run makes the Go runtime's
// monitor wake every 20 µs to take its processor back and hand it to
// another thread (measured: a tenth of the server's CPU). The Wait that
// follows finds the child gone and returns at once. Where pidfds are
// missing it returns at once and the Wait blocks as before.
func awaitExit(pid int) {
	fd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "pidfd") // non-blocking: polled
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Read(func(fd uintptr) bool {
		p := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(p, 0)
		// Done when readable (the child has exited), or on any error: the
		// Wait then blocks, as without pidfds.
		return err != nil || n > 0
	})
}

// waitFor waits for cmd in a goroutine of its own.
func waitFor(cmd *exec.Cmd) <-chan struct{} {
	waited := make(chan struct{})
	go func() {
		awaitExit(cmd.Process.Pid)
		_ = cmd.Wait() // the error carries nothing ProcessState does not
		close(waited)
	}()
	return waited
}

// started is called after cmd.Start of the helper succeeded. It waits
// until the helper has executed the program (the status pipe closes on
// exec) and returns the helper's failure, if any, as a SpawnError.
func (sr *sandboxRun) started(s Spec, path string) error {
	_ = sr.statusW.Close()
	sr.statusW = nil
	// The helper is a fresh start of a Go binary (this one, in the
	// fallback); one stuck in some package's init must not hold Run
	// forever.
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

// startFailed releases what confine made when the start failed.
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

// withoutVar returns env without name: env itself when it has no such
// variable, else a copy.
func withoutVar(env []string, name string) []string {
	if !slices.ContainsFunc(env, func(kv string) bool { return envName(kv) == name }) {
		return env // nothing to remove: no copy
	}
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if envName(kv) != name {
			out = append(out, kv)
		}
	}
	return out
}

// SetSandboxHelper makes confined children start through the helper at
// path (a parism-sandbox binary, or "/proc/self/exe" for this binary),
// or from a restricted thread when path is "", until restore is called.
// It exists for benchmarks and tests that compare the two start paths in
// one run; it must not be called while runs are in flight.
func SetSandboxHelper(path string) (restore func()) {
	old := sandboxHelper
	sandboxHelper = func() helperChoice { return helperChoice{path: path, why: "SetSandboxHelper"} }
	return func() { sandboxHelper = old }
}
