package engine

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/server/config"
)

func TestLimiterQueueAndBusy(t *testing.T) {
	l := newLimiter(1, 1)
	release, f := l.acquire(testCtx(t))
	if f != nil {
		t.Fatalf("first acquire: %+v", f)
	}

	// The second call waits in the queue.
	ctx, cancel := context.WithCancel(testCtx(t))
	queued := make(chan *Failure, 1)
	go func() {
		rel, f := l.acquire(ctx)
		if rel != nil {
			rel()
		}
		queued <- f
	}()
	waitFor(t, func() bool { return l.waiting.Load() == 1 })

	// The third finds the slot and the queue full, and is refused at once
	// (a limiter that queued it would leave it waiting: testCtx ends that).
	if _, f := l.acquire(testCtx(t)); f == nil || f.Kind != KindExec || f.Reason != ReasonBusy ||
		f.Message != "1 commands running and 1 queued; try again" {
		t.Fatalf("third acquire = %+v, want exec/busy", f)
	}

	// Cancelling the queued call takes it out of the queue.
	cancel()
	if f := within(t, queued, "the cancelled waiter"); f == nil || f.Reason != ReasonCanceled {
		t.Fatalf("cancelled waiter = %+v, want canceled", f)
	}
	if n := l.waiting.Load(); n != 0 {
		t.Fatalf("waiting = %d after the waiter left, want 0", n)
	}

	// A place in the queue is free again: the next call waits for the slot
	// and gets it when the first is released.
	got := make(chan *Failure, 1)
	go func() {
		rel, f := l.acquire(testCtx(t))
		if rel != nil {
			rel()
		}
		got <- f
	}()
	waitFor(t, func() bool { return l.waiting.Load() == 1 })
	release()
	if f := within(t, got, "the queued call after release"); f != nil {
		t.Fatalf("queued call after release: %+v", f)
	}
}

func TestLimiterNoQueue(t *testing.T) {
	l := newLimiter(2, 0)
	r1, _ := l.acquire(testCtx(t))
	r2, _ := l.acquire(testCtx(t))
	if _, f := l.acquire(testCtx(t)); f == nil || f.Reason != ReasonBusy || !strings.HasPrefix(f.Message, "2 commands running and 0 queued") {
		t.Fatalf("acquire with no queue = %+v, want busy", f)
	}
	r1()
	r2()
	r, f := l.acquire(testCtx(t))
	if f != nil {
		t.Fatalf("after release: %+v", f)
	}
	r()
}

// TestRunBusy saturates an engine allowing one run and no queue: run and
// run_paged are refused at once, a busy page is not cached, and the engine
// serves again once the slot is free.
func TestRunBusy(t *testing.T) {
	e, _ := newTestEngine(t, both(allowing("sleep"), func(c *config.Config) {
		c.Guard.MaxConcurrentRuns = 1
		c.Guard.MaxQueuedRuns = 0
	}))
	ctx, cancel := context.WithCancel(testCtx(t))
	var wg sync.WaitGroup
	wg.Go(func() { e.Run(ctx, Request{Cmd: "sleep", Args: []string{"30"}}) })
	waitFor(t, func() bool { return len(e.limit.slots) == 1 })

	start := time.Now()
	env := e.Run(testCtx(t), Request{Cmd: "pwd"})
	wantFailure(t, env, KindExec, ReasonBusy)
	if env.OK || env.ExitCode != nil {
		t.Fatalf("busy envelope: %s", mustMarshal(t, env))
	}
	page := e.RunPaged(testCtx(t), PagedRequest{Cmd: "pwd"})
	wantFailure(t, page, KindExec, ReasonBusy)
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("refusals took %v; they must not wait", d)
	}

	cancel()
	waitAll(t, &wg, "the cancelled sleep")
	if env := e.Run(testCtx(t), Request{Cmd: "pwd"}); !env.OK {
		t.Fatalf("after the slot was freed: %s", mustMarshal(t, env))
	}
	page = e.RunPaged(testCtx(t), PagedRequest{Cmd: "pwd"})
	if !page.OK || page.PageInfo.Cache.Hit {
		t.Fatal("the busy run_paged answer was cached")
	}
}

// TestRunQueued: with one slot and a queue, calls wait their turn and all
// succeed.
func TestRunQueued(t *testing.T) {
	e, _ := newTestEngine(t, func(c *config.Config) {
		c.Guard.MaxConcurrentRuns = 1
		c.Guard.MaxQueuedRuns = 16
	})
	var wg sync.WaitGroup
	envs := make([]*Envelope, 8)
	for i := range envs {
		wg.Go(func() { envs[i] = e.Run(testCtx(t), Request{Cmd: "pwd"}) })
	}
	waitAll(t, &wg, "8 queued runs")
	for _, env := range envs {
		if !env.OK {
			t.Errorf("queued run failed: %s", mustMarshal(t, env))
		}
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 5s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
