// Package engine is Parism as a Go library: one Run call passes a command
// through the guard, the executor (no shell), the redactor, the parser
// catalog and the shaper, and returns the same envelope the MCP server
// sends. Load reads the same configuration layers as the server.
package engine
