// Package catalogtest is what the catalog's tests share: Run, the test
// every parser package runs on its own parsers; the golden cases
// (testdata/<os>/<parser-id>/<case>.txt and .json) and their checks; the
// fuzz harness seeded from them; the span check (CheckSpans); the table
// tests of a package's parsers: ArgCases (an argument list and whether it is
// read, by which parser, or refused with which hint), Examples, PassesThrough
// (JSON forms left to the JSON reader) and Readings (an output and a fragment
// of what it reads as); and the benchmark inputs built from the goldens.
package catalogtest
