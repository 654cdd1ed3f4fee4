package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/shaper"
)

func TestMemoryStore(t *testing.T) {
	lim := config.Results{MaxResultBytes: 100, MaxTotalBytes: 250, MaxResults: 3, TTLMs: 1000}
	rec := func(owner, id string, size int) *StoredResult {
		return &StoredResult{ID: id, Owner: owner, Created: time.Now(), size: size}
	}
	reasonOf := func(err error) string {
		if err == nil {
			return ""
		}
		return err.(*StoreError).Reason
	}
	for _, tc := range []struct {
		name string
		run  func(s *MemoryStore, clock *time.Time) (owner, id string)
		want string
	}{
		{"kept", func(s *MemoryStore, _ *time.Time) (string, string) {
			_ = s.Put(rec("a", "r1", 10))
			return "a", "r1"
		}, ""},
		{"unknown", func(*MemoryStore, *time.Time) (string, string) { return "a", "nope" }, ReasonResultNotFound},
		{"other owner", func(s *MemoryStore, _ *time.Time) (string, string) {
			_ = s.Put(rec("a", "r1", 10))
			return "b", "r1"
		}, ReasonResultNotFound},
		{"too large", func(s *MemoryStore, _ *time.Time) (string, string) {
			if err := s.Put(rec("a", "r1", 101)); reasonOf(err) != ReasonResultTooLarge {
				t.Errorf("Put = %v, want result_too_large", err)
			}
			return "a", "r1"
		}, ReasonResultNotFound},
		{"evicted by count", func(s *MemoryStore, _ *time.Time) (string, string) {
			for i := range 4 {
				_ = s.Put(rec("a", fmt.Sprint("r", i), 10))
			}
			return "a", "r0"
		}, ReasonResultEvicted},
		{"evicted by bytes", func(s *MemoryStore, _ *time.Time) (string, string) {
			_ = s.Put(rec("a", "r0", 100))
			_ = s.Put(rec("a", "r1", 100))
			_ = s.Put(rec("a", "r2", 100))
			return "a", "r0"
		}, ReasonResultEvicted},
		{"least recently used goes first", func(s *MemoryStore, _ *time.Time) (string, string) {
			_ = s.Put(rec("a", "r0", 10))
			_ = s.Put(rec("a", "r1", 10))
			_ = s.Put(rec("a", "r2", 10))
			if _, err := s.Get("a", "r0"); err != nil {
				t.Fatal(err)
			}
			_ = s.Put(rec("a", "r3", 10))
			if _, err := s.Get("a", "r1"); reasonOf(err) != ReasonResultEvicted {
				t.Errorf("r1: %v, want evicted", err)
			}
			return "a", "r0"
		}, ""},
		{"expired", func(s *MemoryStore, clock *time.Time) (string, string) {
			_ = s.Put(rec("a", "r1", 10))
			*clock = clock.Add(1001 * time.Millisecond)
			return "a", "r1"
		}, ReasonResultExpired},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewMemoryStore(lim)
			clock := time.Now()
			s.now = func() time.Time { return clock }
			owner, id := tc.run(s, &clock)
			_, err := s.Get(owner, id)
			if got := reasonOf(err); got != tc.want {
				t.Errorf("Get(%s, %s) = %q, want %q", owner, id, got, tc.want)
			}
			if n, b := s.Len(); n > lim.MaxResults || b > lim.MaxTotalBytes {
				t.Errorf("store holds %d results, %d bytes: over its limits", n, b)
			}
		})
	}
}

func TestMemoryStoreConcurrent(t *testing.T) {
	s := NewMemoryStore(config.Results{MaxResultBytes: 100, MaxTotalBytes: 1000, MaxResults: 16, TTLMs: 60000})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				id := fmt.Sprintf("r%d_%d", g, i)
				_ = s.Put(&StoredResult{ID: id, Owner: "o", Created: time.Now(), size: 50})
				_, _ = s.Get("o", id)
			}
		})
	}
	waitAll(t, &wg, "8 writers")
	if n, b := s.Len(); n > 16 || b > 1000 {
		t.Errorf("%d results, %d bytes", n, b)
	}
}

