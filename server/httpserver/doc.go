// Package httpserver serves an engine's MCP tools over the streamable HTTP
// transport of the MCP go-sdk, behind a bearer token, an Origin allowlist
// and a request size limit, at the path /mcp (GET /healthz answers "ok").
//
// One mcp.Server is shared by all sessions: the tools and their schemas are
// built once, and what belongs to a session (its id, its in-flight calls)
// lives in the SDK's ServerSession, whose ID() every tool call can read.
// A call ends, and its command's process group is killed, when the client
// sends notifications/cancelled, when the HTTP request carrying the call
// goes away before the answer, and when the session ends (DELETE, idle
// timeout, server shutdown).
//
// Serve bounds what connections hold before one of their requests shows
// the token (conns.go): a short life, a cap per address, a cap in all with
// places kept for /healthz and new token holders, 503 past them; a 401
// closes its connection.
package httpserver
