// Package builtin is the list of Parism's built-in parsers: every package
// under catalog/parsers, one line each, and nothing registers itself.
// Default returns a new registry holding them all; Parsers returns the
// list itself. Its tests run the golden cases of every parser package
// (go test ./builtin -run TestGolden -update rewrites their answers).
package builtin
