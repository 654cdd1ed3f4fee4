package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
)

var update = flag.Bool("update", false, "rewrite testdata/tools.golden.json from the server's tool list")

func TestMain(m *testing.M) {
	flag.Parse()
	if runtime.GOOS != "linux" {
		os.Exit(0) // the tests run coreutils and read /proc
	}
	// PARISM_HOME in a fresh directory: packs installed on the developer's
	// machine must not change what the tests (and the binary) see.
	home, err := os.MkdirTemp("", "parism-home-")
	if err != nil {
		panic(err)
	}
	os.Setenv("PARISM_HOME", home)
	code := m.Run()
	cleanupBinary()
	cleanupFuzz()
	os.RemoveAll(home)
	os.Exit(code)
}

// newEngine builds an engine from config.Default() with extra commands
// allowed, working in a fresh temporary directory.
func newEngine(t *testing.T, edit func(*config.Config), allow ...string) (*engine.Engine, string) {
	t.Helper()
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Guard.AllowedCommands = append(slices.Clone(cfg.Guard.AllowedCommands), allow...)
	if edit != nil {
		edit(&cfg)
	}
	e, err := engine.New(cfg, engine.WithWorkdir(dir))
	if err != nil {
		t.Fatal(err)
	}
	return e, dir
}

// connect serves e in process and returns a connected client session.
func connect(t *testing.T, e *engine.Engine, opts *mcpserver.Options, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(e, opts).Connect(ctx, st, nil)
	if err != nil {
		t.Fatalf("server connect: %v", err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0"}, copts).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("client connect: %v", err)
	}
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

// outputSchemas resolves the schema of every listed tool's answers
// (mcpserver.AnswerSchemas, not published in tools/list), so each answer
// can be checked the way a strict client (the TypeScript SDK) would check
// a published one.
func outputSchemas(t *testing.T, cs *mcp.ClientSession) map[string]*jsonschema.Resolved {
	t.Helper()
	res, err := cs.ListTools(callCtx(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	answers := mcpserver.AnswerSchemas()
	out := map[string]*jsonschema.Resolved{}
	for _, tl := range res.Tools {
		schema, ok := answers[tl.Name]
		if !ok {
			t.Fatalf("%s: no answer schema in mcpserver.AnswerSchemas", tl.Name)
		}
		b, err := json.Marshal(schema)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s answer schema: %v", tl.Name, err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s answer schema does not resolve: %v", tl.Name, err)
		}
		out[tl.Name] = r
	}
	return out
}

type caller struct {
	t       *testing.T
	cs      *mcp.ClientSession
	schemas map[string]*jsonschema.Resolved
}

func newCaller(t *testing.T, e *engine.Engine) *caller {
	cs := connect(t, e, nil, nil)
	return &caller{t: t, cs: cs, schemas: outputSchemas(t, cs)}
}

// call invokes a tool with raw JSON arguments and returns the result and
// its structured content, checking that the text content holds the same
// JSON and that it validates against the tool's output schema.
func (c *caller) call(name, args string) (*mcp.CallToolResult, map[string]any) {
	c.t.Helper()
	var a any
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		c.t.Fatalf("bad test arguments %s: %v", args, err)
	}
	res, err := c.cs.CallTool(callCtx(c.t), &mcp.CallToolParams{Name: name, Arguments: a})
	if err != nil {
		c.t.Fatalf("%s(%s): protocol error %v; failures must be results", name, args, err)
	}
	if res.IsError {
		return res, nil
	}
	return res, checkResult(c.t, name, res, c.schemas[name])
}

func checkResult(t *testing.T, name string, res *mcp.CallToolResult, schema *jsonschema.Resolved) map[string]any {
	t.Helper()
	if res.StructuredContent == nil {
		t.Fatalf("%s: no structuredContent", name)
	}
	sb, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("%s: %d content blocks, want 1 text block", name, len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s: content is %T, want text", name, res.Content[0])
	}
	structured, text := decode(t, sb), decode(t, []byte(tc.Text))
	if !reflect.DeepEqual(structured, text) {
		t.Errorf("%s: structuredContent and text differ:\n%s\n%s", name, sb, tc.Text)
	}
	if schema != nil {
		var inst any
		if err := json.Unmarshal(sb, &inst); err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: the answer violates the advertised output schema: %v\n%s", name, err, sb)
		}
	}
	return structured
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
	return m
}

