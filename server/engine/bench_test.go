package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// lsListing runs the real `ls -l` once on a directory of n files and
// returns the engine and its output.
func lsListing(b *testing.B, n int) (*Engine, string, string) {
	b.Helper()
	e, dir := newTestEngine(b, nil)
	for i := range n {
		writeFile(b, filepath.Join(dir, fmt.Sprintf("file-%03d.txt", i)), strings.Repeat("x", i))
	}
	// format json: without it the adaptive switch answers compact from 50
	// rows, which carries no raw text.
	env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-l"}, Format: "json"})
	if !env.OK || env.Stdout.Raw == nil {
		b.Fatalf("ls -l: ok=%v failure=%+v", env.OK, env.Failure)
	}
	return e, dir, *env.Stdout.Raw
}

// BenchmarkOverhead is what the engine adds to a call apart from the spawn:
// the guard, the parse of a 200-entry `ls -l` and the encoding of the
// envelope. The target is under 200 µs per call.
func BenchmarkOverhead(b *testing.B) {
	e, dir, out := lsListing(b, 200)
	args := []string{"-l"}
	if env := e.Parse(ParseRequest{Cmd: "ls", Args: args, Raw: out}); env.Stdout.Parsed == nil {
		b.Logf("warning: ls -l output was not parsed (%+v); the figure excludes the parser", env.Failure)
	}

	b.Run("guard+parse+marshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			if !e.Guard().Check("ls", args, dir).Allowed {
				b.Fatal("refused")
			}
			env := e.Parse(ParseRequest{Cmd: "ls", Args: args, Raw: out})
			if _, err := Marshal(env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parse+marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			env := e.Parse(ParseRequest{Cmd: "ls", Args: args, Raw: out})
			if _, err := Marshal(env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = e.Parse(ParseRequest{Cmd: "ls", Args: args, Raw: out})
		}
	})
	b.Run("marshal", func(b *testing.B) {
		env := e.Parse(ParseRequest{Cmd: "ls", Args: args, Raw: out})
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Marshal(env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("guard", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !e.Guard().Check("ls", args, dir).Allowed {
				b.Fatal("refused")
			}
		}
	})
}

// BenchmarkRunLs is a full run of `ls -la`, spawn included.
func BenchmarkRunLs(b *testing.B) {
	e, _, _ := lsListing(b, 200)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-la"}}); !env.OK {
			b.Fatal(mustMarshal(b, env))
		}
	}
}
