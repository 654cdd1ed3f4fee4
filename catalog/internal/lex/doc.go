// Package lex holds the readers the catalog's parsers share: lines,
// whitespace fields, decimal numbers, human sizes and C-style quoting. They
// work on offsets into the raw output, so that a parser's spans come from
// the same numbers as its values and no line is copied.
package lex
