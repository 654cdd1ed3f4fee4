package executor

import (
	"context"
	"errors"
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
)

// Spec describes one run.
type Spec struct {
	// Path is the program. Without a '/' it is looked up in the PATH of Env
	// (of os.Environ() when Env is nil), skipping relative PATH entries.
	Path string
	// Args are the arguments, not including argv[0] (which is Path).
	Args []string
	// Dir is the working directory; "" means the current one. A missing Dir
	// is a spawn error with Reason "bad_dir".
	Dir string
	// Env is the child's whole environment; nil means os.Environ(). Strip
	// secrets with StripEnv, neutralise pagers and prompts with SafeEnv and
	// programs' project configuration with ProgramEnv and GitDrivers.
	Env []string
	// Timeout bounds the run; 0 (or negative) means none. On expiry the
	// whole process group is killed.
	Timeout time.Duration
	// MaxStdout is how many bytes of stdout to keep, half from the start
	// and half from the end; 0 (or negative) means unlimited.
	MaxStdout int
	// MaxStderr is the same for stderr.
	MaxStderr int
	// MergeStderr gives the child one pipe for both stdout and stderr, so
	// that what it writes to either comes in Result.Stdout in the order it
	// was written (what a shell's 2>&1 does); MaxStdout then caps the
	// merged stream, OnProgress counts it, and Result.Stderr stays empty.
	MergeStderr bool
	// Confine, when set, has the kernel confine the child (Landlock,
	// no_new_privs, resource limits): see Confinement. nil runs the
	// program unconfined.
	Confine *Confinement
	// OnProgress, when set, is called about every 250ms while the child
	// runs, always from the same goroutine and never after Run returns, with
	// the stdout bytes and lines written so far. It must return quickly:
	// Run waits for a call in progress before returning.
	OnProgress func(stdoutBytes, stdoutLines int64)
}

// Result is everything known about one run. Run fills it in on every path,
// including failure to start.
type Result struct {
	Stdout, Stderr Capture
	// ExitCode is the exit status, or -1 when the process did not exit
	// normally: killed by a signal, timed out, cancelled or never started.
	ExitCode int
	// Started reports whether the process was spawned.
	Started bool
	// TimedOut reports that Spec.Timeout expired and the group was killed.
	TimedOut bool
	// Canceled reports that ctx was done before the process exited (or
	// before it could be started) and the group was killed.
	Canceled bool
	// Signal names the signal that terminated the process, e.g. "killed";
	// "" when it exited by itself or on platforms without signals.
	Signal string
	// Duration is the wall time of Run, set even on spawn failure.
	Duration time.Duration
	// SpawnErr is non-nil, and a *SpawnError, when the process could not be
	// started.
	SpawnErr error
}

// Reasons a process could not be started, in SpawnError.Reason. They are
// stable strings meant to be passed on to clients as is.
const (
	ReasonNotFound   = "not_found"  // no such program (or empty Path)
	ReasonPermission = "permission" // found but not executable
	ReasonBadDir     = "bad_dir"    // Dir missing or not a directory
	ReasonOther      = "other"      // anything else (bad format, resources)
)

// SpawnError says why a process could not be started.
type SpawnError struct {
	Reason string // one of the Reason constants
	Path   string // the program as given in Spec.Path
	Dir    string // the working directory as given in Spec.Dir
	Err    error  // the underlying error
}

func (e *SpawnError) Error() string {
	cause := "unknown error"
	if e.Err != nil {
		cause = e.Err.Error()
	}
	if e.Reason == ReasonBadDir {
		return "executor: bad working directory " + quote(e.Dir) + ": " + cause
	}
	return "executor: cannot start " + quote(e.Path) + " (" + e.Reason + "): " + cause
}

func (e *SpawnError) Unwrap() error { return e.Err }

func quote(s string) string { return strconv.Quote(s) }

const (
	// progressInterval is how often OnProgress is called.
	progressInterval = 250 * time.Millisecond
	// drainDelay bounds how long Run keeps reading stdout and stderr after
	// the process group has been killed. Only a descendant that escaped the
	// group (setsid, or any descendant on non-unix platforms) can hold the
	// pipes open that long; its later output is discarded. This plays the
	// role of exec.Cmd.WaitDelay, which does not apply because Run owns the
	// pipes (see Run).
	drainDelay = 250 * time.Millisecond
)

