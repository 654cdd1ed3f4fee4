// Package pack loads parser packs, parsers added at run time without
// recompiling, and the fixtures that prove them. A pack is a directory with a
// parser.toml manifest: a declarative pack reads columns or a regular
// expression per row; an exec pack runs any program in its own process with a
// time and memory limit.
package pack
