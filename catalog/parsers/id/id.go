// Package id reads the output of `id` for the catalog: the parser id.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package id

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// IDResult is the parsed output of `id` (GNU, BusyBox, macOS, FreeBSD).
// Names are absent when id printed only a number; everything is absent
// for empty output.
type IDResult struct {
	UID            *int64    `json:"uid,omitempty"`
	User           string    `json:"user,omitempty"`
	GID            *int64    `json:"gid,omitempty"`
	Group          string    `json:"group,omitempty"`
	EUID           *int64    `json:"euid,omitempty"`
	EffectiveUser  string    `json:"effective_user,omitempty"`
	EGID           *int64    `json:"egid,omitempty"`
	EffectiveGroup string    `json:"effective_group,omitempty"`
	Groups         []IDGroup `json:"groups"`
	// Context is the SELinux security context.
	Context string `json:"context,omitempty"`
}

// IDGroup is one supplementary group.
type IDGroup struct {
	ID   int64  `json:"id"`
	Name string `json:"name,omitempty"`
}

var idParser = &catalog.Parser{
	ID:      "id",
	Command: "id",
	Version: "1",
	Format:  "id default line: uid=N(name) gid=N(name) groups=N(name),... [context=...]",
	// Flags checked against GNU coreutils 9.1 id --help (this machine),
	// FreeBSD 14 and macOS 14 id(1): every option but -a prints bare
	// values without names, refused for the default line.
	Flags: catalog.Flags{
		"-a": catalog.Bool, "-u": catalog.Bool, "-g": catalog.Bool, "-G": catalog.Bool, "-n": catalog.Bool, "-r": catalog.Bool, "-z": catalog.Bool, "-Z": catalog.Bool,
		"--user": catalog.Bool, "--group": catalog.Bool, "--groups": catalog.Bool, "--name": catalog.Bool, "--real": catalog.Bool, "--zero": catalog.Bool, "--context": catalog.Bool,
	},
	MaxPositionals: 1,
	Result:         IDResult{},
	Examples:       [][]string{{}, {"root"}},
	Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		var hint []string
		refused := ""
		for _, a := range args {
			if len(a) > 1 && a[0] == '-' && a != "-a" {
				if a == "--" {
					continue
				}
				refused = a
				continue
			}
			if a != "-a" {
				hint = append(hint, a)
			}
		}
		if refused != "" {
			if hint == nil {
				hint = []string{}
			}
			return catalog.Unsupported(hint, "id %s prints bare values; id without options names every field", refused)
		}
		return nil
	},
	Parse: parseID,
}

// idParsers wires the idParser and returns it for the builtin list.
func idParsers() []*catalog.Parser {
	return []*catalog.Parser{idParser}
}

func parseID(c *catalog.Context) (any, error) {
	line, start, found := kit.FirstLine(c)
	res := &IDResult{Groups: []IDGroup{}}
	if !found {
		return res, nil
	}
	seen := false
	pos := 0
	for pos < len(line) {
		for pos < len(line) && line[pos] == ' ' {
			pos++
		}
		eq := strings.IndexByte(line[pos:], '=')
		if eq <= 0 {
			c.Unread(start)
			return res, nil
		}
		key := line[pos : pos+eq]
		pos += eq + 1
		if key == "context" {
			e := strings.IndexByte(line[pos:], ' ')
			if e < 0 {
				e = len(line) - pos
			}
			if e == 0 || res.Context != "" {
				return nil, catalog.Unrecognized("id: an empty or second context")
			}
			res.Context = line[pos : pos+e]
			c.Span(start+pos, start+pos+e, "", "context")
			pos += e
			continue
		}
		var ok bool
		switch key {
		case "uid", "gid", "euid", "egid":
			var num int64
			var name string
			var ns, ne, vs, ve int
			num, name, vs, ve, ns, ne, pos, ok = idItem(line, pos)
			if !ok || pos < len(line) && line[pos] != ' ' {
				return nil, catalog.Unrecognized("id: cannot read %s", key)
			}
			nameKey := map[string]string{"uid": "user", "gid": "group", "euid": "effective_user", "egid": "effective_group"}[key]
			if (key == "uid" && res.UID != nil) || (key == "gid" && res.GID != nil) || (key == "euid" && res.EUID != nil) || (key == "egid" && res.EGID != nil) {
				return nil, catalog.Unrecognized("id: %s twice", key)
			}
			switch key {
			case "uid":
				res.UID, res.User = &num, name
			case "gid":
				res.GID, res.Group = &num, name
			case "euid":
				res.EUID, res.EffectiveUser = &num, name
			case "egid":
				res.EGID, res.EffectiveGroup = &num, name
			}
			c.Span(start+vs, start+ve, "parseInt", key)
			if name != "" {
				c.Span(start+ns, start+ne, "", nameKey)
			}
			seen = true
		case "groups":
			for pos < len(line) && line[pos] != ' ' {
				var g IDGroup
				var ns, ne, vs, ve int
				g.ID, g.Name, vs, ve, ns, ne, pos, ok = idItem(line, pos)
				if !ok {
					return nil, catalog.Unrecognized("id: cannot read the groups")
				}
				idx := len(res.Groups)
				res.Groups = append(res.Groups, g)
				c.Span(start+vs, start+ve, "parseInt", "groups", idx, "id")
				if g.Name != "" {
					c.Span(start+ns, start+ne, "", "groups", idx, "name")
				}
				if pos < len(line) && line[pos] == ',' {
					pos++
					// OpenBSD id.c separates the groups with ", " (its
					// format is ", %u"): a space before a digit is still
					// the list, a space before a name= item ends it.
					j := pos
					for j < len(line) && line[j] == ' ' {
						j++
					}
					if j > pos && j < len(line) && line[j] >= '0' && line[j] <= '9' {
						pos = j
					}
				}
			}
		default:
			return nil, catalog.Unrecognized("id: unknown item %q", key)
		}
	}
	if !seen {
		return nil, catalog.Unrecognized("id: no uid= item")
	}
	return res, nil
}

// idItem reads "N" or "N(name)" at pos; a name ends at the ")" followed by
// ",", " " or the end, so names holding spaces ("domain users") are kept.
func idItem(line string, pos int) (num int64, name string, vs, ve, ns, ne, next int, ok bool) {
	vs = pos
	for pos < len(line) && line[pos] >= '0' && line[pos] <= '9' {
		pos++
	}
	ve = pos
	num, ok = lex.Atoi(line[vs:ve])
	if !ok {
		return
	}
	if pos < len(line) && line[pos] == '(' {
		ns = pos + 1
		for k := ns; k < len(line); k++ {
			if line[k] == ')' && (k+1 == len(line) || line[k+1] == ',' || line[k+1] == ' ') {
				ne = k
				break
			}
		}
		if ne == 0 {
			return 0, "", 0, 0, 0, 0, 0, false
		}
		name = line[ns:ne]
		pos = ne + 1
	}
	return num, name, vs, ve, ns, ne, pos, true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return idParsers() }
