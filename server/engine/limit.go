package engine

import (
	"context"
	"fmt"
	"sync/atomic"
)

// ReasonBusy is the exec failure of a call refused because every run slot
// and every queue place was taken.
const ReasonBusy = "busy"

// limiter bounds the commands running at once (guard.max_concurrent_runs)
// and the calls waiting for a slot (guard.max_queued_runs). Past both it
// refuses at once: a saturated server answers, it never hangs. Waiters are
// served about in arrival order (a Go channel queues blocked senders FIFO).
type limiter struct {
	slots    chan struct{} // one element per running command
	waiting  atomic.Int64
	maxQueue int64
}

func newLimiter(running, queued int) *limiter {
	return &limiter{slots: make(chan struct{}, max(running, 1)), maxQueue: int64(max(queued, 0))}
}

// acquire takes a run slot, waiting in the queue while ctx allows. On
// success it returns the function that gives the slot back; otherwise a
// Failure: busy (no slot and the queue full) or canceled (ctx ended while
// queued, which leaves the queue).
func (l *limiter) acquire(ctx context.Context) (release func(), f *Failure) {
	release = func() { <-l.slots }
	select {
	case l.slots <- struct{}{}:
		return release, nil
	default:
	}
	if n := l.waiting.Add(1); n > l.maxQueue {
		l.waiting.Add(-1)
		return nil, &Failure{Kind: KindExec, Reason: ReasonBusy,
			Message: fmt.Sprintf("%d commands running and %d queued; try again", len(l.slots), n-1)}
	}
	defer l.waiting.Add(-1)
	select {
	case l.slots <- struct{}{}:
		return release, nil
	case <-ctx.Done():
		return nil, &Failure{Kind: KindExec, Reason: ReasonCanceled,
			Message: "The call was cancelled while waiting for a run slot; nothing ran"}
	}
}
