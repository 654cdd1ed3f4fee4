package httpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
)

// Paths served.
const (
	// Path is the MCP endpoint (GET, POST and DELETE of the streamable
	// transport).
	Path = "/mcp"
	// HealthPath answers GET with "ok", without authentication.
	HealthPath = "/healthz"
)

// Defaults of Options.
const (
	DefaultMaxRequestBytes = 1 << 20
	DefaultSessionTimeout  = 30 * time.Minute
	DefaultBodyTimeout     = 30 * time.Second
	DefaultMaxSessions     = 256
)

// shutdownGrace bounds how long Serve waits for requests after its context
// ends; the sessions are closed at once, which kills their commands, so
// only answers still being written need it.
const shutdownGrace = 5 * time.Second

// ErrInsecureBind is returned (wrapped, with the address) when neither a
// token nor OAuth is configured and the address is not a loopback one: without a token, anyone
// who can reach the port could run commands.
var ErrInsecureBind = errors.New("no token configured: refusing to listen on a non-loopback address")

// Options configure the HTTP server. The zero value serves loopback
// clients without authentication.
type Options struct {
	// Token is the bearer token every request to Path must carry
	// ("Authorization: Bearer TOKEN"), compared in constant time. Empty
	// means no authentication, which Serve allows on loopback only.
	Token string
	// OAuth, when set, also accepts OAuth 2.1 access tokens (JWTs) from
	// this issuer, for this audience, with the scopes ScopeRead and
	// ScopeRun (auth.go).
	OAuth *OAuth
	// AllowedOrigins lists the browser origins ("https://app.example.com")
	// allowed to call; they get CORS headers. A request with an Origin
	// header not in the list is refused with 403, which defeats DNS
	// rebinding and cross-site pages; requests without Origin (agents,
	// curl) are allowed.
	AllowedOrigins []string
	// MaxRequestBytes bounds a request body; larger bodies get 413.
	// 0 means DefaultMaxRequestBytes.
	MaxRequestBytes int64
	// SessionTimeout closes a session after this long without a request,
	// killing whatever it still runs. 0 means DefaultSessionTimeout; a
	// negative value keeps idle sessions forever.
	SessionTimeout time.Duration
	// MCP adjusts the MCP server (name, progress delay); nil for defaults.
	MCP *mcpserver.Options
	// Logger receives transport errors; nil discards them.
	Logger *slog.Logger

	// Connection bounds (Serve and ListenAndServe; see connLimiter). A
	// connection is unproven until one of its requests carries the token.
	// MaxConnections bounds the open connections (0: 1024);
	// ReservedConnections of them (0: 128) are kept from unproven
	// connections but one per client address, for /healthz and new token
	// holders during a flood; MaxUnprovenPerIP bounds one address's
	// unproven connections (0: 64). Past these a connection gets 503 and
	// is closed. HeaderTimeout (0: 5 s) bounds the reading of a request's
	// headers and the whole life of an unproven connection; a 401 closes
	// its connection.
	MaxConnections      int
	ReservedConnections int
	MaxUnprovenPerIP    int
	HeaderTimeout       time.Duration
	// BodyTimeout bounds the reading of a POST's body (0: 30 s); the
	// answer that follows has no time limit.
	BodyTimeout time.Duration
	// MaxSessions bounds the open sessions (0: DefaultMaxSessions); an
	// initialize past it gets 503 with Retry-After.
	MaxSessions int
}

// Validate reports what is wrong with o: a token with spaces or control
// characters, an allowed origin that is not scheme://host[:port].
func (o Options) Validate() error {
	if strings.ContainsFunc(o.Token, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return errors.New("the token must not contain spaces or control characters")
	}
	if o.OAuth != nil {
		if err := o.OAuth.validate(); err != nil {
			return err
		}
	}
	for _, s := range o.AllowedOrigins {
		if _, ok := origin(s); !ok {
			return fmt.Errorf("allowed origin %q: want http(s)://host[:port], e.g. https://app.example.com", s)
		}
	}
	return nil
}

