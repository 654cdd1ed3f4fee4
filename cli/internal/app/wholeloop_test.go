package app

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/parism-go/parism/catalog/pack"
)

// TestWholeLoop runs testdata/loop: capture a real command, scaffold a
// pack, write its parser, review the fixture, test, add, and call the
// command through an MCP server (a real `parism` process on stdio, started
// before the pack existed) that picks the pack up without a restart.
func TestWholeLoop(t *testing.T) {
	if _, err := exec.LookPath("locale"); err != nil {
		t.Skip("no locale program on this host")
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/loop",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", env.WorkDir+"/home")
			return os.MkdirAll(env.WorkDir+"/home", 0o755)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mcp-start": mcpStart,
			"mcp-call":  mcpCall,
			"review":    reviewFixture,
			"sleep": func(ts *testscript.TestScript, neg bool, args []string) {
				d, err := time.ParseDuration(args[0])
				if err != nil {
					ts.Fatalf("sleep: %v", err)
				}
				time.Sleep(d)
			},
		},
	})
}

// mcpStart connects an MCP client to `parism serve` as a child process.
func mcpStart(ts *testscript.TestScript, neg bool, args []string) {
	path := ""
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if p := filepath.Join(dir, "parism"); fileExists(p) {
			path = p
			break
		}
	}
	if path == "" {
		ts.Fatalf("parism is not on the script's PATH")
	}
	cmd := exec.Command(path, "serve")
	cmd.Dir = ts.Getenv("WORK")
	for _, k := range []string{"HOME", "PATH", "PARISM_HOME", "PARISM_ALLOWED_COMMANDS", "LANG", "LC_ALL"} {
		cmd.Env = append(cmd.Env, k+"="+ts.Getenv(k))
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "wholeloop", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		ts.Fatalf("connect: %v", err)
	}
	sessions[ts] = session
	ts.Defer(func() { session.Close() })
}

var sessions = map[*testscript.TestScript]*mcp.ClientSession{}

// mcpCall calls run {cmd: args[0], args: args[1:]} and prints the result's
// structured content as JSON on stdout.
func mcpCall(ts *testscript.TestScript, neg bool, args []string) {
	s := sessions[ts]
	if s == nil || len(args) == 0 {
		ts.Fatalf("usage: mcp-call CMD [ARGS...] after mcp-start")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": args[0], "args": args[1:]}})
	if err != nil {
		ts.Fatalf("call: %v", err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	fmt.Fprintf(ts.Stdout(), "%s\n", b)
}

// reviewFixture plays the human: it moves the captured fixture into the
// pack and writes the expectation from its own reading of the raw text
// (NAME=value lines, quotes removed), independent of the pack's parser.
func reviewFixture(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: review CAPTURED-GLOB PACK-FIXTURES-DIR")
	}
	matches, _ := filepath.Glob(ts.MkAbs(args[0]))
	if len(matches) != 1 {
		ts.Fatalf("want one captured fixture for %s, got %v", args[0], matches)
	}
	f, err := pack.Load(matches[0])
	if err != nil {
		ts.Fatalf("%v", err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(f.Raw), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			ts.Fatalf("unexpected locale line %q", line)
		}
		want[k] = strings.Trim(v, `"`)
	}
	if len(want) < 3 {
		ts.Fatalf("captured output too small to be a real locale run: %q", f.Raw)
	}
	b, _ := json.Marshal(want)
	f.Expected = &pack.Expected{Parsed: b, ReviewedBy: "wholeloop test", Note: "each NAME=value line, quotes removed"}
	if err := f.Save(filepath.Join(ts.MkAbs(args[1]), "locale.json")); err != nil {
		ts.Fatalf("%v", err)
	}
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