func failureOf(t *testing.T, env map[string]any) (kind, reason, message string) {
	t.Helper()
	f, ok := env["failure"].(map[string]any)
	if !ok {
		return "", "", ""
	}
	return f["kind"].(string), f["reason"].(string), f["message"].(string)
}

func TestToolsList(t *testing.T) {
	e, _ := newEngine(t, nil)
	cs := connect(t, e, nil, nil)
	res, err := cs.ListTools(callCtx(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	checkToolsListCost(t, res)
	var names []string
	type snap struct {
		Name        string               `json:"name"`
		Title       string               `json:"title,omitempty"`
		Description string               `json:"description"`
		Annotations *mcp.ToolAnnotations `json:"annotations,omitempty"`
		InputSchema any                  `json:"inputSchema"`
	}
	var snaps []snap
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		in, _ := tl.InputSchema.(map[string]any)
		if in == nil || in["type"] != "object" {
			t.Errorf("%s: input schema %v is not an object schema", tl.Name, tl.InputSchema)
		}
		if tl.OutputSchema != nil {
			t.Errorf("%s: an output schema is published; answer schemas cost tokens and live in AnswerSchemas", tl.Name)
		}
		if tl.Description == "" {
			t.Errorf("%s: no description", tl.Name)
		}
		props, _ := in["properties"].(map[string]any)
		for p, v := range props {
			if d, _ := v.(map[string]any)["description"].(string); d == "" {
				t.Errorf("%s.%s has no description", tl.Name, p)
			}
		}
		if in["additionalProperties"] != false {
			t.Errorf("%s: input schema admits unknown parameters", tl.Name)
		}
		switch tl.Name {
		case "run":
			format := props["format"].(map[string]any)
			if !reflect.DeepEqual(format["enum"], []any{"json", "compact", "json-no-raw"}) {
				t.Errorf("run.format enum = %v", format["enum"])
			}
			if req := in["required"]; !reflect.DeepEqual(req, []any{"cmd"}) {
				t.Errorf("run required = %v, want [cmd]", req)
			}
		case "run_paged":
			for _, p := range []string{"page", "page_size"} {
				if props[p].(map[string]any)["minimum"] != 0.0 {
					t.Errorf("run_paged.%s has no minimum 0", p)
				}
			}
		}
		snaps = append(snaps, snap{tl.Name, tl.Title, tl.Description, tl.Annotations, tl.InputSchema})
	}
	slices.Sort(names)
	if want := []string{"compare_results", "describe", "dry_run", "explain_result", "fetch_result", "run", "run_paged"}; !slices.Equal(names, want) {
		t.Fatalf("tools = %q, want %q", names, want)
	}
	slices.SortFunc(snaps, func(a, b snap) int { return strings.Compare(a.Name, b.Name) })
	got, err := json.MarshalIndent(snaps, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join("testdata", "tools.golden.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestToolsList -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the tool list changed; the schemas are API. If intended, run go test -run TestToolsList -update.\ngot:\n%s", got)
	}
}

func TestRunTool(t *testing.T) {
	e, dir := newEngine(t, nil, "echo")
	for _, f := range []string{"one.txt", "two.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newCaller(t, e)

	res, env := c.call("run", `{"cmd":"ls","args":["-l"]}`)
	if res.IsError || env["ok"] != true || env["exitCode"] != json.Number("0") {
		t.Fatalf("run ls: %v", env)
	}
	stdout := env["stdout"].(map[string]any)
	if raw, _ := stdout["raw"].(string); !strings.Contains(raw, "one.txt") || !strings.Contains(raw, "two.txt") {
		t.Errorf("raw = %v", stdout["raw"])
	}
	if stdout["parser"] != "ls" || stdout["parsed"] == nil {
		t.Errorf("ls -l not parsed: parser=%v", stdout["parser"])
	}

	// Formats go through.
	_, env = c.call("run", `{"cmd":"echo","args":["{\"a\":[{\"x\":1},{\"x\":2}]}"],"format":"compact"}`)
	if s := env["stdout"].(map[string]any); s["format"] != "compact" || s["raw"] != nil {
		t.Errorf("compact: %v", s)
	}
	_, env = c.call("run", `{"cmd":"echo","args":["x"],"format":"yaml"}`)
	if k, r, _ := failureOf(t, env); k != "config" || r != "invalid_argument" {
		t.Errorf("bad format: %v", env)
	}
	// includeDiff
	_, env = c.call("run", `{"cmd":"echo","includeDiff":true}`)
	if d, ok := env["diff"].(map[string]any); !ok || len(d["created"].([]any)) != 0 {
		t.Errorf("includeDiff: %v", env["diff"])
	}
}

func TestRunToolFailuresAreResults(t *testing.T) {
	e, dir := newEngine(t, nil)
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newCaller(t, e)

	res, env := c.call("run", `{"cmd":"rm","args":["-rf","victim"]}`)
	if res.IsError {
		t.Fatal("a blocked command is a tool error; it must be a normal result")
	}
	k, r, m := failureOf(t, env)
	if k != "guard" || r != "command_not_allowed" || m != "Command 'rm' is not in the allowed list" {
		t.Errorf("failure = %s/%s %q", k, r, m)
	}
	if env["ok"] != false || env["exitCode"] != nil || env["guard_error"] == nil {
		t.Errorf("blocked run: %v", env)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Fatal("the blocked command ran")
	}

	_, env = c.call("run", `{"cmd":"ls","args":["/nonexistent-path"]}`)
	if k, r, m := failureOf(t, env); k != "exec" || r != "non_zero_exit" || !strings.Contains(m, "nonexistent-path") {
		t.Errorf("non-zero exit: %s/%s %q", k, r, m)
	}

	for _, tc := range []struct {
		tool, args, reason, names string
	}{
		{"run", `{"cmdd":"ls"}`, "unknown_field", "cmdd"},
		{"run", `{"cmd":"ls","selct":["name"]}`, "unknown_field", "selct"},
		{"run", `{"cmd":"ls","args":"x"}`, "type_mismatch", "args"},
		{"run", `{"cmd":5}`, "type_mismatch", "cmd"},
		{"run", `{"cmd":"ls","includeDiff":"yes"}`, "type_mismatch", "includeDiff"},
		{"run", `{"cmd":"ls","args":["-l",1]}`, "type_mismatch", "args"},
		{"run", `{"cmd":"ls","args":["-l"],"cmd2":1}`, "unknown_field", "cmd2"},
		{"run_paged", `{"cmd":"ls","pgae":1}`, "unknown_field", "pgae"},
		{"run_paged", `{"cmd":"ls","page":"2"}`, "type_mismatch", "page"},
	} {
		res, env := c.call(tc.tool, tc.args)
		if res.IsError {
			t.Errorf("%s %s: IsError; want a result with failure", tc.tool, tc.args)
			continue
		}
		k, r, m := failureOf(t, env)
		if k != "config" || r != tc.reason || !strings.Contains(m, `"`+tc.names+`"`) {
			t.Errorf("%s %s: failure %s/%s %q, want config/%s naming %q", tc.tool, tc.args, k, r, m, tc.reason, tc.names)
		}
		if env["ok"] != false || env["exitCode"] != nil {
			t.Errorf("%s %s: %v", tc.tool, tc.args, env)
		}
	}

	// No arguments at all: the engine's own check.
	res, env = c.call("run", `{}`)
	if k, r, _ := failureOf(t, env); res.IsError || k != "config" || r != "invalid_argument" {
		t.Errorf("run without cmd: %v", env)
	}

	// describe and dry_run have no failure field: bad parameters are tool
	// errors there, still not protocol errors.
	for _, tc := range []struct{ tool, args, names string }{
		{"describe", `{"command":"ls"}`, "command"},
		{"dry_run", `{"cmd":"ls","args":"-l"}`, "args"},
	} {
		res, _ := c.call(tc.tool, tc.args)
		if !res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, tc.names) {
			t.Errorf("%s %s: want a tool error naming %q, got %+v", tc.tool, tc.args, tc.names, res)
		}
	}
}

func TestDescribeAndDryRunTools(t *testing.T) {
	e, _ := newEngine(t, nil)
	c := newCaller(t, e)

	_, o := c.call("describe", `{}`)
	if o["version"] != engine.Version || o["guard_summary"] == nil {
		t.Errorf("describe(): %v", o)
	}
	cmds := o["allowed_commands"].([]any)
	if !slices.ContainsFunc(cmds, func(v any) bool { return v == "ls" }) || slices.ContainsFunc(cmds, func(v any) bool { return v == "rm" }) {
		t.Errorf("allowed_commands = %v", cmds)
	}

	res, info := c.call("describe", `{"cmd":"ls"}`)
	if info["cmd"] != "ls" || info["policy"].(map[string]any)["allowed"] != true {
		t.Errorf("describe(ls): %v", info)
	}
	if n := len(res.Content[0].(*mcp.TextContent).Text); n > 2048 {
		t.Errorf("describe(ls) is %d bytes", n)
	}
	_, info = c.call("describe", `{"cmd":"rm"}`)
	if info["policy"].(map[string]any)["allowed"] != false {
		t.Errorf("describe(rm): %v", info)
	}

	_, d := c.call("dry_run", `{"cmd":"ls","args":["-la"]}`)
	if !reflect.DeepEqual(d, map[string]any{"would_pass": true, "reason": nil, "message": nil}) {
		t.Errorf("dry_run pass = %v", d)
	}
	_, d = c.call("dry_run", `{"cmd":"rm","args":["-rf","/"]}`)
	if d["would_pass"] != false || d["reason"] != "command_not_allowed" || d["message"] != "Command 'rm' is not in the allowed list" {
		t.Errorf("dry_run block = %v", d)
	}
	_, d = c.call("dry_run", `{"cmd":"ls","args":["a","b;c"]}`)
	if d["reason"] != "injection_pattern" || d["arg_index"] != json.Number("1") {
		t.Errorf("dry_run injection = %v", d)
	}
}

func TestRunPagedTool(t *testing.T) {
	e, _ := newEngine(t, nil, "seq")
	c := newCaller(t, e)
	_, p0 := c.call("run_paged", `{"cmd":"seq","args":["1","250"],"page_size":100}`)
	_, p2 := c.call("run_paged", `{"cmd":"seq","args":["1","250"],"page":2,"page_size":100}`)
	pi0, pi2 := p0["page_info"].(map[string]any), p2["page_info"].(map[string]any)
	if pi0["total_lines"] != json.Number("250") || pi0["has_next"] != true || pi0["cache"].(map[string]any)["hit"] != false {
		t.Errorf("page 0 page_info = %v", pi0)
	}
	if pi2["has_next"] != false || pi2["cache"].(map[string]any)["hit"] != true {
		t.Errorf("page 2 page_info = %v", pi2)
	}
	if raw := p2["stdout"].(map[string]any)["raw"].(string); !strings.HasPrefix(raw, "201\n") || strings.Count(raw, "\n") != 50 {
		t.Errorf("page 2 raw = %q", raw)
	}
	if v, ok := p0["stdout"].(map[string]any)["parsed"]; !ok || v != nil {
		t.Errorf("run_paged parsed = %v", v)
	}
}

// sh scripts below separate commands with newlines: ';' and '&&' are
// default block patterns.

func TestProgressNotifications(t *testing.T) {
	e, _ := newEngine(t, nil, "sh")
	var mu sync.Mutex
	var got []*mcp.ProgressNotificationParams
	cs := connect(t, e, &mcpserver.Options{ProgressAfter: time.Millisecond}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, req.Params)
		},
	})
	params := &mcp.CallToolParams{Name: "run", Arguments: map[string]any{
		"cmd":  "sh",
		"args": []string{"-c", "for i in 1 2 3 4 5\ndo\necho line $i\nsleep 0.3\ndone"},
	}}
	params.SetProgressToken("tok-1")
	res, err := cs.CallTool(callCtx(t), params)
	if err != nil {
		t.Fatal(err)
	}
	env := checkResult(t, "run", res, nil)
	if env["ok"] != true {
		t.Fatalf("run: %v", env)
	}
	// Notifications may still be in flight behind the response.
	deadline := time.Now().Add(2 * time.Second)
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 {
		t.Fatal("no progress notification for a 1.5 s run with a progress token")
	}
	last := -1.0
	for _, p := range got {
		if p.ProgressToken != "tok-1" {
			t.Errorf("progress token = %v", p.ProgressToken)
		}
		// The MCP spec: "The progress value MUST increase with each
		// notification, even if the total is unknown."
		if p.Progress <= last {
			t.Errorf("progress went %v -> %v; it must increase with each notification", last, p.Progress)
		}
		last = p.Progress
		if p.Message == "" {
			t.Error("empty progress message")
		}
	}
	if last > float64(len("line 1\n")*5) {
		t.Errorf("progress %v exceeds the output size", last)
	}
}

