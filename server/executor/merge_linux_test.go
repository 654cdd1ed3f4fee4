package executor

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestMergeStderr: with MergeStderr the child's writes to stdout and
// stderr come in Stdout in the order written, under the stdout cap, with
// and without confinement (the sandbox helper passes the one pipe on as
// both descriptors); without it the streams stay apart.
func TestMergeStderr(t *testing.T) {
	// Each echo is one write of a shell that waits for it: with one pipe
	// the order is the order of the writes.
	script := "echo out1; echo err1 >&2; echo out2; echo err2 >&2; exit 2"
	want := "out1\nerr1\nout2\nerr2\n"
	for _, tt := range []struct {
		name    string
		confine *Confinement
		helper  bool
	}{{"plain", nil, false}, {"confined on a thread", &Confinement{}, false}, {"confined through the helper", &Confinement{}, true}} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.helper {
				useHelper(t, dedicatedHelper(t))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			r := Run(ctx, Spec{Path: "sh", Args: []string{"-c", script}, MergeStderr: true, Confine: tt.confine, Timeout: 20 * time.Second})
			if r.ExitCode != 2 {
				t.Fatalf("exit %d, spawn %v, timed out %v", r.ExitCode, r.SpawnErr, r.TimedOut)
			}
			if got := string(r.Stdout.Data); got != want {
				t.Errorf("merged stdout %q, want %q", got, want)
			}
			if len(r.Stderr.Data) != 0 || r.Stderr.TotalBytes != 0 {
				t.Errorf("stderr %q, want empty when merged", r.Stderr.Data)
			}
			// The control: apart, each stream has its own lines.
			r = Run(ctx, Spec{Path: "sh", Args: []string{"-c", script}, Confine: tt.confine, Timeout: 20 * time.Second})
			if string(r.Stdout.Data) != "out1\nout2\n" || string(r.Stderr.Data) != "err1\nerr2\n" {
				t.Errorf("apart: stdout %q stderr %q", r.Stdout.Data, r.Stderr.Data)
			}
		})
	}
	t.Run("cap applies to the merged stream", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		r := Run(ctx, Spec{Path: "sh", Args: []string{"-c", "seq 1 5000; seq 1 5000 >&2"}, MergeStderr: true,
			MaxStdout: 1000, MaxStderr: 10, Timeout: 20 * time.Second})
		if !r.Stdout.Truncated || r.Stdout.TotalBytes != 2*23893 || len(r.Stdout.Data) > 1000 {
			t.Fatalf("truncated %v total %d kept %d", r.Stdout.Truncated, r.Stdout.TotalBytes, len(r.Stdout.Data))
		}
		if !strings.HasPrefix(string(r.Stdout.Data), "1\n2\n") || !strings.HasSuffix(string(r.Stdout.Data), "4999\n5000\n") {
			t.Errorf("head or tail lost: %q", r.Stdout.Data)
		}
	})
}
