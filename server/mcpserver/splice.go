package mcpserver

import (
	"bytes"
	"context"
	"strconv"
	"sync"
)

// A spliceTable lets a LineTransport connection write a tool's answer
// without the SDK's encoder reading it.
//
// encoding/json compacts what every MarshalJSON returns: it reads the
// bytes again, one state transition each, and copies them. toolAnswer
// writes its bytes compact already (TestAnswerEncoding), so that pass
// changes nothing, yet it was two thirds of the encoding of an answer:
// 1.5 of 2.2 ms for the 60 KB answer of ls -la on 200 files (an answer is
// its JSON twice, as text and as structuredContent), about 17 ns for each
// byte of the answer (BenchmarkEncodeAnswer, go1.26, 2 cores).
//
// On a connection that has a table, toolAnswer's MarshalJSON, called by
// the SDK when it encodes the response, encodes the result as it would
// (with whatever metadata the SDK set on it after the tool returned),
// holds those bytes in the table and gives the SDK a token to encode in
// their place, a few bytes; the connection's Write finds the token as the
// response's result and writes the held bytes instead: the very line the
// SDK would have written (TestSpliceSameLine), encoded once.
//
// Only a connection that splices may see a token: the table reaches the
// tool's handler through the context the server was run with (withSplice),
// which only ServeStdio makes, together with the LineTransport it runs
// over. A token the SDK encoded but never wrote (the connection closing
// under it) is dropped with the connection.
type spliceTable struct {
	mu   sync.Mutex
	next uint64
	held map[uint64][]byte
}

type spliceKey struct{}

// withSplice returns ctx carrying t, for the server run over the
// LineTransport whose table t is.
func withSplice(ctx context.Context, t *spliceTable) context.Context {
	return context.WithValue(ctx, spliceKey{}, t)
}

// spliceFrom returns the table ctx carries, nil when none.
func spliceFrom(ctx context.Context) *spliceTable {
	t, _ := ctx.Value(spliceKey{}).(*spliceTable)
	return t
}

// spliceHead and spliceTail frame a token: {"parism-splice":N}.
var (
	spliceHead = []byte(`{"parism-splice":`)
	spliceTail = []byte(`}`)
)

// hold keeps b and returns the token that stands for it.
func (t *spliceTable) hold(b []byte) []byte {
	t.mu.Lock()
	t.next++
	n := t.next
	if t.held == nil {
		t.held = map[uint64][]byte{}
	}
	t.held[n] = b
	t.mu.Unlock()
	tok := make([]byte, 0, len(spliceHead)+20+len(spliceTail))
	tok = append(tok, spliceHead...)
	tok = strconv.AppendUint(tok, n, 10)
	return append(tok, spliceTail...)
}

// take returns the bytes tok stands for and forgets them; false when tok
// is not a token of t's (any other result).
func (t *spliceTable) take(tok []byte) ([]byte, bool) {
	digits, ok := bytes.CutPrefix(tok, spliceHead)
	if !ok {
		return nil, false
	}
	if digits, ok = bytes.CutSuffix(digits, spliceTail); !ok {
		return nil, false
	}
	n, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil {
		return nil, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	b, ok := t.held[n]
	delete(t.held, n)
	return b, ok
}

// pending is how many held answers no Write has taken (for tests).
func (t *spliceTable) pending() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.held)
}

// drop forgets every held answer (the connection is closed).
func (t *spliceTable) drop() {
	t.mu.Lock()
	clear(t.held)
	t.mu.Unlock()
}
