//go:build unix

package executor

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// need skips the test when a program it runs is not installed.
func need(t testing.TB, progs ...string) {
	t.Helper()
	for _, p := range progs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s: %v", p, err)
		}
	}
}

// pidGone polls for up to a second until pid no longer runs. A zombie counts
// as gone: killed orphans are reparented to pid 1, and in containers pid 1
// often never reaps them.
func pidGone(t *testing.T, pid int) bool {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) || isZombie(pid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func isZombie(pid int) bool {
	if runtime.GOOS != "linux" {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// "pid (comm) S ...": comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] == 'Z'
}

// firstPID parses the first line of stdout as a pid.
func firstPID(t *testing.T, r Result) int {
	t.Helper()
	line, _, _ := strings.Cut(string(r.Stdout.Data), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || pid <= 1 {
		t.Fatalf("no pid on stdout %q: %v", r.Stdout.Data, err)
	}
	return pid
}

// killLater makes sure a leaked process from a failing test does not
// outlive the test binary for 30s.
func killLater(t *testing.T, pid int) {
	t.Cleanup(func() {
		if !isZombie(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
}

func TestTimeoutKillsGrandchild(t *testing.T) {
	need(t, "sh", "sleep")
	start := time.Now()
	r := Run(context.Background(), Spec{
		Path:    "sh",
		Args:    []string{"-c", "sleep 30 & echo $!; sleep 30"},
		Timeout: 300 * time.Millisecond,
	})
	elapsed := time.Since(start)
	if elapsed > 2*time.Second {
		t.Errorf("Run took %v", elapsed)
	}
	if !r.Started || !r.TimedOut || r.Canceled || r.ExitCode != -1 || r.Signal != "killed" || r.SpawnErr != nil {
		t.Errorf("result = %+v", r)
	}
	if r.Duration < 300*time.Millisecond || r.Duration > elapsed {
		t.Errorf("Duration = %v, elapsed %v", r.Duration, elapsed)
	}
	pid := firstPID(t, r)
	killLater(t, pid)
	if !pidGone(t, pid) {
		t.Errorf("grandchild %d survived the timeout", pid)
	}
}

func TestCancelKillsGroup(t *testing.T) {
	need(t, "sh", "sleep")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	r := Run(ctx, Spec{Path: "sh", Args: []string{"-c", "sleep 30 & echo $!; sleep 30"}})
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("Run took %v", elapsed)
	}
	if !r.Started || !r.Canceled || r.TimedOut || r.ExitCode != -1 || r.Signal != "killed" {
		t.Errorf("result = %+v", r)
	}
	pid := firstPID(t, r)
	killLater(t, pid)
	if !pidGone(t, pid) {
		t.Errorf("grandchild %d survived the cancellation", pid)
	}
}

func TestAlreadyCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Run(ctx, Spec{Path: "true"})
	if r.Started || !r.Canceled || r.ExitCode != -1 || r.Duration <= 0 || r.SpawnErr != nil {
		t.Errorf("result = %+v", r)
	}
}

func TestLeaderExitKillsBackgroundChild(t *testing.T) {
	need(t, "sh", "sleep")
	tests := []struct {
		name, script string
	}{
		// The background sleep inherits stdout, so without the group kill
		// Run would wait on the pipe.
		{"holds pipes", "sleep 30 & echo $!"},
		// Here it holds nothing, so only the group kill removes it.
		{"detached from pipes", "sleep 30 >/dev/null 2>&1 & echo $!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", tt.script}, Timeout: 10 * time.Second})
			if elapsed := time.Since(start); elapsed > time.Second {
				t.Errorf("Run took %v", elapsed)
			}
			if !r.Started || r.TimedOut || r.ExitCode != 0 || r.Signal != "" {
				t.Errorf("result = %+v", r)
			}
			pid := firstPID(t, r)
			killLater(t, pid)
			if !pidGone(t, pid) {
				t.Errorf("background child %d survived", pid)
			}
		})
	}
}

// TestEscapedDescendantCannotHang covers a descendant that leaves the
// process group (setsid) while holding stdout: the group kill cannot reach
// it, so only the drain bound keeps Run from waiting for it.
func TestEscapedDescendantCannotHang(t *testing.T) {
	need(t, "sh", "sleep", "setsid")
	start := time.Now()
	// The pause lets setsid run before the leader exits; otherwise the group
	// kill may catch it first and the test would prove nothing.
	r := Run(context.Background(), Spec{
		Path: "sh",
		Args: []string{"-c", "setsid sleep 5 & sleep 0.2; echo $!"},
	})
	elapsed := time.Since(start)
	pid := firstPID(t, r)
	defer syscall.Kill(pid, syscall.SIGKILL) // it escaped on purpose
	if elapsed > 2*time.Second {
		t.Errorf("Run took %v", elapsed)
	}
	if r.ExitCode != 0 {
		t.Errorf("result = %+v", r)
	}
	if err := syscall.Kill(pid, 0); err != nil || isZombie(pid) {
		t.Skipf("setsid child %d did not escape the group (%v); path not exercised", pid, err)
	}
	if elapsed < 200*time.Millisecond+drainDelay {
		t.Errorf("Run returned after %v, before the drain bound, while the pipe was held", elapsed)
	}
}

