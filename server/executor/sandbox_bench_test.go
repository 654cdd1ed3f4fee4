//go:build linux

package executor

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkSpawnTrue measures what confinement adds to one run: from a
// restricted thread (the Landlock and seccomp syscalls, the stop at exec
// for the limits), or through the helper (its own start, a second exec of
// this binary or of the small parism-sandbox, then the same syscalls).
func BenchmarkSpawnTrue(b *testing.B) {
	need(b, "true")
	dedicated := dedicatedHelper(b)
	cases := []struct {
		name    string
		confine *Confinement
	}{
		{"plain", nil},
		{"landlock-off", &Confinement{Mode: SandboxOff}},
		{"landlock", &Confinement{}},
		{"landlock-private-tmp", &Confinement{PrivateTmp: true}},
		// The limits: from a thread, the child stops at its exec for them.
		{"landlock-limits", &Confinement{CPUSeconds: 10, MaxFileBytes: 1 << 20}},
		{"landlock-limits-private-tmp", &Confinement{PrivateTmp: true, CPUSeconds: 10, MaxFileBytes: 1 << 20}},
		// The engine's readonly shape: /etc entry by entry (about 170
		// rules, one cached ruleset checked before every start) and the
		// limits.
		{"landlock-etc-limits", etcConfinement()},
	}
	helpers := []struct{ name, path string }{
		// thread: no helper, the command forked from a restricted thread.
		{"thread", ""},
		// self: the fallback, this (test) binary re-executed.
		{"self", selfExe},
		{"dedicated", dedicated},
	}
	// PARISM_BENCH_HELPERS adds helpers to compare, as name=path,...: the
	// full parism binary is the fallback a server really re-executes,
	// larger than this test binary.
	for _, kv := range strings.Split(os.Getenv("PARISM_BENCH_HELPERS"), ",") {
		if name, path, ok := strings.Cut(kv, "="); ok {
			helpers = append(helpers, struct{ name, path string }{name, path})
		}
	}
	for _, c := range cases {
		for _, h := range helpers {
			if c.name == "landlock-etc-limits" && h.name != "thread" {
				continue // the cache serves starts from a thread only
			}
			name := c.name + "/" + h.name
			if c.confine == nil {
				if h.name != "thread" {
					continue
				}
				name = c.name
			}
			b.Run(name, func(b *testing.B) {
				useHelper(b, h.path)
				var ru0, ru1, ch0, ch1 syscall.Rusage
				_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
				_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ch0)
				for b.Loop() {
					r := Run(context.Background(), Spec{Path: "true", Confine: c.confine})
					if r.ExitCode != 0 {
						b.Fatalf("exit %d: %v %q", r.ExitCode, r.SpawnErr, r.Stderr.Data)
					}
				}
				_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
				_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ch1)
				cpu := func(a, b syscall.Rusage) time.Duration {
					return time.Duration(b.Utime.Nano() + b.Stime.Nano() - a.Utime.Nano() - a.Stime.Nano())
				}
				// This process's CPU per start, and the child's (the
				// program's own, plus what its confinement costs it: the
				// stop at exec, the Landlock and seccomp checks of its
				// system calls; the helper's whole life where there is one).
				b.ReportMetric(float64(cpu(ru0, ru1)/time.Duration(b.N)), "parent-cpu-ns/op")
				b.ReportMetric(float64(cpu(ch0, ch1)/time.Duration(b.N)), "child-cpu-ns/op")
			})
		}
	}
}

// etcConfinement is the engine's readonly confinement in shape: the
// system's areas, every /etc entry as a rule of its own, /etc listed,
// only the program executable, and the limits.
func etcConfinement() *Confinement {
	c := &Confinement{ReadPaths: slices.Clone(systemRead), ListPaths: []string{"/etc"}, ExecPaths: []string{},
		CPUSeconds: 10, MaxFileBytes: 256 << 20}
	c.ReadPaths = slices.DeleteFunc(c.ReadPaths, func(p string) bool { return p == "/etc" })
	ents, _ := os.ReadDir("/etc")
	for _, e := range ents {
		c.ReadPaths = append(c.ReadPaths, filepath.Join("/etc", e.Name()))
	}
	return c
}

// BenchmarkOwnThread measures a start's round trip to its own thread:
// the caller hands over a job that works 100 µs on the thread (as a
// restriction and fork would) and waits for it to report, from the spare
// thread or from a goroutine that locks whatever thread runs it; then,
// as Run does, the caller waits for the command (300 µs) while the next
// spare is made.
func BenchmarkOwnThread(b *testing.B) {
	for _, spare := range []bool{true, false} {
		name := "fresh"
		if spare {
			name = "spare"
		}
		b.Run(name, func(b *testing.B) {
			var ds []time.Duration
			for b.Loop() {
				done, hold := make(chan struct{}, 1), make(chan struct{})
				start := time.Now()
				job := func(threadState) {
					for t0 := time.Now(); time.Since(t0) < 100*time.Microsecond; {
					}
					done <- struct{}{}
					<-hold
				}
				if spare {
					onOwnThread(job)
				} else {
					go ownThread(job, nil)
				}
				<-done
				ds = append(ds, time.Since(start))
				if spare {
					refillSpare()
				}
				time.Sleep(300 * time.Microsecond)
				close(hold)
			}
			slices.Sort(ds)
			b.ReportMetric(float64(ds[len(ds)/2]), "p50-ns")
			b.ReportMetric(float64(ds[len(ds)*9/10]), "p90-ns")
		})
	}
}
