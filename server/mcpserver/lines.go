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
	"sync/atomic"

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
// passes only well-formed messages on to the SDK's transport. Any other
// line is answered here, on the same output, and the session goes on:
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
//     are all messages is passed on.
//
// Blank lines are skipped and a UTF-8 byte order mark before a line is
// dropped. A message must fit on one line, as the MCP stdio transport
// requires: JSON spread over several lines is answered line by line.
type LineTransport struct {
	Reader io.ReadCloser
	Writer io.WriteCloser
	// MaxLineBytes bounds one line; 0 means DefaultMaxLineBytes.
	MaxLineBytes int
}

// NewStdioTransport returns a LineTransport on stdin and stdout. Closing
// it closes stdin but leaves stdout open, like mcp.StdioTransport.
func NewStdioTransport() *LineTransport {
	return &LineTransport{Reader: os.Stdin, Writer: nopCloser{os.Stdout}}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// Connect implements mcp.Transport: it starts the goroutine that reads
// lines and returns the SDK's connection over the lines that pass.
func (t *LineTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	if t.Reader == nil || t.Writer == nil {
		return nil, errors.New("mcpserver: LineTransport needs a Reader and a Writer")
	}
	max := t.MaxLineBytes
	if max <= 0 {
		max = DefaultMaxLineBytes
	}
	pr, pw := io.Pipe()
	out := &lockedWriter{w: t.Writer}
	f := &lineFilter{in: bufio.NewReaderSize(t.Reader, 64<<10), pass: pw, out: out, max: max}
	go f.run()
	// The SDK's own frame limit is off: every line it sees has been
	// measured here already.
	c, err := (&mcp.IOTransport{Reader: &pipeReader{pr, t.Reader}, Writer: out, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &responseConn{Connection: c, out: out, batched: &f.batched}, nil
}

// responseConn writes the server's successful responses itself. The SDK
// has already encoded a response's result (json.RawMessage, compact, from
// encoding/json); its own Write would encode the message around it with
// encoding/json again, which validates and copies the result once more, a
// pass over every byte of the answer: for a 60 KB answer (sent twice, as
// text and as structuredContent) that pass was about a third of the
// encoding's CPU. Here the result is written as it is, between the
// envelope's other two fields. Everything else (requests, notifications,
// error responses, and every message once the client has sent a batch,
// whose responses the SDK gathers into one line) goes through the SDK.
type responseConn struct {
	mcp.Connection
	out     io.Writer
	batched *atomic.Bool
}

var (
	responseHead = []byte(`{"jsonrpc":"2.0","id":`)
	resultKey    = []byte(`,"result":`)
)

func (c *responseConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || resp.Error != nil || len(resp.Result) == 0 || !resp.ID.IsValid() || c.batched.Load() {
		return c.Connection.Write(ctx, msg)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	id, err := json.Marshal(resp.ID.Raw())
	if err != nil {
		return fmt.Errorf("marshaling message: %v", err)
	}
	b := make([]byte, 0, len(responseHead)+len(id)+len(resultKey)+len(resp.Result)+2)
	b = append(append(append(append(b, responseHead...), id...), resultKey...), resp.Result...)
	_, err = c.out.Write(append(b, '}', '\n'))
	return err
}

// pipeReader is what the SDK reads; closing it (the session ending) also
// closes the real input, so that the filter's pending read ends.
type pipeReader struct {
	*io.PipeReader
	in io.Closer
}

func (r *pipeReader) Close() error {
	return errors.Join(r.PipeReader.Close(), r.in.Close())
}

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

func (w *lockedWriter) Close() error { return w.w.Close() }

type lineFilter struct {
	in   *bufio.Reader
	pass *io.PipeWriter
	out  io.Writer
	max  int
	// batched is set once a batch has been passed on: the SDK then
	// gathers responses, and responseConn leaves them to it.
	batched atomic.Bool
	// protocol is the version the client's initialize asked for: it
	// decides whether a batch is a protocol error.
	protocol string
}

func (f *lineFilter) run() {
	for {
		line, tooLong, err := f.readLine()
		if tooLong {
			f.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a message exceeds %d bytes", f.max))
		} else if perr := f.handleSafe(line); perr != nil {
			// The SDK closed its side: the session is over.
			return
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			f.pass.CloseWithError(err)
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
func (f *lineFilter) handleSafe(line []byte) (err error) {
	defer func() {
		if p := recover(); p != nil {
			f.answer(nil, jsonrpc.CodeInternalError, fmt.Sprintf("internal error reading the message: %v", p))
			err = nil
		}
	}()
	return f.handle(line)
}

// handle passes one line on or answers it. The error is the pipe's: the
// SDK no longer reads.
func (f *lineFilter) handle(line []byte) error {
	line = bytes.TrimSpace(bytes.TrimPrefix(line, bom))
	if len(line) == 0 {
		return nil
	}
	if !json.Valid(line) {
		f.answer(nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON")
		return nil
	}
	if line[0] == '[' {
		if msg := f.checkBatch(line); msg != "" {
			f.answer(nil, jsonrpc.CodeInvalidRequest, msg)
			return nil
		}
		f.batched.Store(true)
	} else {
		msg, err := jsonrpc.DecodeMessage(line)
		if err != nil {
			f.answer(lineID(line), jsonrpc.CodeInvalidRequest, "invalid request: not a JSON-RPC 2.0 message: "+err.Error())
			return nil
		}
		f.note(msg)
	}
	_, err := f.pass.Write(append(line, '\n'))
	return err
}

// checkBatch returns why a batch cannot be passed on, or "".
func (f *lineFilter) checkBatch(line []byte) string {
	if f.protocol == "" || f.protocol >= batchesRemoved {
		return "invalid request: JSON-RPC batches are not part of MCP since protocol " + batchesRemoved
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(line, &raws); err != nil || len(raws) == 0 {
		return "invalid request: an empty batch"
	}
	for _, r := range raws {
		if _, err := jsonrpc.DecodeMessage(r); err != nil {
			return "invalid request: a batch member is not a JSON-RPC 2.0 message: " + err.Error()
		}
	}
	return ""
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
