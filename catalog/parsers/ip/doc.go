// Package ip reads the output of `ip` for the catalog: the parsers ip-addr, ip-route, ip-neigh.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package ip
