package mcpserver

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
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
// garbage collection when a burst ends keeps that memory out of its RSS.
// Calls closer together than this never pay for it.
const idleTrimAfter = 50 * time.Millisecond

// trimMinAlloc is how much the heap must have allocated since the last
// trim for the next one to run. The collection and the faults that bring
// the returned pages back cost an agent's next call more than the memory
// is worth when only a little was allocated (measured on the built binary,
// run pwd every 100 ms: 3.5 ms of CPU per call, 0.1 ms of its latency);
// below this the garbage left is at most this much.
const trimMinAlloc = 2 << 20

// idleReleaseAfter is how long the process must have had no request in
// flight before the executor closes what it keeps between commands (the
// Landlock rulesets, executor.ReleaseIdle). Longer than the memory's
// delay: a ruleset built again costs every call after a pause 0.3 ms
// (measured on the built binary, run pwd every 100 ms: p50 4.08 -> 3.75
// ms kept), and an agent thinks for seconds between calls; an idle process
// holds no descriptor of a command past a minute.
const idleReleaseAfter = time.Minute

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

// processTrim gives the heap's freed memory back, processRelease the
// executor's descriptors; every server's requests go through both
// (idleMiddleware).
var (
	processTrim    = &idleTrim{after: idleTrimAfter, trim: trimMemory}
	processRelease = &idleTrim{after: idleReleaseAfter, trim: executor.ReleaseIdle}
)

// trimMemory collects and gives the freed heap back unless less than
// trimMinAlloc was allocated since it last did.
func trimMemory() {
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	allocs := sample[0].Value.Uint64()
	if allocs-lastTrimAllocs.Load() < trimMinAlloc {
		return
	}
	debug.FreeOSMemory()
	lastTrimAllocs.Store(allocs)
}

// lastTrimAllocs is the heap's allocation count at the last trim.
var lastTrimAllocs atomic.Uint64

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

// idleMiddleware wraps every request of a server in the begin and end
// of processTrim and processRelease.
func idleMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		processTrim.begin()
		processRelease.begin()
		defer processRelease.end()
		defer processTrim.end()
		return next(ctx, method, req)
	}
}
