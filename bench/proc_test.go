package bench

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Helpers for tests that run the built binary as an HTTP server and watch
// it from outside, through /proc.

// serverProc is `parism serve --http` running as a process of its own.
type serverProc struct {
	cmd  *exec.Cmd
	url  string // http://127.0.0.1:PORT/mcp
	addr string // 127.0.0.1:PORT
	done chan struct{}
	err  error // the exit, once done is closed
}

// startBinary starts the built binary serving HTTP on addr (port 0 picks
// one), in a clean home with no PARISM_* variables, with extra flags, and
// returns once its startup line names the address it listens on.
func startBinary(tb testing.TB, addr string, flags ...string) *serverProc {
	tb.Helper()
	cmd := exec.Command(binary, append([]string{"serve", "--http", addr}, flags...)...)
	cmd.Dir = tb.TempDir()
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PARISM_") && !strings.HasPrefix(kv, "HOME=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "HOME="+tb.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	p := &serverProc{cmd: cmd, done: make(chan struct{})}
	lines := bufio.NewReader(stderr)
	line, err := lines.ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		tb.Fatalf("serve --http %s: %v", addr, err)
	}
	go func() {
		// Keep draining, so a warning never blocks the server; Wait only
		// after stderr is read to its end.
		buf := make([]byte, 4096)
		for {
			if _, err := lines.Read(buf); err != nil {
				break
			}
		}
		p.err = cmd.Wait()
		close(p.done)
	}()
	tb.Cleanup(func() { p.stop(tb) })
	p.url = regexp.MustCompile(`http://\S+`).FindString(line)
	if p.url == "" {
		tb.Fatalf("serve --http said %q", line)
	}
	p.addr = strings.TrimSuffix(strings.TrimPrefix(p.url, "http://"), "/mcp")
	return p
}

func (p *serverProc) pid() int { return p.cmd.Process.Pid }

// stop ends the server with SIGTERM, as an operator would, and waits.
func (p *serverProc) stop(tb testing.TB) {
	select {
	case <-p.done:
		return
	default:
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(15 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
		tb.Errorf("the server did not stop within 15 s of SIGTERM")
	}
}

// kill SIGKILLs the server and waits for it to be reaped.
func (p *serverProc) kill(tb testing.TB) {
	if err := p.cmd.Process.Kill(); err != nil {
		tb.Fatal(err)
	}
	<-p.done
}

// procStats is what a process holds, seen from outside.
type procStats struct {
	rssKB, threads, fds, cached, children int
}

func (s procStats) String() string {
	return fmt.Sprintf("RSS %.1f MB, %d threads, %d fds (+%d of the executor's cache), %d children",
		float64(s.rssKB)/1024, s.threads, s.fds, s.cached, s.children)
}

func statsOf(tb testing.TB, pid int) procStats {
	tb.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	var s procStats
	for _, line := range strings.Split(string(data), "\n") {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB"))
		switch k {
		case "VmRSS":
			s.rssKB, _ = strconv.Atoi(v)
		case "Threads":
			s.threads, _ = strconv.Atoi(v)
		}
	}
	var err2 error
	s.fds, s.cached, err2 = countFDs(pid)
	if err2 != nil {
		tb.Fatal(err2)
	}
	if s.cached > maxCachedFDs {
		tb.Errorf("the server holds %d descriptors of the executor's cache, more than its bound %d", s.cached, maxCachedFDs)
	}
	s.children = len(childrenOf(pid))
	return s
}

// maxCachedFDs bounds the descriptors the executor keeps between commands
// (executor.ReleaseIdle closes them after a minute idle): at most 64
// Landlock rulesets, the inotify instance that watches their paths, and
// the mount table it polls.
const maxCachedFDs = 64 + 2

// countFDs counts the open descriptors of pid: those of the executor's
// cache apart (cached), the rest in fds, which must come back to their
// baseline after a load.
func countFDs(pid int) (fds, cached int, err error) {
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, err
	}
	for _, e := range ents {
		target, err := os.Readlink(dir + "/" + e.Name())
		switch {
		case err != nil:
			// Closed meanwhile.
		case target == "anon_inode:[landlock-ruleset]" || target == "anon_inode:inotify" ||
			strings.HasPrefix(target, "/proc/") && strings.HasSuffix(target, "/mountinfo"):
			cached++
		default:
			fds++
		}
	}
	return fds, cached, nil
}

// childrenOf lists the live (not zombie) children of ppid.
func childrenOf(ppid int) []int {
	var out []int
	eachProc(func(pid int, state string, parent int, _ string) {
		if parent == ppid && state != "Z" && state != "X" {
			out = append(out, pid)
		}
	})
	return out
}

// procsWithArg lists live processes whose command line has arg as one of
// its arguments: a test marks its commands with a unique argument.
func procsWithArg(arg string) []int {
	var out []int
	eachProc(func(pid int, state string, _ int, cmdline string) {
		if state == "Z" || state == "X" {
			return
		}
		for _, a := range strings.Split(cmdline, "\x00") {
			if a == arg {
				out = append(out, pid)
				return
			}
		}
	})
	return out
}

func eachProc(f func(pid int, state string, ppid int, cmdline string)) {
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:])
		if len(fields) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		f(pid, fields[0], ppid, strings.TrimSuffix(string(cmdline), "\x00"))
	}
}

// waitUntil polls cond every 20 ms for at most d.
func waitUntil(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// writeConfig writes body as a TOML configuration file and returns the
// --config flags that make the server read only it.
func writeConfig(tb testing.TB, body string) []string {
	tb.Helper()
	f := filepath.Join(tb.TempDir(), "prism.config.toml")
	if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
		tb.Fatal(err)
	}
	return []string{"--config", f}
}
