package git

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitConfigResult is the parsed output of `git config --list` and
// `git config --get NAME`.
type GitConfigResult struct {
	Entries []GitConfigEntry `json:"entries"`
}

// GitConfigEntry is one variable. Key is as git prints it: section and
// name in lower case, a subsection as written ("remote.origin.url").
// Value is absent for a variable set without "=" (a boolean true) and
// with --name-only.
type GitConfigEntry struct {
	Key   string  `json:"key"`
	Value *string `json:"value,omitempty"`
	// Scope (--show-scope): system, global, local, worktree, command.
	Scope string `json:"scope,omitempty"`
	// OriginType and Origin (--show-origin): "file" and its path, "blob"
	// and its name, "command line" (Origin empty), "standard input".
	OriginType string `json:"origin_type,omitempty"`
	Origin     string `json:"origin,omitempty"`
}

// Flags checked against git-config(1) of git 2.39 (config.c
// show_all_config, show_config_origin, show_config_scope): the plain list
// prints "key=value" with the value raw, so a value holding a newline
// spills onto the next line; -z prints "key\nvalue\0" and origins
// unquoted.
var gitConfigFlags = gxFlags(catalog.Flags{
	"-l": catalog.Bool, "--list": catalog.Bool, "--get": catalog.Bool, "--show-origin": catalog.Bool, "--show-scope": catalog.Bool, "-z": catalog.Bool,
	"--null": catalog.Bool, "--name-only": catalog.Bool, "--local": catalog.Bool, "--global": catalog.Bool, "--system": catalog.Bool,
	"--worktree": catalog.Bool, "-f": catalog.Value, "--file": catalog.Value, "--blob": catalog.Value, "--no-includes": catalog.Bool,
	"--type": catalog.Value, "--bool": catalog.Bool, "--int": catalog.Bool, "--bool-or-int": catalog.Bool, "--path": catalog.Bool,
	"--expiry-date": catalog.Bool, "--default": catalog.Value,
})

// No exit status is declared an answer: git config --get exits 1 both
// when the variable is not set and for an invalid name ("error: invalid
// key"), with nothing on stdout either way.
var gitConfigDef = &catalog.Parser{
	ID:             "git-config",
	Command:        "git",
	Subcommand:     "config",
	Version:        "1",
	Format:         "git config --list [--show-origin] [--show-scope] [--name-only] [-z] (a value holding a newline needs -z), git config --get NAME",
	Flags:          gitConfigFlags,
	MaxPositionals: 2,
	Alternatives: map[string][]string{
		"--get-all": {"--list", "-z"}, "--get-regexp": {"--list", "-z"}, "--get-urlmatch": {"--list", "-z"},
	},
	Result:    GitConfigResult{},
	RowsKey:   "entries",
	KeyFields: []string{"key", "scope", "origin"},
	Examples: [][]string{{"config", "--list"}, {"config", "--list", "--show-origin", "--show-scope"},
		{"config", "--list", "-z"}, {"config", "--get", "remote.origin.url"}},
	Parse: parseGitConfig,
}

func gitConfigParsers() []*catalog.Parser {
	gitConfigDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		scanned := argv.Items
		list, get := gxHas(scanned, "-l", "--list"), gxHas(scanned, "--get")
		pos := 0
		for _, a := range scanned {
			if a.Flag == "" {
				pos++
			}
		}
		name := ""
		for _, a := range scanned {
			if a.Flag == "" {
				name = a.Pos
			}
		}
		switch {
		case list && !get && pos == 0:
		case get && !list && pos == 1 && !gcKey(gcCanonical(name)):
			// git exits 1 for an invalid name too ("error: invalid key"),
			// which must not read as "not set"
			return catalog.Unsupported(nil, "git config --get %q: not a variable name (section.name)", name)
		case get && !list && pos == 1:
		default:
			// the hint keeps the options that choose files, not the names
			hint := gxHint([]string{"config"}, argv, gitConfigFlags, func(f string) bool { return f == "--get" }, "--list")
			for _, a := range scanned {
				if a.Flag == "" {
					if i := slices.Index(hint, a.Pos); i >= 0 {
						hint = slices.Delete(hint, i, i+1)
					}
				}
			}
			return catalog.Unsupported(hint, "git config reads --list, or --get with one name")
		}
		if get && gxHas(scanned, "--show-origin", "--show-scope", "--name-only", "-z", "--null") {
			return catalog.Unsupported(gxHint([]string{"config"}, argv, gitConfigFlags, func(f string) bool { return f == "--get" }, "--list"),
				"git config --get is read alone; --list carries origins and scopes")
		}
		return nil
	}
	return []*catalog.Parser{gitConfigDef}
}

