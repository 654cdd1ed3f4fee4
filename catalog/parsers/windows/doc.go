// Package windows reads the output of Windows commands (dir, tasklist, ipconfig, systeminfo) for the catalog: the parsers dir, tasklist, ipconfig, systeminfo.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package windows
