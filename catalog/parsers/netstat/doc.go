// Package netstat reads the output of `netstat` for the catalog: the parsers netstat, netstat-bsd, netstat-windows.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package netstat