func TestRetainAndFetch(t *testing.T) {
	e, dir := newTestEngine(t, allowing("echo"))
	for i := range 60 {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("file-%03d.txt", i)), strings.Repeat("y", i))
	}
	ctx := WithOwner(testCtx(t), "s1")
	b := &shaper.Budget{MaxTokens: 2500, Tokenizer: shaper.TokenizerByte}

	// Paged through fetch_result: every row exactly once, in order.
	env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Format: FormatJSON, Budget: b, Retain: true})
	if !env.OK || env.Continuation == nil || !env.Continuation.Retained || env.Retained == nil || !*env.Retained {
		t.Fatalf("want a retained, paged answer: %s", mustMarshal(t, env))
	}
	id := env.Continuation.ResultID
	if env.ResultID != id {
		t.Errorf("result_id %q, continuation.result_id %q", env.ResultID, id)
	}
	var names []string
	collect := func(env *Envelope) {
		obj := env.Stdout.Parsed.(*shaper.Object)
		rows, _ := obj.Get("entries")
		for _, r := range rows.([]any) {
			n, _ := r.(*shaper.Object).Get("name")
			names = append(names, n.(string))
		}
	}
	collect(env)
	for pages := 1; env.Continuation != nil; pages++ {
		if pages > 60 {
			t.Fatal("no end to the pages")
		}
		cur := env.Continuation.Cursor
		env = e.FetchResult(ctx, id, cur)
		if !env.OK || env.Failure != nil {
			t.Fatalf("fetch: %s", mustMarshal(t, env))
		}
		if env.Budget == nil || !env.Budget.BudgetMet || env.Budget.MeasuredTokens > b.MaxTokens {
			t.Fatalf("fetched page over budget: %+v", env.Budget)
		}
		collect(env)
	}
	if len(names) != 60 || names[0] != "file-000.txt" || names[59] != "file-059.txt" {
		t.Errorf("fetched %d rows: %v", len(names), names)
	}

	// Refusals, each with its own reason.
	other := WithOwner(testCtx(t), "s2")
	plain := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Format: FormatJSON, Budget: b})
	if plain.Continuation == nil || plain.Continuation.Retained {
		t.Fatalf("without retain: %s", mustMarshal(t, plain))
	}
	first := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Format: FormatJSON, Budget: b, Retain: true})
	cur := first.Continuation.Cursor
	for _, tc := range []struct {
		name       string
		ctx        context.Context
		id, cursor string
		reason     string
	}{
		{"unknown id", ctx, "r_0000000000000000", "", ReasonResultNotFound},
		{"another session", other, id, "", ReasonResultNotFound},
		{"not retained", ctx, plain.Continuation.ResultID, plain.Continuation.Cursor, ReasonNotRetained},
		{"cursor of another result", ctx, id, cur, ReasonCursorMismatch},
		{"tampered cursor", ctx, first.Continuation.ResultID, cur[:len(cur)-2] + "AA", ReasonCursorInvalid},
		{"garbage cursor", ctx, first.Continuation.ResultID, "%%%", ReasonCursorInvalid},
		{"first page again", ctx, first.Continuation.ResultID, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := e.FetchResult(tc.ctx, tc.id, tc.cursor)
			if tc.reason == "" {
				if !env.OK || env.Failure != nil {
					t.Fatalf("want ok: %s", mustMarshal(t, env))
				}
				return
			}
			if env.OK || env.Failure == nil || env.Failure.Kind != KindConfig || env.Failure.Reason != tc.reason {
				t.Fatalf("want config/%s: %s", tc.reason, mustMarshal(t, env))
			}
		})
	}
}

func TestRetainLimits(t *testing.T) {
	small := func(c *config.Config) {
		c.Results = config.Results{MaxResultBytes: 4096, MaxTotalBytes: 8192, MaxResults: 2, TTLMs: 200}
	}
	e, dir := newTestEngine(t, both(allowing("echo"), small))
	ctx := testCtx(t)
	// Too large: answered, not kept, with a warning.
	for i := range 80 {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("long-name-of-file-%03d.txt", i)), "z")
	}
	big := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Retain: true})
	if !big.OK || big.Retained == nil || *big.Retained || len(big.Warnings) != 1 || !strings.HasPrefix(big.Warnings[0], ReasonResultTooLarge) {
		t.Fatalf("want answered, not retained, warned: %.400s", mustMarshal(t, big))
	}
	if f := e.FetchResult(ctx, big.ResultID, "").Failure; f == nil || f.Reason != ReasonNotRetained {
		t.Errorf("fetch of a too-large result: %+v, want not_retained", f)
	}
	// Evicted by count, expired by time.
	var ids []string
	for range 3 {
		env := e.Run(ctx, Request{Cmd: "echo", Args: []string{"hi"}, Retain: true})
		if env.Retained == nil || !*env.Retained {
			t.Fatalf("not retained: %s", mustMarshal(t, env))
		}
		ids = append(ids, env.ResultID)
	}
	if f := e.FetchResult(ctx, ids[0], "").Failure; f == nil || f.Reason != ReasonResultEvicted {
		t.Errorf("oldest: %+v, want result_evicted", f)
	}
	if env := e.FetchResult(ctx, ids[2], ""); !env.OK || raw(t, env) != "hi\n" {
		t.Errorf("newest: %s", mustMarshal(t, env))
	}
	time.Sleep(250 * time.Millisecond)
	if f := e.FetchResult(ctx, ids[2], "").Failure; f == nil || f.Reason != ReasonResultExpired {
		t.Errorf("after the ttl: %+v, want result_expired", f)
	}
}

