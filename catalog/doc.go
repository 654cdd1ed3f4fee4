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
package catalog
