package mcpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/server/mcpserver"
)

// badLine is a line a client should never send, and the JSON-RPC error the
// server must answer it with before going on.
type badLine struct {
	name, line string
	code       float64
	id         any // nil: the answer's id must be null
}

// badLines are answered the same by LineTransport in process and by the
// built binary over real stdio.
var badLines = []badLine{
	{"not JSON", `{bad json`, -32700, nil},
	{"text", `hello server`, -32700, nil},
	{"binary", "\x00\xff\xfe\x01{", -32700, nil},
	{"truncated request", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run"`, -32700, nil},
	{"invalid UTF-8 around JSON", "\xff" + `{"jsonrpc":"2.0","id":8,"method":"ping"}`, -32700, nil},
	{"no jsonrpc member", `{"id":9,"method":"ping"}`, -32600, 9.0},
	{"wrong version", `{"jsonrpc":"1.0","id":"ten","method":"ping"}`, -32600, "ten"},
	{"id an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, nil},
	{"a number", `42`, -32600, nil},
	{"a string", `"ping"`, -32600, nil},
	{"neither request nor response", `{"jsonrpc":"2.0"}`, -32600, nil},
	{"batch under 2025-06-18", `[{"jsonrpc":"2.0","id":11,"method":"ping"}]`, -32600, nil},
	{"empty batch", `[]`, -32600, nil},
}

// peer drives a server by hand over newline-delimited JSON-RPC.
type peer struct {
	t    *testing.T
	in   io.Writer
	out  chan string
	next int
}

func newPeer(t *testing.T, in io.Writer, out io.Reader) *peer {
	p := &peer{t: t, in: in, out: make(chan string, 16), next: 1000}
	go func() {
		defer close(p.out)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 8<<20)
		for sc.Scan() {
			p.out <- sc.Text()
		}
	}()
	return p
}

func (p *peer) send(line string) {
	p.t.Helper()
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		p.t.Fatalf("write %q: %v", line, err)
	}
}

// read returns the next message the server writes.
func (p *peer) read(after string) map[string]any {
	p.t.Helper()
	select {
	case l, ok := <-p.out:
		if !ok {
			p.t.Fatalf("the server closed its output after %q", after)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			p.t.Fatalf("answer to %q is not a JSON object: %q", after, l)
		}
		return m
	case <-time.After(10 * time.Second):
		p.t.Fatalf("no answer to %q", after)
	}
	return nil
}

func (p *peer) initialize(version string) {
	p.t.Helper()
	line := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"lines","version":"0"}}}`
	p.send(line)
	if m := p.read(line); m["result"] == nil {
		p.t.Fatalf("initialize: %v", m)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)
}

// ping checks that the session still answers, with the right id.
func (p *peer) ping(after string) {
	p.t.Helper()
	p.next++
	p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, p.next))
	if m := p.read("ping"); m["id"] != float64(p.next) || m["result"] == nil {
		p.t.Fatalf("ping after %s: %v", after, m)
	}
}

// check sends every bad line, checks each answer and that the session
// still serves after it.
func (p *peer) check(lines []badLine) {
	p.t.Helper()
	for _, tc := range lines {
		p.send(tc.line)
		m := p.read(tc.name)
		e, _ := m["error"].(map[string]any)
		id, hasID := m["id"]
		if e == nil || e["code"] != tc.code || !hasID || id != tc.id || m["jsonrpc"] != "2.0" {
			p.t.Errorf("%s: answer %v; want error %v with id %v", tc.name, m, tc.code, tc.id)
		}
		p.ping(tc.name)
	}
}

// pipeServer serves a fresh engine over a LineTransport on pipes.
func pipeServer(t *testing.T, max int) *peer {
	t.Helper()
	e, _ := newEngine(t, nil)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		// As ServeStdio serves: answers spliced (spliceTable).
		done <- mcpserver.ServeLines(ctx, e, &mcpserver.LineTransport{Reader: inR, Writer: outW, MaxLineBytes: max})
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("the server did not end after its input closed")
		}
		cancel()
		outR.Close()
	})
	return newPeer(t, inW, outR)
}

func TestLineTransportKeepsServing(t *testing.T) {
	p := pipeServer(t, 4096)
	p.initialize("2025-06-18")
	p.check(append(badLines,
		badLine{"line over MaxLineBytes", `{"jsonrpc":"2.0","id":12,"method":"ping","params":{"x":"` + strings.Repeat("x", 10_000) + `"}}`, -32600, nil},
		badLine{"a line over the buffer", strings.Repeat("y", 200_000), -32600, nil},
	))
	// Blank lines get no answer, and a byte order mark is dropped: the next
	// answer is the ping's.
	p.send("")
	p.send("  \r")
	p.next++
	p.send(fmt.Sprintf("\xef\xbb\xbf"+`{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\r", p.next))
	if m := p.read("ping with a BOM"); m["id"] != float64(p.next) || m["result"] == nil {
		t.Errorf("ping with a BOM after blank lines: %v", m)
	}
	// A real call still works.
	line := `{"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}}`
	p.send(line)
	m := p.read(line)
	if env, _ := m["result"].(map[string]any)["structuredContent"].(map[string]any); env["ok"] != true {
		t.Errorf("run pwd after the bad lines: %v", m)
	}
}

