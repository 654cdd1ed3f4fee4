// Parsers returns the parsers of this package, new values on each call.
// Package ip reads the output of `ip` for the catalog: the parsers ip-addr, ip-route, ip-neigh.
package ip
