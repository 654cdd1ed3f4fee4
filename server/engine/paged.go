package engine

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/parism-go/parism/server/executor"
)

// pageTTL is how long run_paged reuses a command's first result, so that
// reading page 2 shows the same output page 1 came from.
const pageTTL = 30 * time.Second

// pageCacheMax bounds the cached runs; the oldest goes first.
const pageCacheMax = 32

type pageEntry struct {
	env   *Envelope
	lines []string
	at    time.Time
}

type pageCache struct {
	mu      sync.Mutex
	entries map[string]*pageEntry
}

func newPageCache() *pageCache { return &pageCache{entries: map[string]*pageEntry{}} }

func pageKey(cmd string, args []string, cwd string) string {
	var b strings.Builder
	b.WriteString(cwd)
	for _, s := range append([]string{cmd}, args...) {
		b.WriteByte(0)
		b.WriteString(s)
	}
	return b.String()
}

func (c *pageCache) get(key string, now time.Time) *pageEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if now.Sub(e.at) > pageTTL {
			delete(c.entries, k)
		}
	}
	return c.entries[key]
}

func (c *pageCache) put(key string, e *pageEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= pageCacheMax {
		var oldest string
		for k, v := range c.entries {
			if oldest == "" || v.at.Before(c.entries[oldest].at) {
				oldest = k
			}
		}
		delete(c.entries, oldest)
	}
	c.entries[key] = e
}

// PagedRequest is one run_paged call.
type PagedRequest struct {
	Cmd         string                   `json:"cmd"`
	Args        []string                 `json:"args,omitempty"`
	Cwd         string                   `json:"cwd,omitempty"`
	Page        int                      `json:"page,omitempty"`
	PageSize    int                      `json:"page_size,omitempty"`
	IncludeDiff bool                     `json:"includeDiff,omitempty"`
	OnProgress  func(bytes, lines int64) `json:"-"`
}

// RunPaged runs a command (or reuses its result from the last 30 seconds)
// and returns one page of its raw output lines. parsed is always null: a
// page of a table cannot be parsed safely on its own.
func (e *Engine) RunPaged(ctx context.Context, req PagedRequest) *Envelope {
	start := time.Now()
	size := req.PageSize
	if size == 0 {
		size = e.cfg.Guard.DefaultPageSize
	}
	if req.Page < 0 || size < 0 {
		env := &Envelope{Cmd: req.Cmd, Args: nonNil(req.Args), Cwd: req.Cwd}
		env.Failure = &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Message: "page and page_size must not be negative"}
		return env
	}
	if size > e.cfg.Guard.MaxPageSize {
		size = e.cfg.Guard.MaxPageSize
	}
	if req.Page > math.MaxInt/size {
		env := &Envelope{Cmd: req.Cmd, Args: nonNil(req.Args), Cwd: req.Cwd}
		env.Failure = &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Detail: "page",
			Message: fmt.Sprintf("page %d of %d lines starts past the largest line number (%d); nothing ran", req.Page, size, math.MaxInt)}
		return env
	}
	run := Request{Cmd: req.Cmd, Args: req.Args, Cwd: req.Cwd, IncludeDiff: req.IncludeDiff, OnProgress: req.OnProgress}
	key := pageKey(req.Cmd, req.Args, e.resolveCwd(req.Cwd))
	hit := e.pages.get(key, start)
	cache := CacheInfo{}
	if hit != nil && !req.IncludeDiff {
		cache = CacheInfo{Hit: true, AgeMs: start.Sub(hit.at).Milliseconds()}
	} else {
		env, res := e.execute(ctx, run, start)
		if res != nil {
			e.redactCaptured(env, res)
		}
		hit = &pageEntry{env: env, at: start}
		if env.Stdout.Raw != nil {
			hit.lines = splitLines(*env.Stdout.Raw)
		}
		// A cancelled or busy run is not the command's answer: caching it
		// would refuse every retry for pageTTL.
		if env.Failure == nil || env.Failure.Kind == KindExec && env.Failure.Reason != ReasonCanceled && env.Failure.Reason != ReasonBusy {
			e.pages.put(key, hit)
		}
		e.stats.record(req.Cmd, env)
	}
	env := *hit.env
	if !req.IncludeDiff {
		// A cached run may have been made with includeDiff; its diff is
		// about that run, not an answer to this request.
		env.Diff = nil
	}
	from, to := pageBounds(req.Page, size, len(hit.lines))
	page := strings.Join(hit.lines[from:to], "\n")
	if to > from {
		page += "\n"
	}
	env.Stdout = Stdout{Raw: &page}
	keepBytes(&env, nil, nil)
	env.PageInfo = &PageInfo{Page: req.Page, PageSize: size, TotalLines: len(hit.lines), HasNext: to < len(hit.lines), Cache: cache}
	env.DurationMs = ms(time.Since(start))
	return &env
}

// redactCaptured stores the (redacted) raw output of a paged run.
func (e *Engine) redactCaptured(env *Envelope, res *executor.Result) {
	raw := e.redactText(string(res.Stdout.Data))
	env.Stdout.Raw = &raw
	env.Stderr = e.redactText(string(res.Stderr.Data))
	if res.Stdout.Truncated || res.Stderr.Truncated {
		env.Truncated = true
		env.Truncation = &Truncation{Stdout: cut(res.Stdout), Stderr: cut(res.Stderr)}
	}
}

// pageBounds returns the lines [from, to) of page (0-based) of size lines
// out of n, both within [0, n]. page and size come from the client and may
// be as large as an int holds, so page*size is never computed when it
// could overflow: a page past the end is empty.
func pageBounds(page, size, n int) (from, to int) {
	if page < 0 || size <= 0 || page > n/size {
		return n, n
	}
	from = page * size // <= n: page <= n/size
	return from, from + min(size, n-from)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

func nonNil(a []string) []string {
	if a == nil {
		return []string{}
	}
	return a
}
