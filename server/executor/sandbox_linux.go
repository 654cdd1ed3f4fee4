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
	"strconv"
	"strings"
	"sync"
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
}

// sandboxHelper is chosen once per process: the installation does not
// change under a running server. Tests replace it.
var sandboxHelper = sync.OnceValue(func() helperChoice {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	setting, set := os.LookupEnv(HelperPathEnv)
	return findHelper(exe, setting, set)
})

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
	st.Helper, st.HelperIgnored = h.path, h.ignored
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
	hc := sandboxhelper.Config{
		Version:  sandboxhelper.Version,
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
	cmd.Path = sandboxHelper().path
	cmd.Args = append([]string{helperArg0}, cmd.Args...)
	cmd.Env = withVar(env, helperEnv, string(raw))
	cmd.ExtraFiles = []*os.File{sr.statusW} // the child's fd 3: sandboxhelper.StatusFD
	return sr, nil
}

// started is called after cmd.Start succeeded. It waits until the helper
// has executed the program (the status pipe closes on exec) and returns
// the helper's failure, if any, as a SpawnError.
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
