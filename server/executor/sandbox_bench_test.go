//go:build linux

package executor

import (
	"context"
	"testing"
)

// BenchmarkSpawnTrue measures what confinement adds to one run: the
// helper is a second exec of this binary (its runtime start, the Landlock
// syscalls, the limits) before the program's own.
func BenchmarkSpawnTrue(b *testing.B) {
	need(b, "true")
	cases := []struct {
		name    string
		confine *Confinement
	}{
		{"plain", nil},
		{"helper-landlock-off", &Confinement{Mode: SandboxOff}},
		{"landlock", &Confinement{}},
		{"landlock-private-tmp", &Confinement{PrivateTmp: true}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if r := Run(context.Background(), Spec{Path: "true", Confine: c.confine}); r.ExitCode != 0 {
					b.Fatalf("exit %d: %v %q", r.ExitCode, r.SpawnErr, r.Stderr.Data)
				}
			}
		})
	}
}
