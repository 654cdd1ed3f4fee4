package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answerJSON is a tool's answer as structuredContent: its JSON, written as
// it is (as json.RawMessage would be). It marks a result built by result,
// whose text content holds the same JSON, for encodeAnswers.
type answerJSON []byte

func (a answerJSON) MarshalJSON() ([]byte, error) {
	if a == nil {
		return []byte("null"), nil
	}
	return a, nil
}

// encodeAnswers makes the tools/call results built by result encode
// themselves in one pass (toolAnswer).
//
// The SDK (v1.8.0) encodes a result with encoding/json three levels deep:
// the text content by its own MarshalJSON, the result by its own, and the
// response around it, and encoding/json compacts (reads again and copies)
// what every MarshalJSON returns. Each byte of an answer, sent twice (as
// text and as structuredContent), was read by the compactor three times:
// three quarters of the CPU of encoding a 60 KB answer (1.5 ms).
func encodeAnswers(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if r, ok := res.(*mcp.CallToolResult); ok && err == nil {
			if a, ok := asAnswer(r); ok {
				a.splice = spliceFrom(ctx)
				return a, nil
			}
		}
		return res, err
	}
}

// asAnswer wraps r when it is what result builds: one text content without
// annotations or metadata, and the same JSON as structuredContent.
func asAnswer(r *mcp.CallToolResult) (*toolAnswer, bool) {
	js, ok := r.StructuredContent.(answerJSON)
	if !ok || len(r.Content) != 1 {
		return nil, false
	}
	t, ok := r.Content[0].(*mcp.TextContent)
	if !ok || t.Meta != nil || t.Annotations != nil || t.Text != string(js) {
		return nil, false
	}
	return &toolAnswer{CallToolResult: r, answer: js, text: t.Text}, true
}

// appendContent appends the value of content, the text content holding
// the answer as a JSON string, then structuredContent and its value.
func (a *toolAnswer) appendContent(out []byte) ([]byte, error) {
	out = append(out, `[{"type":"text","text":`...)
	out, err := appendQuoted(out, a.text)
	if err != nil {
		return nil, err
	}
	out = append(out, `}],"structuredContent":`...)
	if !htmlSpecial(a.answer) {
		return append(out, a.answer...), nil
	}
	// What the SDK's json.Marshal of the result does to it.
	esc := bytes.NewBuffer(out)
	json.HTMLEscape(esc, a.answer)
	return esc.Bytes(), nil
}

// appendQuoted appends what json.Marshal(s) returns (the string escaped
// as encoding/json does, for HTML too) without its copies: json.Marshal
// of the answer's bytes as a string copies them, and returns a copy of
// its own buffer, two allocations of the answer's size per call. The
// encoder writes into out's room (MarshalJSON sizes it for the usual
// escaping).
func appendQuoted(out []byte, s string) ([]byte, error) {
	buf := bytes.NewBuffer(out)
	if err := json.NewEncoder(buf).Encode(s); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	return b[:len(b)-1], nil // Encode ends the value with a newline
}

// htmlSpecial reports whether b holds what encoding/json escapes for HTML:
// <, >, & and the line and paragraph separators U+2028 and U+2029.
func htmlSpecial(b []byte) bool {
	return bytes.ContainsAny(b, "<>&") || bytes.Contains(b, []byte("\u2028")) || bytes.Contains(b, []byte("\u2029"))
}

// toolAnswer is a tools/call result whose text content and
// structuredContent are both answer. It is the SDK's result (the methods
// the SDK calls on a result, which set its metadata and result type, are
// the embedded one's); only its encoding is its own.
type toolAnswer struct {
	*mcp.CallToolResult
	answer answerJSON
	text   string // the text content's, the same bytes as answer
	// splice, when set, is the table of the connection that writes the
	// answer: MarshalJSON holds the bytes there and returns their token.
	splice *spliceTable
}

// MarshalJSON returns encode's bytes, or, on a connection that splices,
// the token that stands for them (spliceTable).
func (a *toolAnswer) MarshalJSON() ([]byte, error) {
	b, err := a.encode()
	if err != nil || a.splice == nil {
		return b, err
	}
	return a.splice.hold(b), nil
}

// encode writes what the SDK would: the result's other members as the
// SDK encodes them (a copy without the answer: a few bytes), in their
// order, with content and structuredContent written here, the text
// escaped once (by encoding/json, so the bytes are the same).
func (a *toolAnswer) encode() ([]byte, error) {
	rest := *a.CallToolResult
	rest.Content, rest.StructuredContent = []mcp.Content{}, nil
	head, err := rest.MarshalJSON()
	if err != nil {
		return nil, err
	}
	pre, post, err := splitHead(head)
	if err != nil {
		return nil, err
	}
	// Room for the text escaped (JSON's quotes: about a quarter more)
	// and the answer as it is.
	out := make([]byte, 0, len(head)+len(a.answer)*5/2+64)
	if out, err = a.appendContent(append(out, pre...)); err != nil {
		return nil, err
	}
	return append(out, post...), nil
}

// headSplit is a result's members without its answer, cut where the
// empty content's value stands.
type headSplit struct {
	head, pre, post []byte
}

// lastHead is the split of the last head: the SDK (v1.8.0) writes the
// same members into every result of one server (its _meta serverInfo,
// resultType, isError), so the split is made once, not per answer.
var lastHead atomic.Pointer[headSplit]

// splitHead returns the bytes of head, a result encoded with an empty
// content, before and after content's value.
func splitHead(head []byte) (pre, post []byte, err error) {
	if h := lastHead.Load(); h != nil && bytes.Equal(h.head, head) {
		return h.pre, h.post, nil
	}
	dec := json.NewDecoder(bytes.NewReader(head))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("mcpserver: encoding a tool result: not an object: %s", head)
	}
	at := -1
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, fmt.Errorf("mcpserver: encoding a tool result: %w", err)
		}
		if tok == json.Delim('}') {
			break
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, nil, fmt.Errorf("mcpserver: encoding a tool result: %w", err)
		}
		end := int(dec.InputOffset())
		if key == "content" {
			if at >= 0 || string(val) != "[]" || end < 2 || string(head[end-2:end]) != "[]" {
				return nil, nil, fmt.Errorf("mcpserver: encoding a tool result: unexpected content in %s", head)
			}
			at = end - 2
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) || at < 0 {
		return nil, nil, fmt.Errorf("mcpserver: encoding a tool result: unexpected shape %s", head)
	}
	h := &headSplit{head: bytes.Clone(head)}
	h.pre, h.post = h.head[:at:at], h.head[at+2:]
	lastHead.Store(h)
	return h.pre, h.post, nil
}
