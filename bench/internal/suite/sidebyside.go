package suite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// SideBySide is the MCP round trip of the built server beside a bare
// spawn of the same command from Go, measured in the same run, calls
// taking turns (issue 19's comparison).
type SideBySide struct {
	Cases  []SideCase
	DryRun Latency // dry_run of ls -la: a call that runs nothing, the protocol's floor
	Levels []LoadLevel
	// Start is process start to initialize answered; IdleRSSKB the
	// server's resident memory after initialize and one describe call
	// (the largest over the starts), and of it IdleAnonKB the anonymous
	// memory (heap, stacks): the rest are pages of the binary's file,
	// shared with the page cache, whose count depends on how the kernel
	// cached the file (a file just written by the linker is cached in
	// large folios, each mapped whole on its first touch: ~7 MB more).
	Start      Latency
	IdleRSSKB  int
	IdleAnonKB int
}

// SideCase is one command: this server's round trip and a bare spawn,
// and the CPU time per call of each (the server process with its
// children, the bare spawn's child).
type SideCase struct {
	Name             string
	This, Bare       Latency
	ThisCPU, BareCPU time.Duration
	// ThisChildCPU is the part of ThisCPU the children used (cutime and
	// cstime): the command's own CPU under the server's confinement,
	// beside BareCPU, the same command's unconfined.
	ThisChildCPU time.Duration
	// SpawnCPU is the bare spawn's child plus what spawning it cost this
	// (Go) process: the fork, the pipes, the wait, the runtime's own work.
	SpawnCPU time.Duration
}

// Floor is a bare spawn plus the round trip of a call that runs nothing.
func (c SideCase) Floor(dry Latency) time.Duration { return c.Bare.P50 + dry.P50 }

// LoadLevel is the throughput of `pwd` from n concurrent callers: MCP
// calls in flight together on one session of the server, or bare spawns
// from as many goroutines.
type LoadLevel struct {
	Clients                int
	ThisPerSec, BarePerSec float64
	ThisCPU, BareCPU       time.Duration // per call
}

type sideCmd struct {
	name string
	cmd  string
	args []string
	dir  string
}

// clockTick is the unit of the CPU times in /proc/<pid>/stat (USER_HZ,
// 100 on every Linux architecture Go runs on).
const clockTick = 10 * time.Millisecond

// processCPU is the CPU time of process pid and of the children it has
// waited for, from /proc/<pid>/stat (utime, stime, cutime, cstime).
func processCPU(pid int) (time.Duration, error) {
	self, children, err := processCPUParts(pid)
	return self + children, err
}

// processCPUParts is processCPU apart: the process's own (utime, stime)
// and its waited-for children's (cutime, cstime).
func processCPUParts(pid int) (self, children time.Duration, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: no command field", pid)
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3, the state
	if len(f) < 15 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f)+2)
	}
	var ticks [4]int64
	for j, k := range f[11:15] { // fields 14 to 17
		n, err := strconv.ParseInt(k, 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("/proc/%d/stat: %v", pid, err)
		}
		ticks[j] = n
	}
	return time.Duration(ticks[0]+ticks[1]) * clockTick, time.Duration(ticks[2]+ticks[3]) * clockTick, nil
}

// rssKB returns VmRSS and RssAnon of pid, in KB.
func rssKB(pid int) (rss, anon int, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	field := func(name string) (int, error) {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, name+":"); ok {
				return strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			}
		}
		return 0, errors.New("no " + name + " in /proc/<pid>/status")
	}
	if rss, err = field("VmRSS"); err != nil {
		return 0, 0, err
	}
	anon, err = field("RssAnon")
	return rss, anon, err
}

// bareRun spawns c as a plain exec.Command and returns the child's CPU
// time.
func bareRun(c sideCmd, env []string) (time.Duration, error) {
	cmd := exec.Command(c.cmd, c.args...)
	cmd.Dir, cmd.Env = c.dir, env
	if _, err := cmd.Output(); err != nil {
		return 0, fmt.Errorf("bare %s: %w", c.name, err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
	}
	return 0, nil
}

// serverStarter starts binary as an MCP server on stdio in dir work with
// env, and says how long it took to answer initialize.
func serverStarter(ctx context.Context, binary, work string, env []string) func() (*sideServer, time.Duration, error) {
	return func() (*sideServer, time.Duration, error) {
		cmd := exec.Command(binary)
		cmd.Dir, cmd.Env = work, env
		client := mcp.NewClient(&mcp.Implementation{Name: "parism-bench", Version: "0"}, nil)
		t := time.Now()
		cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			return nil, 0, fmt.Errorf("starting %s: %w", binary, err)
		}
		return &sideServer{cs: cs, cmd: cmd}, time.Since(t), nil
	}
}

