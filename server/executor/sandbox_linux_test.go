//go:build linux

package executor

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parism-go/parism/server/sandboxhelper"
	"golang.org/x/sys/unix"
)

// childEnv names the action the test binary performs when a test starts
// it as the program of a run ("bind:ADDR", "connect:ADDR"): the confined
// child's own view of the kernel's answer, with the errno.
const childEnv = "EXECUTOR_TEST_CHILD"

func TestMain(m *testing.M) {
	if act, ok := os.LookupEnv(childEnv); ok {
		os.Exit(childAction(act))
	}
	code := m.Run()
	if helperBuildDir != "" {
		_ = os.RemoveAll(helperBuildDir)
	}
	os.Exit(code)
}

// childAction prints "ok" or the errno name and returns 0 either way, so
// a test reads the outcome from stdout.
func childAction(act string) int {
	var err error
	switch {
	case strings.HasPrefix(act, "bind:"):
		var l net.Listener
		if l, err = net.Listen("tcp4", strings.TrimPrefix(act, "bind:")); err == nil {
			_ = l.Close()
		}
	case strings.HasPrefix(act, "mptcp-bind:"), strings.HasPrefix(act, "mptcp-connect:"):
		// The raw socket a program would use to slip past Landlock's TCP
		// rules, which do not cover Multipath TCP.
		kind, addr, _ := strings.Cut(act, ":")
		err = rawMPTCP(kind == "mptcp-bind", addr)
	case act == "io_uring":
		// io_uring_setup(1, NULL): ENOSYS when refused, EFAULT (no
		// parameters) where io_uring is there.
		if _, _, e := syscall.Syscall(unix.SYS_IO_URING_SETUP, 1, 0, 0); e != 0 {
			err = e
		}
	case strings.HasPrefix(act, "prlimit:"):
		// Reading another process's limits is enough to be refused.
		pid, _ := strconv.Atoi(strings.TrimPrefix(act, "prlimit:"))
		var old unix.Rlimit
		err = unix.Prlimit(pid, unix.RLIMIT_NOFILE, nil, &old)
	case strings.HasPrefix(act, "tgkill-all:"):
		// Signal 0 to every thread of a process: "ok" when any thread
		// could be signalled, else the last error.
		pid, _ := strconv.Atoi(strings.TrimPrefix(act, "tgkill-all:"))
		var ents []os.DirEntry
		if ents, err = os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task"); err == nil {
			err = syscall.ESRCH
			for _, e := range ents {
				tid, _ := strconv.Atoi(e.Name())
				if err = unix.Tgkill(pid, tid, 0); err == nil {
					break
				}
			}
		}
	case strings.HasPrefix(act, "connect:"):
		var c net.Conn
		if c, err = net.DialTimeout("tcp4", strings.TrimPrefix(act, "connect:"), 5*time.Second); err == nil {
			_ = c.Close()
		}
	default:
		err = fmt.Errorf("unknown action %q", act)
	}
	var errno syscall.Errno
	switch {
	case err == nil:
		fmt.Print("ok")
	case errors.As(err, &errno):
		fmt.Print(errnoName(errno))
	default:
		fmt.Print(err)
	}
	return 0
}

func rawMPTCP(bind bool, addr string) error {
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		return err
	}
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, sandboxhelper.IPProtoMPTCP)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	sa := &syscall.SockaddrInet4{Port: int(ap.Port()), Addr: ap.Addr().As4()}
	if bind {
		return syscall.Bind(fd, sa)
	}
	return syscall.Connect(fd, sa)
}

func errnoName(e syscall.Errno) string {
	switch e {
	case syscall.EACCES:
		return "EACCES"
	case syscall.EPERM:
		return "EPERM"
	case syscall.EPROTONOSUPPORT:
		return "EPROTONOSUPPORT"
	case syscall.ENOSYS:
		return "ENOSYS"
	}
	return "errno " + strconv.Itoa(int(e)) + " " + e.Error()
}

// needLandlock skips the test, with the reason, where the kernel cannot
// enforce the rules under test.
func needLandlock(t testing.TB, abi int) {
	t.Helper()
	st := SandboxStatus()
	if !st.Enforced {
		t.Skipf("Landlock unavailable: %s", st.Reason)
	}
	if st.ABI < abi {
		t.Skipf("needs Landlock ABI %d, kernel has %d", abi, st.ABI)
	}
}

func TestSandboxStatus(t *testing.T) {
	st := SandboxStatus()
	if st.Enforced == (st.Reason != "") {
		t.Fatalf("status %+v: a reason must be given exactly when not enforced", st)
	}
	if st.Enforced && (st.ABI < 1 || st.ABI > landlockABI) {
		t.Fatalf("status %+v: ABI out of range", st)
	}
	if !st.Enforced && st.ABI != 0 {
		t.Fatalf("status %+v: ABI without enforcement", st)
	}
	if (st.Start == StartHelper) != (st.Helper != "") || st.Start != StartThread && st.Start != StartHelper {
		t.Errorf("status %+v: the helper is named exactly when children start through it", st)
	}
	t.Logf("sandbox: %+v", st)
}

// fsCase is one confined command and what the kernel must make of it.
type fsCase struct {
	name    string
	confine Confinement
	script  string // run by sh -c in the project directory
	ok      bool   // the script must exit 0
	stderr  string // a substring of stderr when !ok
	// exists and absent are paths (relative to the project, or absolute)
	// checked after the run.
	exists, absent []string
}

