package engine

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/shaper"
)

// loop runs fn b.N times and reports the process's CPU time per call
// beside the wall time (on a shared machine the wall time measures the
// others' load as much as ours).
func loop(b *testing.B, fn func()) {
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		fn()
	}
	if cpu != 0 {
		b.ReportMetric(float64((processCPU()-cpu)/time.Duration(b.N)), "cpu-ns/op")
	}
}

// BenchmarkCompact200 is the compact shaping of a real answer: ls -la of
// 200 entries (bench/testdata/ls-la-200). "shape" is what the compact
// format adds to the parse (the generic form of the typed rows, then
// Compact: issue 19's target is 0.3 ms); "parse" the whole e.Parse, and
// "parse+marshal" with the encoding the server sends.
func BenchmarkCompact200(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "bench", "testdata", "ls-la-200", "raw.txt"))
	if err != nil {
		b.Skip("no bench/testdata:", err)
	}
	e, _ := newTestEngine(b, nil)
	pr := builtin.Default().Parse(catalog.Input{Cmd: "ls", Args: []string{"-la"}, Raw: string(raw), OS: "linux", MaxItems: 500})
	if pr.Err != nil || pr.Value == nil {
		b.Fatalf("ls -la: %+v", pr.Err)
	}
	// Its two steps apart: the generic form of the typed rows, and the
	// folding of that form into a table.
	g, err := shaper.Generic(pr.Value)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("shape/generic", func(b *testing.B) {
		loop(b, func() {
			if _, err := shaper.Generic(pr.Value); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("shape/fold", func(b *testing.B) {
		loop(b, func() {
			if shaper.Compact(g) == nil {
				b.Fatal("nothing compacted")
			}
		})
	})
	b.Run("shape/compact", func(b *testing.B) {
		loop(b, func() {
			g, err := shaper.Generic(pr.Value)
			if err != nil {
				b.Fatal(err)
			}
			if shaper.Compact(g) == nil {
				b.Fatal("nothing compacted")
			}
		})
	})
	for _, f := range []string{FormatJSON, FormatCompact} {
		req := ParseRequest{Cmd: "ls", Args: []string{"-la"}, Raw: string(raw), OS: "linux", Format: f}
		if env := e.Parse(req); env.Stdout.Parsed == nil || f == FormatCompact && env.Stdout.Format != f {
			b.Fatalf("%s: not parsed or not %s: %+v", f, f, env.Failure)
		}
		b.Run("parse/"+f, func(b *testing.B) {
			loop(b, func() { _ = e.Parse(req) })
		})
		b.Run("parse+marshal/"+f, func(b *testing.B) {
			loop(b, func() {
				if _, err := Marshal(e.Parse(req)); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
