package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/parism-go/parism/server/executor"
)

// pageTTL is how long run_paged reuses a command's first result, so that
// reading page 2 shows the same output page 1 came from.
const pageTTL = 30 * time.Second

// pagePrefix starts the store ids of run_paged's cached runs. They are
// kept in the result store, under the caller's owner and its share of
// the limits; result ids start with "r_", so the result tools never read
// one.
const pagePrefix = "p_"

// pageEntry is a cached run: its envelope and its stdout's lines.
type pageEntry struct {
	env   *Envelope
	lines []string
}

// pageID is the store id of the run of cmd and args in cwd.
func pageID(cmd string, args []string, cwd string) string {
	h := sha256.New()
	h.Write([]byte(cwd))
	for _, s := range append([]string{cmd}, args...) {
		h.Write([]byte{0})
		h.Write([]byte(s))
	}
	return pagePrefix + hex.EncodeToString(h.Sum(nil)[:16])
}

// cachedPage returns owner's cached run id, and when it ran, if it is
// younger than pageTTL.
func (e *Engine) cachedPage(owner, id string, now time.Time) (*pageEntry, time.Time) {
	r, err := e.store.Get(owner, id)
	if err != nil || r.page == nil || now.Sub(r.Created) > pageTTL {
		return nil, time.Time{}
	}
	return r.page, r.Created
}

// cachePage keeps a run for the owner's later pages. One too large for the
// owner's share is not kept: its pages run the command again.
func (e *Engine) cachePage(owner, id string, p *pageEntry, at time.Time) {
	size := 512 + len(p.env.Stderr) + 16*len(p.lines)
	if p.env.Stdout.Raw != nil {
		size += len(*p.env.Stdout.Raw)
	}
	_ = e.store.Put(&StoredResult{ID: id, Owner: owner, Created: at, page: p, size: size})
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
	owner, id := ownerOf(ctx), pageID(req.Cmd, req.Args, e.resolveCwd(req.Cwd))
	var hit *pageEntry
	var at time.Time
	if !req.IncludeDiff {
		hit, at = e.cachedPage(owner, id, start)
	}
	cache := CacheInfo{}
	if hit != nil {
		cache = CacheInfo{Hit: true, AgeMs: start.Sub(at).Milliseconds()}
	} else {
		env, r := e.execute(ctx, run, start)
		if r != nil {
			e.redactCaptured(env, r.res)
			// Pages are not parsed, but grep's 1 is an answer here too.
			e.answerExit(env, r.call.Parser, req.Args, *env.Stdout.Raw)
		}
		hit = &pageEntry{env: env}
		if env.Stdout.Raw != nil {
			hit.lines = splitLines(*env.Stdout.Raw)
		}
		// A cancelled or busy run is not the command's answer: caching it
		// would refuse every retry for pageTTL.
		if env.Failure == nil || env.Failure.Kind == KindExec && env.Failure.Reason != ReasonCanceled && env.Failure.Reason != ReasonBusy {
			e.cachePage(owner, id, hit, start)
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
	env.Stdout = Stdout{Raw: &page, Stream: hit.env.Stdout.Stream}
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
