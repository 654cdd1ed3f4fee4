package httpserver

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults of the connection bounds in Options.
const (
	DefaultMaxConnections      = 1024
	DefaultReservedConnections = 128
	DefaultMaxUnprovenPerIP    = 64
	DefaultHeaderTimeout       = 5 * time.Second
)

// reservedPerIP is how many reserved places one address may hold.
const reservedPerIP = 4

// busyResponse is written to a connection refused at accept, before it is
// closed: a client sees a plain 503, not a reset.
var busyResponse = func() string {
	body := "too many connections; retry later\n"
	return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n" +
		"Retry-After: 1\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}()

// connLimiter bounds what connections may hold before they prove
// themselves: a connection is unproven until one of its requests passes
// the token check (/healthz does not count). Past MaxConnections open
// connections, past MaxUnprovenPerIP unproven ones from one address, or
// when the unproven ones fill everything but the reserve and the
// address already holds reservedPerIP reserved ones, a new connection gets 503 and is
// closed at once. An unproven connection lives at most HeaderTimeout;
// a 401 closes its connection. So a flood of clients that never send a
// valid token holds a bounded number of descriptors for a bounded time,
// and token holders (whose connections are proven) and /healthz (a
// reserved place per address) are still served.
type connLimiter struct {
	net.Listener
	max, reserved, perIP int
	unprovenLife         time.Duration

	mu           sync.Mutex
	open         int
	unproven     int
	reservedOpen int
	unprovenByIP map[string]int
	reservedByIP map[string]int
	refused      atomic.Int64 // connections answered 503 at accept
	peakOpen     int
	peakPerIP    int // unproven connections of one address, at most
}

func newConnLimiter(ln net.Listener, o Options) *connLimiter {
	l := &connLimiter{Listener: ln, max: o.MaxConnections, reserved: o.ReservedConnections, perIP: o.MaxUnprovenPerIP,
		unprovenLife: o.HeaderTimeout, unprovenByIP: map[string]int{}, reservedByIP: map[string]int{}}
	if l.max <= 0 {
		l.max = DefaultMaxConnections
	}
	if l.reserved <= 0 {
		l.reserved = min(DefaultReservedConnections, l.max/4)
	}
	l.reserved = min(l.reserved, l.max-1)
	if l.perIP <= 0 {
		l.perIP = DefaultMaxUnprovenPerIP
	}
	if l.unprovenLife <= 0 {
		l.unprovenLife = DefaultHeaderTimeout
	}
	return l
}

// Accept returns the next connection within the bounds, answering the
// others 503 itself.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if lc := l.admit(c); lc != nil {
			return lc, nil
		}
		l.refused.Add(1)
		c.SetWriteDeadline(time.Now().Add(time.Second))
		io.WriteString(c, busyResponse)
		c.Close()
	}
}

func (l *connLimiter) admit(c net.Conn) *limitedConn {
	ip := hostOf(c.RemoteAddr())
	l.mu.Lock()
	defer l.mu.Unlock()
	reserved := false
	switch {
	case l.open >= l.max, l.unprovenByIP[ip] >= l.perIP:
		return nil
	case l.unproven-l.reservedOpen >= l.max-l.reserved:
		// Only the reserve is left: a few places per address.
		if l.reservedOpen >= l.reserved || l.reservedByIP[ip] >= reservedPerIP {
			return nil
		}
		reserved = true
		l.reservedOpen++
		l.reservedByIP[ip]++
	}
	l.open++
	l.unproven++
	l.unprovenByIP[ip]++
	l.peakOpen = max(l.peakOpen, l.open)
	l.peakPerIP = max(l.peakPerIP, l.unprovenByIP[ip])
	return &limitedConn{Conn: c, l: l, ip: ip, reserved: reserved, until: time.Now().Add(l.unprovenLife)}
}

// settle takes an unproven connection out of the unproven counts.
func (l *connLimiter) settle(c *limitedConn) {
	l.unproven--
	if l.unprovenByIP[c.ip]--; l.unprovenByIP[c.ip] == 0 {
		delete(l.unprovenByIP, c.ip)
	}
	if c.reserved {
		l.reservedOpen--
		if l.reservedByIP[c.ip]--; l.reservedByIP[c.ip] == 0 {
			delete(l.reservedByIP, c.ip)
		}
	}
}

// counts reports the open connections, the peak of them, and how many
// were refused.
func (l *connLimiter) counts() (open, peak int, refused int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, l.peakOpen, l.refused.Load()
}

// peakUnprovenPerIP is the most unproven connections one address held.
func (l *connLimiter) peakUnprovenPerIP() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.peakPerIP
}

func hostOf(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	return a.String()
}

// limitedConn is an admitted connection.
type limitedConn struct {
	net.Conn
	l        *connLimiter
	ip       string
	reserved bool
	until    time.Time // an unproven connection's end

	mu     sync.Mutex
	proven bool
	closed bool
}

// prove marks the connection as a token holder's: it leaves the unproven
// counts and its reads are no longer cut at until.
func (c *limitedConn) prove() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.proven || c.closed {
		return
	}
	c.proven = true
	c.l.mu.Lock()
	c.l.settle(c)
	c.l.mu.Unlock()
	// net/http cleared the deadline after the headers (there is no
	// ReadTimeout) and SetReadDeadline kept it at until: clear it, or the
	// server's background read would end a long call at until.
	c.Conn.SetReadDeadline(time.Time{})
}

// SetReadDeadline keeps an unproven connection's reads within its life,
// whatever deadline net/http asks for (the header timeout, the idle
// timeout between requests).
func (c *limitedConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	if !c.proven && (t.IsZero() || t.After(c.until)) {
		t = c.until
	}
	c.mu.Unlock()
	return c.Conn.SetReadDeadline(t)
}

func (c *limitedConn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.Conn.SetWriteDeadline(t)
}

func (c *limitedConn) Close() error {
	c.mu.Lock()
	if !c.closed {
		c.closed = true
		c.l.mu.Lock()
		c.l.open--
		if !c.proven {
			c.l.settle(c)
		}
		c.l.mu.Unlock()
	}
	c.mu.Unlock()
	return c.Conn.Close()
}

type connKey struct{}

// connContext puts the connection in its requests' contexts, for prove.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok {
		return context.WithValue(ctx, connKey{}, lc)
	}
	return ctx
}

// proveConn marks r's connection as proven (no-op for connections that
// did not come through a connLimiter: Handler used with another server).
func proveConn(r *http.Request) {
	if lc, ok := r.Context().Value(connKey{}).(*limitedConn); ok {
		lc.prove()
	}
}