// Handler returns the HTTP handler serving e's tools at Path and the health
// check at HealthPath. The error reports invalid Options.
func Handler(e *engine.Engine, opts Options) (http.Handler, error) {
	return newHandler(e, opts)
}

// ListenAndServe listens on addr (host:port) and serves until ctx ends,
// then shuts down: sessions are closed (their commands killed) and answers
// in progress get a few seconds to finish. Without a token it refuses, with
// an error wrapping ErrInsecureBind, any address that is not loopback.
func ListenAndServe(ctx context.Context, addr string, e *engine.Engine, opts Options) error {
	if opts.Token == "" && opts.OAuth == nil {
		if err := RequireLoopback(addr); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return Serve(ctx, ln, e, opts)
}

// Serve is ListenAndServe on a listener of the caller's; it closes ln. The
// loopback rule is checked on the address ln is bound to.
func Serve(ctx context.Context, ln net.Listener, e *engine.Engine, opts Options) error {
	if opts.Token == "" && opts.OAuth == nil && !isLoopback(ln.Addr()) {
		ln.Close()
		return fmt.Errorf("%w (bound to %s)", ErrInsecureBind, ln.Addr())
	}
	h, err := newHandler(e, opts)
	if err != nil {
		ln.Close()
		return err
	}
	cl, ok := ln.(*connLimiter)
	if !ok {
		cl = newConnLimiter(ln, opts)
	}
	ln = cl
	h.conns = cl
	hs := &http.Server{
		Handler:           h,
		ConnContext:       connContext,
		ReadHeaderTimeout: cl.unprovenLife,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(h.logger.Handler(), slog.LevelWarn),
		// No WriteTimeout: an answer streams for as long as its command runs.
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		h.closeSessions()
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- hs.Shutdown(sctx) }()
	// Shutdown stops accepting, then waits for requests to finish; closing
	// the sessions ends their calls and standalone streams. Repeat until it
	// is done, for a session that an in-flight initialize was creating.
	stopClosing, closed := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(closed)
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			h.closeSessions()
			select {
			case <-stopClosing:
				return
			case <-tick.C:
			}
		}
	}()
	if err := <-shut; err != nil {
		hs.Close() // the grace is over: drop what is left
	}
	close(stopClosing)
	<-served
	select {
	case <-closed:
	case <-time.After(shutdownGrace):
		h.logger.Warn("httpserver: a session did not close after shutdown")
	}
	return nil
}

// RequireLoopback returns nil when addr's host is a loopback IP address or
// "localhost", and an error wrapping ErrInsecureBind otherwise (an empty
// host means every interface). It looks nothing up.
func RequireLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %v", addr, err)
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip, err := netip.ParseAddr(host); err == nil && ip.IsLoopback() {
		return nil
	}
	shown := host
	if shown == "" {
		shown = "every interface"
	}
	return fmt.Errorf("%w (%s)", ErrInsecureBind, shown)
}

func isLoopback(a net.Addr) bool {
	switch a := a.(type) {
	case *net.TCPAddr:
		return a.IP.IsLoopback()
	case *net.UnixAddr:
		return true // reachable through the file system only
	}
	return false
}

// tagHeader marks each POST with a number of the server's (a client's value
// is overwritten), so a tool call knows which HTTP request carries it; the
// SDK hands request headers to handlers in RequestExtra.
const tagHeader = "X-Parism-Request-Tag"

type handler struct {
	srv *mcp.Server
	// sdk serves sessions (protocol versions up to 2025-11-25); stateless
	// serves 2026-07-28 requests, which the SDK takes only without
	// sessions (protocol.go).
	sdk, stateless http.Handler
	auth           *authn
	origins        map[string]bool
	maxBytes       int64
	logger         *slog.Logger
	calls          *calls
	tags           atomic.Uint64
	bodyTimeout    time.Duration
	conns          *connLimiter // nil without Serve
	maxSessions    int
}

