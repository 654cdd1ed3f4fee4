package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultMaxLineBytes bounds one line (one JSON-RPC message) read by a
// LineTransport: the go-sdk's own default frame limit.
const DefaultMaxLineBytes = mcp.DefaultMaxLineLength

// batchesRemoved is the first MCP protocol version without JSON-RPC
// batches; the go-sdk ends a session that sends one under it.
const batchesRemoved = "2025-06-18"

// LineTransport is MCP's stdio framing (one JSON-RPC message per line) over
// any reader and writer, for a server that must outlive a bad line.
//
// The go-sdk's StdioTransport (v1.8.0) feeds its input to one streaming
// JSON decoder: a line that is not JSON, or JSON that is not a JSON-RPC
// message, ends the whole session, and the client gets no answer
// (modelcontextprotocol/go-sdk#1209). LineTransport reads line by line and
// passes only well-formed messages on to the SDK (decoded, see lineConn).
// Any other line is answered here, on the same output, and the session
// goes on:
//
//   - not JSON: a parse error (-32700) with id null;
//   - JSON but not a JSON-RPC 2.0 message (no "jsonrpc":"2.0", an id that
//     is neither a string nor a number, a response without an id): an
//     invalid request (-32600) carrying the line's id when one can be read,
//     null otherwise;
//   - a line longer than MaxLineBytes: an invalid request (-32600) with id
//     null, the rest of the line skipped;
//   - a JSON-RPC batch (an array) when the client's initialize asked for
//     protocol 2025-06-18 or later, which has no batches: an invalid request
//     (-32600) with id null. Under older versions a batch whose members
//     are all messages, no two requests of one id, is passed on, and the
//     answers to its requests go out together as one array.
//
// Blank lines are skipped and a UTF-8 byte order mark before a line is
// dropped. A message must fit on one line, as the MCP stdio transport
// requires: JSON spread over several lines is answered line by line.
type LineTransport struct {
	Reader io.ReadCloser
	Writer io.WriteCloser
	// MaxLineBytes bounds one line; 0 means DefaultMaxLineBytes.
	MaxLineBytes int
	// splice, set by ServeStdio, is the table of the answers the
	// connection writes in place of their tokens (spliceTable).
	splice *spliceTable
}

// NewStdioTransport returns a LineTransport on stdin and stdout. Closing
// it closes stdin but leaves stdout open, like mcp.StdioTransport.
func NewStdioTransport() *LineTransport {
	return &LineTransport{Reader: os.Stdin, Writer: nopCloser{os.Stdout}}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// Connect implements mcp.Transport: it starts the goroutine that reads
// lines and returns the connection the SDK reads the messages that pass
// from, and writes its own to.
func (t *LineTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	if t.Reader == nil || t.Writer == nil {
		return nil, errors.New("mcpserver: LineTransport needs a Reader and a Writer")
	}
	max := t.MaxLineBytes
	if max <= 0 {
		max = DefaultMaxLineBytes
	}
	c := &lineConn{in: t.Reader, out: &lockedWriter{w: t.Writer}, incoming: make(chan incoming), closed: make(chan struct{}), splice: t.splice}
	f := &lineFilter{in: bufio.NewReaderSize(t.Reader, 64<<10), conn: c, out: c.out, max: max}
	go f.run()
	return c, nil
}

// lineConn is the connection the SDK uses: it reads the messages the
// filter has decoded, and writes each message as one line.
//
// The SDK's own connection over a stream (v1.8.0's IOTransport) would
// decode each line again, three times over (as a JSON value, as a batch,
// as a message), with decoders that each allocate 32 KB: the filter's
// decoding, which decides whether a line passes, is the only one, and it
// is the SDK's decoding without its buffers (decodeMessage; a tools/call
// line: 61 µs and 165 KB through the SDK's connection, 28 µs and 66 KB
// through jsonrpc.DecodeMessage, under 1 KB through decodeMessage).
//
// A batch (protocols before 2025-06-18) is read member by member, and the
// responses to its requests are written together, as one array, once the
// last one is written, as the SDK's connection does.
type lineConn struct {
	in       io.Closer
	out      *lockedWriter
	incoming chan incoming
	splice   *spliceTable // nil: no answer comes as a token
	// queue is the rest of the last batch read (the SDK reads from one
	// goroutine).
	queue []jsonrpc.Message

	batchMu sync.Mutex
	batches map[jsonrpc.ID]*lineBatch // by request id, lazily made

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error

	// pending counts the calls passed to the SDK and not yet answered, so
	// that the end of the input waits for their answers (a client that
	// writes its requests and closes its side still gets them).
	pendMu  sync.Mutex
	pending int
	drained chan struct{} // closed when pending falls to 0 after the input ended
}

// eofGrace bounds how long the end of the input waits for the answers of
// calls still running: the client may be gone rather than only done
// writing, and then its commands must not run on (they are cancelled when
// Read reports the end).
const eofGrace = 2 * time.Second

// incoming is what the filter passes on: a line's messages (one, or the
// members of a batch), or the input's end.
type incoming struct {
	msgs []jsonrpc.Message
	err  error
}

// lineBatch is a batch's requests: the responses written so far, in the
// requests' order, and the ids still unanswered.
type lineBatch struct {
	unanswered map[jsonrpc.ID]int
	responses  []*jsonrpc.Response
}

// pass hands the messages of a line to the SDK; false once the connection
// is closed.
func (c *lineConn) pass(in incoming) bool {
	select {
	case c.incoming <- in:
		return true
	case <-c.closed:
		return false
	}
}

func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(c.queue) > 0 {
		msg := c.queue[0]
		c.queue = c.queue[1:]
		return c.passed(msg), nil
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	case in := <-c.incoming:
		if in.err != nil {
			c.awaitAnswers(ctx)
			return nil, in.err
		}
		c.queue = in.msgs[1:]
		return c.passed(in.msgs[0]), nil
	}
}

