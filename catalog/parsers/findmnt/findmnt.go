// Package findmnt reads the output of `findmnt` for the catalog: the parser findmnt.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package findmnt

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// FindmntResult is findmnt's file systems.
type FindmntResult struct {
	Filesystems []FindmntEntry `json:"filesystems"`
}

// FindmntEntry is one mounted file system.
type FindmntEntry struct {
	// Target is the mount point (findmnt escapes blanks as \x20).
	Target string `json:"target,omitempty"`
	// Source is the device, with a bind mount's [/subdir].
	Source string `json:"source,omitempty"`
	// FSType is the file system type.
	FSType string `json:"fstype,omitempty"`
	// Options are the mount options, split at commas.
	Options []string `json:"options,omitempty"`
	// Depth is the tree depth (0 for the root); the list forms print no tree.
	Depth *int64 `json:"depth,omitempty"`
	// Other holds the cells of other -o columns, by header.
	Other map[string]string `json:"other,omitempty"`
}

// findmntFlags: findmnt(8) of util-linux 2.38.1 (Debian 12): the tree
// (default), -l (list), -P (KEY="value" pairs), -n (no header), -a, -A,
// -R, -M, -t/-O/-S/-T filters, -o columns (read by header), -u, -e?, -v;
// -J passes through as JSON; -r (raw, \x escapes without alignment) and
// -D (df columns) are refused; -p/--poll follows (unbounded).
var findmntFlags = catalog.Flags{"-l": catalog.Bool, "--list": catalog.Bool, "-P": catalog.Bool, "--pairs": catalog.Bool, "-n": catalog.Bool, "--noheadings": catalog.Bool,
	"-a": catalog.Bool, "--ascii": catalog.Bool, "-A": catalog.Bool, "--all": catalog.Bool, "-R": catalog.Bool, "--submounts": catalog.Bool, "-M": catalog.Value, "--mountpoint": catalog.Value,
	"-t": catalog.Value, "--types": catalog.Value, "-O": catalog.Value, "--options": catalog.Value, "-S": catalog.Value, "--source": catalog.Value, "-T": catalog.Value,
	"--target": catalog.Value, "-o": catalog.Value, "--output": catalog.Value, "-u": catalog.Bool, "--notruncate": catalog.Bool, "-v": catalog.Bool, "--nofsroot": catalog.Bool,
	"-k": catalog.Bool, "--kernel": catalog.Bool, "-s": catalog.Bool, "--fstab": catalog.Bool, "-m": catalog.Bool, "--mtab": catalog.Bool}

func findmntParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "findmnt", Command: "findmnt", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "util-linux findmnt's tree (depth read from the tree marks), -l list and -P pairs; columns by header or key",
		Flags:  findmntFlags, MaxPositionals: 2, Result: FindmntResult{}, RowsKey: "filesystems",
		Examples: [][]string{{}, {"-l"}, {"-P"}, {"-t", "ext4"}},
		Table:    &catalog.TableLines{Skip: []string{"TARGET ", "SOURCE "}},
		Parse:    parseFindmnt,
	}}
}

// findmntTree reads the tree marks before a target ("├─", "│ ", "└─",
// "`-", "|-", "  "), two runes per level; it returns the depth and the
// byte offset where the target starts.
func findmntTree(s string) (int64, int) {
	var depth int64
	i := 0
	for i < len(s) {
		switch {
		case strings.HasPrefix(s[i:], "├─"), strings.HasPrefix(s[i:], "└─"):
			return depth + 1, i + len("├─")
		case strings.HasPrefix(s[i:], "|-"), strings.HasPrefix(s[i:], "`-"):
			return depth + 1, i + 2
		case strings.HasPrefix(s[i:], "│ "):
			i += len("│ ")
		case strings.HasPrefix(s[i:], "| "), strings.HasPrefix(s[i:], "  "):
			i += 2
		default:
			return depth, i
		}
		depth++
	}
	return depth, i
}

