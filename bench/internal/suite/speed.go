package suite

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/shaper"
)

// rounds is how many times timing measures; it reports the best round,
// the figure least disturbed by other work on the machine.
const rounds = 10

// cost is what one call costs.
type cost struct {
	wall, cpu time.Duration
	allocs    float64
}

// round runs fn in growing batches for at least d (and 3 calls), and
// returns the wall time, CPU time and heap allocations per call.
func round(d time.Duration, fn func() error) (cost, error) {
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	cpu0, start := cpuTime(), time.Now()
	calls := 0
	for batch := 1; ; batch = min(batch*2, 1000) {
		for range batch {
			if err := fn(); err != nil {
				return cost{}, err
			}
		}
		calls += batch
		if el := time.Since(start); el >= d && calls >= 3 {
			cpu := cpuTime() - cpu0
			runtime.ReadMemStats(&ms1)
			n := time.Duration(calls)
			return cost{wall: el / n, cpu: cpu / n, allocs: float64(ms1.Mallocs-ms0.Mallocs) / float64(calls)}, nil
		}
	}
}

// timing measures each of fns for minDur in all, in rounds that take
// turns (so that every function meets the same load on the machine), and
// returns each one's best round (least wall time).
func timing(minDur time.Duration, fns ...func() error) ([]cost, error) {
	best := make([]cost, len(fns))
	for i, fn := range fns {
		if err := fn(); err != nil { // warm-up
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
	}
	for r := range rounds {
		for i, fn := range fns {
			c, err := round(minDur/rounds, fn)
			if err != nil {
				return nil, fmt.Errorf("step %d: %w", i, err)
			}
			if r == 0 || c.wall < best[i].wall {
				best[i] = c
			}
		}
	}
	return best, nil
}

// Throughput is one parser's speed on a large input.
type Throughput struct {
	Parser   string
	Scenario string
	Bytes    int
	Rows     int
	Unread   int
	PerOp    time.Duration
	CPUOp    time.Duration
	MBps     float64 // 1 MB = 10^6 bytes, by wall time
	AllocsOp float64
	Err      string
}

// RunThroughput measures builtin.Default().Parse on each parser's largest
// scenario, repeated to at least size bytes.
func RunThroughput(scen []*Scenario, size int, minDur time.Duration) []Throughput {
	best := map[string]*Scenario{}
	for _, s := range scen {
		p := ParserFor(s)
		if p == nil {
			continue
		}
		if b := best[p.ID]; b == nil || len(s.Raw) > len(b.Raw) {
			best[p.ID] = s
		}
	}
	ids := make([]string, 0, len(best))
	for id := range best {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	reg := builtin.Default()
	var out []Throughput
	for _, id := range ids {
		s := best[id]
		in := catalog.Input{Cmd: s.Cmd, Args: s.Args, Raw: s.Repeated(size), OS: s.OS, Now: Now, Location: Location}
		t := Throughput{Parser: id, Scenario: s.ID, Bytes: len(in.Raw)}
		r := reg.Parse(in)
		switch {
		case r.Err != nil:
			t.Err = string(r.Err.Reason) + ": " + r.Err.Message
			out = append(out, t)
			continue
		case r.Parser == nil:
			t.Err = "no parser"
			out = append(out, t)
			continue
		}
		t.Unread = len(r.UnreadLines)
		if g, err := shaper.Generic(r.Value); err == nil {
			t.Rows = shaper.Rows(g)
		}
		c, err := timing(minDur, func() error {
			if r := reg.Parse(in); r.Err != nil {
				return r.Err
			}
			return nil
		})
		if err != nil {
			t.Err = err.Error()
		} else {
			t.PerOp, t.CPUOp, t.AllocsOp = c[0].wall, c[0].cpu, c[0].allocs
			t.MBps = float64(t.Bytes) / t.PerOp.Seconds() / 1e6
		}
		out = append(out, t)
	}
	return out
}

// Overhead is one step of answering a run, timed on a fixed input.
type Overhead struct {
	Step     string
	PerOp    time.Duration
	CPUOp    time.Duration
	AllocsOp float64
}

// RunOverhead times the engine on s (ls -la, 200 entries): the parser
// alone, then e.Parse and engine.Marshal for each format.
func RunOverhead(s *Scenario, minDur time.Duration) ([]Overhead, error) {
	eng, err := engine.New(config.Default(), engine.WithRegistry(fixedClock()), engine.WithWorkdir("/"))
	if err != nil {
		return nil, err
	}
	reg := builtin.Default()
	in := catalog.Input{Cmd: s.Cmd, Args: s.Args, Raw: s.Raw, OS: s.OS, Now: Now, Location: Location, MaxItems: config.Default().Guard.MaxItems}
	steps := []struct {
		name string
		fn   func() error
	}{
		{"catalog Parse alone", func() error {
			if r := reg.Parse(in); r.Err != nil || r.Value == nil {
				return fmt.Errorf("parse failed: %v", r.Err)
			}
			return nil
		}},
	}
	for _, f := range []string{engine.FormatJSON, engine.FormatJSONNoRaw, engine.FormatCompact} {
		req := engine.ParseRequest{Cmd: s.Cmd, Args: s.Args, Raw: s.Raw, OS: s.OS, Format: f}
		steps = append(steps, struct {
			name string
			fn   func() error
		}{"e.Parse, format " + f, func() error {
			if env := eng.Parse(req); env.Stdout.Parsed == nil {
				return fmt.Errorf("nothing parsed")
			}
			return nil
		}}, struct {
			name string
			fn   func() error
		}{"e.Parse + Marshal, format " + f, func() error {
			_, err := engine.Marshal(eng.Parse(req))
			return err
		}})
	}
	fns := make([]func() error, len(steps))
	for i, st := range steps {
		fns[i] = st.fn
	}
	c, err := timing(minDur*time.Duration(len(steps)), fns...)
	if err != nil {
		return nil, err
	}
	var out []Overhead
	for i, st := range steps {
		out = append(out, Overhead{Step: st.name, PerOp: c[i].wall, CPUOp: c[i].cpu, AllocsOp: c[i].allocs})
	}
	return out, nil
}

// Latency summarises timed calls.
type Latency struct {
	Name      string
	Calls     int
	P50, P99  time.Duration
	P90       time.Duration
	Mean, Max time.Duration
}

func latency(name string, d []time.Duration) Latency {
	s := slices.Clone(d)
	slices.Sort(s)
	var sum time.Duration
	for _, x := range s {
		sum += x
	}
	pct := func(p float64) time.Duration { return s[min(len(s)-1, int(float64(len(s))*p))] }
	return Latency{Name: name, Calls: len(s), P50: pct(0.50), P90: pct(0.90), P99: pct(0.99), Mean: sum / time.Duration(len(s)), Max: s[len(s)-1]}
}

// RunRoundTrip measures `run ls -la` through the MCP server over stdio (the
// built binary, as bench/mcp_test.go does) beside a bare spawn of `ls -la`,
// in a directory of 50 files, calls times each after a short warm-up; and
// the server's start-up (process start to initialize answered).
func RunRoundTrip(binary string, calls int) ([]Latency, error) {
	dir, err := os.MkdirTemp("", "parism-bench-rt")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	work := filepath.Join(dir, "files")
	home := filepath.Join(dir, "home")
	for _, d := range []string{work, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, err
		}
	}
	for i := range 50 {
		if err := os.WriteFile(filepath.Join(work, fmt.Sprintf("file-%03d.txt", i)), []byte("x"), 0o644); err != nil {
			return nil, err
		}
	}
	ctx := context.Background()
	connect := func() (*mcp.ClientSession, error) {
		cmd := exec.Command(binary)
		cmd.Dir = work
		// A private HOME: no global ~/.parism configuration applies.
		cmd.Env = append(os.Environ(), "HOME="+home)
		client := mcp.NewClient(&mcp.Implementation{Name: "parism-bench", Version: "0"}, nil)
		return client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	}

	var bare []time.Duration
	for i := range calls + 5 {
		t := time.Now()
		c := exec.Command("ls", "-la")
		c.Dir = work
		if _, err := c.Output(); err != nil {
			return nil, fmt.Errorf("bare ls -la: %w", err)
		}
		if i >= 5 {
			bare = append(bare, time.Since(t))
		}
	}

	cs, err := connect()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", binary, err)
	}
	defer cs.Close()
	var rt []time.Duration
	params := &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": work}}
	for i := range calls + 5 {
		t := time.Now()
		res, err := cs.CallTool(ctx, params)
		if err != nil {
			return nil, fmt.Errorf("run ls -la: %w", err)
		}
		if res.IsError {
			return nil, fmt.Errorf("run ls -la: tool error: %v", res.Content)
		}
		if sc, ok := res.StructuredContent.(map[string]any); !ok || sc["ok"] != true {
			return nil, fmt.Errorf("run ls -la: not ok: %v", res.StructuredContent)
		}
		if i >= 5 {
			rt = append(rt, time.Since(t))
		}
	}

	var start []time.Duration
	for range max(3, calls/20) {
		t := time.Now()
		s, err := connect()
		if err != nil {
			return nil, err
		}
		start = append(start, time.Since(t))
		s.Close()
	}
	return []Latency{
		latency("bare spawn of ls -la", bare),
		latency("MCP run ls -la (stdio round trip)", rt),
		latency("MCP server start-up (to initialize answered)", start),
	}, nil
}
