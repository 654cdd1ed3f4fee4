//go:build unix

package executor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parism-go/parism/guard"
)

// within runs fn and fails the test when it does not return in d: the
// pre-run inspection of a repository runs before any timeout exists.
func within(t *testing.T, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { fn(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %s", what, d)
	}
}

// TestHostileGitFiles: a repository whose commondir, .git file or
// alternates is a FIFO or a link to /dev/zero does not hold the server
// (the inspection before the run returns, no memory is taken), and the
// scan of its configuration does not either.
func TestHostileGitFiles(t *testing.T) {
	w := newGitWorld(t)
	plant := map[string]func(repo string){
		"commondir fifo": func(repo string) { mustFifo(t, filepath.Join(repo, ".git", "commondir")) },
		"commondir zero": func(repo string) { mustLink(t, "/dev/zero", filepath.Join(repo, ".git", "commondir")) },
		// git config --list itself reads it: under scanLimits' memory
		"config zero": func(repo string) {
			if err := os.Remove(filepath.Join(repo, ".git", "config")); err != nil {
				t.Fatal(err)
			}
			mustLink(t, "/dev/zero", filepath.Join(repo, ".git", "config"))
		},
		"alternates fifo": func(repo string) {
			mustFifo(t, filepath.Join(repo, ".git", "objects", "info", "alternates"))
		},
		"alternates zero": func(repo string) {
			mustLink(t, "/dev/zero", filepath.Join(repo, ".git", "objects", "info", "alternates"))
		},
		"dotgit fifo": func(repo string) {
			if err := os.Rename(filepath.Join(repo, ".git"), filepath.Join(repo, "real.git")); err != nil {
				t.Fatal(err)
			}
			mustFifo(t, filepath.Join(repo, ".git"))
		},
	}
	for name, fn := range plant {
		t.Run(name, func(t *testing.T) {
			repo := w.repo()
			fn(repo)
			argv := guard.ReadArgv("git", []string{"status"})
			within(t, 10*time.Second, "GitReadDirs", func() { GitReadDirs(repo, argv) })
			within(t, 20*time.Second, "EnvDirs", func() {
				NewGitDrivers().EnvDirs(context.Background(), w.git, repo, argv, SafeEnv(os.Environ()))
			})
		})
	}
}

// TestGitScanStopsAtFirstFailure: submodule directories whose
// configuration includes a FIFO each hold `git config --list` for its
// 5 s timeout; the scan fails closed at the first and tries no other.
func TestGitScanStopsAtFirstFailure(t *testing.T) {
	w := newGitWorld(t)
	repo := w.repo()
	for _, m := range []string{"m1", "m2", "m3", "m4"} {
		sub := filepath.Join(repo, ".git", "modules", m)
		w.setup(repo, "init", "-q", "--bare", sub)
		mustFifo(t, filepath.Join(sub, "fifo"))
		w.setup(repo, "--git-dir="+sub, "config", "include.path", "fifo")
	}
	start := time.Now()
	var env []string
	within(t, 30*time.Second, "EnvDirs", func() {
		env, _ = NewGitDrivers().EnvDirs(context.Background(), w.git, repo, guard.ReadArgv("git", []string{"status"}), SafeEnv(os.Environ()))
	})
	if d := time.Since(start); d > 12*time.Second {
		t.Errorf("the scan took %s: it went on after the first listing failed", d)
	}
	if v, _ := envValue(env, "GIT_DIR"); !strings.Contains(v, "parism-could-not-list") {
		t.Errorf("the scan did not fail closed: GIT_DIR=%q", v)
	}
}

func mustFifo(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustLink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// TestGitScanMemoryBounded: a repository whose config is /dev/zero makes
// git config --list read without end (6 GB in its 5 s, unlimited); the
// scan's git runs under scanLimits, so it dies out of memory at 512 MiB
// (the command's own git then dies the same way, under max_memory_mb).
func TestGitScanMemoryBounded(t *testing.T) {
	w := newGitWorld(t)
	repo := w.repo()
	if err := os.Remove(filepath.Join(repo, ".git", "config")); err != nil {
		t.Fatal(err)
	}
	mustLink(t, "/dev/zero", filepath.Join(repo, ".git", "config"))
	within(t, 30*time.Second, "EnvDirs", func() {
		NewGitDrivers().EnvDirs(context.Background(), w.git, repo, guard.ReadArgv("git", []string{"status"}), SafeEnv(os.Environ()))
	})
	if rss := childMaxRSS(t); rss > scanLimits.MaxMemoryBytes {
		t.Errorf("a child of the scan reached %d bytes resident, past the scan's limit of %d", rss, scanLimits.MaxMemoryBytes)
	}
}

// childMaxRSS is the largest resident size any waited-for child of this
// process reached (getrusage RUSAGE_CHILDREN), in bytes.
func childMaxRSS(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		t.Fatal(err)
	}
	return int64(ru.Maxrss) << 10
}
