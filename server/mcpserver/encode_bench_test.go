package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
)

// benchSession serves a default engine in process over pipes, in a
// directory of n files.
func benchSession(b *testing.B, n int) (*mcp.ClientSession, *engine.Engine, string) {
	b.Helper()
	dir := b.TempDir()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file with spaces %03d.txt", i)), []byte(strings.Repeat("x", i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	e, err := engine.New(config.Default(), engine.WithWorkdir(dir))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	// The server's end is the stdio framing (LineTransport) over pipes,
	// the client's the SDK's own line transport: the bytes and the work
	// per message are those of the binary over stdio.
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	st := &mcpserver.LineTransport{Reader: sr, Writer: sw}
	ct := &mcp.IOTransport{Reader: cr, Writer: cw}
	ss, err := mcpserver.New(e, nil).Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs, e, dir
}

// BenchmarkAnswer is a run of ls -la on 200 files through the real MCP
// handler and stdio framing (a go-sdk client), beside the engine's own
// run of the same command: the difference is the answer's encoding,
// framing and decoding by the client.
func BenchmarkAnswer(b *testing.B) {
	cs, e, dir := benchSession(b, 200)
	ctx := context.Background()
	for _, format := range []string{"json", "compact"} {
		args := map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": dir, "format": format}
		b.Run("mcp/"+format, func(b *testing.B) {
			b.ReportAllocs()
			var size int
			for b.Loop() {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: args})
				if err != nil || res.IsError {
					b.Fatalf("run: %v %v", err, res)
				}
				size = len(res.Content[0].(*mcp.TextContent).Text)
			}
			b.ReportMetric(float64(size), "answer-bytes")
		})
		b.Run("engine/"+format, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				env := e.Run(ctx, engine.Request{Cmd: "ls", Args: []string{"-la"}, Cwd: dir, Format: format})
				if !env.OK {
					b.Fatal(env.Failure)
				}
				if _, err := engine.Marshal(env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) Close() error                { return nil }

// BenchmarkEncodeAnswer is the server's side of sending the answer of ls
// -la on 200 files (about 60 KB of JSON, sent as text and as
// structuredContent): the encoding of the tool result as the SDK's
// JSON-RPC layer does it (jsonrpc2.NewResponse: encoding/json without HTML
// escaping), then the message around it written by the SDK's own line
// transport ("sdk") or by LineTransport ("linetransport", what the binary
// serves stdio with). "sdk-result" encodes the result as the SDK does by
// itself (the answer a json.RawMessage), "answer" as encodeAnswers has it
// encoded (toolAnswer), and "linetransport-spliced" as ServeStdio sends it
// (the answer's bytes written in place of the token the SDK encodes).
func BenchmarkEncodeAnswer(b *testing.B) {
	_, e, dir := benchSession(b, 200)
	env := e.Run(context.Background(), engine.Request{Cmd: "ls", Args: []string{"-la"}, Cwd: dir, Format: "json"})
	answer, err := engine.Marshal(env)
	if err != nil {
		b.Fatal(err)
	}
	id, _ := jsonrpc.MakeID(float64(3))
	ctx := context.Background()
	encode := func(r any) *jsonrpc.Response {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			b.Fatal(err)
		}
		return &jsonrpc.Response{ID: id, Result: bytes.TrimRight(buf.Bytes(), "\n")}
	}
	results := []struct {
		name   string
		result func() any
	}{
		{"sdk-result", func() any {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(answer)}}, StructuredContent: json.RawMessage(answer)}
		}},
		{"answer", func() any { return mcpserver.EncodedAnswer(string(answer)) }},
	}
	spliced, splicedAnswer := mcpserver.SplicingTransport(&mcpserver.LineTransport{Reader: io.NopCloser(strings.NewReader("")), Writer: discard{}})
	for _, tc := range []struct {
		name    string
		t       mcp.Transport
		results []struct {
			name   string
			result func() any
		}
	}{
		{"sdk", &mcp.IOTransport{Reader: io.NopCloser(strings.NewReader("")), Writer: discard{}}, results},
		{"linetransport", &mcpserver.LineTransport{Reader: io.NopCloser(strings.NewReader("")), Writer: discard{}}, results},
		// What ServeStdio sends: the answer's bytes in place of the token
		// the SDK encodes.
		{"linetransport-spliced", spliced, []struct {
			name   string
			result func() any
		}{{"answer", func() any { return splicedAnswer(string(answer)) }}}},
	} {
		conn, err := tc.t.Connect(ctx)
		if err != nil {
			b.Fatal(err)
		}
		for _, rc := range tc.results {
			b.Run(tc.name+"/"+rc.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(answer)))
				cpu := processCPU()
				for b.Loop() {
					if err := conn.Write(ctx, encode(rc.result())); err != nil {
						b.Fatal(err)
					}
				}
				if cpu != 0 {
					b.ReportMetric(float64((processCPU()-cpu)/time.Duration(b.N)), "cpu-ns/op")
				}
			})
		}
		conn.Close()
	}
}

// BenchmarkRunPwd is the smallest real call, `run pwd`, through the MCP
// handler and stdio framing: what the server spends per call around the
// spawn (profile it with -cpuprofile).
func BenchmarkRunPwd(b *testing.B) {
	cs, _, dir := benchSession(b, 0)
	ctx := context.Background()
	args := map[string]any{"cmd": "pwd", "cwd": dir}
	b.ReportAllocs()
	for b.Loop() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: args})
		if err != nil || res.IsError {
			b.Fatalf("run pwd: %v %v", err, res)
		}
	}
}

// BenchmarkRunPwdParallel is BenchmarkRunPwd with 16 calls in flight on
// one session (the bench's throughput section: 16 concurrent callers).
// On a machine of few cores it is CPU-bound: cpu-ns/op is what a call
// costs, client and server together, and what bounds the throughput.
func BenchmarkRunPwdParallel(b *testing.B) {
	cs, _, dir := benchSession(b, 0)
	ctx := context.Background()
	args := map[string]any{"cmd": "pwd", "cwd": dir}
	b.ReportAllocs()
	b.SetParallelism((16 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	cpu := processCPU()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: args})
			if err != nil || res.IsError {
				b.Errorf("run pwd: %v %v", err, res)
				return
			}
		}
	})
	if cpu != 0 {
		b.ReportMetric(float64((processCPU()-cpu)/time.Duration(b.N)), "cpu-ns/op")
	}
}

// BenchmarkReadMessage is the server's reading of one tools/call line
// from its input (LineTransport: the line checked, decoded once, and
// handed to the SDK).
func BenchmarkReadMessage(b *testing.B) {
	line := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd","cwd":"/tmp/x"},"_meta":{"progressToken":7}}}` + "\n"
	r, w := io.Pipe()
	go func() {
		for {
			if _, err := io.WriteString(w, line); err != nil {
				return
			}
		}
	}()
	conn, err := (&mcpserver.LineTransport{Reader: r, Writer: discard{}}).Connect(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := conn.Read(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