// TestLineTransportBatches: under a protocol version that still has
// batches, a batch of valid messages is served as a batch; a batch with a
// bad member is refused whole.
func TestLineTransportBatches(t *testing.T) {
	p := pipeServer(t, 0)
	p.initialize("2025-03-26")
	line := `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]`
	p.send(line)
	select {
	case l := <-p.out:
		var answers []map[string]any
		if err := json.Unmarshal([]byte(l), &answers); err != nil || len(answers) != 2 {
			t.Errorf("batch answer %q, want an array of 2", l)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer to the batch")
	}
	p.check([]badLine{{"batch with a bad member", `[{"jsonrpc":"2.0","id":3,"method":"ping"},{"id":4}]`, -32600, nil}})

	// A batch of a call, a notification and a ping: one line answers the
	// two requests, in their order, once both are done.
	p.send(`[{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":6,"method":"ping"}]`)
	select {
	case l := <-p.out:
		var answers []map[string]any
		if err := json.Unmarshal([]byte(l), &answers); err != nil || len(answers) != 2 {
			t.Fatalf("batch answer %q, want an array of 2", l)
		}
		env, _ := answers[0]["result"].(map[string]any)["structuredContent"].(map[string]any)
		if answers[0]["id"] != float64(5) || env["ok"] != true || answers[1]["id"] != float64(6) || answers[1]["result"] == nil {
			t.Errorf("batch answers %v, want run's (ok) then ping's", answers)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no answer to the batch of a call and a ping")
	}
	// Two requests of one id could not be told apart: refused, and the
	// session goes on.
	p.check([]badLine{{"batch repeating an id", `[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"ping"}]`, -32600, nil}})
}

// TestStdioBinaryBadLines sends the bad lines to the built binary over its
// real stdin and stdout: each gets its error, the session goes on, and the
// server still exits cleanly when stdin closes.
func TestStdioBinaryBadLines(t *testing.T) {
	cmd, _ := serverCommand(t)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		in.Close()
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	p := newPeer(t, in, out)
	p.initialize("2025-06-18")
	p.check(badLines)
	// Bytes that are not UTF-8 inside a JSON string are not a parse error:
	// they are read as U+FFFD and the call is answered.
	line := `{"jsonrpc":"2.0","id":59,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"ls","args":["no-` + "\xff\xfe" + `-such"]}}}`
	p.send(line)
	env, _ := p.read(line)["result"].(map[string]any)["structuredContent"].(map[string]any)
	if f, _ := env["failure"].(map[string]any); f["reason"] != "non_zero_exit" {
		t.Errorf("ls of a name with invalid UTF-8: %v", env)
	}
	line = `{"jsonrpc":"2.0","id":60,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}}`
	p.send(line)
	if env, _ = p.read(line)["result"].(map[string]any)["structuredContent"].(map[string]any); env["ok"] != true {
		t.Errorf("run pwd after the bad lines: %v", env)
	}
	in.Close()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after stdin closed: %v (stderr: %s)", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit after stdin closed")
	}
	exited <- nil // for the cleanup
}

// TestStdioDisconnectKillsCommand: a client that goes away (closes the
// server's stdin) in the middle of a call ends the session, which kills
// the command; the server exits cleanly.
func TestStdioDisconnectKillsCommand(t *testing.T) {
	cmd, dir := serverCommand(t)
	conf := filepath.Join(dir, "only.toml")
	if err := os.WriteFile(conf, []byte("[guard]\nallowed_commands = [\"sleep\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd.Args = append(cmd.Args, "serve", "--config", conf)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	p := newPeer(t, in, out)
	p.initialize("2025-06-18")
	arg := fmt.Sprintf("30.%d", time.Now().UnixNano()%1_000_000+1_000_000)
	p.send(`{"jsonrpc":"2.0","id":70,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"sleep","args":["` + arg + `"]}}}`)
	if !waitFor(10*time.Second, func() bool { return len(findProcess("sleep", arg)) == 1 }) {
		cmd.Process.Kill()
		t.Fatal("sleep never started")
	}
	in.Close()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after stdin closed: %v", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the server did not exit after stdin closed during a call")
	}
	if !waitFor(5*time.Second, func() bool { return len(findProcess("sleep", arg)) == 0 }) {
		t.Errorf("sleep %s outlived the session", arg)
	}
}

// TestStdioAnswersBeforeEOF: a client that writes its requests and closes
// its side at once (printf ... | parism) still gets every answer: the end
// of the input waits for the calls in flight.
func TestStdioAnswersBeforeEOF(t *testing.T) {
	for round := 0; round < 3; round++ {
		cmd, _ := serverCommand(t)
		cmd.Stdin = strings.NewReader(strings.Join([]string{
			`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"eof","version":"0"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`,
			`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd"}}}`,
			`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"dry_run","arguments":{"cmd":"ls","args":["-l"]}}}`,
		}, "\n") + "\n")
		var out bytes.Buffer
		cmd.Stdout = &out
		done := make(chan error, 1)
		go func() { done <- cmd.Run() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("exit: %v", err)
			}
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatal("the server did not exit after its input ended")
		}
		ids := map[float64]bool{}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			if id, ok := m["id"].(float64); ok && m["result"] != nil {
				ids[id] = true
			}
		}
		for _, id := range []float64{0, 1, 2} {
			if !ids[id] {
				t.Fatalf("round %d: no answer to request %v before the exit; output:\n%s", round, id, out.String())
			}
		}
	}
}
