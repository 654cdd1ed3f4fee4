package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
)

// mcpShapes are the output shapes of the engine's memory test, through the
// whole server side of a call: the tool handler, the MCP result and its
// JSON-RPC message as the SDK encodes it for the transport.
var mcpShapes = []struct{ name, content string }{
	{"nul", strings.Repeat("\x00", 1<<20)},
	{"invalid-utf8", strings.Repeat("\xff", 1<<20)},
	{"one-line", strings.Repeat("a", 1<<20)},
	{"ansi", strings.Repeat("\x1b[31mx\x1b[0m", 1<<20/10)},
	{"tiny-lines", strings.Repeat("a\n", 100_000)},
}

// BenchmarkCallMemory reports per output byte, for run and run_paged of
// `cat` at max_output_bytes 1 MiB: the JSON-RPC message's bytes, the bytes
// allocated on the server side of the call, and the sampled peak heap
// growth.
func BenchmarkCallMemory(b *testing.B) {
	dir := b.TempDir()
	cfg := config.Default()
	cfg.Guard.MaxOutputBytes = 1 << 20
	e, err := engine.New(cfg, engine.WithWorkdir(dir))
	if err != nil {
		b.Fatal(err)
	}
	h := &handlers{e: e}
	for _, s := range mcpShapes {
		for _, tool := range []string{"run", "run_paged"} {
			b.Run(s.name+"/"+tool, func(b *testing.B) {
				var msg, alloc, peak float64
				for b.Loop() {
					m, a, p := serverCost(b, h, dir, tool, s.name, s.content)
					msg, alloc, peak = m, max(alloc, a), max(peak, p)
				}
				b.ReportMetric(msg, "message-B/out-B")
				b.ReportMetric(alloc, "alloc-B/out-B")
				b.ReportMetric(peak, "peak-B/out-B")
			})
		}
	}
}

func serverCost(tb testing.TB, h *handlers, dir, tool, name, content string) (msg, alloc, peak float64) {
	file := fmt.Sprintf("%s-%d", name, time.Now().UnixNano())
	if err := os.WriteFile(filepath.Join(dir, file), []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
	args, _ := json.Marshal(map[string]any{"cmd": "cat", "args": []string{file}, "page_size": 1000})
	if tool == "run" {
		args, _ = json.Marshal(map[string]any{"cmd": "cat", "args": []string{file}})
	}
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: tool, Arguments: args}}
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
	runtime.GC()
	metrics.Read(heap)
	base, allocs := heap[0].Value.Uint64(), heap[1].Value.Uint64()
	stop, top := make(chan struct{}), make(chan uint64, 1)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var p uint64
		for {
			metrics.Read(s)
			p = max(p, s[0].Value.Uint64())
			select {
			case <-stop:
				top <- p
				return
			case <-time.After(50 * time.Microsecond):
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	handle := h.run
	if tool == "run_paged" {
		handle = h.runPaged
	}
	res, err := handle(ctx, req)
	if err != nil {
		tb.Fatal(err)
	}
	// What the server and the SDK do with the result: encodeAnswers makes
	// it encode itself, the SDK marshals it, wraps it in a JSON-RPC
	// response and encodes that for the transport.
	var sent any = res
	if a, ok := asAnswer(res); ok {
		sent = a
	}
	result, err := json.Marshal(sent)
	if err != nil {
		tb.Fatal(err)
	}
	id, _ := jsonrpc.MakeID(float64(1))
	wire, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Result: result})
	if err != nil {
		tb.Fatal(err)
	}
	close(stop)
	var p uint64
	select {
	case p = <-top:
	case <-time.After(10 * time.Second):
		tb.Fatal("the heap sampler did not stop")
	}
	metrics.Read(heap)
	out := float64(min(len(content), 1<<20))
	return float64(len(wire)) / out, float64(heap[1].Value.Uint64()-allocs) / out, float64(p-min(p, base)) / out
}
