// Command parism runs shell commands for AI agents safely and answers in
// JSON: as an MCP server (the default) or from the command line.
package main

import (
	"os"

	"github.com/parism-go/parism/cli/internal/app"
)

func main() {
	app.CleanServerEnv = true
	os.Exit(app.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
