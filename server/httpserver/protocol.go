package httpserver

import "net/http"

// newProtocol is the first protocol revision (SEP-2575) without sessions:
// no initialize, each request carries its version and capabilities.
const newProtocol = "2026-07-28"

// statelessRequest reports whether r is a request of the sessionless
// protocol (2026-07-28 or later), which the SDK serves only from a
// stateless handler. Its clients name the version in the
// Mcp-Protocol-Version header of every POST, the SDK's own test for a
// new-protocol request; older clients (and a 2026 client's server/discover
// probe of a stateful server, which falls back to initialize) keep their
// sessions. Revision names are dates, so they compare as strings.
func statelessRequest(r *http.Request) bool {
	return r.Method == http.MethodPost && r.Header.Get("Mcp-Protocol-Version") >= newProtocol
}
