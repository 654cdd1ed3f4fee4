package engine

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/server/config"
)

func seqLines(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestRunPaged(t *testing.T) {
	e, _ := newTestEngine(t, allowing("seq", "date", "echo"))
	ctx := testCtx(t)
	req := PagedRequest{Cmd: "seq", Args: []string{"1", "250"}, PageSize: 100}

	p0 := e.RunPaged(ctx, req)
	if !p0.OK || p0.ExitCode == nil || *p0.ExitCode != 0 || p0.PageInfo == nil {
		t.Fatalf("page 0: %s", mustMarshal(t, p0))
	}
	if raw(t, p0) != seqLines(1, 100) {
		t.Errorf("page 0 raw = %q", raw(t, p0))
	}
	want := PageInfo{Page: 0, PageSize: 100, TotalLines: 250, HasNext: true}
	if *p0.PageInfo != want {
		t.Errorf("page 0 page_info = %+v, want %+v", *p0.PageInfo, want)
	}

	p2 := e.RunPaged(ctx, PagedRequest{Cmd: "seq", Args: []string{"1", "250"}, Page: 2, PageSize: 100})
	if raw(t, p2) != seqLines(201, 250) {
		t.Errorf("page 2 raw = %q", raw(t, p2))
	}
	pi := *p2.PageInfo
	if pi.Page != 2 || pi.TotalLines != 250 || pi.HasNext || !pi.Cache.Hit || pi.Cache.AgeMs < 0 {
		t.Errorf("page 2 page_info = %+v", pi)
	}
	if !p2.OK || p2.ExitCode == nil || *p2.ExitCode != 0 {
		t.Errorf("page 2 from the cache: ok=%v exitCode=%v", p2.OK, p2.ExitCode)
	}

	past := e.RunPaged(ctx, PagedRequest{Cmd: "seq", Args: []string{"1", "250"}, Page: 7, PageSize: 100})
	if raw(t, past) != "" || past.PageInfo.HasNext || past.PageInfo.TotalLines != 250 {
		t.Errorf("page past the end: %s", mustMarshal(t, past))
	}

	// parsed is always null in the JSON, even for output that would parse.
	for _, env := range []*Envelope{p0, p2, e.RunPaged(ctx, PagedRequest{Cmd: "echo", Args: []string{`{"a":1}`}})} {
		stdout := asJSON(t, env)["stdout"].(map[string]any)
		if v, ok := stdout["parsed"]; !ok || v != nil {
			t.Errorf("run_paged stdout.parsed = %v (present %v), want null", v, ok)
		}
	}
	if env := e.RunPaged(ctx, PagedRequest{Cmd: "ls", Args: []string{"-l"}}); env.Stdout.Parsed != nil || env.Stdout.Parser != "" {
		t.Errorf("paged ls was parsed: %s", mustMarshal(t, env.Stdout))
	}
}

func TestRunPagedReusesTheRun(t *testing.T) {
	e, _ := newTestEngine(t, allowing("date"))
	ctx := testCtx(t)
	// Sanity: the command's output changes on every run.
	a := raw(t, e.Run(ctx, Request{Cmd: "date", Args: []string{"+%s%N"}}))
	b := raw(t, e.Run(ctx, Request{Cmd: "date", Args: []string{"+%s%N"}}))
	if a == b {
		t.Fatalf("date +%%s%%N printed %q twice", a)
	}

	req := PagedRequest{Cmd: "date", Args: []string{"+%s%N"}}
	first := e.RunPaged(ctx, req)
	second := e.RunPaged(ctx, req)
	if first.PageInfo.Cache.Hit || !second.PageInfo.Cache.Hit {
		t.Errorf("cache hits = %v, %v; want false, true", first.PageInfo.Cache.Hit, second.PageInfo.Cache.Hit)
	}
	if raw(t, first) != raw(t, second) {
		t.Errorf("page 0 twice: %q then %q; the second call ran the command again", raw(t, first), raw(t, second))
	}
	if first.PageInfo.PageSize != 100 {
		t.Errorf("default page size = %d", first.PageInfo.PageSize)
	}

	// Other arguments are another run.
	other := e.RunPaged(ctx, PagedRequest{Cmd: "date", Args: []string{"+%N%s"}})
	if other.PageInfo.Cache.Hit {
		t.Error("different args hit the cache")
	}
	// includeDiff always runs (a diff of a cached run would be a lie).
	withDiff := e.RunPaged(ctx, PagedRequest{Cmd: "date", Args: []string{"+%s%N"}, IncludeDiff: true})
	if withDiff.PageInfo.Cache.Hit || withDiff.Diff == nil {
		t.Errorf("includeDiff: hit=%v diff=%v", withDiff.PageInfo.Cache.Hit, withDiff.Diff)
	}
	// Later pages read the newest run; serving a page does not change it,
	// and a diff is only reported when asked for.
	third := e.RunPaged(ctx, PagedRequest{Cmd: "date", Args: []string{"+%s%N"}, Page: 1})
	fourth := e.RunPaged(ctx, req)
	if raw(t, third) != "" || raw(t, fourth) != raw(t, withDiff) || !fourth.PageInfo.Cache.Hit {
		t.Errorf("pages interfere: %q / %q", raw(t, third), raw(t, fourth))
	}
	if fourth.Diff != nil {
		t.Errorf("diff reported without includeDiff (from the cached run): %+v", *fourth.Diff)
	}
}

func TestRunPagedLimits(t *testing.T) {
	e, _ := newTestEngine(t, both(allowing("seq"), func(c *config.Config) { c.Guard.MaxPageSize = 40; c.Guard.DefaultPageSize = 10 }))
	ctx := testCtx(t)

	env := e.RunPaged(ctx, PagedRequest{Cmd: "seq", Args: []string{"1", "100"}, PageSize: 5000})
	if env.PageInfo.PageSize != 40 || raw(t, env) != seqLines(1, 40) || !env.PageInfo.HasNext {
		t.Errorf("page_size above max_page_size: %s", mustMarshal(t, env.PageInfo))
	}
	env = e.RunPaged(ctx, PagedRequest{Cmd: "seq", Args: []string{"1", "100"}, Page: 1})
	if env.PageInfo.PageSize != 10 || raw(t, env) != seqLines(11, 20) {
		t.Errorf("default page size: %s", mustMarshal(t, env))
	}
	for _, r := range []PagedRequest{{Cmd: "seq", Page: -1}, {Cmd: "seq", PageSize: -3}} {
		env := e.RunPaged(ctx, r)
		wantFailure(t, env, KindConfig, ReasonInvalidArgument)
		if env.OK || env.ExitCode != nil {
			t.Errorf("negative page: %s", mustMarshal(t, env))
		}
	}
}

func TestRunPagedFailures(t *testing.T) {
	e, _ := newTestEngine(t, func(c *config.Config) { c.Guard.Secrets.OutputRedactionEnabled = true })
	ctx := testCtx(t)
	for range 2 {
		env := e.RunPaged(ctx, PagedRequest{Cmd: "rm", Args: []string{"-rf", "x"}})
		wantFailure(t, env, KindGuard, "command_not_allowed")
		if env.GuardError == nil || env.PageInfo == nil || env.PageInfo.Cache.Hit || env.ExitCode != nil {
			t.Errorf("blocked paged run: %s", mustMarshal(t, env))
		}
	}
	env := e.RunPaged(ctx, PagedRequest{Cmd: "ls", Args: []string{"/nonexistent-path"}})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
	if env.ExitCode == nil || *env.ExitCode != 2 || !strings.Contains(env.Stderr, "nonexistent") {
		t.Errorf("non-zero paged run: %s", mustMarshal(t, env))
	}
	env = e.RunPaged(ctx, PagedRequest{Cmd: "cat", Args: []string{ghToken}})
	// args echo the request; what the command printed must be masked.
	if strings.Contains(env.Stderr, "ghp_") || env.Failure == nil || strings.Contains(env.Failure.Message, "ghp_") {
		t.Errorf("paged run leaks a secret: %s", mustMarshal(t, env))
	}
	env = e.RunPaged(ctx, PagedRequest{Cmd: "ls", Args: []string{"-l"}, Cwd: "missing"})
	wantFailure(t, env, KindExec, ReasonSpawnFailed)
}

// A cancelled run says nothing about the command's output: the next call
// must run it again rather than serve the cancellation from the cache.
func TestRunPagedDoesNotCacheCancellation(t *testing.T) {
	e, _ := newTestEngine(t, allowing("sh"))
	req := PagedRequest{Cmd: "sh", Args: []string{"-c", "sleep 0.3\necho done"}}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	env := e.RunPaged(ctx, req)
	wantFailure(t, env, KindExec, ReasonCanceled)

	env = e.RunPaged(testCtx(t), req)
	wantFailure(t, env, "", "")
	if env.PageInfo.Cache.Hit || !env.OK || raw(t, env) != "done\n" {
		t.Errorf("after a cancelled call: %s", mustMarshal(t, env))
	}
}

// Pages and sizes as large as an int holds: never a panic; a page whose
// first line number overflows is refused, a page past the end is empty.
func TestRunPagedHugeNumbers(t *testing.T) {
	e, _ := newTestEngine(t, allowing("seq"))
	ctx := testCtx(t)
	for _, c := range []struct {
		page, size int
		refused    bool
	}{
		{math.MaxInt, 1000, true}, {math.MaxInt / 2, 2, false}, {math.MaxInt/2 + 1, 2, true},
		{1, math.MaxInt, false}, {math.MaxInt, math.MaxInt, true}, {math.MaxInt / 1000, 1000, false},
		{2, 0, false},
	} {
		env := e.RunPaged(ctx, PagedRequest{Cmd: "seq", Args: []string{"1", "5"}, Page: c.page, PageSize: c.size})
		if c.refused {
			if env.Failure == nil || env.Failure.Reason != ReasonInvalidArgument || env.Failure.Detail != "page" {
				t.Errorf("page %d size %d: %s, want invalid_argument (page)", c.page, c.size, mustMarshal(t, env))
			}
			continue
		}
		if !env.OK || raw(t, env) != "" || env.PageInfo == nil || env.PageInfo.HasNext || env.PageInfo.TotalLines != 5 {
			t.Errorf("page %d size %d: %s, want an empty page past the end", c.page, c.size, mustMarshal(t, env))
		}
	}
	for _, c := range [][3]int{{0, 2, 5}, {2, 2, 5}, {3, 2, 5}, {0, 10, 5}, {math.MaxInt, 1, 5}, {5, 1, 5}, {1, 0, 5}, {0, 1, 0}} {
		from, to := pageBounds(c[0], c[1], c[2])
		if from < 0 || to < from || to > c[2] {
			t.Errorf("pageBounds(%v) = %d, %d", c, from, to)
		}
	}
}