func TestSandboxFileSystem(t *testing.T) {
	need(t, "sh", "touch", "cat", "ls", "mkdir", "rm")
	needLandlock(t, 1)
	root := t.TempDir()
	project := filepath.Join(root, "project")
	// A sibling whose name merely starts with the project's: string
	// prefix checks get this wrong, the kernel's inode rules cannot.
	sibling := filepath.Join(root, "project-evil")
	for _, d := range []string{project, sibling} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(project, "README"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	readonly := Confinement{}
	build := Confinement{WritePaths: []string{project}}
	denied := "Permission denied" // strerror(EACCES), as touch and sh print it
	tests := []fsCase{
		{name: "readonly reads the project", confine: readonly, script: "cat README && ls /etc >/dev/null", ok: true},
		{name: "readonly writes /dev/null", confine: readonly, script: "echo x > /dev/null", ok: true},
		{name: "readonly cannot create in the project", confine: readonly, script: "touch made",
			stderr: denied, absent: []string{"made"}},
		{name: "readonly cannot truncate in the project", confine: readonly, script: ": > README",
			stderr: denied, exists: []string{"README"}},
		{name: "readonly cannot delete in the project", confine: readonly, script: "rm -f README",
			stderr: denied, exists: []string{"README"}},
		{name: "readonly cannot write outside", confine: readonly, script: "touch " + filepath.Join(sibling, "x"),
			stderr: denied, absent: []string{filepath.Join(sibling, "x")}},
		{name: "build writes in the project", confine: build, script: "mkdir -p out/sub && echo x > out/sub/f && mv out/sub/f out/g && rm README",
			ok: true, exists: []string{"out/g"}, absent: []string{"README"}},
		{name: "build cannot write in a prefix sibling", confine: build, script: "touch " + filepath.Join(sibling, "x"),
			stderr: denied, absent: []string{filepath.Join(sibling, "x")}},
		{name: "build cannot write in the parent", confine: build, script: "touch ../escaped",
			stderr: denied, absent: []string{filepath.Join(root, "escaped")}},
		{name: "build cannot write in /tmp", confine: build, script: "touch " + filepath.Join(os.TempDir(), "parism-sandbox-escape-"+strconv.Itoa(os.Getpid())),
			stderr: denied, absent: []string{filepath.Join(os.TempDir(), "parism-sandbox-escape-"+strconv.Itoa(os.Getpid()))}},
		{name: "private tmp is writable", confine: Confinement{PrivateTmp: true},
			script: `echo scratch > "$TMPDIR/f" && cat "$TMPDIR/f"`, ok: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The README is restored for every case: some cases delete it.
			if err := os.WriteFile(filepath.Join(project, "README"), []byte("hello\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := tt.confine
			r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", tt.script}, Dir: project,
				Timeout: 10 * time.Second, Confine: &c})
			if r.SpawnErr != nil {
				t.Fatalf("spawn: %v", r.SpawnErr)
			}
			if got := r.ExitCode == 0; got != tt.ok {
				t.Fatalf("exit %d (want success %v); stderr %q", r.ExitCode, tt.ok, r.Stderr.Data)
			}
			if !tt.ok && !strings.Contains(string(r.Stderr.Data), tt.stderr) {
				t.Errorf("stderr %q does not contain %q", r.Stderr.Data, tt.stderr)
			}
			for _, p := range tt.exists {
				if _, err := os.Lstat(inProject(project, p)); err != nil {
					t.Errorf("%s should exist: %v", p, err)
				}
			}
			for _, p := range tt.absent {
				if _, err := os.Lstat(inProject(project, p)); !errors.Is(err, os.ErrNotExist) {
					_ = os.RemoveAll(inProject(project, p))
					t.Errorf("%s should not exist (err %v)", p, err)
				}
			}
		})
	}
}

func inProject(project, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(project, p)
}

// TestSandboxUnconfinedControl shows the write the kernel refuses above is
// otherwise possible, so the refusals are Landlock's doing.
func TestSandboxUnconfinedControl(t *testing.T) {
	need(t, "touch")
	dir := t.TempDir()
	r := Run(context.Background(), Spec{Path: "touch", Args: []string{"made"}, Dir: dir})
	if r.ExitCode != 0 {
		t.Fatalf("unconfined touch failed: %q", r.Stderr.Data)
	}
	r = Run(context.Background(), Spec{Path: "touch", Args: []string{"made2"}, Dir: dir, Confine: &Confinement{Mode: SandboxOff}})
	if r.ExitCode != 0 {
		t.Fatalf("touch with Landlock off failed: %q", r.Stderr.Data)
	}
}

func TestSandboxPrivateTmpRemoved(t *testing.T) {
	need(t, "sh")
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", `echo x > "$TMPDIR/f"; printf %s "$TMPDIR"`},
		Confine: &Confinement{PrivateTmp: true}})
	tmp := string(r.Stdout.Data)
	if r.ExitCode != 0 || !strings.Contains(filepath.Base(tmp), "parism-run-") {
		t.Fatalf("exit %d, TMPDIR %q, stderr %q", r.ExitCode, tmp, r.Stderr.Data)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("private tmp %s survived the run: %v", tmp, err)
	}
}