func newHandler(e *engine.Engine, opts Options) (*handler, error) {
	if e == nil {
		return nil, errors.New("httpserver: nil engine")
	}
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("httpserver: %w", err)
	}
	h := &handler{origins: map[string]bool{}, maxBytes: opts.MaxRequestBytes, logger: opts.Logger, calls: newCalls(), auth: newAuthn(opts)}
	for _, o := range opts.AllowedOrigins {
		n, _ := origin(o)
		h.origins[n] = true
	}
	if h.maxBytes <= 0 {
		h.maxBytes = DefaultMaxRequestBytes
	}
	if h.bodyTimeout = opts.BodyTimeout; h.bodyTimeout <= 0 {
		h.bodyTimeout = DefaultBodyTimeout
	}
	if h.maxSessions = opts.MaxSessions; h.maxSessions <= 0 {
		h.maxSessions = DefaultMaxSessions
	}
	timeout := opts.SessionTimeout
	switch {
	case timeout == 0:
		timeout = DefaultSessionTimeout
	case timeout < 0:
		timeout = 0 // the SDK's "never"
	}
	if h.logger == nil {
		h.logger = slog.New(slog.DiscardHandler)
	}
	h.srv = mcpserver.New(e, opts.MCP)
	h.srv.AddReceivingMiddleware(h.trackCalls, checkScope)
	server := func(*http.Request) *mcp.Server { return h.srv }
	h.sdk = mcp.NewStreamableHTTPHandler(server, &mcp.StreamableHTTPOptions{
		SessionTimeout:      timeout,
		MaxRequestBodyBytes: h.maxBytes,
		Logger:              h.logger,
	})
	h.stateless = mcp.NewStreamableHTTPHandler(server, &mcp.StreamableHTTPOptions{
		Stateless: true,
		// The POST is the whole call: when the client goes away (or
		// cancels, which under 2026-07-28 closes the request), the
		// call's context ends and its command is killed.
		PropagateRequestCancellation: true,
		MaxRequestBodyBytes:          h.maxBytes,
		Logger:                       h.logger,
	})
	if h.auth.required() {
		h.sdk, h.stateless = withCaller(h.sdk), withCaller(h.stateless)
	}
	return h, nil
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == HealthPath {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok")
		return
	}
	if r.URL.Path == MetadataPath || r.URL.Path == MetadataPath+Path {
		// Public, for any origin (RFC 9728 §3): it says how to get a
		// token, before the client has one.
		h.auth.serveMetadata(w, r)
		return
	}
	if o := r.Header.Get("Origin"); o != "" {
		if n, ok := origin(o); !ok || !h.origins[n] {
			http.Error(w, "origin not allowed", http.StatusForbidden)
			return
		}
		// An allowed browser origin gets CORS headers; its preflight
		// carries no credentials, so it is answered before the token check.
		w.Header().Set("Access-Control-Allow-Origin", o)
		w.Header().Add("Vary", "Origin")
		w.Header().Set("Access-Control-Expose-Headers", "Mcp-Session-Id, WWW-Authenticate")
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, DELETE")
			w.Header().Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, Last-Event-ID, Mcp-Session-Id, Mcp-Protocol-Version")
			w.Header().Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
	}
	var c *caller
	if h.auth.required() {
		if c = h.auth.check(w, r); c == nil {
			return
		}
	}
	proveConn(r)
	if r.URL.Path != Path {
		http.NotFound(w, r)
		return
	}
	if r.ContentLength > h.maxBytes {
		http.Error(w, fmt.Sprintf("request body exceeds %d bytes", h.maxBytes), http.StatusRequestEntityTooLarge)
		return
	}
	if c != nil {
		r = r.WithContext(context.WithValue(r.Context(), callerKey{}, c))
		if tool, scope := scopeRefusal(r, c, h.maxBytes); scope != "" {
			h.auth.challenge(w, r, http.StatusForbidden, "insufficient_scope", tool+" needs "+scope, scope)
			return
		}
	}
	sdk, stateless := h.sdk, statelessRequest(r)
	if stateless {
		sdk = h.stateless
	}
	if r.Method == http.MethodDelete {
		// The SDK's session close waits for the calls in flight; end them
		// first, so the close is immediate and kills their commands.
		if id := r.Header.Get("Mcp-Session-Id"); id != "" && h.hasSession(id) {
			h.calls.endSession(id)
		}
	}
	if r.Method != http.MethodPost {
		sdk.ServeHTTP(w, r)
		return
	}
	if !stateless && r.Header.Get("Mcp-Session-Id") == "" && h.sessions() >= h.maxSessions {
		// A POST without a session starts one (initialize). Each holds
		// memory until it ends or idles out, and one connection can open
		// any number: past the bound, the client must end one first.
		w.Header().Set("Retry-After", "60")
		http.Error(w, fmt.Sprintf("too many sessions (%d): end one (DELETE) or wait for idle ones to close", h.maxSessions), http.StatusServiceUnavailable)
		return
	}
	h.limitBody(w, r)
	tag := strconv.FormatUint(h.tags.Add(1), 36)
	r.Header.Set(tagHeader, tag)
	sdk.ServeHTTP(w, r)
	if r.Context().Err() != nil {
		// The client went away before its answers were written: nobody
		// will read them, so stop the calls this request carried.
		h.calls.abandon(tag)
	}
}

