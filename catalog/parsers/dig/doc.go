// Package dig reads the output of `dig` for the catalog: the parser dig.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package dig