// TestSandboxWithoutTmpWritesNothing: a confined child without a private
// TMPDIR gets none (the variable the caller passed is removed) and can
// create a file neither in /tmp, nor in the directory TMPDIR named, nor
// through mktemp; with one, the same script's mktemp works (the control).
func TestSandboxWithoutTmpWritesNothing(t *testing.T) {
	needLandlock(t, 1)
	need(t, "sh", "mktemp")
	callerTmp := t.TempDir()
	inTmp := filepath.Join("/tmp", fmt.Sprintf("parism-notmp-%d", os.Getpid()))
	t.Cleanup(func() { _ = os.Remove(inTmp) })
	script := `printf '%s\n' "${TMPDIR-unset}"; mktemp && echo made-mktemp; ` +
		`echo x > "$0" && echo made-tmp; echo x > "$1/f" && echo made-caller; :`
	for _, private := range []bool{false, true} {
		r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", script, inTmp, callerTmp},
			Env:     []string{"PATH=" + os.Getenv("PATH"), "TMPDIR=" + callerTmp},
			Confine: &Confinement{PrivateTmp: private}})
		out := string(r.Stdout.Data)
		if r.ExitCode != 0 {
			t.Fatalf("private %v: exit %d, stdout %q, stderr %q", private, r.ExitCode, out, r.Stderr.Data)
		}
		if private {
			if !strings.Contains(out, "made-mktemp") {
				t.Errorf("the control: mktemp failed in the private TMPDIR: %q %q", out, r.Stderr.Data)
			}
			continue
		}
		if first, _, _ := strings.Cut(out, "\n"); first != "unset" {
			t.Errorf("TMPDIR reached the child: %q", first)
		}
		if strings.Contains(out, "made-") {
			t.Errorf("a write went through without a private TMPDIR: %q", out)
		}
		for _, p := range []string{inTmp, filepath.Join(callerTmp, "f")} {
			if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s exists: %v", p, err)
			}
		}
		if ents, _ := os.ReadDir(callerTmp); len(ents) > 0 {
			t.Errorf("files created in the caller's TMPDIR: %v", ents)
		}
	}
}

func TestSandboxNetwork(t *testing.T) {
	needLandlock(t, 4)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			_ = c.Close()
		}
	}()
	connect := "connect:" + l.Addr().String()
	// A port that was free a moment ago, for the bind cases.
	free, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	bind := "bind:" + free.Addr().String()
	_ = free.Close()
	tests := []struct {
		name    string
		act     string
		confine Confinement
		want    string
	}{
		{"bind refused", bind, Confinement{}, "EACCES"},
		{"ephemeral bind refused", "bind:127.0.0.1:0", Confinement{}, "EACCES"},
		{"bind allowed", bind, Confinement{AllowBind: true}, "ok"},
		{"connect refused", connect, Confinement{}, "EACCES"},
		{"connect allowed", connect, Confinement{AllowConnect: true}, "ok"},
		{"landlock off", connect, Confinement{Mode: SandboxOff}, "ok"},
		// Go's own listeners try MPTCP first and fall back to TCP, which
		// is what makes the cases above see EACCES at all.
		{"mptcp bind refused", "mptcp-" + bind, Confinement{}, "EPROTONOSUPPORT"},
		{"mptcp connect refused", "mptcp-" + connect, Confinement{}, "EPROTONOSUPPORT"},
		{"mptcp allowed when tcp is", "mptcp-" + connect, Confinement{AllowBind: true, AllowConnect: true}, "ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.confine
			r := Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=" + tt.act},
				Timeout: 10 * time.Second, Confine: &c})
			if got := string(r.Stdout.Data); r.ExitCode != 0 || got != tt.want {
				t.Fatalf("got %q (exit %d, stderr %q), want %q", got, r.ExitCode, r.Stderr.Data, tt.want)
			}
		})
	}
}

// TestSandboxSignalScope: a confined child cannot signal the server (ABI 6
// scoping), while the server still kills the child's group.
func TestSandboxSignalScope(t *testing.T) {
	need(t, "sh")
	needLandlock(t, 6)
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "kill -0 " + strconv.Itoa(os.Getpid())},
		Confine: &Confinement{}})
	if r.ExitCode == 0 {
		t.Fatal("a confined child could signal the server")
	}
	if !strings.Contains(strings.ToLower(string(r.Stderr.Data)), "not permitted") {
		t.Errorf("stderr %q: want EPERM", r.Stderr.Data)
	}
}

// TestSandboxProcessState reads the confined child's own view of its
// limits, no_new_privs flag and environment.
func TestSandboxProcessState(t *testing.T) {
	need(t, "sh", "cat", "grep", "env")
	c := &Confinement{MaxMemoryBytes: 3 << 30, MaxFileBytes: 5 << 20, CPUSeconds: 7, MaxProcs: 4000}
	r := Run(context.Background(), Spec{Path: "sh",
		Args:    []string{"-c", `cat /proc/self/limits; grep -E 'NoNewPrivs|TracerPid' /proc/self/status; env; printf 'argv0=%s\n' "$0"`},
		Env:     []string{"PATH=" + os.Getenv("PATH"), "KEEP=1"},
		Confine: c})
	out := string(r.Stdout.Data)
	if r.ExitCode != 0 {
		t.Fatalf("exit %d: %q", r.ExitCode, r.Stderr.Data)
	}
	for _, want := range []string{
		"Max cpu time              7                    8                    seconds",
		"Max file size             5242880              5242880              bytes",
		"Max address space         3221225472           3221225472           bytes",
		"Max processes             4000                 4000                 processes",
		"NoNewPrivs:\t1",
		// Started traced so the limits are set before its first
		// instruction, then let go.
		"TracerPid:\t0",
		"KEEP=1",
		"argv0=sh",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("child output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, helperEnv) {
		t.Errorf("the helper's variable reached the program:\n%s", out)
	}
}

func TestSandboxCPULimit(t *testing.T) {
	need(t, "sh")
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "while :; do :; done"},
		Timeout: 30 * time.Second, Confine: &Confinement{CPUSeconds: 1}})
	if r.TimedOut || r.Signal != syscall.SIGXCPU.String() {
		t.Fatalf("timed out %v, signal %q: want %q", r.TimedOut, r.Signal, syscall.SIGXCPU.String())
	}
	if r.Duration > 15*time.Second {
		t.Errorf("took %v for 1s of CPU", r.Duration)
	}
}

