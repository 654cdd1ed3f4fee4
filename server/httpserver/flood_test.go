package httpserver

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
)

// TestUnauthenticatedFlood floods the server on loopback the way issue 20
// did (clients without a token that send a request, get 401 and keep the
// connection, and clients that connect and send nothing), from eight
// addresses of 127.0.0.0/8, while a token holder calls tools and /healthz
// is polled on fresh connections from 127.0.0.1. The server must keep its
// connections under MaxConnections, never run out of descriptors, answer
// /healthz quickly and answer every authenticated call.
func TestUnauthenticatedFlood(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs 127.0.0.2-9 on the loopback interface (Linux)")
	}
	const (
		flooders  = 8
		perFlood  = 160 // connections each flooder keeps trying to hold
		floodFor  = 4 * time.Second
		maxConns  = 512
		lifeLimit = 2 * time.Second
	)
	raiseNoFile(t, 2*flooders*perFlood+2*maxConns+256)

	cfg := config.Default()
	cfg.Guard.AllowedCommands = append(slices.Clone(cfg.Guard.AllowedCommands), "pwd")
	e, err := engine.New(cfg, engine.WithWorkdir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	var logs syncBuffer
	opts := Options{Token: "flood-test-token", MaxConnections: maxConns, ReservedConnections: 64, MaxUnprovenPerIP: 64,
		HeaderTimeout: lifeLimit, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	// Serve keeps a listener that is a connLimiter already: the test
	// reads its counts.
	cl := newConnLimiter(ln, opts)
	srvCtx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(srvCtx, cl, e, opts) }()
	defer func() {
		stop()
		select {
		case <-served:
		case <-time.After(15 * time.Second):
			t.Error("Serve did not return 15 s after its context ended")
		}
	}()

	// The token holder's session, connected before the flood.
	hc := &http.Client{Transport: &bearerRT{token: opts.Token, rt: http.DefaultTransport.(*http.Transport).Clone()}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "holder", Version: "0"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: "http://" + addr + Path, HTTPClient: hc, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	// /healthz without a flood, for comparison.
	var quiet []time.Duration
	for range 10 {
		start := time.Now()
		resp, err := (&http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}).Get("http://" + addr + HealthPath)
		if err != nil {
			t.Fatalf("/healthz before the flood: %v", err)
		}
		resp.Body.Close()
		quiet = append(quiet, time.Since(start))
	}
	before, _, _ := cl.counts() // the token holder's own connections
	floodCtx, floodStop := context.WithTimeout(ctx, floodFor)
	defer floodStop()
	var held, peakHeld, dials, got401, got503, dialErrs atomic.Int64
	var wg sync.WaitGroup
	for f := range flooders {
		src := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+f))}
		for g := range perFlood {
			wg.Go(func() { flood(floodCtx, src, addr, g%2 == 0, &held, &peakHeld, &dials, &got401, &got503, &dialErrs) })
		}
	}

	// Probes from 127.0.0.1 while the flood runs.
	var health, calls []time.Duration
	var healthFail, callFail []string
	var pwg sync.WaitGroup
	pwg.Go(func() {
		probe := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		for floodCtx.Err() == nil {
			start := time.Now()
			resp, err := probe.Get("http://" + addr + HealthPath)
			d := time.Since(start)
			switch {
			case err != nil:
				healthFail = append(healthFail, err.Error())
			case resp.StatusCode != http.StatusOK:
				healthFail = append(healthFail, resp.Status)
			default:
				health = append(health, d)
			}
			if resp != nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	pwg.Go(func() {
		for floodCtx.Err() == nil {
			start := time.Now()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "pwd"}})
			d := time.Since(start)
			switch {
			case err != nil:
				callFail = append(callFail, err.Error())
			case res.IsError || !strings.Contains(fmt.Sprint(res.StructuredContent), "ok:true"):
				callFail = append(callFail, fmt.Sprint(res.StructuredContent))
			default:
				calls = append(calls, d)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	// A new token holder's connection during the flood: it gets a reserved
	// place and initializes.
	var freshOK atomic.Bool
	var freshStatus atomic.Value
	pwg.Go(func() {
		time.Sleep(floodFor / 2)
		fresh := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+Path, strings.NewReader(
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fresh","version":"0"}}}`))
		req.Header.Set("Authorization", "Bearer "+opts.Token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := fresh.Do(req)
		if err != nil {
			freshStatus.Store(err.Error())
			return
		}
		freshStatus.Store(resp.Status)
		freshOK.Store(resp.StatusCode == http.StatusOK)
		resp.Body.Close()
	})
	var peakServer int
	pwg.Go(func() {
		for floodCtx.Err() == nil {
			_, peak, _ := cl.counts()
			peakServer = peak
			time.Sleep(50 * time.Millisecond)
		}
	})
	done := make(chan struct{})
	go func() { pwg.Wait(); wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(floodFor + 30*time.Second):
		t.Fatal("the flood and its probes did not end 30 s after the flood's deadline")
	}
	open, peak, refused := cl.counts()
	peakServer = max(peakServer, peak)

	t.Logf("flood: %d addresses x %d clients for %v: %d connections made, at most %d held at once by the clients, %d got 401, %d got 503, %d dial errors",
		flooders, perFlood, floodFor, dials.Load(), peakHeld.Load(), got401.Load(), got503.Load(), dialErrs.Load())
	t.Logf("server: at most %d connections open (cap %d), at most %d unproven from one address (cap %d), %d refused with 503 at accept, %d open when the flood ended",
		peakServer, maxConns, cl.peakUnprovenPerIP(), opts.MaxUnprovenPerIP, refused, open)
	t.Logf("/healthz on fresh connections: %d answered, %s; %d failed (before the flood: %s)", len(health), quantiles(health), len(healthFail), quantiles(quiet))
	t.Logf("token holder's run pwd: %d answered, %s; %d failed; a new token holder's connection initialized: %v", len(calls), quantiles(calls), len(callFail), freshOK.Load())

	if peakServer > maxConns {
		t.Errorf("the server held %d connections, over its cap %d", peakServer, maxConns)
	}
	if p := cl.peakUnprovenPerIP(); p > opts.MaxUnprovenPerIP {
		t.Errorf("one address held %d unproven connections, over MaxUnprovenPerIP %d", p, opts.MaxUnprovenPerIP)
	}
	if len(healthFail) > 0 || len(health) == 0 {
		t.Errorf("/healthz failed during the flood: %d ok, failures %q", len(health), healthFail[:min(len(healthFail), 5)])
	}
	if q := quantile(health, 0.99); q > 2*time.Second {
		t.Errorf("/healthz p99 %v during the flood, want under 2 s", q)
	}
	if len(callFail) > 0 || len(calls) == 0 {
		t.Errorf("the token holder's calls failed during the flood: %d ok, failures %q", len(calls), callFail[:min(len(callFail), 5)])
	}
	if !freshOK.Load() {
		t.Errorf("a new token holder's connection was not served during the flood: %v", freshStatus.Load())
	}
	if got401.Load() == 0 || dials.Load() < int64(flooders*perFlood) {
		t.Errorf("the flood did not happen: %d dials, %d 401s", dials.Load(), got401.Load())
	}
	if strings.Contains(logs.String(), "too many open files") {
		t.Errorf("the server ran out of descriptors: %s", logs.String())
	}
	// Unproven connections end within their life: the server lets go.
	deadline := time.Now().Add(lifeLimit + 5*time.Second)
	for {
		if open, _, _ := cl.counts(); open <= before+1 {
			break
		}
		if time.Now().After(deadline) {
			open, _, _ := cl.counts()
			t.Fatalf("%d connections still open %v after the flood (%d before it)", open, lifeLimit+5*time.Second, before)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// flood is one hostile client: it connects from src, sends a request
// without a token (or, when silent, nothing) and holds the connection until
// the server closes it, then does it again, until ctx ends.
func flood(ctx context.Context, src *net.TCPAddr, addr string, silent bool, held, peak, dials, got401, got503, dialErrs *atomic.Int64) {
	d := net.Dialer{LocalAddr: src, Timeout: 2 * time.Second}
	for ctx.Err() == nil {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			dialErrs.Add(1)
			time.Sleep(20 * time.Millisecond)
			continue
		}
		dials.Add(1)
		n := held.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		if !silent {
			io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: "+addr+"\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
		}
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		br := bufio.NewReader(c)
		line, _ := br.ReadString('\n')
		switch {
		case strings.Contains(line, " 401 "):
			got401.Add(1)
		case strings.Contains(line, " 503 "):
			got503.Add(1)
			time.Sleep(100 * time.Millisecond) // a refused client retries, not in a tight loop
		}
		// Hold it, as the clients of issue 20 did, until the server closes it.
		stopRead := context.AfterFunc(ctx, func() { c.SetReadDeadline(time.Now()) })
		io.Copy(io.Discard, br)
		stopRead()
		c.Close()
		held.Add(-1)
	}
}

// raiseNoFile makes sure this process may open n descriptors.
func raiseNoFile(t *testing.T, n int) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if lim.Cur >= uint64(n) {
		return
	}
	if lim.Max < uint64(n) {
		t.Skipf("RLIMIT_NOFILE hard limit %d is under the %d descriptors the flood needs", lim.Max, n)
	}
	lim.Cur = uint64(n)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
}

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func quantiles(ds []time.Duration) string {
	return fmt.Sprintf("p50 %v, p99 %v, max %v", quantile(ds, 0.5).Round(time.Microsecond),
		quantile(ds, 0.99).Round(time.Microsecond), quantile(ds, 1).Round(time.Microsecond))
}

type bearerRT struct {
	token string
	rt    http.RoundTripper
}

func (b *bearerRT) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.rt.RoundTrip(r)
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A 401 closes its connection at once: a client without the token keeps
// nothing open.
func TestUnauthorizedClosesConnection(t *testing.T) {
	e, err := engine.New(config.Default(), engine.WithWorkdir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, e, Options{Token: "tok"}) }()
	defer func() {
		stop()
		select {
		case <-served:
		case <-time.After(15 * time.Second):
			t.Error("Serve did not return")
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: "+ln.Addr().String()+"\r\nContent-Length: 2\r\n\r\n{}")
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(4 * time.Second)) // under the 5 s life of an unproven connection
	b, err := io.ReadAll(c)
	if err != nil || !strings.Contains(string(b), " 401 ") {
		t.Fatalf("after a 401 the connection stayed open (%v after %v): %q", err, time.Since(start), b)
	}
}