// Run starts s.Path directly (no shell) with stdin on the null device, in a
// new process group, and waits for it. When the leader exits, times out or
// ctx is done, the whole group is SIGKILLed, so nothing the child started in
// the background survives the call. Run never panics on bad input and never
// returns an error: everything is in the Result.
func Run(ctx context.Context, s Spec) (res Result) {
	start := time.Now()
	res.ExitCode = -1
	res.Stdout, res.Stderr = emptyCapture(), emptyCapture()
	defer func() {
		// Some clocks are coarse enough to report 0 for a spawn failure;
		// Duration is documented as always set, so report at least 1ns.
		res.Duration = max(time.Since(start), 1)
	}()

	if ctx == nil {
		ctx = context.Background()
	}
	if ctx.Err() != nil {
		res.Canceled = true
		return res
	}

	env := s.Env
	if env == nil {
		env = os.Environ()
	}
	if s.Dir != "" {
		// os/exec sets PWD only when it builds the environment itself; a
		// child that trusts $PWD (sh, many tools) must see its real cwd.
		env = withPWD(env, s.Dir)
	}
	path, err := resolve(s.Path, env)
	if err != nil {
		res.SpawnErr = &SpawnError{Reason: reasonOf(err), Path: s.Path, Dir: s.Dir, Err: err}
		return res
	}
	if s.Dir != "" {
		// os.StartProcess would report a missing Dir as ENOENT, which is
		// indistinguishable from a missing program; check it first.
		fi, err := os.Stat(s.Dir)
		if err == nil && !fi.IsDir() {
			err = &fs.PathError{Op: "chdir", Path: s.Dir, Err: syscall.ENOTDIR}
		}
		if err != nil {
			res.SpawnErr = &SpawnError{Reason: ReasonBadDir, Path: s.Path, Dir: s.Dir, Err: err}
			return res
		}
	}

	// Run makes the pipes itself instead of letting exec.Cmd do it, because
	// exec.Cmd.Wait reaps the leader and then waits for its copy goroutines
	// before returning: a background grandchild holding the pipes would keep
	// running until WaitDelay expired. With our own pipes Wait returns as
	// soon as the leader exits, the group is killed at once, and the pipes
	// reach EOF right away.
	outW := newCaptureWriter(s.MaxStdout, s.OnProgress != nil)
	errW := newCaptureWriter(s.MaxStderr, false)
	outR, outPW, err := outputPipe()
	if err != nil {
		res.SpawnErr = &SpawnError{Reason: ReasonOther, Path: s.Path, Dir: s.Dir, Err: err}
		return res
	}
	// With MergeStderr both descriptors are the one pipe: os/exec hands
	// the child a single file when Stdout and Stderr are the same value.
	errR, errPW := outR, outPW
	if !s.MergeStderr {
		if errR, errPW, err = outputPipe(); err != nil {
			closeAll(outR, outPW)
			res.SpawnErr = &SpawnError{Reason: ReasonOther, Path: s.Path, Dir: s.Dir, Err: err}
			return res
		}
	}
	pipes := []*os.File{outR, errR}
	if s.MergeStderr {
		pipes = pipes[:1]
	}

	cmd := &exec.Cmd{
		Path:   path,
		Args:   append([]string{s.Path}, s.Args...),
		Dir:    s.Dir,
		Env:    env,
		Stdin:  nil, // the null device: nothing may wait for input
		Stdout: outPW,
		Stderr: errPW,
	}
	setProcGroup(cmd)
	sb, spawnErr := confine(cmd, s)
	if spawnErr != nil {
		closeAll(outPW, errPW)
		closeAll(pipes...)
		res.SpawnErr = spawnErr
		return res
	}
	if sb != nil {
		// Deferred, so it runs once the whole group is dead.
		defer sb.cleanup()
	}
	waited, err := startCmd(cmd, sb, s, path)
	// The child has its own copies of the write ends; ours must go or the
	// readers would never see EOF.
	closeAll(outPW)
	if !s.MergeStderr {
		closeAll(errPW)
	}
	if err != nil {
		if sb != nil {
			sb.startFailed()
		}
		closeAll(pipes...)
		se, ok := err.(*SpawnError)
		if !ok {
			se = &SpawnError{Reason: reasonOf(err), Path: s.Path, Dir: s.Dir, Err: err}
		}
		res.SpawnErr = se
		return res
	}
	res.Started = true

	var copies sync.WaitGroup
	copies.Go(func() { copyPipe(outW, outR) })
	if !s.MergeStderr {
		copies.Go(func() { copyPipe(errW, errR) })
	}

	stopProgress := make(chan struct{})
	var progress sync.WaitGroup
	if s.OnProgress != nil {
		progress.Go(func() {
			t := time.NewTicker(progressInterval)
			defer t.Stop()
			for {
				select {
				case <-stopProgress:
					return
				case <-t.C:
					b, l := outW.progress()
					s.OnProgress(b, l)
				}
			}
		})
	}

	var timeout <-chan time.Time
	if s.Timeout > 0 {
		t := time.NewTimer(s.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-waited:
	case <-timeout:
		res.TimedOut = true
		killGroup(cmd)
		<-waited
	case <-ctx.Done():
		res.Canceled = true
		killGroup(cmd)
		<-waited
	}
	// The leader is gone; kill whatever it left in its group.
	sweepGroup(cmd)

	drain(&copies, pipes...)
	close(stopProgress)
	progress.Wait()

	res.Stdout, res.Stderr = outW.result(), errW.result()
	if st := cmd.ProcessState; st != nil {
		res.ExitCode = st.ExitCode()
		res.Signal = signalName(st)
	}
	if res.TimedOut || res.Canceled {
		// Even if the exit raced with the kill, the run did not end on its
		// own terms; callers should not read success into a 0 here.
		res.ExitCode = -1
	}
	return res
}

// drain waits for the copy goroutines to reach EOF, which is immediate once
// the group is dead. Past drainDelay it forces pending reads to fail with a
// deadline (or, where pipes do not support one, by closing them), and past
// another drainDelay it stops waiting altogether: the capture writers are
// closed by result(), so a copy still blocked in read can do no harm.
func drain(copies *sync.WaitGroup, readers ...*os.File) {
	done := make(chan struct{})
	go func() {
		copies.Wait()
		close(done)
	}()
	timer := time.NewTimer(drainDelay)
	defer timer.Stop()
	for waits := 0; ; waits++ {
		select {
		case <-done:
			closeAll(readers...)
			return
		case <-timer.C:
		}
		// Output still in a pipe is the command's, waiting for a copy
		// goroutine a loaded machine has not run yet: never cut it off.
		if waits >= 40 || !buffered(readers) {
			break
		}
		timer.Reset(drainDelay)
	}
	pollable := true
	for _, r := range readers {
		if r.SetReadDeadline(time.Now()) != nil {
			pollable = false
			go r.Close()
		}
	}
	if pollable {
		// The deadline ends the reads as soon as the copies run.
		<-done
		closeAll(readers...)
		return
	}
	timer.Reset(drainDelay)
	select {
	case <-done:
		closeAll(readers...)
	case <-timer.C:
		go closeAll(readers...)
	}
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		_ = f.Close()
	}
}