// passed counts msg when it is a call the SDK will answer.
func (c *lineConn) passed(msg jsonrpc.Message) jsonrpc.Message {
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		c.pendMu.Lock()
		c.pending++
		c.pendMu.Unlock()
	}
	return msg
}

// answered uncounts one call when the SDK writes a response.
func (c *lineConn) answered() {
	c.pendMu.Lock()
	defer c.pendMu.Unlock()
	if c.pending > 0 {
		c.pending--
	}
	if c.pending == 0 && c.drained != nil {
		close(c.drained)
		c.drained = nil
	}
}

// awaitAnswers waits, at most eofGrace, until every call passed on is
// answered.
func (c *lineConn) awaitAnswers(ctx context.Context) {
	c.pendMu.Lock()
	if c.pending == 0 {
		c.pendMu.Unlock()
		return
	}
	if c.drained == nil {
		c.drained = make(chan struct{})
	}
	drained := c.drained
	c.pendMu.Unlock()
	t := time.NewTimer(eofGrace)
	defer t.Stop()
	select {
	case <-drained:
	case <-t.C:
	case <-ctx.Done():
	case <-c.closed:
	}
}

// addBatch records the requests of a batch before its messages are
// passed on. A batch that repeats the id of a request still unanswered is
// refused (its answer could not be told apart).
func (c *lineConn) addBatch(msgs []jsonrpc.Message) string {
	b := &lineBatch{unanswered: map[jsonrpc.ID]int{}}
	for _, m := range msgs {
		if req, ok := m.(*jsonrpc.Request); ok && req.IsCall() {
			if _, dup := b.unanswered[req.ID]; dup {
				return "invalid request: a batch repeats a request id"
			}
			b.unanswered[req.ID] = len(b.responses)
			b.responses = append(b.responses, nil)
		}
	}
	if len(b.responses) == 0 {
		return ""
	}
	c.batchMu.Lock()
	defer c.batchMu.Unlock()
	for id := range b.unanswered {
		if _, dup := c.batches[id]; dup {
			return "invalid request: a batch repeats the id of a request still unanswered"
		}
	}
	if c.batches == nil {
		c.batches = map[jsonrpc.ID]*lineBatch{}
	}
	for id := range b.unanswered {
		c.batches[id] = b
	}
	return ""
}