func TestOutputCapEndless(t *testing.T) {
	tests := []struct {
		name string
		prog []string
		line string
	}{
		{"yes", []string{"yes"}, "y\n"},
		{"sh loop", []string{"sh", "-c", "while :; do echo line; done"}, "line\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			need(t, tt.prog[0])
			const max = 4096
			r := Run(context.Background(), Spec{
				Path: tt.prog[0], Args: tt.prog[1:],
				Timeout: 300 * time.Millisecond, MaxStdout: max,
			})
			if !r.TimedOut {
				t.Errorf("not timed out: %+v", r)
			}
			c := r.Stdout
			checkConsistent(t, c)
			if len(c.Data) > max || !c.Truncated || c.TotalBytes <= max {
				t.Errorf("capture = %s", summary(c))
			}
			// Both pieces must be whole lines, so Data is the line repeated.
			if n := len(c.Data) / len(tt.line); n == 0 || string(c.Data) != strings.Repeat(tt.line, n) {
				t.Errorf("Data is not whole lines: %s", summary(c))
			}
		})
	}
}

func TestOutputCapFinite(t *testing.T) {
	need(t, "sh", "seq")
	want := seqOutput(1, 100000)
	tests := []struct {
		name   string
		args   []string
		stream func(Result) Capture
		other  func(Result) Capture
		spec   Spec
	}{
		{
			name:   "stdout",
			spec:   Spec{Path: "seq", Args: []string{"1", "100000"}, MaxStdout: 1000, MaxStderr: 10},
			stream: func(r Result) Capture { return r.Stdout },
			other:  func(r Result) Capture { return r.Stderr },
		},
		{
			name:   "stderr",
			spec:   Spec{Path: "sh", Args: []string{"-c", "seq 1 100000 >&2"}, MaxStderr: 1000, MaxStdout: 10},
			stream: func(r Result) Capture { return r.Stderr },
			other:  func(r Result) Capture { return r.Stdout },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Run(context.Background(), tt.spec)
			if r.ExitCode != 0 {
				t.Fatalf("result = %+v", r)
			}
			c := tt.stream(r)
			checkConsistent(t, c)
			if !c.Truncated || c.TotalBytes != int64(len(want)) || len(c.Data) > 1000 {
				t.Fatalf("capture = %s", summary(c))
			}
			if !bytes.HasPrefix(c.Data, []byte("1\n2\n")) || !bytes.HasSuffix(c.Data, []byte("99999\n100000\n")) {
				t.Errorf("Data = %s", summary(c))
			}
			if exp := referenceCapture(want, 1000); !bytes.Equal(c.Data, exp.Data) || c.OmittedAt != exp.OmittedAt {
				t.Errorf("got %s\nwant %s", summary(c), summary(exp))
			}
			if o := tt.other(r); o.TotalBytes != 0 || len(o.Data) != 0 || o.Truncated || o.OmittedAt != -1 {
				t.Errorf("other stream = %s", summary(o))
			}
		})
	}
}

func TestUnlimitedCapture(t *testing.T) {
	need(t, "seq")
	r := Run(context.Background(), Spec{Path: "seq", Args: []string{"1", "20000"}})
	if want := seqOutput(1, 20000); !bytes.Equal(r.Stdout.Data, want) || r.Stdout.Truncated || r.Stdout.OmittedAt != -1 {
		t.Errorf("capture = %s", summary(r.Stdout))
	}
}

