package bench

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// soakFor is how long TestSoak keeps the load up. CI runs the short
// default; the figure the issue asks for is a few minutes:
//
//	go test ./bench -run TestSoak -soak 3m -v
var soakFor = flag.Duration("soak", 10*time.Second, "how long TestSoak keeps the server under load")

// soakWorkers is the steady load: this many sessions calling back to back,
// as many as the default max_concurrent_runs (8), so the limiter is full
// but nothing is refused as busy.
const soakWorkers = 8

// soakStats counts the soak's calls by what they were.
type soakStats struct {
	calls, canceled, sessions atomic.Int64
	pwd                       outcome
	failures                  atomic.Int64
	firstFailure              atomic.Pointer[string]
}

func (s *soakStats) fail(format string, a ...any) {
	s.failures.Add(1)
	m := fmt.Sprintf(format, a...)
	s.firstFailure.CompareAndSwap(nil, &m)
}

// soakWorker calls until stop closes, cycling through what a real agent
// does: run in its own directory (checked), run with retain (the result
// store fills, then evicts), run_paged (its cache), describe, and now and
// then a long command it gives up on (cancellation kills it). Every 100
// calls it closes its session and opens a new one.
func soakWorker(tb testing.TB, url, dir, listing string, stop <-chan struct{}, st *soakStats) {
	hc := loadClient(1)
	defer hc.CloseIdleConnections()
	var cs *mcp.ClientSession
	defer func() {
		if cs != nil {
			cs.Close()
		}
	}()
	call := func(name string, args map[string]any) (map[string]any, error) {
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			return nil, err
		}
		m, _ := r.StructuredContent.(map[string]any)
		return m, nil
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		if i%100 == 0 {
			if cs != nil {
				cs.Close()
			}
			var err error
			if cs, err = dial(tb, url, hc); err != nil {
				st.fail("connect: %v", err)
				return
			}
			st.sessions.Add(1)
		}
		st.calls.Add(1)
		switch i % 25 {
		case 0, 5, 10, 15, 20:
			pwdCall(context.Background(), cs, dir, &st.pwd)
		case 1, 11, 21:
			env, err := call("run", map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": listing, "retain": true})
			if err != nil || env["ok"] != true || env["result_id"] == nil {
				st.fail("run ls -la retain: %v %v", err, env)
			}
		case 2, 12, 22:
			env, err := call("run_paged", map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": listing, "page": i % 3, "page_size": 20})
			if err != nil || env["ok"] != true {
				st.fail("run_paged: %v %v", err, env)
			}
		case 3, 13:
			if o, err := call("describe", map[string]any{}); err != nil || o["version"] == nil {
				st.fail("describe: %v %v", err, o)
			}
		case 24:
			// The client gives up after 30 ms: the SDK sends
			// notifications/cancelled and the server kills the command.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "sleep", "args": []string{"7.5"}}})
			cancel()
			if err == nil {
				st.fail("sleep 7.5 answered within 30 ms")
			}
			st.canceled.Add(1)
		default:
			env, err := call("run", map[string]any{"cmd": "ls", "cwd": listing, "limit": 5, "select": []string{"name"}})
			if err != nil || env["ok"] != true {
				st.fail("run ls with a query: %v %v", err, env)
			}
		}
	}
}

// soakLoad runs soakWorkers workers for d and returns their counts.
func soakLoad(tb testing.TB, url, root, listing string, d time.Duration, sample func()) *soakStats {
	st := &soakStats{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range soakWorkers {
		dir := filepath.Join(root, fmt.Sprintf("w%d-%d", i, time.Now().UnixNano()))
		if err := os.Mkdir(dir, 0o755); err != nil {
			tb.Fatal(err)
		}
		wg.Go(func() { soakWorker(tb, url, dir, listing, stop, st) })
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	end := time.After(d)
loop:
	for {
		select {
		case <-end:
			break loop
		case <-tick.C:
			if sample != nil {
				sample()
			}
		}
	}
	close(stop)
	wg.Wait()
	return st
}

// idle waits for the server to go quiet after a load (no children, open
// descriptors no longer falling) and returns what it holds then.
func idle(tb testing.TB, pid int) procStats {
	prev := statsOf(tb, pid)
	for range 50 {
		time.Sleep(100 * time.Millisecond)
		now := statsOf(tb, pid)
		if now.children == 0 && now.fds == prev.fds && now.threads == prev.threads {
			return now
		}
		prev = now
	}
	return prev
}

// TestSoak keeps the built server under steady load (-soak, 10 s by
// default) and compares what it holds, read from /proc, before and after:
// resident memory, threads, open descriptors, child processes. Goroutines
// cannot be counted from outside; TestHTTPLoad counts them in process.
func TestSoak(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	cfg := writeConfig(t, "[guard]\nallowed_commands = [\"pwd\", \"ls\", \"sleep\"]\n")
	srv := startBinary(t, "127.0.0.1:0", cfg...)
	pid := srv.pid()
	root, dir := t.TempDir(), listing(t, 200)
	start := statsOf(t, pid)

	// Warm-up: long enough for the result store to fill (16 results) and
	// the heap to reach its working size.
	warm := min(max(*soakFor/5, 3*time.Second), 30*time.Second)
	ws := soakLoad(t, srv.url, root, dir, warm, nil)
	before := idle(t, pid)

	var (
		mu  sync.Mutex
		rss []int
	)
	sample := func() {
		s := statsOf(t, pid)
		mu.Lock()
		rss = append(rss, s.rssKB)
		mu.Unlock()
	}
	t0 := time.Now()
	st := soakLoad(t, srv.url, root, dir, *soakFor, sample)
	elapsed := time.Since(t0)
	after := idle(t, pid)

	mb := func(kb int) string { return fmt.Sprintf("%.1f MB", float64(kb)/1024) }
	t.Logf("started: %v", start)
	t.Logf("warm-up %v (%d calls), then idle: %v", warm, ws.calls.Load(), before)
	t.Logf("soak %v: %d calls (%.0f/s) in %d sessions, %d cancelled; pwd %v",
		elapsed.Round(time.Second), st.calls.Load(), float64(st.calls.Load())/elapsed.Seconds(), st.sessions.Load(), st.canceled.Load(), &st.pwd)
	if len(rss) > 0 {
		t.Logf("RSS under load: first %s, last %s, min %s, max %s (%d samples)",
			mb(rss[0]), mb(rss[len(rss)-1]), mb(slices.Min(rss)), mb(slices.Max(rss)), len(rss))
	}
	t.Logf("after, idle: %v", after)

	for _, s := range []*soakStats{ws, st} {
		if p := s.firstFailure.Load(); p != nil {
			t.Errorf("%d calls failed, the first: %s", s.failures.Load(), *p)
		}
		if p := s.pwd.firstWrong.Load(); p != nil || s.pwd.failed.Load() > 0 {
			t.Errorf("pwd: %v (first wrong: %v)", &s.pwd, p)
		}
	}
	// Flat: memory may settle a little higher (the heap's working size),
	// but not by more than a quarter, with 8 MB of slack for a short run's
	// noise.
	if limit := before.rssKB + max(before.rssKB/4, 8<<10); after.rssKB > limit {
		t.Errorf("RSS grew from %s to %s (limit %s)", mb(before.rssKB), mb(after.rssKB), mb(limit))
	}
	if len(rss) >= 4 {
		if first, last := slices.Max(rss[:len(rss)/4]), rss[len(rss)-1]; last > first+max(first/4, 8<<10) {
			t.Errorf("RSS under load grew from %s in the first quarter to %s at the end", mb(first), mb(last))
		}
	}
	if after.fds > before.fds || after.children != 0 {
		t.Errorf("descriptors or children leaked: %v before, %v after", before, after)
	}
	// The runtime keeps the threads it made; a few more for a rare peak of
	// blocking system calls is not a leak, one per call would be.
	if after.threads > before.threads+8 {
		t.Errorf("threads grew from %d to %d", before.threads, after.threads)
	}
}