func TestSandboxFileSizeLimit(t *testing.T) {
	need(t, "sh", "head")
	dir := t.TempDir()
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "head -c 3000000 /dev/zero > big; echo $?"}, Dir: dir,
		Confine: &Confinement{WritePaths: []string{dir}, MaxFileBytes: 1 << 20}})
	fi, err := os.Stat(filepath.Join(dir, "big"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() != 1<<20 {
		t.Errorf("file grew to %d bytes, limit %d", fi.Size(), 1<<20)
	}
	// head dies of SIGXFSZ: the shell reports 128+25.
	if got := strings.TrimSpace(string(r.Stdout.Data)); got != strconv.Itoa(128+int(syscall.SIGXFSZ)) {
		t.Errorf("head exit status %q, stderr %q", got, r.Stderr.Data)
	}
}

func TestSandboxSpawnErrors(t *testing.T) {
	// A path with a '/' is not checked before the spawn: the helper's
	// execve reports what is wrong, through the status pipe.
	plain := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(plain, []byte("#!/bin/sh\necho hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		spec   Spec
		reason string
	}{
		{"missing program", Spec{Path: "/nonexistent/prog"}, ReasonNotFound},
		{"not executable", Spec{Path: plain}, ReasonPermission},
		{"bad mode", Spec{Path: "true", Confine: &Confinement{Mode: "sometimes"}}, ReasonSandbox},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.spec
			if s.Confine == nil {
				s.Confine = &Confinement{}
			}
			r := Run(context.Background(), s)
			var se *SpawnError
			if !errors.As(r.SpawnErr, &se) || se.Reason != tt.reason {
				t.Fatalf("spawn error %v, want reason %q", r.SpawnErr, tt.reason)
			}
			if r.Started || r.ExitCode != -1 {
				t.Errorf("started %v exit %d for a program that never ran", r.Started, r.ExitCode)
			}
		})
	}
}

// TestSandboxKeepsGroupControl repeats the executor's process-group
// guarantees with the helper in between: the program it executes is still
// the group leader.
func TestSandboxKeepsGroupControl(t *testing.T) {
	need(t, "sh", "sleep")
	t.Run("timeout kills the grandchild", func(t *testing.T) {
		// 2 s: the shell must have started and printed under a loaded
		// machine (the dedicated helper's start is a Go binary's).
		r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "sleep 30 & echo $!; sleep 30"},
			Timeout: 2 * time.Second, Confine: &Confinement{}})
		if !r.TimedOut {
			t.Fatalf("not timed out: %+v", r)
		}
		pid := firstPID(t, r)
		killLater(t, pid)
		if !pidGone(t, pid) {
			t.Fatalf("grandchild %d survived", pid)
		}
	})
	t.Run("cancel kills the group", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		r := Run(ctx, Spec{Path: "sh", Args: []string{"-c", "sleep 30 & echo $!; sleep 30"}, Confine: &Confinement{}})
		if !r.Canceled {
			t.Fatalf("not cancelled: %+v", r)
		}
		pid := firstPID(t, r)
		killLater(t, pid)
		if !pidGone(t, pid) {
			t.Fatalf("grandchild %d survived", pid)
		}
	})
	t.Run("leader exit kills the background child", func(t *testing.T) {
		r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "sleep 30 >/dev/null 2>&1 & echo $!"},
			Timeout: 10 * time.Second, Confine: &Confinement{}})
		pid := firstPID(t, r)
		killLater(t, pid)
		if !pidGone(t, pid) {
			t.Fatalf("background child %d survived", pid)
		}
	})
	t.Run("exit status and output caps", func(t *testing.T) {
		r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "seq 1 100000; exit 3"},
			MaxStdout: 1000, Confine: &Confinement{}})
		if r.ExitCode != 3 || !r.Stdout.Truncated || len(r.Stdout.Data) > 1000 {
			t.Fatalf("exit %d truncated %v len %d", r.ExitCode, r.Stdout.Truncated, len(r.Stdout.Data))
		}
	})
}

// TestSandboxNoFDLeak: the status pipe and the private directory are
// released on every path: success, exec failure, a bad mode, a timeout.
func TestSandboxNoFDLeak(t *testing.T) {
	need(t, "sh")
	count := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		return len(ents)
	}
	c := &Confinement{PrivateTmp: true}
	specs := []Spec{
		{Path: "sh", Args: []string{"-c", "echo out; echo err >&2"}, Confine: c},
		{Path: "/nonexistent/prog", Confine: c},
		{Path: "sh", Confine: &Confinement{Mode: "bogus"}},
		{Path: "sh", Args: []string{"-c", "sleep 5"}, Timeout: 20 * time.Millisecond, Confine: c},
	}
	Run(context.Background(), specs[0])
	before := count()
	for range 3 {
		for _, s := range specs {
			Run(context.Background(), s)
		}
	}
	if after := count(); after != before {
		t.Errorf("open fds went from %d to %d", before, after)
	}
	// A command killed on timeout loses its private directory too.
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", `echo "$TMPDIR"; sleep 5`},
		Timeout: 300 * time.Millisecond, Confine: c})
	tmp := strings.TrimSpace(string(r.Stdout.Data))
	if !r.TimedOut || tmp == "" {
		t.Fatalf("timed out %v, TMPDIR %q", r.TimedOut, tmp)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("private directory %s survived a timeout: %v", tmp, err)
	}
}