func parseFindmnt(c *catalog.Context) (any, error) {
	res := &FindmntResult{Filesystems: make([]FindmntEntry, 0, kit.RowCap(c))}
	pairs := c.Args.Has("-P", "--pairs")
	tree := !pairs && !c.Args.Has("-l", "--list")
	var cols []string
	if c.Args.Has("-n", "--noheadings") && !pairs {
		cols = []string{"TARGET", "SOURCE", "FSTYPE", "OPTIONS"}
		if c.Args.Has("-o", "--output") {
			return nil, catalog.Unsupported([]string{}, "findmnt -n -o prints columns without their names: drop -n")
		}
	}
	data := 0
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		if !pairs && cols == nil {
			for _, f := range lex.LineFields(l, 0) {
				cols = append(cols, c.Raw[f[0]:f[1]])
			}
			if !kit.ValidKeys(cols) {
				return nil, catalog.Unrecognized("findmnt's header is not valid UTF-8")
			}
			continue
		}
		data++
		if c.Full(len(res.Filesystems)) {
			c.Omit(1)
			continue
		}
		i := len(res.Filesystems)
		var e FindmntEntry
		mark := c.Mark()
		var ok bool
		if pairs {
			ok = findmntPairs(c, l, &e, i)
		} else {
			ok = findmntRow(c, l, cols, tree, &e, i)
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Filesystems = append(res.Filesystems, e)
	}
	if data > 0 && len(res.Filesystems) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("findmnt")
	}
	return res, nil
}

func findmntRow(c *catalog.Context, l lex.Line, cols []string, tree bool, e *FindmntEntry, i int) bool {
	line := l.Text
	off := 0
	if tree {
		d, at := findmntTree(line)
		if at > 0 {
			c.Span(l.At, l.At+at, "treeDepth", "filesystems", i, "depth")
		} else {
			c.Span(l.At, l.At, "treeDepth", "filesystems", i, "depth")
		}
		e.Depth = &d
		off = at
	}
	toks := lex.LineFields(lex.Line{Text: line[off:], At: l.At + off}, 0)
	if len(toks) != len(cols) {
		return false
	}
	for j, h := range cols {
		if !findmntSet(c, e, h, toks[j][0], toks[j][1], i) {
			return false
		}
	}
	return true
}

// findmntSet sets the column named h from Raw[s:e].
func findmntSet(c *catalog.Context, e *FindmntEntry, h string, s, en, i int) bool {
	switch h {
	case "TARGET":
		if e.Target != "" {
			return false
		}
		e.Target = kit.Text(c, s, en, "filesystems", i, "target")
	case "SOURCE":
		if e.Source != "" {
			return false
		}
		e.Source = kit.Text(c, s, en, "filesystems", i, "source")
	case "FSTYPE":
		if e.FSType != "" {
			return false
		}
		e.FSType = kit.Text(c, s, en, "filesystems", i, "fstype")
	case "OPTIONS":
		if e.Options != nil {
			return false
		}
		e.Options = []string{}
		p := s
		for k := s; k <= en; k++ {
			if k == en || c.Raw[k] == ',' {
				if k > p {
					c.Span(p, k, "", "filesystems", i, "options", len(e.Options))
					e.Options = append(e.Options, c.Raw[p:k])
				}
				p = k + 1
			}
		}
	default:
		if _, dup := e.Other[h]; dup {
			return false
		}
		if e.Other == nil {
			e.Other = map[string]string{}
		}
		e.Other[h] = kit.Text(c, s, en, "filesystems", i, "other", h)
	}
	return true
}

// findmntPairs reads KEY="value" KEY="value"...; findmnt escapes a quote
// or a backslash in a value as \x22, \x5c, so a value ends at the next quote.
func findmntPairs(c *catalog.Context, l lex.Line, e *FindmntEntry, i int) bool {
	t := l.Text
	p := 0
	n := 0
	for {
		p = lex.SkipBlanks(t, p)
		if p >= len(t) {
			return n > 0
		}
		eq := strings.Index(t[p:], "=\"")
		if eq <= 0 {
			return false
		}
		key := t[p : p+eq]
		if strings.ContainsAny(key, " \t\"") || !kit.ValidKeys([]string{key}) {
			return false
		}
		vs := p + eq + 2
		q := strings.IndexByte(t[vs:], '"')
		if q < 0 {
			return false
		}
		ve := vs + q
		if vs == ve {
			// an empty value: nothing to record
		} else if !findmntSet(c, e, key, l.At+vs, l.At+ve, i) {
			return false
		}
		n++
		p = ve + 1
	}
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return findmntParsers() }
