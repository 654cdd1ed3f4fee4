//go:build linux

package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childrenCPU is the CPU time of the children this process has waited
// for.
func childrenCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runCase is one command of BenchmarkRunCommand.
type runCase struct {
	name string
	cmd  string
	args []string
	dir  string
}

// runCases makes the directories of the side-by-side's commands (issue
// 19): 13 files for ls -la, a small repository with a change and an
// untracked file for git status.
func runCases(b *testing.B) []runCase {
	b.Helper()
	work, repo := b.TempDir(), b.TempDir()
	for i := range 13 {
		writeFile(b, filepath.Join(work, fmt.Sprintf("file-%02d.txt", i)), strings.Repeat("x", i))
	}
	env := append(os.Environ(), "HOME="+b.TempDir(), "GIT_CONFIG_NOSYSTEM=1")
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = repo, env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	writeFile(b, filepath.Join(repo, "README.md"), "line\n")
	writeFile(b, filepath.Join(repo, "main.go"), "line\nline\n")
	git("add", ".")
	git("-c", "user.name=bench", "-c", "user.email=bench@example.invalid", "commit", "-q", "-m", "initial")
	writeFile(b, filepath.Join(repo, "main.go"), "changed\n")
	writeFile(b, filepath.Join(repo, "notes.txt"), "untracked\n")
	// A configuration changed within the last second is read again on the
	// next call (executor.GitDrivers): let the repository settle.
	time.Sleep(1100 * time.Millisecond)
	return []runCase{
		{"pwd", "pwd", nil, work},
		{"ls-la", "ls", []string{"-la"}, work},
		{"git-status", "git", []string{"status"}, repo},
		{"ps-aux", "ps", []string{"aux"}, work},
	}
}

// BenchmarkRunCommand is a whole engine run of each command of the
// side-by-side (guard, git configuration, confined start, capture,
// parse, shaping, no encoding), beside a bare exec.Command of the same
// command. cpu-ns/op is this process's CPU and its children's per call:
// the figure issue 19 compares (target: at most 1.5 times bare's).
func BenchmarkRunCommand(b *testing.B) {
	cases := runCases(b)
	e, _ := newTestEngine(b, nil)
	ctx := context.Background()
	for _, c := range cases {
		measure := func(b *testing.B, one func() error) {
			if err := one(); err != nil { // warm-up: caches, the git scan
				b.Fatal(err)
			}
			own, kids := processCPU(), childrenCPU()
			b.ResetTimer()
			for b.Loop() {
				if err := one(); err != nil {
					b.Fatal(err)
				}
			}
			own, kids = processCPU()-own, childrenCPU()-kids
			n := time.Duration(b.N)
			b.ReportMetric(float64((own+kids)/n), "cpu-ns/op")
			// Split: the server's own share beside its children's, as the
			// side bench's rows compare them (issue 19).
			b.ReportMetric(float64(own/n), "own-cpu-ns/op")
			b.ReportMetric(float64(kids/n), "child-cpu-ns/op")
		}
		b.Run(c.name+"/engine", func(b *testing.B) {
			scans := e.gitCfg.Scans()
			defer func() {
				// The repository's configuration is read once, then cached.
				b.ReportMetric(float64(e.gitCfg.Scans()-scans)/float64(b.N), "git-scans/op")
			}()
			measure(b, func() error {
				env := e.Run(ctx, Request{Cmd: c.cmd, Args: c.args, Cwd: c.dir})
				if !env.OK {
					return fmt.Errorf("%s: %s", c.name, mustMarshal(b, env))
				}
				return nil
			})
		})
		b.Run(c.name+"/bare", func(b *testing.B) {
			measure(b, func() error {
				cmd := exec.Command(c.cmd, c.args...)
				cmd.Dir = c.dir
				_, err := cmd.Output()
				return err
			})
		})
	}
}