// threadsConfined counts this process's threads that carry no_new_privs
// or a seccomp filter, the waiting spare aside: a confined start leaves
// them on one thread only, the one that waits for the child, and never on
// the rest of the server.
func threadsConfined(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if e.Name() == strconv.FormatInt(spareTid.Load(), 10) {
			continue // the spare, prepared for its run (TestSpareThreadPrepared)
		}
		b, err := os.ReadFile("/proc/self/task/" + e.Name() + "/status")
		if err != nil {
			continue // the thread ended meanwhile
		}
		st := string(b)
		if strings.Contains(st, "NoNewPrivs:\t1") || !strings.Contains(st, "Seccomp:\t0") {
			n++
		}
	}
	return n
}

// TestSandboxThreadOnly: the child is confined, the server is not: while
// a confined child runs, exactly one thread (the one that forked and waits
// for it) is restricted, other goroutines still write where the child may
// not, and once the run is over no thread is restricted.
func TestSandboxThreadOnly(t *testing.T) {
	need(t, "sh", "sleep", "touch")
	needLandlock(t, 1)
	if SandboxStatus().Start != StartThread {
		t.Skipf("children start through the helper here: %s", SandboxStatus().StartReason)
	}
	dir := t.TempDir()
	// A run of an earlier test has returned, but its thread may not have
	// ended yet (it is discarded after the child is reaped): wait for it.
	for deadline := time.Now().Add(5 * time.Second); threadsConfined(t) != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d threads restricted before this test's run", threadsConfined(t))
		}
	}
	done := make(chan Result, 1)
	go func() {
		done <- Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "sleep 1; touch " + filepath.Join(dir, "child")},
			Timeout: 20 * time.Second, Confine: &Confinement{}})
	}()
	time.Sleep(300 * time.Millisecond)
	if n := threadsConfined(t); n != 1 {
		t.Errorf("%d threads restricted while a child runs, want 1", n)
	}
	if err := os.WriteFile(filepath.Join(dir, "server"), []byte("x"), 0o644); err != nil {
		t.Errorf("the server cannot write while a child runs: %v", err)
	}
	var r Result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the confined run did not end")
	}
	if r.ExitCode == 0 || !strings.Contains(string(r.Stderr.Data), "Permission denied") {
		t.Errorf("the child wrote outside its rules: exit %d, stderr %q", r.ExitCode, r.Stderr.Data)
	}
	deadline := time.Now().Add(5 * time.Second)
	for threadsConfined(t) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d threads still restricted after the run: the thread was not discarded", threadsConfined(t))
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The same goroutine, after a confined run, is not confined either.
	if err := os.WriteFile(filepath.Join(dir, "after"), []byte("x"), 0o644); err != nil {
		t.Errorf("the server cannot write after a run: %v", err)
	}
}

// systemRead is what a command's own start needs to read.
var systemRead = []string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", "/proc", "/dev"}

