// Package catalog is the contract between Parism and the parsers that turn
// the text output of shell commands into plain Go data that serializes to
// deterministic JSON: Parser (what a parser reads and answers), Registry
// (which parser reads a command line on an OS), Context (what a parse reads
// and where it reports what it could not), the failures (ParseError and its
// reasons), OS, the JSON Schema of each answer, and the byte span each value
// came from. The parsers themselves live in a package per program under
// catalog/parsers; catalog/builtin lists them all.
//
// It depends on nothing else in Parism:
// builtin.Default().Parse(Input{...}) is all a program needs to read
// `ls -l`, `git status` or `ps aux` output it already has.
//
// Each parser states its output contract as a JSON Schema (draft 2020-12),
// generated once from its Result type and tested against every golden
// output: Parser.Schema returns it as a *jsonschema.Schema
// (github.com/google/jsonschema-go), Parser.SchemaJSON as JSON,
// Parser.SchemaVersion as a short hash that changes with the shape, and
// Parser.ValidateValue checks a parsed value against it:
//
//	r := builtin.Default().Parse(catalog.Input{Cmd: "ps", Args: []string{"aux"}, Raw: out})
//	if r.Parser != nil && r.Err == nil {
//		schema := r.Parser.SchemaJSON()        // for a tool's output schema
//		err := r.Parser.ValidateValue(r.Value) // nil: the value keeps the contract
//	}
//
// Use OneOf as a Result when a parser returns one of several types.
//
// # Spans
//
// A parser records where each value came from only when the caller asked
// (c.Recording()); with recording off every call below is a no-op that
// allocates nothing. c.Span(start, end, transform, path...) records that
// the value at path came from Raw[start:end]: path is the value's JSON
// Pointer as tokens, strings (escaped for it) and ints (indices), with
// Pointer text ("/root", a prefix built earlier) spliced in as is; strings
// and ints become pointer text only when the SpanSet is read
// (explain_result), rows of a list sharing one template. A line
// given up halfway drops the spans read from it with m := c.Mark() ...
// c.Truncate(m). Rows go through one row recorder, c.Rows(perLine): it
// names a template once (r.Name("entries/*"), SpanID for names known at
// start-up) and records a row's fields as small ids (Begin, Field, At,
// Add), with Mark/Truncate/Discard for rows not kept and Finish at the end
// of a successful parse. The transform says how the value was derived
// from the bytes: "" (verbatim), "parseInt", "parseFloat", "unquote",
// "timestamp", "marker" (a flag set by a word's presence) and the others
// in TrNames; a parser may name its own ("parseInt*1024").
//
// # Adding a parser
//
// catalog/parsers/pwd is the smallest complete example.
//
//  1. Make a package catalog/parsers/<program> with a *catalog.Parser
//     (ID, Command, Subcommand, OS, the Flags checked against the man page
//     and the program's argument dialect where it is not getopt's: GoFlags,
//     ShortEquals, PlusOptions, Slash, LeadingOptions; Result, RowsKey or
//     Table, Examples, ExitAnswers, Stream) and its Parse,
//     which reads c.Raw with catalog/internal/lex, records spans with
//     c.Span or c.Rows (see Spans), reports lines it cannot read with
//     c.Unread and stops at c.Full.
//     It imports catalog, internal/lex and internal/kit, never another parser.
//  2. Export func Parsers() []*catalog.Parser and add one line to the list
//     in catalog/builtin/builtin.go.
//  3. Put golden cases in the package: testdata/<os>/<parser-id>/<case>.txt
//     (the raw output byte for byte) and <case>.json (its "args"), then
//     go test ./builtin -run TestGolden -update writes their "expected".
//  4. Add catalog_test.go (catalogtest.Run: goldens, spans, schema,
//     examples), argrange_test.go (catalogtest.ArgCases: the argument lists
//     read and refused, with their hints) and a fuzz test seeded from the
//     goldens (catalogtest.SeedGolden, FuzzParse); regenerate schema_docs.go
//     (go test ./builtin -run TestSchemaDocs -update).
//  5. Give the command a policy in the guard (guard/defaults_*.go), or the
//     engine refuses it and describe lists the parser as not usable.
//
// A multi-tool program's options that take a value before the subcommand
// go in globalValueFlags (git's in GitGlobals).
package catalog
