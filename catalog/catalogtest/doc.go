// Package catalogtest is what the catalog's tests share: Run, the test
// every parser package runs on its own parsers; the golden cases
// (testdata/<os>/<parser-id>/<case>.txt and .json) and their checks; the
// fuzz harness seeded from them; the span check (CheckSpans); and the
// benchmark inputs built from them.
package catalogtest