// TestSandboxExecRules: with ExecPaths set, only the program, what the
// kernel loads to run it and ExecPaths can be executed; a project file
// made executable, or one the program writes to its scratch directory,
// cannot.
func TestSandboxExecRules(t *testing.T) {
	need(t, "sh", "env", "cp", "true")
	needLandlock(t, 1)
	project := t.TempDir()
	script := filepath.Join(project, "x.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho pwned\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	truePath, _ := exec.LookPath("true")
	cpPath, _ := exec.LookPath("cp")
	read := append([]string{project}, systemRead...)
	tests := []struct {
		name string
		prog string
		args []string
		exec []string
		ok   bool
	}{
		{"a project script through env", "env", []string{"./x.sh"}, []string{}, false},
		{"a project script from sh", "sh", []string{"-c", "./x.sh"}, []string{"/bin/sh"}, false},
		{"a system program not declared", "env", []string{truePath}, []string{}, false},
		{"a declared program", "env", []string{truePath}, []string{truePath}, true},
		{"a copy in the scratch directory", "sh", []string{"-c", `cp "$0" "$TMPDIR/t" && "$TMPDIR/t"`, truePath}, []string{cpPath}, false},
		{"the copy's control: cp itself ran", "sh", []string{"-c", `cp "$0" "$TMPDIR/t"`, truePath}, []string{cpPath}, true},
		{"no exec rules: everything readable runs", "env", []string{"./x.sh"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Run(context.Background(), Spec{Path: tt.prog, Args: tt.args, Dir: project, Timeout: 10 * time.Second,
				Confine: &Confinement{ReadPaths: read, ExecPaths: tt.exec, PrivateTmp: true}})
			if r.SpawnErr != nil {
				t.Fatalf("spawn: %v", r.SpawnErr)
			}
			if got := r.ExitCode == 0; got != tt.ok {
				t.Fatalf("exit %d, want success %v; stdout %q stderr %q", r.ExitCode, tt.ok, r.Stdout.Data, r.Stderr.Data)
			}
			if !tt.ok && !strings.Contains(string(r.Stderr.Data), "Permission denied") {
				t.Errorf("stderr %q: want the kernel's EACCES", r.Stderr.Data)
			}
			if !tt.ok && strings.Contains(string(r.Stdout.Data), "pwned") {
				t.Errorf("the project script ran: %q", r.Stdout.Data)
			}
		})
	}
}

// TestSandboxReadRules: outside ReadPaths nothing is readable, through a
// symbolic link in the project or /proc/self/cwd either.
func TestSandboxReadRules(t *testing.T) {
	need(t, "cat")
	needLandlock(t, 1)
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(home, ".ssh", "id_ed25519")
	if err := os.WriteFile(key, []byte("SECRET-KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "README"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(project, "ln")); err != nil {
		t.Fatal(err)
	}
	c := Confinement{ReadPaths: append([]string{project}, systemRead...), ExecPaths: []string{}}
	for _, tt := range []struct {
		arg string
		ok  bool
	}{
		{"README", true},
		{"ln/id_ed25519", false},
		{"/proc/self/cwd/ln/id_ed25519", false},
		{key, false},
	} {
		t.Run(tt.arg, func(t *testing.T) {
			r := Run(context.Background(), Spec{Path: "cat", Args: []string{tt.arg}, Dir: project, Timeout: 10 * time.Second, Confine: &c})
			if got := r.ExitCode == 0; got != tt.ok || strings.Contains(string(r.Stdout.Data), "SECRET") {
				t.Fatalf("exit %d, want success %v; stdout %q stderr %q", r.ExitCode, tt.ok, r.Stdout.Data, r.Stderr.Data)
			}
		})
	}
}

// TestSandboxServerHidden: a confined child cannot open the server's
// environment or memory or follow its file descriptors in /proc, through
// the process or any of its threads (the thread that forked the child
// shares its Landlock domain), nor signal or re-limit them. (The fd
// numbers themselves can be listed: the directory is the same user's.)
func TestSandboxServerHidden(t *testing.T) {
	need(t, "sh")
	needLandlock(t, 1)
	script := `n=0; for f in /proc/$PPID/environ /proc/$PPID/mem /proc/$PPID/task/*/environ /proc/$PPID/task/*/mem; do
		if (exec 3<"$f") 2>/dev/null; then echo "opened $f"; fi; n=$((n+1)); done
	for l in /proc/$PPID/fd/* /proc/$PPID/task/*/fd/*; do if readlink "$l" >/dev/null 2>&1; then echo "followed $l"; fi; done
	echo "tried $n"`
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", script}, Timeout: 10 * time.Second, Confine: &Confinement{}})
	out := string(r.Stdout.Data)
	if r.ExitCode != 0 || !strings.Contains(out, "tried ") || strings.Contains(out, "tried 0") {
		t.Fatalf("exit %d: %q %q", r.ExitCode, out, r.Stderr.Data)
	}
	if strings.Contains(out, "opened") || strings.Contains(out, "followed") {
		t.Errorf("a confined child reached the server's /proc files:\n%s", out)
	}
	// The control: unconfined, the same child opens them.
	r = Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", script}, Timeout: 10 * time.Second})
	if !strings.Contains(string(r.Stdout.Data), "opened /proc/") {
		t.Errorf("unconfined control did not open the server's /proc files: %q %q", r.Stdout.Data, r.Stderr.Data)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pid := strconv.Itoa(os.Getpid())
	for _, act := range []string{"prlimit:" + pid, "tgkill-all:" + pid} {
		t.Run(act, func(t *testing.T) {
			r := Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=" + act}, Timeout: 10 * time.Second, Confine: &Confinement{}})
			if got := string(r.Stdout.Data); got != "EPERM" {
				t.Errorf("confined %s: %q (stderr %q), want EPERM", act, got, r.Stderr.Data)
			}
			r = Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=" + act}, Timeout: 10 * time.Second})
			if got := string(r.Stdout.Data); got != "ok" {
				t.Errorf("unconfined control %s: %q, want ok", act, got)
			}
		})
	}
}

// TestSandboxConnectPorts: with ConnectPorts, TCP connections reach those
// ports only.
func TestSandboxConnectPorts(t *testing.T) {
	needLandlock(t, 4)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var addrs []string
	var ports []uint16
	for range 2 {
		l, err := net.Listen("tcp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				_ = c.Close()
			}
		}()
		addrs = append(addrs, l.Addr().String())
		ports = append(ports, uint16(l.Addr().(*net.TCPAddr).Port))
	}
	c := Confinement{AllowConnect: true, ConnectPorts: ports[:1]}
	for i, want := range []string{"ok", "EACCES"} {
		r := Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=connect:" + addrs[i]}, Timeout: 10 * time.Second, Confine: &c})
		if got := string(r.Stdout.Data); got != want {
			t.Errorf("connect to %s with ports %v: %q (stderr %q), want %q", addrs[i], c.ConnectPorts, got, r.Stderr.Data, want)
		}
	}
	// MPTCP cannot go around the port rule.
	r := Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=mptcp-connect:" + addrs[1]}, Timeout: 10 * time.Second, Confine: &c})
	if got := string(r.Stdout.Data); got != "EPROTONOSUPPORT" {
		t.Errorf("mptcp connect with ports: %q, want EPROTONOSUPPORT", got)
	}
}

// TestSandboxConcurrentStarts: many confined starts at once, each with
// its limits set at exec, all run and leave no restricted thread behind.
func TestSandboxConcurrentStarts(t *testing.T) {
	need(t, "sh")
	const n = 16
	errs := make(chan string, n)
	for i := range n {
		go func() {
			r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "echo $0", strconv.Itoa(i)}, Timeout: 20 * time.Second,
				Confine: &Confinement{PrivateTmp: true, CPUSeconds: 10, MaxFileBytes: 1 << 20}})
			if r.ExitCode != 0 || strings.TrimSpace(string(r.Stdout.Data)) != strconv.Itoa(i) {
				errs <- fmt.Sprintf("run %d: exit %d, %q %q %v", i, r.ExitCode, r.Stdout.Data, r.Stderr.Data, r.SpawnErr)
				return
			}
			errs <- ""
		}()
	}
	deadline := time.After(60 * time.Second)
	for range n {
		select {
		case e := <-errs:
			if e != "" {
				t.Error(e)
			}
		case <-deadline:
			t.Fatal("concurrent confined runs did not finish")
		}
	}
	if SandboxStatus().Start != StartThread {
		return
	}
	stop := time.Now().Add(5 * time.Second)
	for threadsConfined(t) != 0 {
		if time.Now().After(stop) {
			t.Fatalf("%d threads still restricted", threadsConfined(t))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSandboxCapabilities: a confined program of a root server keeps only
// the small set of capabilities tools need, so it cannot raise the hard
// limits set on it (CAP_SYS_RESOURCE; the ulimit part shows something only
// where the server itself has that capability, which some containers
// drop) or load kernel modules.
func TestSandboxCapabilities(t *testing.T) {
	need(t, "sh", "grep")
	if os.Geteuid() != 0 {
		t.Skip("only a root server has capabilities to drop")
	}
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", `grep -E '^Cap(Eff|Bnd)' /proc/self/status; ulimit -H -t unlimited && echo raised`},
		Timeout: 10 * time.Second, Confine: &Confinement{CPUSeconds: 5}})
	out := string(r.Stdout.Data)
	if strings.Contains(out, "raised") {
		t.Errorf("the program raised its CPU hard limit: %s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		_, hex, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("capability line %q", line)
		}
		v, err := strconv.ParseUint(hex, 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []int{unix.CAP_SYS_RESOURCE, unix.CAP_SYS_MODULE, unix.CAP_SYS_RAWIO, unix.CAP_SYS_ADMIN, unix.CAP_SYS_PTRACE, unix.CAP_BPF} {
			if v&(1<<c) != 0 {
				t.Errorf("%s: capability %d kept", line, c)
			}
		}
		if v&(1<<unix.CAP_NET_RAW) == 0 && strings.HasPrefix(line, "CapBnd") {
			t.Errorf("%s: CAP_NET_RAW (ping) dropped", line)
		}
	}
}

// TestSandboxNoIOURing: io_uring, which opens sockets past the seccomp
// filter, is unavailable to a confined program.
func TestSandboxNoIOURing(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=io_uring"}, Timeout: 10 * time.Second, Confine: &Confinement{}})
	if got := string(r.Stdout.Data); got != "ENOSYS" {
		t.Errorf("confined io_uring_setup: %q (stderr %q), want ENOSYS", got, r.Stderr.Data)
	}
	r = Run(context.Background(), Spec{Path: exe, Env: []string{childEnv + "=io_uring"}, Timeout: 10 * time.Second})
	if got := string(r.Stdout.Data); got == "ENOSYS" {
		t.Skip("no io_uring in this kernel: the control cannot tell the filter apart")
	}
}

// TestSandboxOtherProcessesHidden: a confined program cannot read the
// environment or follow the cwd of another process of the same user
// outside its Landlock domain (here a sibling started by the test).
func TestSandboxOtherProcessesHidden(t *testing.T) {
	need(t, "sh", "sleep", "cat", "readlink")
	needLandlock(t, 1)
	other := exec.Command("sleep", "30")
	other.Env = []string{"OTHER_SECRET=hunter2"}
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Process.Kill(); _ = other.Wait() }()
	pid := strconv.Itoa(other.Process.Pid)
	script := "cat /proc/" + pid + "/environ; readlink /proc/" + pid + "/cwd"
	for _, c := range []*Confinement{nil, {}} {
		r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", script}, Timeout: 10 * time.Second, Confine: c})
		got := string(r.Stdout.Data)
		if c == nil && !strings.Contains(got, "hunter2") {
			t.Fatalf("unconfined control cannot read the sibling: %q %q", got, r.Stderr.Data)
		}
		if c != nil && (strings.Contains(got, "hunter2") || strings.Contains(got, "/")) {
			t.Errorf("a confined program read another process: %q", got)
		}
	}
}

