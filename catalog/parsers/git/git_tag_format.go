package git

import (
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

type gtfItem struct {
	lit  string // a literal, when atom is empty
	atom string // "refname:short"
}

// gtfClass is the bytes an atom's value may hold: "" for free text.
func gtfClass(atom string) (class string, ok bool) {
	name, mod, _ := strings.Cut(atom, ":")
	name = strings.TrimPrefix(name, "*")
	switch name {
	case "refname":
		return "ref", true
	case "objectname", "tree", "parent":
		return "0123456789abcdef", true
	case "objecttype":
		return "abcdefghijklmnopqrstuvwxyz", true
	case "creatordate", "taggerdate", "committerdate", "authordate":
		switch mod {
		case "short":
			return "0123456789-", true
		case "iso-strict", "iso8601-strict":
			return "0123456789-:T+Z", true
		case "unix":
			return "0123456789", true
		}
		return "", mod == "" || mod == "iso" || mod == "iso8601" || mod == "rfc" || mod == "rfc2822" || mod == "raw"
	case "subject", "taggername", "taggeremail", "authorname", "authoremail", "committername", "committeremail",
		"creator", "tagger", "author", "committer", "objectsize", "upstream", "push", "symref", "worktreepath":
		return "", true
	case "contents":
		return "", mod == "subject"
	}
	return "", false // body, trailers, signature, HEAD, color, align, if: not one field of one line
}

// gtfIn reports whether b may be in a value of class.
func gtfIn(class string, b byte) bool {
	if class == "ref" {
		return b > ' ' && b != 0x7f && b != 0x1f
	}
	return class == "" || strings.IndexByte(class, b) >= 0
}

// parseTagFormat reads a --format value; ok is false when its fields
// cannot be split exactly or it holds no refname atom.
func parseTagFormat(f string) (items []gtfItem, ok bool) {
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			items = append(items, gtfItem{lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c != '%':
			lit.WriteByte(c)
		case strings.HasPrefix(f[i:], "%%"):
			lit.WriteByte('%')
			i++
		case strings.HasPrefix(f[i:], "%("):
			end := strings.IndexByte(f[i:], ')')
			if end < 0 {
				return nil, false
			}
			flush()
			items = append(items, gtfItem{atom: f[i+2 : i+end]})
			i += end
		case i+2 < len(f) && lex.IsHexDigit(f[i+1]) && lex.IsHexDigit(f[i+2]):
			lit.WriteByte(gtfUnhex(f[i+1])<<4 | gtfUnhex(f[i+2]))
			i += 2
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	named := false
	for k, it := range items {
		if it.atom == "" {
			if strings.ContainsAny(it.lit, "\n\r") {
				return nil, false
			}
			continue
		}
		class, known := gtfClass(it.atom)
		if !known {
			return nil, false
		}
		if strings.HasPrefix(it.atom, "refname") {
			named = true
		}
		last := true
		for _, later := range items[k+1:] {
			if later.atom != "" {
				last = false
			}
		}
		if last {
			continue
		}
		if k+1 >= len(items) || items[k+1].atom != "" {
			return nil, false // two atoms side by side
		}
		sep := items[k+1].lit
		if class == "" && !strings.ContainsAny(sep, "\x00\x1f") || class != "" && gtfIn(class, sep[0]) {
			return nil, false
		}
	}
	return items, named
}

func gtfUnhex(b byte) byte {
	switch {
	case b >= 'a':
		return b - 'a' + 10
	case b >= 'A':
		return b - 'A' + 10
	}
	return b - '0'
}

// splitTagFormat splits one output line by items; offsets are into line.
func splitTagFormat(items []gtfItem, line string) (vals map[string][2]int, ok bool) {
	vals = map[string][2]int{}
	at := 0
	for k, it := range items {
		if it.atom == "" {
			if !strings.HasPrefix(line[at:], it.lit) {
				return nil, false
			}
			at += len(it.lit)
			continue
		}
		end := len(line)
		switch {
		case k+1 < len(items) && k+2 >= len(items): // the last atom, then a suffix
			end = len(line) - len(items[k+1].lit)
			if end < at || !strings.HasSuffix(line, items[k+1].lit) {
				return nil, false
			}
		case k+1 < len(items):
			j := strings.Index(line[at:], items[k+1].lit)
			if j < 0 {
				return nil, false
			}
			end = at + j
		}
		class, _ := gtfClass(it.atom)
		for i := at; i < end; i++ {
			if !gtfIn(class, line[i]) {
				return nil, false
			}
		}
		vals[it.atom] = [2]int{at, end}
		at = end
	}
	return vals, at == len(line)
}
