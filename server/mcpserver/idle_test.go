package mcpserver

import (
	"context"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
)

// trimmed waits up to d for a trim on ch.
func trimmed(ch <-chan struct{}, d time.Duration) bool {
	select {
	case <-ch:
		return true
	case <-time.After(d):
		return false
	}
}

// TestIdleTrim: the trim runs once the last request in flight has ended
// and the delay has passed, never while one is in flight, and a request
// that begins before the delay has passed puts it off.
func TestIdleTrim(t *testing.T) {
	ch := make(chan struct{}, 10)
	tr := &idleTrim{after: 20 * time.Millisecond, trim: func() { ch <- struct{}{} }}

	tr.begin()
	tr.end()
	if !trimmed(ch, 5*time.Second) {
		t.Fatal("no trim within 5s of the last request ending")
	}

	tr.begin()
	tr.begin()
	tr.end()
	if trimmed(ch, 200*time.Millisecond) {
		t.Fatal("trimmed with a request in flight")
	}
	tr.end()
	if !trimmed(ch, 5*time.Second) {
		t.Fatal("no trim within 5s of the last of two requests ending")
	}

	// A request that begins within the delay puts the trim off.
	slow := &idleTrim{after: 300 * time.Millisecond, trim: func() { ch <- struct{}{} }}
	slow.begin()
	slow.end()
	slow.begin()
	if trimmed(ch, 600*time.Millisecond) {
		t.Fatal("trimmed although a request began within the delay and is still in flight")
	}
	slow.end()
	if !trimmed(ch, 5*time.Second) {
		t.Fatal("no trim within 5s once the request ended")
	}
	if n := tr.trims.Load() + slow.trims.Load(); n != 3 {
		t.Fatalf("%d trims counted, want 3", n)
	}
}

// TestIdleTrimAfterCall: a server's requests go through the process's
// trim, so that the memory a call freed is given back once the server is
// idle.
func TestIdleTrimAfterCall(t *testing.T) {
	e, err := engine.New(config.Default(), engine.WithWorkdir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := New(e, nil).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Wait()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	before := processTrim.trims.Load()
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "describe", Arguments: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for processTrim.trims.Load() == before {
		if time.Now().After(deadline) {
			t.Fatalf("no trim within 5s of the call (%v after the last request)", idleTrimAfter)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTrimMemoryThreshold: the trim collects only when the heap has
// allocated trimMinAlloc since the last one did.
func TestTrimMemoryThreshold(t *testing.T) {
	forced := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	var keep [][]byte
	alloc := func(n int) {
		for ; n > 0; n -= 4096 {
			keep = append(keep, make([]byte, 4096))
		}
	}
	alloc(2 * trimMinAlloc)
	trimMemory() // a trim that collects: the baseline
	n := forced()
	alloc(trimMinAlloc / 16)
	trimMemory()
	if got := forced(); got != n {
		t.Errorf("a trim after %d bytes collected (%d forced cycles, want %d)", trimMinAlloc/16, got, n)
	}
	alloc(trimMinAlloc + 4096)
	trimMemory()
	if got := forced(); got != n+1 {
		t.Errorf("a trim after %d bytes: %d forced cycles, want %d", trimMinAlloc+4096, got, n+1)
	}
	runtime.KeepAlive(keep)
}
