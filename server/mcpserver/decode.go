package mcpserver

import (
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	segjson "github.com/segmentio/encoding/json"
)

// decodeMessage is jsonrpc.DecodeMessage(line) for a line that is valid
// JSON, without its cost: the SDK (v1.8.0) decodes a message twice (the
// message, then its method name on its own), each time through a
// streaming decoder that allocates a 32 KB buffer for the few hundred
// bytes of a line; 64 KB per message, most of what the garbage collector
// then has to recover per call.
//
// It is the same decoding: the SDK's own JSON library (segmentio's, the
// version the SDK is built with) with the SDK's one option (struct fields
// matched by exact name), into the same wire fields, after the same depth
// check, giving the same messages. Whatever it does not accept is handed
// to jsonrpc.DecodeMessage itself, so that every refusal, and its error
// text, is the SDK's.
func decodeMessage(line []byte) (jsonrpc.Message, error) {
	if msg := fastDecode(line); msg != nil {
		return msg, nil
	}
	return jsonrpc.DecodeMessage(line)
}

// wireMessage is the SDK's wireDecode (internal/jsonrpc2/messages.go).
type wireMessage struct {
	VersionTag string          `json:"jsonrpc"`
	ID         any             `json:"id,omitempty"`
	Method     json.RawMessage `json:"method"`
	Params     json.RawMessage `json:"params,omitempty"`
	Result     json.RawMessage `json:"result,omitempty"`
	Error      *jsonrpc.Error  `json:"error,omitempty"`
}

// sdkMaxDepth is the nesting the SDK's decoding refuses beyond
// (internal/json.defaultMaxDepth).
const sdkMaxDepth = 1000

// fastDecode returns the message line decodes to, or nil when the SDK
// would refuse it (or it cannot tell), for decodeMessage to pass it on.
func fastDecode(line []byte) jsonrpc.Message {
	if tooDeep(line, sdkMaxDepth) {
		return nil
	}
	var w wireMessage
	if _, err := segjson.Parse(line, &w, segjson.DontMatchCaseInsensitiveStructFields); err != nil {
		return nil
	}
	if w.VersionTag != "2.0" {
		return nil
	}
	id, err := jsonrpc.MakeID(w.ID)
	if err != nil {
		return nil
	}
	if len(w.Method) > 0 {
		var method string
		if _, err := segjson.Parse(w.Method, &method, segjson.DontMatchCaseInsensitiveStructFields); err != nil {
			return nil
		}
		return &jsonrpc.Request{Method: method, ID: id, Params: w.Params}
	}
	if !id.IsValid() {
		return nil
	}
	resp := &jsonrpc.Response{ID: id, Result: w.Result}
	if w.Error != nil {
		resp.Error = w.Error
	}
	return resp
}

// tooDeep is the SDK's checkMaxDepth (internal/json): true when data
// nests arrays and objects more than max deep, strings skipped.
func tooDeep(data []byte, max int) bool {
	depth, inString, escaped := 0, false, false
	for _, b := range data {
		if inString {
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
			continue
		}
		switch b {
		case '"':
			inString = true
		case '{', '[':
			if depth++; depth > max {
				return true
			}
		case '}', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return false
}
