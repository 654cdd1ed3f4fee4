package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestWriteLargeAndSmallConcurrently: answers above and below writeWhole,
// written from many goroutines at once, come out one whole line each,
// the same JSON-RPC responses that were written.
func TestWriteLargeAndSmallConcurrently(t *testing.T) {
	inR, _ := io.Pipe()
	outR, outW := io.Pipe()
	conn, err := (&LineTransport{Reader: inR, Writer: outW}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sizes := []int{10, writeWhole - 20, writeWhole, 3 * writeWhole, 200 << 10}
	const rounds = 8
	want := map[string]string{}
	var wg sync.WaitGroup
	for r := range rounds {
		for i, n := range sizes {
			id := fmt.Sprintf("%d-%d", r, i)
			result, _ := json.Marshal(map[string]string{"pad": strings.Repeat(string(rune('a'+i)), n)})
			want[id] = string(result)
			jid, _ := jsonrpc.MakeID(id)
			wg.Go(func() {
				if err := conn.Write(context.Background(), &jsonrpc.Response{ID: jid, Result: result}); err != nil {
					t.Errorf("write %s: %v", id, err)
				}
			})
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Closed when done or failed: a writer still writing then fails
		// rather than blocks.
		defer outR.Close()
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for range len(want) {
			if !sc.Scan() {
				t.Errorf("output ended: %v", sc.Err())
				return
			}
			var msg struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      string          `json:"id"`
				Result  json.RawMessage `json:"result"`
			}
			if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
				t.Errorf("a line is not one message (%v): %.80s...", err, sc.Bytes())
				return
			}
			if w, ok := want[msg.ID]; !ok || msg.JSONRPC != "2.0" || string(msg.Result) != w {
				t.Errorf("response %q: not the one written (%d bytes of result)", msg.ID, len(msg.Result))
			}
			delete(want, msg.ID)
		}
	}()
	written := make(chan struct{})
	go func() { wg.Wait(); close(written) }()
	deadline := time.After(10 * time.Second)
	for _, ch := range []chan struct{}{done, written} {
		select {
		case <-ch:
		case <-deadline:
			t.Fatal("the responses were not all written and read within 10 s")
		}
	}
	if len(want) > 0 {
		t.Errorf("%d responses missing", len(want))
	}
}
