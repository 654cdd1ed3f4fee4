package mcpserver

import "github.com/modelcontextprotocol/go-sdk/mcp"

// ServeLines serves an engine over a LineTransport as ServeStdio serves
// stdio (tool answers spliced).
var ServeLines = serveLines

// EncodedAnswer is what encodeAnswers makes of result's result for an
// answer (for the benchmarks of the external test package).
func EncodedAnswer(answer string) any {
	a, ok := asAnswer(mustResult(answer))
	if !ok {
		panic("mcpserver: result's result not taken as an answer")
	}
	return a
}

// mustResult is result of an answer already encoded.
func mustResult(answer string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: answer}}, StructuredContent: answerJSON(answer)}
}

// SplicingTransport is a LineTransport that splices, as ServeStdio's does,
// and what encodeAnswers makes of an answer for it.
func SplicingTransport(t *LineTransport) (*LineTransport, func(answer string) any) {
	t.splice = &spliceTable{}
	return t, func(answer string) any {
		a := EncodedAnswer(answer).(*toolAnswer)
		a.splice = t.splice
		return a
	}
}