func TestWithoutRetainUnchanged(t *testing.T) {
	e, _ := newTestEngine(t, allowing("echo"))
	s := mustMarshal(t, e.Run(testCtx(t), Request{Cmd: "echo", Args: []string{"hi"}}))
	for _, k := range []string{"result_id", "retained", "warnings", "continuation", "review"} {
		if strings.Contains(s, `"`+k+`"`) {
			t.Errorf("%s in a plain answer: %s", k, s)
		}
	}
}

func TestMaskArgs(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{[]string{"-la", "src"}, []string{"-la", "src"}},
		{[]string{"--token=abc", "x"}, []string{"--token=[REDACTED]", "x"}},
		{[]string{"--password", "hunter2", "x"}, []string{"--password", "[REDACTED]", "x"}},
		{[]string{"API_KEY=zzz"}, []string{"API_KEY=[REDACTED]"}},
		{[]string{"ghp_" + strings.Repeat("a", 36)}, []string{"[REDACTED]"}},
	} {
		if got := MaskArgs(tc.in); strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("MaskArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if ArgvHash("ls", []string{"a b"}) == ArgvHash("ls", []string{"a", "b"}) {
		t.Error("argv hash confuses one argument with two")
	}
}

// Each owner has its own share: one filling its share evicts only its own
// results; past the process-wide caps the owner holding the most goes first.
func TestMemoryStoreShares(t *testing.T) {
	lim := config.Results{MaxResultBytes: 100, MaxTotalBytes: 300, MaxResults: 4, TTLMs: 60000}
	s := NewMemoryStore(lim)
	put := func(owner, id string, size int) {
		t.Helper()
		if err := s.Put(&StoredResult{ID: id, Owner: owner, Created: time.Now(), size: size}); err != nil {
			t.Fatalf("Put(%s, %s): %v", owner, id, err)
		}
	}
	put("a", "a0", 10)
	for i := range 50 { // b passes its count and its bytes many times
		put("b", fmt.Sprint("b", i), 100)
	}
	if _, err := s.Get("a", "a0"); err != nil {
		t.Errorf("b's results evicted a's: %v", err)
	}
	if n, b := s.OwnerLen("b"); n > lim.MaxResults || b > lim.MaxTotalBytes {
		t.Errorf("b holds %d results, %d bytes: over its share", n, b)
	}
	if _, err := s.Get("b", "b0"); err == nil || err.(*StoreError).Reason != ReasonResultEvicted {
		t.Errorf("b's oldest: %v, want result_evicted", err)
	}

	// Many owners: the process-wide caps hold, and the small owner a,
	// never the largest, keeps its result.
	maxN, maxB := ProcessResultsFactor*lim.MaxResults, ProcessBytesFactor*lim.MaxTotalBytes
	for o := range 20 {
		for i := range 4 {
			put(fmt.Sprint("o", o), fmt.Sprint("r", i), 60)
			if n, b := s.Len(); n > maxN || b > maxB {
				t.Fatalf("store holds %d results, %d bytes: over the process caps %d, %d", n, b, maxN, maxB)
			}
		}
	}
	if _, err := s.Get("a", "a0"); err != nil {
		t.Errorf("a's one small result was evicted by the process cap: %v", err)
	}
	if n, b := s.Len(); n < maxN/2 || b > maxB {
		t.Errorf("store holds %d results, %d bytes (caps %d, %d)", n, b, maxN, maxB)
	}
}

// run_paged's cache is per owner, and its entries are not results.
func TestRunPagedCachePerOwner(t *testing.T) {
	e, _ := newTestEngine(t, allowing("date"))
	a, b := WithOwner(testCtx(t), "A"), WithOwner(testCtx(t), "B")
	req := PagedRequest{Cmd: "date", Args: []string{"+%s%N"}}
	first := e.RunPaged(a, req)
	other := e.RunPaged(b, req)
	if other.PageInfo.Cache.Hit || raw(t, other) == raw(t, first) {
		t.Errorf("B was served A's cached run: hit=%v, %q and %q", other.PageInfo.Cache.Hit, raw(t, first), raw(t, other))
	}
	again := e.RunPaged(a, req)
	if !again.PageInfo.Cache.Hit || raw(t, again) != raw(t, first) {
		t.Errorf("A's own cache: hit=%v, %q then %q", again.PageInfo.Cache.Hit, raw(t, first), raw(t, again))
	}
	id := pageID("date", []string{"+%s%N"}, e.resolveCwd(""))
	if env := e.FetchResult(a, id, ""); env.Failure == nil || env.Failure.Reason != ReasonResultNotFound {
		t.Errorf("fetch_result of a page cache entry: %s", mustMarshal(t, env))
	}
}
