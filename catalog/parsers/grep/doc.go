// Package grep reads the output of `grep` for the catalog: the parser grep.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package grep
