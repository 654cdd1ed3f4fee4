package mcpserver

import (
	"context"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/parism-go/parism/server/executor"
)

// idleTrimAfter is how long the process must have had no request in
// flight before it gives the memory its heap has freed back to the system.
//
// The Go runtime keeps freed heap pages for the heap to grow into, up to
// about twice what is live: after start-up (building and compiling the
// guard's policies allocates about 3.6 MB, 1.1 MB of which stay) and after
// each call that was not small, several MB that nothing uses stay resident for
// as long as the server waits. An agent's calls come in bursts, seconds
// apart while it thinks, so the server is idle most of its life; one
// garbage collection when a burst ends (about a millisecond of CPU for
// the server's few MB of live heap) keeps that memory out of its RSS.
// Calls closer together than this never pay for it.
const idleTrimAfter = 50 * time.Millisecond

// idleTrim counts the requests in flight in the process, across every
// server and session (the heap is the process's), and trims after the
// last one has ended and idleTrimAfter has passed without another.
type idleTrim struct {
	after time.Duration
	trim  func()

	mu       sync.Mutex
	inFlight int
	timer    *time.Timer
	trims    atomic.Int64 // how many times trim ran (for tests)
}

var processTrim = &idleTrim{after: idleTrimAfter, trim: func() {
	// The rulesets' descriptors first: their memory is the kernel's, but a
	// process that holds none while idle is one whose descriptors show
	// what it leaks.
	executor.ReleaseIdle()
	debug.FreeOSMemory()
}}

// begin notes a request starting: a pending trim waits for it.
func (t *idleTrim) begin() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inFlight++
	if t.timer != nil {
		t.timer.Stop()
	}
}

// end notes a request ending; the last one arms the trim.
func (t *idleTrim) end() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.inFlight--; t.inFlight > 0 {
		return
	}
	if t.timer == nil {
		t.timer = time.AfterFunc(t.after, t.fire)
		return
	}
	t.timer.Reset(t.after)
}

// fire trims unless a request began since the timer was armed (a Stop
// that came too late to stop it).
func (t *idleTrim) fire() {
	t.mu.Lock()
	busy := t.inFlight > 0
	t.mu.Unlock()
	if busy {
		return
	}
	t.trim()
	t.trims.Add(1)
}

// middleware wraps every request of a server in begin and end.
func (t *idleTrim) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		t.begin()
		defer t.end()
		return next(ctx, method, req)
	}
}