// answerBatch records resp when it answers a batch's request; inBatch
// reports whether it does, and done is the batch's responses once resp
// was the last.
func (c *lineConn) answerBatch(resp *jsonrpc.Response) (done []*jsonrpc.Response, inBatch bool) {
	c.batchMu.Lock()
	defer c.batchMu.Unlock()
	b, ok := c.batches[resp.ID]
	if !ok {
		return nil, false
	}
	b.responses[b.unanswered[resp.ID]] = resp
	delete(b.unanswered, resp.ID)
	delete(c.batches, resp.ID)
	if len(b.unanswered) > 0 {
		return nil, true
	}
	return b.responses, true
}

var (
	responseHead = []byte(`{"jsonrpc":"2.0","id":`)
	resultKey    = []byte(`,"result":`)
)

// Write writes msg as one line. A successful response is written here
// around its result, which the SDK has already encoded (compact, from
// encoding/json): encoding the message with encoding/json would validate
// and copy the result once more, a pass over every byte of the answer.
// Other messages are encoded by the SDK's jsonrpc.EncodeMessage.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	// Not refused once the connection is closed: as with the SDK's
	// connection, an answer still goes out if the output takes it (stdio's
	// stays open when the client has closed the input).
	resp, isResp := msg.(*jsonrpc.Response)
	if isResp && c.splice != nil && resp.Error == nil {
		if b, ok := c.splice.take(resp.Result); ok {
			resp.Result = b
		}
	}
	if isResp && resp.ID.IsValid() {
		// Counted out before the write: the answer is on its way, and the
		// end of the input may proceed once it is written.
		defer c.answered()
	}
	if isResp {
		if batch, ok := c.answerBatch(resp); ok {
			if batch == nil {
				return nil
			}
			return c.writeBatch(batch)
		}
	}
	if !isResp || resp.Error != nil || len(resp.Result) == 0 || !resp.ID.IsValid() {
		b, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			return fmt.Errorf("marshaling message: %v", err)
		}
		_, err = c.out.Write(append(b, '\n'))
		return err
	}
	id, err := json.Marshal(resp.ID.Raw())
	if err != nil {
		return fmt.Errorf("marshaling message: %v", err)
	}
	head := append(append(append(make([]byte, 0, len(responseHead)+len(id)+len(resultKey)), responseHead...), id...), resultKey...)
	if len(resp.Result) >= writeWhole {
		// A large answer is not copied to put its few bytes around it:
		// three writes, one line (no other message between them).
		return c.out.writeParts(head, resp.Result, lineEnd)
	}
	b := append(append(append(make([]byte, 0, len(head)+len(resp.Result)+2), head...), resp.Result...), lineEnd...)
	_, err = c.out.Write(b)
	return err
}

// writeWhole is the size of a result from which Write writes the message
// in parts rather than copying it into one line: below it a copy costs
// less than the system calls (and the reader's wake-ups) of two more
// writes.
const writeWhole = 32 << 10

var lineEnd = []byte("}\n")

// writeBatch writes a batch's responses as one array on one line.
func (c *lineConn) writeBatch(batch []*jsonrpc.Response) error {
	line := []byte{'['}
	for i, r := range batch {
		b, err := jsonrpc.EncodeMessage(r)
		if err != nil {
			return fmt.Errorf("encoding batch message: %w", err)
		}
		if i > 0 {
			line = append(line, ',')
		}
		line = append(line, b...)
	}
	_, err := c.out.Write(append(line, ']', '\n'))
	return err
}

// Close ends the connection: Read returns, and closing the input ends the
// filter's pending read.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		if c.splice != nil {
			c.splice.drop()
		}
		c.closeErr = errors.Join(c.in.Close(), c.out.Close())
	})
	return c.closeErr
}

func (c *lineConn) SessionID() string { return "" }

