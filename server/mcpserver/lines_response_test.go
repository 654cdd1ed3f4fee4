package mcpserver_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestLineTransportResponses: the responses LineTransport writes itself
// are JSON-RPC 2.0 responses the SDK reads back, with the request's id
// (number or string) and the whole result: structuredContent and the
// same JSON as text.
func TestLineTransportResponses(t *testing.T) {
	p := pipeServer(t, 0)
	p.initialize("2025-06-18")
	for _, id := range []string{`7`, `"call-<8>&"`, `-3`} {
		line := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}}`
		p.send(line)
		var raw string
		select {
		case raw = <-p.out:
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %s", line)
		}
		if !strings.HasSuffix(raw, "}") || strings.Contains(raw, "\n") {
			t.Errorf("id %s: not one line of JSON: %q", id, raw)
		}
		msg, err := jsonrpc.DecodeMessage([]byte(raw))
		if err != nil {
			t.Fatalf("id %s: the SDK cannot read the answer %q: %v", id, raw, err)
		}
		resp, ok := msg.(*jsonrpc.Response)
		if !ok || resp.Error != nil {
			t.Fatalf("id %s: not a successful response: %q", id, raw)
		}
		var want any
		_ = json.Unmarshal([]byte(id), &want)
		if got := resp.ID.Raw(); got != want && !(isNumber(want) && isNumber(got) && num(got) == num(want)) {
			t.Errorf("id %s: answer has id %#v", id, got)
		}
		var res struct {
			Content []struct {
				Type, Text string
			}
			StructuredContent map[string]any
		}
		if err := json.Unmarshal(resp.Result, &res); err != nil {
			t.Fatalf("id %s: result: %v", id, err)
		}
		if res.StructuredContent["ok"] != true || len(res.Content) != 1 || res.Content[0].Type != "text" {
			t.Fatalf("id %s: result %s", id, resp.Result)
		}
		var text map[string]any
		if err := json.Unmarshal([]byte(res.Content[0].Text), &text); err != nil || !reflect.DeepEqual(text, res.StructuredContent) {
			t.Errorf("id %s: the text content is not the structured content: %v", id, err)
		}
	}
	p.ping("the calls")
}

func isNumber(v any) bool {
	switch v.(type) {
	case float64, int64:
		return true
	}
	return false
}

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	}
	return 0
}