// errEmptyPath is reported, as not_found, for a Spec without a program.
var errEmptyPath = errors.New("empty program path")

// resolve returns the file to execute. A name without a separator is looked
// up in the PATH found in env, not in Parism's own, because the child's
// environment is what the caller asked for. Names with a separator are used
// as given; exec reports what is wrong with them.
func resolve(name string, env []string) (string, error) {
	if name == "" {
		return "", errEmptyPath
	}
	if strings.ContainsRune(name, '/') || strings.ContainsRune(name, filepath.Separator) {
		return name, nil
	}
	pathList, _ := envValue(env, "PATH")
	var permErr error
	for _, dir := range filepath.SplitList(pathList) {
		// Relative entries ("", ".") would resolve against whatever the
		// server's current directory is, letting a file planted in a project
		// shadow a system command: the reason behind exec.ErrDot.
		if !filepath.IsAbs(dir) {
			continue
		}
		for _, cand := range candidates(filepath.Join(dir, name), env) {
			fi, err := os.Stat(cand)
			if err != nil || fi.IsDir() {
				continue
			}
			if isExecutable(fi) {
				return cand, nil
			}
			if permErr == nil {
				permErr = &fs.PathError{Op: "exec", Path: cand, Err: fs.ErrPermission}
			}
		}
	}
	if permErr != nil {
		return "", permErr
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}

// candidates lists the file names tried for one PATH entry: on Windows the
// extensions in PATHEXT are tried too, as exec.LookPath does.
func candidates(file string, env []string) []string {
	if runtime.GOOS != "windows" || filepath.Ext(file) != "" {
		return []string{file}
	}
	exts, ok := envValue(env, "PATHEXT")
	if !ok || exts == "" {
		exts = ".com;.exe;.bat;.cmd"
	}
	var out []string
	for _, e := range filepath.SplitList(exts) {
		if e != "" {
			out = append(out, file+strings.ToLower(e))
		}
	}
	return out
}

// isExecutable reports whether a regular file may be run: any execute bit
// on unix (execve refuses files with none, even to root), always on Windows
// where there are no such bits.
func isExecutable(fi fs.FileInfo) bool {
	return runtime.GOOS == "windows" || fi.Mode().Perm()&0o111 != 0
}

// reasonOf maps a resolve or Start error to a SpawnError reason.
func reasonOf(err error) string {
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe) && pe.Op == "chdir":
		// Dir vanished between our check and the spawn.
		return ReasonBadDir
	case errors.Is(err, errEmptyPath), errors.Is(err, exec.ErrNotFound),
		errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		// ENOENT also covers a missing script interpreter; ENOTDIR a path
		// running through a regular file. Either way nothing runnable there.
		return ReasonNotFound
	case errors.Is(err, fs.ErrPermission):
		// EACCES and EPERM: no execute bit, a directory, a noexec mount.
		return ReasonPermission
	default:
		return ReasonOther
	}
}

// copyBufs are the buffers of copyPipe. io.Copy from an *os.File makes a
// new 32 KB buffer per call (os.File.WriteTo falls back to it), two per
// run: 64 KB of garbage for every command, most of the run's allocation.
var copyBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// copyPipe copies r to w through a pooled buffer. The capture writers copy
// what they keep, so the buffer is free again once the copy returns.
func copyPipe(w io.Writer, r io.Reader) {
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	// Only Read: an *os.File's WriteTo would bring back io.Copy's buffer.
	_, _ = io.CopyBuffer(w, struct{ io.Reader }{r}, *bp)
}
