package catalog

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// passthroughResult is what output no parser read becomes when it is JSON:
// one document (passthrough), or JSON Lines (jsonLines) as an array whose
// non-JSON lines are reported unread, not a failure of the whole.
func passthroughResult(raw string) (Result, bool) {
	if v, ok := passthrough(raw); ok {
		return Result{Value: v, Passthrough: true}, true
	}
	if v, unread, ok := jsonLines(raw); ok {
		res := Result{Value: v, Passthrough: true}
		if len(unread) > 0 {
			res.UnreadLines = LineNumbers(raw, unread)
		}
		return res, true
	}
	return Result{}, false
}

// jsonLines reads output of one JSON object or array per line (go test
// -json, cargo --message-format=json, rg --json, docker --format
// '{{json .}}') as one array of those values, each compacted as written.
// It applies when at least two lines are JSON and they outnumber the other
// non-blank lines (whose offsets are returned): a text with a stray JSON
// line stays text.
func jsonLines(raw string) (json.RawMessage, []int, bool) {
	var (
		b      bytes.Buffer
		unread []int
		values int
	)
	b.WriteByte('[')
	for pos := 0; pos < len(raw); {
		start := pos
		end := lex.NextNL(raw, pos)
		pos = end + 1
		line := strings.TrimSpace(raw[start:end])
		if line == "" {
			continue
		}
		if (line[0] != '{' && line[0] != '[') || !json.Valid([]byte(line)) {
			unread = append(unread, start)
			continue
		}
		if values > 0 {
			b.WriteByte(',')
		}
		if err := json.Compact(&b, []byte(line)); err != nil {
			return nil, nil, false
		}
		values++
	}
	b.WriteByte(']')
	if values < 2 || values <= len(unread) {
		return nil, nil, false
	}
	return json.RawMessage(b.Bytes()), unread, true
}
