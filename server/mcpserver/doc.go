// Package mcpserver exposes an engine as a Model Context Protocol server:
// the tools run, run_paged, describe and dry_run, each with an input schema
// whose descriptions teach an agent the parameters, and an output schema.
//
// A blocked, failed or unparsed command is a normal tool result carrying
// failure; protocol errors are kept for a broken transport. No tool changes
// the configuration or the guard. A panic while serving a call is that
// call's failure (kind internal, recover.go), never the server's end.
package mcpserver
