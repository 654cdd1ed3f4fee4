// Package catalog turns the text output of shell commands into plain Go data
// that serializes to deterministic JSON. It holds the parsers (one file per
// command family), the registry that picks one for a command line and an OS,
// and the contract they all keep: declared arguments, stable field names,
// reported omissions and, on request, the byte span each value came from.
//
// It depends on nothing else in Parism: Default().Parse(Input{...}) is all a
// program needs to read `ls -l`, `git status` or `ps aux` output it already has.
package catalog
