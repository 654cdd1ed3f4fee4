package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/parism-go/parism/server/engine"
)

// demo is the README's first command: one real command through the whole
// pipeline, then how to register the server with an agent.
func (c *cli) demo(args []string) int {
	fs := c.flags("demo", "", "Run 'ls -l' in the current directory through Parism, print the envelope,\nthen show how to register the MCP server with an agent.")
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		return c.usageError("demo: unexpected argument %q", fs.Arg(0))
	}
	e, code := c.engine(common{})
	if e == nil {
		return code
	}
	fmt.Fprintln(c.stdout, "$ parism run -- ls -l   # guard -> executor (no shell) -> parser -> JSON")
	env := e.Run(context.Background(), engine.Request{Cmd: "ls", Args: []string{"-l"}})
	b, err := engine.MarshalIndent(env)
	if err != nil {
		return exitIOError
	}
	fmt.Fprintf(c.stdout, "%s\n", b)
	bin := "/usr/local/bin/parism"
	if home, err := os.UserHomeDir(); err == nil {
		bin = filepath.Join(home, ".local", "bin", "parism")
	}
	fmt.Fprintf(c.stdout, `Register the MCP server (stdio):
  1. build it:   go build -o %[1]s ./cli/cmd/parism
  2. Claude Code: claude mcp add parism -- %[1]s
     other clients (Claude Desktop, Cursor, Gemini CLI, Codex CLI, Copilot CLI):
     docs/mcp-clients/, most take:
     {"mcpServers": {"parism": {"command": "%[1]s"}}}
Then an agent calls describe, dry_run and run. Try: parism run -- git status
`, bin)
	if !env.OK {
		return exitFailed
	}
	return exitOK
}