func TestSpawnErrors(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt")
	if err := os.WriteFile(plain, []byte("#!/bin/sh\necho hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A non-executable file found through PATH.
	if err := os.WriteFile(filepath.Join(dir, "noexec"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A program only reachable through a relative PATH entry.
	if err := os.WriteFile(filepath.Join(dir, "hidden"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		spec   Spec
		reason string
	}{
		{"missing in PATH", Spec{Path: "parism-no-such-program-xyz"}, ReasonNotFound},
		{"missing absolute", Spec{Path: "/nonexistent/parism/prog"}, ReasonNotFound},
		{"empty path", Spec{}, ReasonNotFound},
		{"path through a file", Spec{Path: plain + "/x"}, ReasonNotFound},
		{"relative PATH entry ignored", Spec{Path: "hidden", Dir: dir, Env: []string{"PATH=."}}, ReasonNotFound},
		{"no PATH in Env", Spec{Path: "sh", Env: []string{"HOME=/"}}, ReasonNotFound},
		{"bad dir", Spec{Path: "/bin/sh", Dir: filepath.Join(dir, "missing")}, ReasonBadDir},
		{"dir is a file", Spec{Path: "/bin/sh", Dir: plain}, ReasonBadDir},
		{"not executable", Spec{Path: plain}, ReasonPermission},
		{"not executable in PATH", Spec{Path: "noexec", Env: []string{"PATH=" + dir}}, ReasonPermission},
		{"directory", Spec{Path: dir}, ReasonPermission},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Run(context.Background(), tt.spec)
			var se *SpawnError
			if !errors.As(r.SpawnErr, &se) {
				t.Fatalf("SpawnErr = %v (%T), want *SpawnError", r.SpawnErr, r.SpawnErr)
			}
			if se.Reason != tt.reason {
				t.Errorf("Reason = %q, want %q (%v)", se.Reason, tt.reason, se)
			}
			if se.Error() == "" || se.Unwrap() == nil {
				t.Errorf("SpawnError %#v lacks message or cause", se)
			}
			if r.Started || r.ExitCode != -1 || r.Duration <= 0 || r.TimedOut || r.Canceled {
				t.Errorf("result = %+v", r)
			}
			if r.Stdout.OmittedAt != -1 || r.Stdout.Data == nil || r.Stderr.OmittedAt != -1 {
				t.Errorf("captures = %+v %+v", r.Stdout, r.Stderr)
			}
		})
	}
}

func TestExitStatus(t *testing.T) {
	need(t, "sh")
	tests := []struct {
		script string
		code   int
		signal string
	}{
		{"exit 0", 0, ""},
		{"exit 3", 3, ""},
		{"exit 255", 255, ""},
		{"kill -TERM $$", -1, "terminated"},
		{"kill -KILL $$", -1, "killed"},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", tt.script}})
			if r.ExitCode != tt.code || r.Signal != tt.signal || !r.Started || r.TimedOut || r.SpawnErr != nil {
				t.Errorf("result = %+v, want code %d signal %q", r, tt.code, tt.signal)
			}
		})
	}
}

// TestNoShell passes shell syntax as an argument: it must reach the program
// verbatim, with argv[0] as given.
func TestNoShell(t *testing.T) {
	need(t, "sh")
	arg := "$(echo pwned); `id` | ; * && >x"
	r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", `printf '%s|%s' "$0" "$1"`, "zero", arg}, Dir: t.TempDir()})
	if got := string(r.Stdout.Data); got != "zero|"+arg {
		t.Errorf("stdout = %q", got)
	}
}

func TestStdinIsNull(t *testing.T) {
	need(t, "cat")
	r := Run(context.Background(), Spec{Path: "cat", Timeout: 5 * time.Second})
	if r.TimedOut || r.ExitCode != 0 || r.Stdout.TotalBytes != 0 {
		t.Errorf("cat waited for input or failed: %+v", r)
	}
}

func TestDirAndPathFromEnv(t *testing.T) {
	need(t, "sh")
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "parism-hello"), []byte("#!/bin/sh\npwd\necho \"$1\" >&2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sh, _ := exec.LookPath("sh")
	// /bin for the #! interpreter is not needed: the kernel opens it itself.
	r := Run(context.Background(), Spec{
		Path: "parism-hello", Args: []string{"arg"}, Dir: dir,
		Env: []string{"PATH=/nonexistent:" + bin + ":" + filepath.Dir(sh)},
	})
	want, _ := filepath.EvalSymlinks(dir)
	got, _ := filepath.EvalSymlinks(strings.TrimSpace(string(r.Stdout.Data)))
	if r.ExitCode != 0 || got != want || string(r.Stderr.Data) != "arg\n" {
		t.Errorf("result = %+v (pwd %q, want %q)", r, got, want)
	}
}

func TestStripEnvOnChild(t *testing.T) {
	need(t, "env")
	env := []string{"PATH=" + os.Getenv("PATH"), "MY_TOKEN=t", "my_secret_x=s", "KEEP_ME=yes", "Aws_Secret_Access_Key=k", "SAFE=TOKEN"}
	kept, removed := StripEnv(env, []string{"TOKEN", "SECRET"})
	if want := []string{"MY_TOKEN", "my_secret_x", "Aws_Secret_Access_Key"}; !slices.Equal(removed, want) {
		t.Errorf("removed = %q, want %q", removed, want)
	}
	r := Run(context.Background(), Spec{Path: "env", Env: kept})
	if r.ExitCode != 0 {
		t.Fatalf("result = %+v", r)
	}
	lines := strings.Split(strings.TrimSuffix(string(r.Stdout.Data), "\n"), "\n")
	for _, absent := range []string{"MY_TOKEN=t", "my_secret_x=s", "Aws_Secret_Access_Key=k"} {
		if slices.Contains(lines, absent) {
			t.Errorf("child saw %s", absent)
		}
	}
	for _, present := range []string{"KEEP_ME=yes", "SAFE=TOKEN"} {
		if !slices.Contains(lines, present) {
			t.Errorf("child lacks %s; env = %q", present, lines)
		}
	}
}

func TestSafeEnvOnChild(t *testing.T) {
	need(t, "env")
	r := Run(context.Background(), Spec{Path: "env", Env: SafeEnv([]string{"PATH=" + os.Getenv("PATH"), "LESSOPEN=|x %s", "PAGER=less"})})
	out := string(r.Stdout.Data)
	if !strings.Contains(out, "PAGER=cat\n") || strings.Contains(out, "LESSOPEN") || strings.Contains(out, "PAGER=less") {
		t.Errorf("env = %q", out)
	}
}

func TestOnProgress(t *testing.T) {
	need(t, "sh", "sleep")
	var (
		mu    sync.Mutex
		calls []time.Time
		vals  [][2]int64
	)
	r := Run(context.Background(), Spec{
		Path: "sh",
		Args: []string{"-c", "for i in 1 2 3 4 5 6; do echo $i; sleep 0.3; done"},
		OnProgress: func(b, l int64) {
			mu.Lock()
			defer mu.Unlock()
			calls = append(calls, time.Now())
			vals = append(vals, [2]int64{b, l})
		},
	})
	mu.Lock()
	n := len(calls)
	mu.Unlock()
	if r.ExitCode != 0 || string(r.Stdout.Data) != "1\n2\n3\n4\n5\n6\n" {
		t.Fatalf("result = %+v", r)
	}
	if n < 3 {
		t.Fatalf("OnProgress called %d times in %v", n, r.Duration)
	}
	// The rate is bounded, not the gap between two calls: a ticker delayed
	// on a busy machine delivers its next tick early.
	if max := int(r.Duration/progressInterval) + 2; n > max {
		t.Errorf("OnProgress called %d times in %v, want at most %d", n, r.Duration, max)
	}
	for i := 1; i < n; i++ {
		if vals[i][0] < vals[i-1][0] || vals[i][1] < vals[i-1][1] {
			t.Errorf("progress went backwards: %v", vals)
		}
	}
	last := vals[n-1]
	if last[0] == 0 || last[1] == 0 || last[1] > 6 || last[0] != 2*last[1] {
		t.Errorf("last progress = %v", last)
	}
	time.Sleep(2 * progressInterval)
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != n {
		t.Errorf("OnProgress called after Run returned")
	}
}

// TestConcurrentRuns checks that parallel runs do not share pipes: a child
// inheriting another run's write end would delay that run's EOF.
func TestConcurrentRuns(t *testing.T) {
	need(t, "sh", "sleep")
	var wg sync.WaitGroup
	slow := make(chan Result, 1)
	wg.Go(func() { slow <- Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "sleep 2"}}) })
	time.Sleep(50 * time.Millisecond)
	for i := range 8 {
		wg.Go(func() {
			start := time.Now()
			r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", "echo " + strconv.Itoa(i)}})
			if string(r.Stdout.Data) != strconv.Itoa(i)+"\n" || time.Since(start) > time.Second {
				t.Errorf("run %d: %+v after %v", i, r, time.Since(start))
			}
		})
	}
	wg.Wait()
	if r := <-slow; r.ExitCode != 0 {
		t.Errorf("slow run = %+v", r)
	}
}

func BenchmarkRunTrue(b *testing.B) {
	if _, err := os.Stat("/bin/true"); err != nil {
		b.Skipf("needs /bin/true: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if r := Run(context.Background(), Spec{Path: "/bin/true"}); r.ExitCode != 0 {
			b.Fatalf("result = %+v", r)
		}
	}
}

// TestNoFDLeak runs successful, failing and timed-out commands and checks
// that every pipe Run opened was closed.
func TestNoFDLeak(t *testing.T) {
	need(t, "sh")
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skipf("needs /proc/self/fd: %v", err)
	}
	count := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		return len(ents)
	}
	specs := []Spec{
		{Path: "sh", Args: []string{"-c", "echo out; echo err >&2"}},
		{Path: "parism-no-such-program-xyz"},
		{Path: "/bin/sh", Dir: "/nonexistent/parism"},
		{Path: "sh", Args: []string{"-c", "sleep 5"}, Timeout: 20 * time.Millisecond},
	}
	Run(context.Background(), specs[0]) // let lazily opened runtime fds settle
	before := count()
	for range 5 {
		for _, s := range specs {
			Run(context.Background(), s)
		}
	}
	if after := count(); after != before {
		t.Errorf("open fds went from %d to %d", before, after)
	}
}