type sideServer struct {
	cs  *mcp.ClientSession
	cmd *exec.Cmd
}

func (s *sideServer) call(ctx context.Context, name string, args map[string]any) error {
	res, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return fmt.Errorf("%s %v: %w", name, args["cmd"], err)
	}
	if res.IsError {
		return fmt.Errorf("%s %v: tool error: %v", name, args["cmd"], res.Content)
	}
	sc, _ := res.StructuredContent.(map[string]any)
	if name == "run" && sc["ok"] != true {
		return fmt.Errorf("run %v: not ok: %v", args["cmd"], sc["failure"])
	}
	if name == "dry_run" && sc["would_pass"] != true {
		return fmt.Errorf("dry_run %v: would not pass: %v", args["cmd"], sc)
	}
	return nil
}

func (s *sideServer) cpu() (time.Duration, error) { return processCPU(s.cmd.Process.Pid) }

func (s *sideServer) cpuParts() (self, children time.Duration, err error) {
	return processCPUParts(s.cmd.Process.Pid)
}

// RunSideBySide measures the built server at binary beside bare spawns:
// calls round trips of each command and of dry_run, taking turns; the
// CPU per call of each command in a block of calls of its own; `pwd`
// under 1, 4 and 16 concurrent callers for load each; and the server's
// start-up and idle memory.
func RunSideBySide(binary string, calls int, load time.Duration) (*SideBySide, error) {
	dir, err := os.MkdirTemp("", "parism-bench-sbs")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	work, repo, home := filepath.Join(dir, "files"), filepath.Join(dir, "repo"), filepath.Join(dir, "home")
	for _, d := range []string{work, repo, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, err
		}
	}
	// ls -la lists 15 entries: 13 files, . and ..
	for i := range 13 {
		if err := os.WriteFile(filepath.Join(work, fmt.Sprintf("file-%02d.txt", i)), []byte(strings.Repeat("x", i)), 0o644); err != nil {
			return nil, err
		}
	}
	// A private HOME for both sides: no global git or parism
	// configuration applies.
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
	if err := smallRepo(repo, env); err != nil {
		return nil, err
	}
	cmds := []sideCmd{
		{"ls -la", "ls", []string{"-la"}, work},
		{"git status", "git", []string{"status"}, repo},
		{"ps aux", "ps", []string{"aux"}, work},
		{"pwd", "pwd", nil, work},
	}
	ctx := context.Background()
	start := serverStarter(ctx, binary, work, env)
	srv, _, err := start()
	if err != nil {
		return nil, err
	}
	defer srv.cs.Close()
	runArgs := func(c sideCmd) map[string]any {
		a := map[string]any{"cmd": c.cmd, "cwd": c.dir}
		if c.args != nil {
			a["args"] = c.args
		}
		return a
	}
	dry := map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": work}

	// Round trips, taking turns: each command bare then through the
	// server, then dry_run, calls times after a warm-up of 5.
	this := make([][]time.Duration, len(cmds))
	bare := make([][]time.Duration, len(cmds))
	var dryRT []time.Duration
	for i := range calls + 5 {
		for k, c := range cmds {
			t := time.Now()
			if _, err := bareRun(c, env); err != nil {
				return nil, err
			}
			b := time.Since(t)
			t = time.Now()
			if err := srv.call(ctx, "run", runArgs(c)); err != nil {
				return nil, err
			}
			if i >= 5 {
				bare[k] = append(bare[k], b)
				this[k] = append(this[k], time.Since(t))
			}
		}
		t := time.Now()
		if err := srv.call(ctx, "dry_run", dry); err != nil {
			return nil, err
		}
		if i >= 5 {
			dryRT = append(dryRT, time.Since(t))
		}
	}
	out := &SideBySide{DryRun: latency("dry_run", dryRT)}

	// CPU per call, each command in a block of its own (the server's CPU
	// is read in clock ticks: a block keeps the rounding to two ticks).
	for k, c := range cmds {
		sc := SideCase{Name: c.name, This: latency("this", this[k]), Bare: latency("bare", bare[k])}
		var child time.Duration
		self0 := cpuTime()
		for range calls {
			d, err := bareRun(c, env)
			if err != nil {
				return nil, err
			}
			child += d
		}
		spawner := cpuTime() - self0
		self0, child0, err := srv.cpuParts()
		if err != nil {
			return nil, err
		}
		for range calls {
			if err := srv.call(ctx, "run", runArgs(c)); err != nil {
				return nil, err
			}
		}
		self1, child1, err := srv.cpuParts()
		if err != nil {
			return nil, err
		}
		n := time.Duration(calls)
		sc.BareCPU, sc.ThisCPU = child/n, (self1-self0+child1-child0)/n
		sc.ThisChildCPU = (child1 - child0) / n
		sc.SpawnCPU = (child + spawner) / time.Duration(calls)
		out.Cases = append(out.Cases, sc)
	}

	// Throughput of pwd under load.
	pwd := cmds[len(cmds)-1]
	for _, n := range []int{1, 4, 16} {
		lv := LoadLevel{Clients: n}
		var calls atomic.Int64
		var child atomic.Int64
		var firstErr error
		var mu sync.Mutex
		fail := func(err error) {
			mu.Lock()
			if firstErr == nil {
				firstErr = err
			}
			mu.Unlock()
		}
		burst := func(one func() error) float64 {
			calls.Store(0)
			deadline := time.Now().Add(load)
			var wg sync.WaitGroup
			t := time.Now()
			for range n {
				wg.Go(func() {
					for time.Now().Before(deadline) {
						if err := one(); err != nil {
							fail(err)
							return
						}
						calls.Add(1)
					}
				})
			}
			wg.Wait()
			return float64(calls.Load()) / time.Since(t).Seconds()
		}
		child.Store(0)
		lv.BarePerSec = burst(func() error {
			d, err := bareRun(pwd, env)
			child.Add(int64(d))
			return err
		})
		if c := calls.Load(); c > 0 {
			lv.BareCPU = time.Duration(child.Load() / c)
		}
		cpu0, err := srv.cpu()
		if err != nil {
			return nil, err
		}
		lv.ThisPerSec = burst(func() error { return srv.call(ctx, "run", runArgs(pwd)) })
		cpu1, err := srv.cpu()
		if err != nil {
			return nil, err
		}
		if c := calls.Load(); c > 0 {
			lv.ThisCPU = (cpu1 - cpu0) / time.Duration(c)
		}
		if firstErr != nil {
			return nil, firstErr
		}
		out.Levels = append(out.Levels, lv)
	}

	// Start-up and idle memory, on fresh processes.
	if out.Start, out.IdleRSSKB, out.IdleAnonKB, err = startupRSS(ctx, start, max(5, calls/20)); err != nil {
		return nil, err
	}
	return out, nil
}

