//go:build linux

package executor

import (
	"context"
	"os"
	"strings"
	"testing"
)

// BenchmarkSpawnTrue measures what confinement adds to one run: the
// helper's own start (a second exec, of this binary or of the small
// parism-sandbox), the Landlock syscalls and the limits, before the
// program's own start.
func BenchmarkSpawnTrue(b *testing.B) {
	need(b, "true")
	dedicated := dedicatedHelper(b)
	cases := []struct {
		name    string
		confine *Confinement
	}{
		{"plain", nil},
		{"helper-landlock-off", &Confinement{Mode: SandboxOff}},
		{"landlock", &Confinement{}},
		{"landlock-private-tmp", &Confinement{PrivateTmp: true}},
	}
	helpers := []struct{ name, path string }{
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
			name := c.name + "/" + h.name
			if c.confine == nil {
				if h.name != "self" {
					continue
				}
				name = c.name
			}
			b.Run(name, func(b *testing.B) {
				useHelper(b, h.path)
				for b.Loop() {
					if r := Run(context.Background(), Spec{Path: "true", Confine: c.confine}); r.ExitCode != 0 {
						b.Fatalf("exit %d: %v %q", r.ExitCode, r.SpawnErr, r.Stderr.Data)
					}
				}
			})
		}
	}
}