// lockedWriter serialises writes: the SDK writes each message with one
// Write under its own lock, and the filter's error answers must not land
// in the middle of one.
type lockedWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// writeParts writes parts one after the other with no other write
// between them.
func (w *lockedWriter) writeParts(parts ...[]byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range parts {
		if _, err := w.w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

func (w *lockedWriter) Close() error { return w.w.Close() }

type lineFilter struct {
	in   *bufio.Reader
	conn *lineConn
	out  io.Writer
	max  int
	// protocol is the version the client's initialize asked for: it
	// decides whether a batch is a protocol error.
	protocol string
}

func (f *lineFilter) run() {
	for {
		line, tooLong, err := f.readLine()
		if tooLong {
			f.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a message exceeds %d bytes", f.max))
		} else if !f.handleSafe(line) {
			// The SDK closed its side: the session is over.
			return
		}
		if err != nil {
			f.conn.pass(incoming{err: err})
			return
		}
	}
}

// readLine returns the next line without its end. A line longer than max
// is read to its end and dropped (tooLong). err is the input's error after
// the line, io.EOF at the end.
func (f *lineFilter) readLine() (line []byte, tooLong bool, err error) {
	for {
		chunk, err := f.in.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > f.max+2 { // +2: the line's own \r\n
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return line, tooLong, err
	}
}

var bom = []byte("\xef\xbb\xbf")

// handleSafe is handle, but a panic while reading the line (a bug) answers
// it with JSON-RPC error -32603 and the session goes on.
func (f *lineFilter) handleSafe(line []byte) (open bool) {
	defer func() {
		if p := recover(); p != nil {
			f.answer(nil, jsonrpc.CodeInternalError, fmt.Sprintf("internal error reading the message: %v", p))
			open = true
		}
	}()
	return f.handle(line)
}

// handle passes one line on or answers it; false once the SDK no longer
// reads.
func (f *lineFilter) handle(line []byte) bool {
	line = bytes.TrimSpace(bytes.TrimPrefix(line, bom))
	if len(line) == 0 {
		return true
	}
	if !json.Valid(line) {
		f.answer(nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON")
		return true
	}
	if line[0] == '[' {
		msgs, why := f.readBatch(line)
		if why == "" {
			why = f.conn.addBatch(msgs)
		}
		if why != "" {
			f.answer(nil, jsonrpc.CodeInvalidRequest, why)
			return true
		}
		return f.conn.pass(incoming{msgs: msgs})
	}
	msg, err := decodeMessage(line)
	if err != nil {
		f.answer(lineID(line), jsonrpc.CodeInvalidRequest, "invalid request: not a JSON-RPC 2.0 message: "+err.Error())
		return true
	}
	f.note(msg)
	return f.conn.pass(incoming{msgs: []jsonrpc.Message{msg}})
}

// readBatch returns a batch's messages, or why it cannot be passed on.
func (f *lineFilter) readBatch(line []byte) ([]jsonrpc.Message, string) {
	if f.protocol == "" || f.protocol >= batchesRemoved {
		return nil, "invalid request: JSON-RPC batches are not part of MCP since protocol " + batchesRemoved
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(line, &raws); err != nil || len(raws) == 0 {
		return nil, "invalid request: an empty batch"
	}
	msgs := make([]jsonrpc.Message, 0, len(raws))
	for _, r := range raws {
		msg, err := decodeMessage(r)
		if err != nil {
			return nil, "invalid request: a batch member is not a JSON-RPC 2.0 message: " + err.Error()
		}
		msgs = append(msgs, msg)
	}
	return msgs, ""
}

// note remembers the protocol version a client's initialize asks for.
func (f *lineFilter) note(msg jsonrpc.Message) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || req.Method != "initialize" {
		return
	}
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if json.Unmarshal(req.Params, &p) == nil {
		f.protocol = p.ProtocolVersion
	}
}

// lineID is the id of a JSON object that is not a valid message, when it
// is a string or a number; nil (null) otherwise, as JSON-RPC requires when
// the id cannot be read.
func lineID(line []byte) any {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &probe) != nil || len(probe.ID) == 0 {
		return nil
	}
	switch probe.ID[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return probe.ID
	}
	return nil
}

// answer writes a JSON-RPC error response. A failed write is left to the
// SDK to find: its next write fails the same way and ends the session.
func (f *lineFilter) answer(id any, code int64, message string) {
	b, err := json.Marshal(struct {
		JSONRPC string         `json:"jsonrpc"`
		ID      any            `json:"id"`
		Error   *jsonrpc.Error `json:"error"`
	}{"2.0", id, &jsonrpc.Error{Code: code, Message: message}})
	if err != nil {
		return
	}
	_, _ = f.out.Write(append(b, '\n'))
}
