// Package ping reads the output of `ping` for the catalog: the parsers ping, ping6, ping-windows.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package ping
