// Package catalog turns the text output of shell commands into plain Go data
// that serializes to deterministic JSON. It holds the parsers (one file per
// command family), the registry that picks one for a command line and an OS,
// and the contract they all keep: declared arguments, stable field names,
// reported omissions and, on request, the byte span each value came from.
//
// It depends on nothing else in Parism: Default().Parse(Input{...}) is all a
// program needs to read `ls -l`, `git status` or `ps aux` output it already has.
//
// Each parser states its output contract as a JSON Schema (draft 2020-12),
// generated once from its Result type and tested against every golden
// output: Parser.Schema returns it as a *jsonschema.Schema
// (github.com/google/jsonschema-go), Parser.SchemaJSON as JSON,
// Parser.SchemaVersion as a short hash that changes with the shape, and
// Parser.ValidateValue checks a parsed value against it:
//
//	r := catalog.Default().Parse(catalog.Input{Cmd: "ps", Args: []string{"aux"}, Raw: out})
//	if r.Parser != nil && r.Err == nil {
//		schema := r.Parser.SchemaJSON()        // for a tool's output schema
//		err := r.Parser.ValidateValue(r.Value) // nil: the value keeps the contract
//	}
//
// Use OneOf as a Result when a parser returns one of several types.
//
// # Adding a parser
//
// A parser is a *Parser value and its Parse function, beside its family's
// (one file per family until each program has its own package):
//
//  1. Declare the Parser (ID, Command, Subcommand, OS, Flags it was
//     verified with, Result, RowsKey, Examples, and Stream when the
//     command writes what it reads to stderr, or to both streams) and a
//     Parse that reads c.Raw with the shared readers of internal/lex
//     (Lines, Fields, Words, Columns/Cells, Atoi, HumanSize, CUnquote),
//     records spans while
//     c.Recording(), reports lines it cannot read with c.Unread and stops
//     at c.Full. Spans go through one recorder: c.Span or c.spanPath for a
//     few values, c.hold for a line's values kept only if the line reads,
//     and a spanRec (spans.go: begin/field per row, a template with "*"
//     per nested list) for rows, finished once at the end of the parse.
//  2. Return it from the family's wiring function and list that function
//     in builtin.go (the one list of built-ins; nothing registers itself).
//  3. Put golden cases under testdata/<os>/<parser-id>/<case>.txt with the
//     raw output byte for byte, write <case>.json with its "args", and run
//     go test -run Golden -update; TestGoldenSpans then checks its spans.
//  4. Add a fuzz test seeded from the goldens (seedGolden, fuzzParse) and
//     regenerate schema_docs.go (go test -run TestSchemaDocs -update).
//  5. Give the command a policy in the guard (guard/defaults_*.go), or it
//     is refused before it runs.
//
// A multi-tool program's options that take a value before the subcommand
// go in globalValueFlags (git's in gitGlobals).
package catalog
