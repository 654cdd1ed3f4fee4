package httpserver

import (
	"context"
	"sync"
	"time"
)

// goneTTL is how long an ended request or session is remembered: a call of
// it whose handler had not started yet is cancelled as soon as it starts.
const goneTTL = time.Minute

// calls tracks the tool calls in flight, by the HTTP request (tag) and the
// session carrying them, so that the HTTP layer can end them. The go-sdk
// does neither by itself: a dropped POST leaves its call running on the
// session's context, and closing a session (DELETE, shutdown) waits for
// the calls in flight to return, which for `sleep 30` means the timeout.
type calls struct {
	mu           sync.Mutex
	live         map[*call]struct{}
	goneTags     map[string]time.Time
	goneSessions map[string]time.Time
	closed       bool // the server is shutting down
}

type call struct {
	tag, session string
	cancel       context.CancelFunc
}

func newCalls() *calls {
	return &calls{live: map[*call]struct{}{}, goneTags: map[string]time.Time{}, goneSessions: map[string]time.Time{}}
}

// register records a call of the request tag in session and returns the
// function that forgets it. A call whose request or session has already
// ended is cancelled at once.
func (c *calls) register(tag, session string, cancel context.CancelFunc) (unregister func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, tagGone := c.goneTags[tag]
	_, sessionGone := c.goneSessions[session]
	if c.closed || tagGone || sessionGone {
		cancel()
		return func() {}
	}
	k := &call{tag: tag, session: session, cancel: cancel}
	c.live[k] = struct{}{}
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.live, k)
	}
}

// abandon ends the calls of a request whose client went away.
func (c *calls) abandon(tag string) {
	c.end(c.goneTags, tag, func(k *call) bool { return k.tag == tag })
}

// endSession ends the calls of a session being closed.
func (c *calls) endSession(id string) {
	c.end(c.goneSessions, id, func(k *call) bool { return k.session == id })
}

func (c *calls) end(gone map[string]time.Time, key string, match func(*call) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	for k, at := range gone {
		if now.Sub(at) > goneTTL {
			delete(gone, k)
		}
	}
	gone[key] = now
	for k := range c.live {
		if match(k) {
			k.cancel()
			delete(c.live, k)
		}
	}
}

// shutdown ends every call, and any call that starts later.
func (c *calls) shutdown() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for k := range c.live {
		k.cancel()
	}
	clear(c.live)
}
