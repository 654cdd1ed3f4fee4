package mcpserver

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
)

// lineServer is a server run over a LineTransport on pipes, as ServeStdio
// runs it when splice is set, and the lines it wrote.
type lineServer struct {
	cs    *mcp.ClientSession
	table *spliceTable
	mu    sync.Mutex
	lines []string
}

func (s *lineServer) written() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.lines...)
}

func startLineServer(t *testing.T, dir string, splice bool) *lineServer {
	t.Helper()
	e, err := engine.New(config.Default(), engine.WithWorkdir(dir))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	// What the server writes is read here, line by line, then passed on
	// to the client.
	tr, tw := io.Pipe()
	s := &lineServer{}
	go func() {
		br := bufio.NewReaderSize(tr, 1<<20)
		for {
			line, err := br.ReadString('\n')
			if line != "" {
				s.mu.Lock()
				s.lines = append(s.lines, line)
				s.mu.Unlock()
				if _, werr := io.WriteString(sw, line); werr != nil {
					return
				}
			}
			if err != nil {
				_ = sw.Close()
				return
			}
		}
	}()
	lt := &LineTransport{Reader: sr, Writer: tw}
	sctx := ctx
	if splice {
		lt.splice = &spliceTable{}
		s.table = lt.splice
		sctx = withSplice(ctx, lt.splice)
	}
	done := make(chan error, 1)
	go func() { done <- New(e, nil).Run(sctx, lt) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "splice-test", Version: "0"}, nil).Connect(ctx, &mcp.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cs.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("server did not end within 10s of the client closing")
		}
	})
	s.cs = cs
	return s
}

// bigLine is the size of answer the test must see spliced (writeWhole
// writes those in parts).
const bigLine = 40 << 10

// volatile are the members of an answer that differ from run to run.
var volatile = regexp.MustCompile(`(\\?"duration_ms\\?":)[0-9.e+-]+`)

// TestSpliceSameLine: with the splice table, as ServeStdio serves, the
// server writes, for every tool answer, the very line it writes without
// it (the SDK encoding the whole result), whatever the answer holds (HTML
// characters and line separators, which the SDK's encoder escapes; a
// large listing); the held answers are all taken, and none is left.
func TestSpliceSameLine(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"<b>&amp;", "line\u2028sep", "para\u2029sep", "tab\there", `quote"d`, "é 日本"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("<script>&</script>\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 300 {
		if err := os.WriteFile(filepath.Join(dir, "file with spaces "+strings.Repeat("x", i%40)+string(rune('a'+i%26))+string(rune('0'+i/26))), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	calls := []*mcp.CallToolParams{
		{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-la"}, "format": "json"}},
		{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-la"}}},
		{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-la"}, "format": "compact"}},
		{Name: "run", Arguments: map[string]any{"cmd": "cat", "args": []string{"<b>&amp;"}}},
		{Name: "dry_run", Arguments: map[string]any{"cmd": "ls", "args": []string{"<b>&amp;", "line\u2028sep"}}},
		{Name: "describe", Arguments: map[string]any{}},
		{Name: "run", Arguments: map[string]any{"cmd": "rm", "args": []string{"-rf", "/"}}}, // refused: a failure answer
		{Name: "fetch_result", Arguments: map[string]any{"id": "no-such-result"}},
	}
	plain, spliced := startLineServer(t, dir, false), startLineServer(t, dir, true)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, s := range []*lineServer{plain, spliced} {
		for _, c := range calls {
			if _, err := s.cs.CallTool(ctx, c); err != nil {
				t.Fatalf("%s %v: %v", c.Name, c.Arguments, err)
			}
		}
	}
	a, b := plain.written(), spliced.written()
	if len(a) != len(b) {
		t.Fatalf("%d lines without the table, %d with it", len(a), len(b))
	}
	big, maxLen := false, 0
	for i := range a {
		if strings.Contains(b[i], string(spliceHead)) {
			t.Errorf("line %d carries a token: %.200s", i, b[i])
		}
		x, y := volatile.ReplaceAllString(a[i], "${1}0"), volatile.ReplaceAllString(b[i], "${1}0")
		if x != y {
			t.Errorf("line %d differs:\nwithout %.300s\n   with %.300s", i, x, y)
		}
		big = big || len(a[i]) > bigLine
		maxLen = max(maxLen, len(a[i]))
	}
	// The go-sdk client speaks protocol 2026-07-28, under which the SDK
	// sets the server's identity on each result after the tool returned:
	// the spliced bytes are encoded after that, and carry it.
	annotated := 0
	for _, l := range b {
		if strings.Contains(l, `"result":{`) && strings.Contains(l, mcp.MetaKeyServerInfo) {
			annotated++
		}
	}
	if annotated < len(calls) {
		t.Errorf("%d answers carry %s, want all %d", annotated, mcp.MetaKeyServerInfo, len(calls))
	}
	if !big {
		t.Errorf("longest line %d bytes, none over %d: the listing did not make the large answer the test is for", maxLen, bigLine)
	}
	if spliced.table.next < uint64(len(calls)) {
		t.Errorf("%d answers held for %d calls: the answers were not spliced", spliced.table.next, len(calls))
	}
	if n := spliced.table.pending(); n != 0 {
		t.Errorf("%d held answers were never written", n)
	}
}

// TestSpliceTake: only a token of the table's own, whole, gives its bytes,
// once.
func TestSpliceTake(t *testing.T) {
	var tab spliceTable
	tok := tab.hold([]byte(`{"content":[]}`))
	other := tab.hold([]byte(`{"x":1}`))
	for _, bad := range []string{
		"", `{}`, `{"parism-splice":}`, `{"parism-splice":1`, `{"parism-splice":x}`,
		`{"parism-splice":99}`, `{"parism-splice":-1}`, ` {"parism-splice":1}`, `{"parism-splice":1} `,
		`{"parism-splice":1,"a":2}`,
	} {
		if b, ok := tab.take([]byte(bad)); ok {
			t.Errorf("take(%q) = %s, want nothing", bad, b)
		}
	}
	if b, ok := tab.take(tok); !ok || string(b) != `{"content":[]}` {
		t.Fatalf("take(%s) = %s, %v", tok, b, ok)
	}
	if _, ok := tab.take(tok); ok {
		t.Errorf("take(%s) gave the bytes twice", tok)
	}
	if tab.pending() != 1 {
		t.Errorf("pending %d, want 1 (%s)", tab.pending(), other)
	}
	tab.drop()
	if _, ok := tab.take(other); ok || tab.pending() != 0 {
		t.Error("drop left a held answer")
	}
}
