package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
)

// A Go program runs a command the way an agent would through MCP.
func Example() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	_ = os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hi\n"), 0o644)

	e, err := engine.New(config.Default(), engine.WithWorkdir(dir))
	if err != nil {
		fmt.Println(err)
		return
	}
	env := e.Run(context.Background(), engine.Request{Cmd: "ls", Args: []string{"-l"}})
	fmt.Println(env.OK, *env.ExitCode, env.Stdout.Parser)

	blocked := e.Run(context.Background(), engine.Request{Cmd: "rm", Args: []string{"notes.txt"}})
	fmt.Println(blocked.OK, blocked.Failure.Kind, blocked.Failure.Reason)
	// Output:
	// true 0 ls
	// false guard command_not_allowed
}

// Load reads ~/.parism, the project file and PARISM_* variables, as the
// MCP server does.
func ExampleLoad() {
	home, _ := os.MkdirTemp("", "home")
	defer os.RemoveAll(home)
	// Here a fresh home and no PARISM_* variables; leave LoadOptions empty
	// to read the real ones.
	e, err := engine.Load(config.LoadOptions{Home: home, Cwd: home, Env: func(string) (string, bool) { return "", false }})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.DryRun("git", []string{"status"}, "").WouldPass)
	// Output: true
}