// startupRSS starts n fresh servers: the time to initialize answered, and
// the most resident memory (all, anonymous) one of them holds 100 ms after
// answering one describe call.
func startupRSS(ctx context.Context, start func() (*sideServer, time.Duration, error), n int) (lat Latency, rssMax, anonMax int, err error) {
	var starts []time.Duration
	for range n {
		s, d, err := start()
		if err != nil {
			return Latency{}, 0, 0, err
		}
		starts = append(starts, d)
		if err := s.call(ctx, "describe", map[string]any{}); err != nil {
			s.cs.Close()
			return Latency{}, 0, 0, err
		}
		time.Sleep(100 * time.Millisecond)
		kb, anon, err := rssKB(s.cmd.Process.Pid)
		s.cs.Close()
		if err != nil {
			return Latency{}, 0, 0, err
		}
		rssMax, anonMax = max(rssMax, kb), max(anonMax, anon)
	}
	return latency("start-up", starts), rssMax, anonMax, nil
}

// RunStartup measures only what RunSideBySide's last paragraph reports:
// start-up and idle memory of n fresh servers of binary, run as there (a
// working directory of their own, a private HOME).
func RunStartup(binary string, n int) (*SideBySide, error) {
	dir, err := os.MkdirTemp("", "parism-bench-start")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	work, home := filepath.Join(dir, "files"), filepath.Join(dir, "home")
	for _, d := range []string{work, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, err
		}
	}
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
	ctx := context.Background()
	start := serverStarter(ctx, binary, work, env)
	out := &SideBySide{}
	if out.Start, out.IdleRSSKB, out.IdleAnonKB, err = startupRSS(ctx, start, n); err != nil {
		return nil, err
	}
	return out, nil
}

// smallRepo makes a git repository of three committed files, one of them
// then modified, and one untracked file.
func smallRepo(dir string, env []string) error {
	git := func(args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, b)
		}
		return nil
	}
	if err := git("init", "-q", "-b", "main"); err != nil {
		return err
	}
	for i, name := range []string{"README.md", "main.go", "go.mod"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Repeat("line\n", i+1)), 0o644); err != nil {
			return err
		}
	}
	if err := git("add", "."); err != nil {
		return err
	}
	if err := git("-c", "user.name=bench", "-c", "user.email=bench@example.invalid", "commit", "-q", "-m", "initial"); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("changed\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("untracked\n"), 0o644)
}
