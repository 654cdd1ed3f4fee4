package git

import (
	"maps"
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// gxFlags is the flags a git inspection parser reads: git's global
// options (gitglobals.go) and its own.
func gxFlags(own catalog.Flags) catalog.Flags {
	f := maps.Clone(catalog.GitGlobals)
	maps.Copy(f, own)
	return f
}

// gxHas reports whether one of names was given.
func gxHas(scanned []catalog.CmdArg, names ...string) bool {
	for _, a := range scanned {
		for _, n := range names {
			if a.Flag == n {
				return true
			}
		}
	}
	return false
}

// gxHasPos reports whether pos is one of the operands.
func gxHasPos(scanned []catalog.CmdArg, pos string) bool {
	for _, a := range scanned {
		if a.Flag == "" && a.Pos == pos {
			return true
		}
	}
	return false
}

// gxHint is a whole argument list for a hint: git's leading global
// options, the subcommand (and its own subcommand, such as "list"), the
// other arguments (with or without the subcommand tokens) without the
// flags drop names (and their separate values), then add right after the
// subcommand.
func gxHint(sub []string, argv catalog.Args, flags catalog.Flags, drop func(flag string) bool, add ...string) []string {
	args := argv.Rest()
	i := max(argv.SubIndex, 0) // git's global options, before the subcommand token
	out := slices.Clone(args[:i])
	out = append(out, sub...)
	out = append(out, add...)
	skip := slices.Clone(sub)
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if j := slices.Index(skip, a); j >= 0 {
			skip = slices.Delete(skip, j, j+1) // a subcommand token args held
			continue
		}
		name, _, hasEq := strings.Cut(a, "=")
		if strings.HasPrefix(a, "-") && drop != nil && drop(name) {
			if !hasEq && flags[name] == catalog.Value && strings.HasPrefix(a, "--") && i+1 < len(args) {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// gxPath reads a path git printed, C-quoted ("caf\303\251.txt") when it
// holds unusual bytes, from s (the whole rest of the line).
func gxPath(s string) (string, catalog.SpanTr, bool) {
	if strings.HasPrefix(s, "\"") {
		u, n, ok := lex.CUnquote(s)
		if !ok || n != len(s) {
			return "", 0, false
		}
		return u, catalog.TrUnquote, true
	}
	return s, catalog.TrVerbatim, s != ""
}

// gxNone is the answer when no record of a non-blank output was read.
func gxNone(what string) error {
	return catalog.Unrecognized("no line of the output reads as %s output", what)
}

// gxHex reports whether s is a non-empty run of lower-case hex digits.
func gxHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return s != ""
}

// gxRows reads each non-blank line of the output as one row of *rows, its
// spans under template tmpl (perLine of them, about): row reads the line,
// recording the row's fields with add, or says it is no row, and the line
// is then unread with its spans dropped; a row past max_items is counted
// as omitted. Output with lines and no row of them is no output of what.
func gxRows[T any](c *catalog.Context, perLine int, tmpl uint16, rows *[]T, what string, row func(l string, start int, add gmAdd) (T, bool)) error {
	rec := c.Rows(perLine)
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for l, start := range it.NonBlankLines() {
		i := len(*rows)
		rec.Begin(tmpl, i)
		r, ok := row(l, start, rec.Field)
		if !ok {
			rec.Discard()
			c.Unread(start)
			continue
		}
		read++
		if c.Full(i) {
			rec.Discard()
			c.Omit(1)
			continue
		}
		*rows = append(*rows, r)
	}
	if it.NonBlank > 0 && read == 0 {
		return gxNone(what)
	}
	rec.Finish()
	return nil
}
