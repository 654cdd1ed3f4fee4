// Package journalctl reads the output of `journalctl` for the catalog: the parser journalctl.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package journalctl
