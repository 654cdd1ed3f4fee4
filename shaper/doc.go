// Package shaper reshapes parsed command output for the reader paying for
// it in tokens: generic ordered JSON values, the lossless compact table form
// ({schema, rows}) and its inverse.
//
// It works on plain JSON-shaped data and depends on nothing else in Parism.
package shaper