// limitBody gives the reading of r's body BodyTimeout: a client that
// trickles a body cannot hold a connection and a handler. The deadline is
// lifted when the body has been read, before the answer, which may stream
// for as long as its command runs.
func (h *handler) limitBody(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	if rc.SetReadDeadline(time.Now().Add(h.bodyTimeout)) != nil {
		return // not supported by this ResponseWriter: no limit
	}
	r.Body = &timedBody{ReadCloser: r.Body, lift: func() { rc.SetReadDeadline(time.Time{}) }}
}

// timedBody lifts the read deadline once the body has been read whole (a
// read that failed, at the deadline say, leaves it: the connection is
// then closed, not waited on).
type timedBody struct {
	io.ReadCloser
	lift func()
	done bool
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		b.lift()
	}
	return n, err
}

// trackCalls gives every tools/call a context the HTTP layer can cancel
// when the request carrying it goes away. It is also where a session's id
// (req.GetSession().ID()) is at hand for per-session state in the engine.
func (h *handler) trackCalls(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		x, ss := req.GetExtra(), req.GetSession()
		if method != "tools/call" || x == nil || x.Header == nil || ss == nil {
			return next(ctx, method, req)
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		defer h.calls.register(x.Header.Get(tagHeader), ss.ID(), cancel)()
		return next(ctx, method, req)
	}
}

// hasSession reports whether id names a live session, so that a DELETE
// with a made-up id records nothing.
// sessions counts the open sessions.
func (h *handler) sessions() int {
	n := 0
	for range h.srv.Sessions() {
		n++
	}
	return n
}

func (h *handler) hasSession(id string) bool {
	for ss := range h.srv.Sessions() {
		if ss.ID() == id {
			return true
		}
	}
	return false
}

// closeSessions ends every call, then closes every session (in parallel:
// each close waits for its handlers to return).
func (h *handler) closeSessions() {
	h.calls.shutdown()
	var wg sync.WaitGroup
	for ss := range h.srv.Sessions() {
		wg.Go(func() { ss.Close() })
	}
	wg.Wait()
}

// origin normalises a web origin: lower-case scheme and host, default port
// dropped. ok is false for anything but http(s)://host[:port].
func origin(s string) (string, bool) {
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	if err != nil || u.Host == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
		return "", false
	}
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	switch scheme {
	case "http":
		host = strings.TrimSuffix(host, ":80")
	case "https":
		host = strings.TrimSuffix(host, ":443")
	default:
		return "", false
	}
	return scheme + "://" + host, true
}
