// Package which reads the output of `which` for the catalog: the parser which.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package which