var (
	gcTEntry  = catalog.SpanID("entries/*")
	gcfKey    = catalog.SpanID("key")
	gcfValue  = catalog.SpanID("value")
	gcfScope  = catalog.SpanID("scope")
	gcfOType  = catalog.SpanID("origin_type")
	gcfOrigin = catalog.SpanID("origin")
)

func parseGitConfig(c *catalog.Context) (any, error) {
	scanned := c.Args.Items
	res := &GitConfigResult{Entries: make([]GitConfigEntry, 0, kit.RowCap(c))}
	rec := c.Rows(4)
	if gxHas(scanned, "--get") {
		var name string
		for _, a := range scanned {
			if a.Flag == "" {
				name = a.Pos
			}
		}
		v, ok := strings.CutSuffix(c.Raw, "\n")
		if !ok && v == "" {
			return res, nil
		}
		rec.At(gcTEntry, 0, gcfKey, 0, len(v), catalog.TrImpliedDefault)
		rec.At(gcTEntry, 0, gcfValue, 0, len(v), catalog.TrVerbatim)
		res.Entries = append(res.Entries, GitConfigEntry{Key: gcCanonical(name), Value: &v})
		rec.Finish()
		return res, nil
	}
	scope, origin := gxHas(scanned, "--show-scope"), gxHas(scanned, "--show-origin")
	nameOnly := gxHas(scanned, "--name-only")
	null := gxHas(scanned, "-z", "--null")
	var perr *catalog.ParseError
	if null {
		perr = gcReadNull(c, rec, res, scope, origin, nameOnly)
	} else {
		perr = gcReadLines(c, rec, res, scope, origin, nameOnly)
	}
	if perr != nil {
		return nil, perr
	}
	rec.Finish()
	return res, nil
}

// gcCanonical spells a name as --list prints it: section and variable
// name in lower case, a subsection as written.
func gcCanonical(name string) string {
	first, last := strings.IndexByte(name, '.'), strings.LastIndexByte(name, '.')
	if first < 0 {
		return strings.ToLower(name)
	}
	return strings.ToLower(name[:first]) + name[first:last] + strings.ToLower(name[last:])
}

// gcKey reports whether k is a variable name as git prints it:
// "section[.subsection].name", section and name of letters, digits and
// "-" (and "." in a section), name starting with a letter, both lower case.
func gcKey(k string) bool {
	first := strings.IndexByte(k, '.')
	last := strings.LastIndexByte(k, '.')
	if first <= 0 || last == len(k)-1 {
		return false
	}
	ok := func(s string) bool {
		for i := 0; i < len(s); i++ {
			b := s[i]
			if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-') {
				return false
			}
		}
		return s != ""
	}
	name := k[last+1:]
	return ok(k[:first]) && ok(name) && name[0] >= 'a' && name[0] <= 'z'
}

// gcSplit splits "key=value" at the one "=" that leaves a valid key
// before it (a subsection may hold "="); a line with none, or with two
// such "=", is bad.
func gcSplit(kv string, bad bool) (k, v string, hasV, isBad bool) {
	n := 0
	for i := 0; i < len(kv); i++ {
		if kv[i] == '=' && gcKey(kv[:i]) {
			if n++; n == 1 {
				k, v, hasV = kv[:i], kv[i+1:], true
			}
		}
	}
	if n == 0 {
		return kv, "", false, bad // "key" alone: set without a value
	}
	return k, v, hasV, bad || n > 1
}

// gcAdd adds an entry; fields are offsets into Raw, -1 when absent.
func gcAdd(c *catalog.Context, rec *catalog.SpanRec, res *GitConfigResult, e GitConfigEntry, spans [][3]int) {
	i := len(res.Entries)
	if c.Full(i) {
		c.Omit(1)
		return
	}
	leaves := []uint16{gcfScope, gcfOType, gcfOrigin, gcfKey, gcfValue}
	for k, s := range spans {
		if s[0] >= 0 {
			rec.At(gcTEntry, i, leaves[k], s[0], s[1], catalog.SpanTr(s[2]))
		}
	}
	res.Entries = append(res.Entries, e)
}

// gcOrigin splits "file:PATH" (PATH C-quoted when not -z).
func gcOrigin(o string, quoted bool) (typ, path string, tr catalog.SpanTr, ok bool) {
	typ, path, ok = strings.Cut(o, ":")
	switch typ {
	case "file", "blob", "command line", "standard input", "submodule-blob":
	default:
		return "", "", 0, false
	}
	if quoted && strings.HasPrefix(path, "\"") {
		u, n, uok := lex.CUnquote(path)
		if !uok || n != len(path) {
			return "", "", 0, false
		}
		return typ, u, catalog.TrUnquote, ok
	}
	return typ, path, catalog.TrVerbatim, ok
}