// TestSandboxNoHardLinkOut: Landlock checks paths, so a hard link inside
// the project to a credential file would be readable through the project's
// rule. A confined command cannot make one, in build either: linking a
// file from a directory outside its rules fails (EXDEV, LANDLOCK_ACCESS_FS_
// REFER), so such a link can only come from outside Parism (SECURITY.md).
func TestSandboxNoHardLinkOut(t *testing.T) {
	need(t, "sh", "ln", "cat")
	needLandlock(t, 1)
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(home, ".ssh", "id_ed25519")
	if err := os.WriteFile(key, []byte("SECRET-KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	for name, c := range map[string]Confinement{
		"readonly": {ReadPaths: append([]string{project}, systemRead...), ExecPaths: []string{}},
		"build":    {WritePaths: []string{project}, ReadPaths: append([]string{project}, systemRead...)},
	} {
		t.Run(name, func(t *testing.T) {
			r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "ln " + key + " hl; cat hl"},
				Dir: project, Timeout: 10 * time.Second, Confine: &c})
			if r.SpawnErr != nil {
				t.Fatalf("spawn: %v", r.SpawnErr)
			}
			if _, err := os.Lstat(filepath.Join(project, "hl")); !errors.Is(err, os.ErrNotExist) {
				_ = os.Remove(filepath.Join(project, "hl"))
				t.Fatalf("a hard link to %s was made in the project (err %v); stderr %q", key, err, r.Stderr.Data)
			}
			if strings.Contains(string(r.Stdout.Data), "SECRET") {
				t.Fatalf("the key was read: %q", r.Stdout.Data)
			}
			if e := string(r.Stderr.Data); !strings.Contains(e, "cross-device") && !strings.Contains(e, "Permission denied") {
				t.Errorf("ln's error %q is neither EXDEV nor EACCES", e)
			}
		})
	}
	// Control: unconfined, the same link is made and read.
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "ln " + key + " hl2 && cat hl2"},
		Dir: project, Timeout: 10 * time.Second})
	if !strings.Contains(string(r.Stdout.Data), "SECRET") {
		t.Fatalf("unconfined control: link not made or not read: %q %q", r.Stdout.Data, r.Stderr.Data)
	}
}

