package guard

import (
	"testing"
)

func BenchmarkCheck(b *testing.B) {
	f := newFixture(b)
	g := mustNew(b, policy(paths(f.proj)))
	args := []string{"-la", "src"}
	b.ReportAllocs()
	for b.Loop() {
		if d := g.Check("ls", args, f.proj); !d.Allowed {
			b.Fatal(d)
		}
	}
}
