// Package kit holds the helpers that several parser packages share and that
// need the catalog's contract (its Context, spans or errors); readers of
// plain text that need nothing of it live in internal/lex.
package kit