func TestNoProgressWithoutToken(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	var n int
	var mu sync.Mutex
	cs := connect(t, e, &mcpserver.Options{ProgressAfter: time.Millisecond}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			n++
			mu.Unlock()
		},
	})
	if _, err := cs.CallTool(callCtx(t), &mcp.CallToolParams{Name: "run",
		Arguments: map[string]any{"cmd": "sleep", "args": []string{"0.6"}}}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if n != 0 {
		t.Errorf("%d progress notifications without a progress token", n)
	}
}

// findProcess returns the pids whose command line is exactly argv.
func findProcess(argv ...string) []int {
	want := strings.Join(argv, "\x00") + "\x00"
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && string(b) == want {
			out = append(out, pid)
		}
	}
	return out
}

// running reports whether pid runs (a zombie does not: it runs nothing, and
// PID 1 of a container may never reap it).
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || (s[i+2] != 'Z' && s[i+2] != 'X')
}

func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

func TestCancellationKillsTheCommand(t *testing.T) {
	e, _ := newEngine(t, nil, "sleep")
	cs := connect(t, e, nil, nil)
	// A duration no other process uses, to find ours in /proc.
	arg := fmt.Sprintf("30.%d", time.Now().UnixNano()%1_000_000+1_000_000)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type out struct {
		res *mcp.CallToolResult
		err error
	}
	done := make(chan out, 1)
	go func() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "sleep", "args": []string{arg}}})
		done <- out{res, err}
	}()
	var pids []int
	if !waitFor(5*time.Second, func() bool { pids = findProcess("sleep", arg); return len(pids) == 1 }) {
		t.Fatalf("sleep %s never started (pids %v)", arg, pids)
	}
	start := time.Now()
	cancel()
	select {
	case o := <-done:
		if o.err == nil {
			t.Errorf("a cancelled call returned a result: %+v", o.res)
		} else if !errors.Is(o.err, context.Canceled) {
			t.Logf("cancelled call error: %v", o.err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("CallTool did not return after cancellation")
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("cancellation took %v", el)
	}
	if !waitFor(3*time.Second, func() bool { return !running(pids[0]) }) {
		t.Fatalf("sleep (pid %d) survived the cancelled call", pids[0])
	}
	// The session still serves.
	if res, err := cs.CallTool(callCtx(t), &mcp.CallToolParams{Name: "describe", Arguments: map[string]any{}}); err != nil || res.IsError {
		t.Errorf("after cancellation: %v %+v", err, res)
	}
}

func TestConcurrentCalls(t *testing.T) {
	e, _ := newEngine(t, nil, "echo")
	c := newCaller(t, e)
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			res, err := c.cs.CallTool(callCtx(t), &mcp.CallToolParams{Name: "run",
				Arguments: map[string]any{"cmd": "echo", "args": []string{strconv.Itoa(i)}}})
			if err != nil || res.IsError {
				t.Errorf("call %d: %v %+v", i, err, res)
				return
			}
			b, _ := json.Marshal(res.StructuredContent)
			if !strings.Contains(string(b), `"raw":"`+strconv.Itoa(i)+`\n"`) {
				t.Errorf("call %d got %s", i, b)
			}
		})
	}
	wg.Wait()
}

// callCtx bounds one call of a test: a server that stopped answering (or a
// limiter that queued a call it should refuse) fails the test with a
// message instead of hanging until go test's timeout.
func callCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
