package mcpserver

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/engine"
)

// sdkEncode is how the SDK's JSON-RPC layer encodes a result
// (jsonrpc2.NewResponse: encoding/json without HTML escaping).
func sdkEncode(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// TestAnswerEncoding: a result built by result encodes, through
// encodeAnswers, to the very bytes the SDK writes for the same result
// with the answer as json.RawMessage, whatever the answer holds (HTML
// characters, line separators, escapes, non-ASCII text) and with the
// result's other members set.
func TestAnswerEncoding(t *testing.T) {
	envs := []*engine.Envelope{
		{Cmd: "ls", Args: []string{"-la"}, OK: true},
		{Cmd: "echo", Args: []string{"<b>&amp;</b>", "a\u2028b\u2029c", "tab\there \"quoted\" \\ back", "é 日本 \x01"}, Stderr: "</script>"},
		{Cmd: "x", Failure: &engine.Failure{Kind: engine.KindConfig, Reason: engine.ReasonInvalidArgument, Message: "a & b < c"}},
		// One of the characters escaped for HTML at a time.
		{Cmd: "echo", Args: []string{"line\u2028separator"}},
		{Cmd: "echo", Args: []string{"paragraph\u2029separator"}},
		{Cmd: "echo", Args: []string{"a>b"}},
	}
	for i, env := range envs {
		for _, edit := range []func(*mcp.CallToolResult){
			func(*mcp.CallToolResult) {},
			func(r *mcp.CallToolResult) { r.IsError = true },
			func(r *mcp.CallToolResult) {
				r.SetMeta(map[string]any{"content": []any{}, "serverInfo": map[string]any{"name": "p<arism>"}})
			},
		} {
			r, err := result(env)
			if err != nil {
				t.Fatal(err)
			}
			edit(r)
			a, ok := asAnswer(r)
			if !ok {
				t.Fatalf("envelope %d: result not taken as an answer", i)
			}
			plain := *r
			plain.StructuredContent = json.RawMessage(r.StructuredContent.(answerJSON))
			want := sdkEncode(t, &plain)
			got := sdkEncode(t, a)
			if !bytes.Equal(got, want) {
				t.Errorf("envelope %d:\n got %s\nwant %s", i, got, want)
			}
			// Compact already: the SDK's encoder compacts what it is
			// given, which would hide stray whitespace above.
			raw, err := a.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, raw); err != nil || !bytes.Equal(compact.Bytes(), raw) {
				t.Errorf("envelope %d: MarshalJSON is not compact JSON (%v): %s", i, err, raw)
			}
		}
	}
}

// TestAnswerOnlyOwnResults: results that are not result's (another
// structuredContent, other content, annotations) are left to the SDK.
func TestAnswerOnlyOwnResults(t *testing.T) {
	own, err := result(&engine.Envelope{Cmd: "ls"})
	if err != nil {
		t.Fatal(err)
	}
	text := own.Content[0].(*mcp.TextContent).Text
	for name, r := range map[string]*mcp.CallToolResult{
		"raw message":    {Content: []mcp.Content{&mcp.TextContent{Text: text}}, StructuredContent: json.RawMessage(text)},
		"other text":     {Content: []mcp.Content{&mcp.TextContent{Text: strings.Replace(text, "ls", "ps", 1)}}, StructuredContent: own.StructuredContent},
		"two contents":   {Content: []mcp.Content{&mcp.TextContent{Text: text}, &mcp.TextContent{Text: text}}, StructuredContent: own.StructuredContent},
		"annotated text": {Content: []mcp.Content{&mcp.TextContent{Text: text, Annotations: &mcp.Annotations{Priority: 1}}}, StructuredContent: own.StructuredContent},
		"error text":     {Content: []mcp.Content{&mcp.TextContent{Text: "boom"}}, IsError: true},
	} {
		if _, ok := asAnswer(r); ok {
			t.Errorf("%s: taken as an answer", name)
		}
	}
	if _, ok := asAnswer(own); !ok {
		t.Error("result's own result not taken as an answer")
	}
}
