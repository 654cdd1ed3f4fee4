//go:build linux

package sandboxhelper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Main runs the helper, and never returns, when this process was started
// as one (argv[0] Arg0 and the Env variable both set); otherwise it
// returns at once. The executor calls it from its init, the dedicated
// parism-sandbox binary from main.
func Main() {
	if len(os.Args) < 2 || os.Args[0] != Arg0 {
		return
	}
	if raw, ok := os.LookupEnv(Env); ok {
		run(raw) // never returns
	}
}

// run confines the current process and executes the target; its argv is
// os.Args[1:]. Any failure is written to the status pipe as
// "stage\x00errno\x00message" and the helper exits 127 without running the
// target.
func run(raw string) {
	// Landlock, seccomp and no_new_privs belong to the thread: set them
	// and exec from one and the same thread.
	runtime.LockOSThread()
	status := os.NewFile(StatusFD, "status")
	syscall.CloseOnExec(StatusFD)
	fail := func(stage string, err error) {
		var errno syscall.Errno
		errors.As(err, &errno)
		if status != nil {
			_, _ = fmt.Fprintf(status, "%s\x00%d\x00%s", stage, int(errno), err)
		}
		os.Exit(127)
	}
	c, err := decode(raw)
	if err != nil {
		fail("sandbox", err)
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); name != Env {
			env = append(env, kv)
		}
	}
	if err := RestrictThread(c); err != nil {
		fail("sandbox", err)
	}
	// Limits last: a small RLIMIT_AS could starve the Go runtime above.
	if err := LowerLimits(0, c); err != nil {
		fail("sandbox", err)
	}
	err = syscall.Exec(c.Path, os.Args[1:], env)
	fail("exec", err)
}

// decode parses the configuration strictly: a field this helper does not
// know, or another protocol version, is a restriction it would silently
// skip, so it refuses to run anything (a parism-sandbox left over from
// another release next to a newer parism).
func decode(raw string) (Config, error) {
	var c Config
	d := json.NewDecoder(bytes.NewReader([]byte(raw)))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		return c, fmt.Errorf("bad sandbox helper configuration (install parism and parism-sandbox from the same release): %w", err)
	}
	if c.Version != Version {
		return c, fmt.Errorf("sandbox helper protocol version %d, this helper (%s) speaks %d: install parism and parism-sandbox from the same release",
			c.Version, selfName(), Version)
	}
	return c, nil
}

func selfName() string {
	if p, err := os.Executable(); err == nil {
		return p
	}
	return "?"
}

// LowerLimits sets c's resource limits on process pid (0: the calling
// process), never above the hard limits the calling process has (raising
// them needs privileges nobody here takes; a child forked by the caller
// started with the caller's). RLIMIT_CPU's hard limit is a second above
// the soft one, so the SIGXCPU at the soft limit is followed by a SIGKILL
// for a process that ignores it.
func LowerLimits(pid int, c Config) error {
	for _, l := range []struct {
		res       int
		val, hard uint64
	}{
		{unix.RLIMIT_CPU, c.CPU, c.CPU + 1},
		{unix.RLIMIT_AS, c.AS, c.AS},
		{unix.RLIMIT_FSIZE, c.FSize, c.FSize},
		{unix.RLIMIT_NPROC, c.NProc, c.NProc},
	} {
		if l.val == 0 {
			continue
		}
		var cur unix.Rlimit
		if err := unix.Getrlimit(l.res, &cur); err != nil {
			return fmt.Errorf("getrlimit(%d): %w", l.res, err)
		}
		hard := min(l.hard, cur.Max)
		lim := unix.Rlimit{Cur: min(l.val, hard), Max: hard}
		if err := unix.Prlimit(pid, l.res, &lim, nil); err != nil {
			return fmt.Errorf("prlimit(%d, %d): %w", pid, l.res, err)
		}
	}
	return nil
}