var gcScopes = map[string]bool{"system": true, "global": true, "local": true, "worktree": true, "command": true, "unknown": true, "submodule": true}

func gcReadLines(c *catalog.Context, rec *catalog.SpanRec, res *GitConfigResult, scope, origin, nameOnly bool) *catalog.ParseError {
	it := lex.Lines{Raw: c.Raw}
	for l, start := range it.All() {
		if l == "" {
			continue
		}
		var e GitConfigEntry
		spans := [][3]int{{-1}, {-1}, {-1}, {-1}, {-1}}
		at := 0
		bad := false
		if scope {
			s, _, ok := strings.Cut(l, "\t")
			if !ok || !gcScopes[s] {
				bad = true
			} else {
				e.Scope = s
				spans[0] = [3]int{start, start + len(s), int(catalog.TrVerbatim)}
				at = len(s) + 1
			}
		}
		if origin && !bad {
			o, _, ok := strings.Cut(l[at:], "\t")
			typ, p, tr, ok2 := gcOrigin(o, true)
			if !ok || !ok2 {
				bad = true
			} else {
				e.OriginType, e.Origin = typ, p
				os := start + at
				spans[1] = [3]int{os, os + len(typ), int(catalog.TrVerbatim)}
				if p != "" {
					spans[2] = [3]int{os + len(typ) + 1, os + len(o), int(tr)}
				}
				at += len(o) + 1
			}
		}
		kv := l[at:]
		k, v, hasV := kv, "", false
		if !nameOnly {
			k, v, hasV, bad = gcSplit(kv, bad)
		}
		if bad || !gcKey(k) {
			// a value holding a newline went on here, or this is no config line
			return catalog.Unsupported(gxHint([]string{"config"}, c.Args, gitConfigFlags, nil, "-z"),
				"line %d of git config's output is not a variable: a value holding a newline (use -z, which ends every entry with NUL)", catalog.LineNumbers(c.Raw, []int{start})[0])
		}
		e.Key = k
		ks := start + at
		spans[3] = [3]int{ks, ks + len(k), int(catalog.TrVerbatim)}
		if hasV {
			e.Value = &v
			spans[4] = [3]int{ks + len(k) + 1, start + len(l), int(catalog.TrVerbatim)}
		}
		gcAdd(c, rec, res, e, spans)
	}
	return nil
}

func gcReadNull(c *catalog.Context, rec *catalog.SpanRec, res *GitConfigResult, scope, origin, nameOnly bool) *catalog.ParseError {
	it := lex.Lines{Raw: c.Raw, NUL: true}
	for {
		var e GitConfigEntry
		spans := [][3]int{{-1}, {-1}, {-1}, {-1}, {-1}}
		tok, start, ok := it.Next()
		if !ok {
			break
		}
		if scope {
			if !gcScopes[tok] {
				return gcNullError(c, start)
			}
			e.Scope = tok
			spans[0] = [3]int{start, start + len(tok), int(catalog.TrVerbatim)}
			if tok, start, ok = it.Next(); !ok {
				return gcNullError(c, start)
			}
		}
		if origin {
			typ, p, tr, ok := gcOrigin(tok, false)
			if !ok {
				return gcNullError(c, start)
			}
			e.OriginType, e.Origin = typ, p
			spans[1] = [3]int{start, start + len(typ), int(catalog.TrVerbatim)}
			if p != "" {
				spans[2] = [3]int{start + len(typ) + 1, start + len(tok), int(tr)}
			}
			if tok, start, ok = it.Next(); !ok {
				return gcNullError(c, start)
			}
		}
		k, v, hasV := strings.Cut(tok, "\n")
		if nameOnly {
			k, hasV = tok, false
		}
		if !gcKey(k) {
			return gcNullError(c, start)
		}
		e.Key = k
		spans[3] = [3]int{start, start + len(k), int(catalog.TrVerbatim)}
		if hasV {
			e.Value = &v
			spans[4] = [3]int{start + len(k) + 1, start + len(tok), int(catalog.TrVerbatim)}
		}
		gcAdd(c, rec, res, e, spans)
	}
	return nil
}

func gcNullError(c *catalog.Context, off int) *catalog.ParseError {
	return catalog.Unrecognized("git config -z output: entry at byte %d is not [scope NUL] [origin NUL] key LF value NUL", off)
}