// TestSandboxThreadOnce: a thread that restricted itself for a command
// runs nothing else, ever: every command, one after another (the spare
// thread's path) and many at once (new threads too), gets exactly the one
// seccomp filter of its own start, never a second one a reused thread
// would stack on it; and the server's other goroutines, scheduled back
// and forth meanwhile, never find themselves on a restricted thread.
func TestSandboxThreadOnce(t *testing.T) {
	need(t, "cat")
	needLandlock(t, 1)
	useHelper(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conf := Confinement{ReadPaths: systemRead, ExecPaths: []string{}}
	filters := func() (string, error) {
		r := Run(ctx, Spec{Path: "cat", Args: []string{"/proc/self/status"}, Timeout: 10 * time.Second, Confine: &conf})
		if r.SpawnErr != nil || r.ExitCode != 0 {
			return "", fmt.Errorf("cat: %v, exit %d, %q", r.SpawnErr, r.ExitCode, r.Stderr.Data)
		}
		for _, l := range strings.Split(string(r.Stdout.Data), "\n") {
			if v, ok := strings.CutPrefix(l, "Seccomp_filters:"); ok {
				return strings.TrimSpace(v), nil
			}
		}
		return "", errors.New("no Seccomp_filters line in /proc/self/status")
	}
	if _, err := filters(); err != nil { // makes the spare
		t.Fatal(err)
	}

	// The server's goroutines: each reads the status of the thread it runs
	// on, many times, yielding in between.
	stop := make(chan struct{})
	bad := make(chan string, 1)
	var watchers sync.WaitGroup
	for range 4 {
		watchers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				// Locked from the open to the read, so that the file is of the
				// thread it ran on all along: a thread that ran it before may
				// since have become a spare, and restricted itself, which is
				// allowed.
				runtime.LockOSThread()
				b, err := os.ReadFile("/proc/thread-self/status")
				runtime.UnlockOSThread()
				if err == nil && (!strings.Contains(string(b), "NoNewPrivs:\t0") || !strings.Contains(string(b), "Seccomp:\t0")) {
					select {
					case bad <- string(b):
					default:
					}
					return
				}
				runtime.Gosched()
			}
		})
	}
	defer func() { close(stop); watchers.Wait() }()

	jobs := spareJobs.Load()
	const sequential = 20
	for range sequential {
		n, err := filters()
		if err != nil {
			t.Fatal(err)
		}
		if n != "1" {
			t.Fatalf("a command started with %s seccomp filters, want 1: its thread had restricted itself before", n)
		}
	}
	if got := spareJobs.Load() - jobs; got < sequential/2 {
		t.Errorf("%d of %d starts one after another ran on the spare thread", got, sequential)
	}
	errs := make(chan error, 16)
	for range cap(errs) {
		go func() {
			n, err := filters()
			if err == nil && n != "1" {
				err = fmt.Errorf("a command started with %s seccomp filters, want 1", n)
			}
			errs <- err
		}()
	}
	for range cap(errs) {
		select {
		case err := <-errs:
			if err != nil {
				t.Error(err)
			}
		case <-ctx.Done():
			t.Fatal("concurrent starts did not finish within 60s")
		}
	}
	select {
	case st := <-bad:
		t.Fatalf("a goroutine of the server ran on a restricted thread:\n%s", st)
	default:
	}
}

// TestSpareThreadPrepared: the spare thread waits with its preparation
// done (capabilities, no_new_privs, one seccomp filter) and nothing of a
// run, and the next start takes it: its child carries that one filter,
// not a second.
func TestSpareThreadPrepared(t *testing.T) {
	need(t, "true")
	needLandlock(t, 1)
	useHelper(t, "")
	if SandboxStatus().Start != StartThread {
		t.Skipf("children start through the helper here: %s", SandboxStatus().StartReason)
	}
	conf := &Confinement{}
	if r := Run(context.Background(), Spec{Path: "true", Timeout: 10 * time.Second, Confine: conf}); r.ExitCode != 0 {
		t.Fatalf("true: exit %d, %v", r.ExitCode, r.SpawnErr)
	}
	var tid int64
	for deadline := time.Now().Add(5 * time.Second); tid == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no spare thread after a confined start")
		}
		tid = spareTid.Load()
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/self/task/%d/status", tid))
	if err != nil {
		t.Fatal(err)
	}
	st := string(b)
	for _, want := range []string{"NoNewPrivs:\t1", "Seccomp:\t2", "Seccomp_filters:\t1"} {
		if !strings.Contains(st, want) {
			t.Errorf("the spare's status lacks %q:\n%s", want, st)
		}
	}
	if os.Geteuid() == 0 {
		// CAP_SYS_ADMIN (21) is out of the bounding set already.
		for _, l := range strings.Split(st, "\n") {
			if v, ok := strings.CutPrefix(l, "CapBnd:\t"); ok {
				bnd, err := strconv.ParseUint(v, 16, 64)
				if err != nil || bnd&(1<<unix.CAP_SYS_ADMIN) != 0 {
					t.Errorf("the spare's bounding set %s still has CAP_SYS_ADMIN (%v)", v, err)
				}
			}
		}
	}
	jobs := spareJobs.Load()
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "grep Seccomp_filters /proc/self/status"}, Timeout: 10 * time.Second, Confine: conf})
	if got := strings.Join(strings.Fields(string(r.Stdout.Data)), " "); got != "Seccomp_filters: 1" {
		t.Errorf("the child of the spare: %q (exit %d, %q), want one filter", got, r.ExitCode, r.Stderr.Data)
	}
	if spareJobs.Load() == jobs {
		t.Error("the start did not take the waiting spare")
	}
}
