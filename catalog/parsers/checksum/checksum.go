// Package checksum reads the output of the checksum programs (sha256sum, md5 ...) for the catalog: the parsers sha256sum, sha1sum, md5sum, sha512sum, md5, sha256.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package checksum

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// ChecksumResult is one checksum line per file.
type ChecksumResult struct {
	Files []ChecksumEntry `json:"files"`
}

// ChecksumEntry is one file's digest or, with -c, its verdict.
type ChecksumEntry struct {
	// Name is the file name (GNU's escaped names unescaped; "-" is stdin).
	Name string `json:"name"`
	// Hash is the hex digest.
	Hash string `json:"hash,omitempty"`
	// Algorithm is the tag of the tagged form ("SHA256 (name) = hash").
	Algorithm string `json:"algorithm,omitempty"`
	// Binary is GNU's "*" before the name (read in binary mode).
	Binary bool `json:"binary,omitempty"`
	// Status is -c's verdict: OK, FAILED, "FAILED open or read".
	Status string `json:"status,omitempty"`
}

// gnuSumFlags: sha256sum --help / md5sum(1) of GNU coreutils 9.1 (Debian
// 12): -b/-t (mode marker only), --tag (BSD form), -z (NUL-ended lines:
// refused), -c with --quiet, --status (nothing printed), --strict, -w,
// --ignore-missing keeps the "name: OK" form.
var gnuSumFlags = catalog.Flags{"-b": catalog.Bool, "--binary": catalog.Bool, "-t": catalog.Bool, "--text": catalog.Bool, "--tag": catalog.Bool, "-c": catalog.Bool,
	"--check": catalog.Bool, "--quiet": catalog.Bool, "--status": catalog.Bool, "--strict": catalog.Bool, "-w": catalog.Bool, "--warn": catalog.Bool,
	"--ignore-missing": catalog.Bool}

// bsdSumFlags: md5(1)/sha256(1) of FreeBSD 14 and macOS 15: -r (GNU-like
// "hash name"), -s STRING, -p? (echo stdin: refused), -q (hash only:
// refused with -r as the hint), -c (compare, refused).
var bsdSumFlags = catalog.Flags{"-r": catalog.Bool, "-s": catalog.Value}

func checksumParsers() []*catalog.Parser {
	var out []*catalog.Parser
	for _, cmd := range []string{"sha256sum", "sha1sum", "md5sum", "sha512sum"} {
		out = append(out, &catalog.Parser{
			ID: cmd, Command: cmd, Version: "1",
			Format: cmd + "'s \"hash  name\" lines (binary \"*name\", \\-escaped names), --tag's \"ALG (name) = hash\", -c's \"name: OK|FAILED\"",
			Flags:  gnuSumFlags, MaxPositionals: -1, Result: ChecksumResult{}, RowsKey: "files", KeyFields: []string{"name"},
			Examples: [][]string{{"file.tar.gz"}, {"-c", "SHA256SUMS"}, {"--tag", "a", "b"}},
			Table:    &catalog.TableLines{Skip: []string{cmd + ": WARNING:"}},
			ExitAnswers: []catalog.ExitAnswer{{Code: 1, With: []string{"-c", "--check"}, WithOutput: true,
				Means:  "a listed file did not match or could not be read: its row says FAILED",
				Source: "GNU coreutils 9.1 manual, md5sum invocation: with --check the exit status is zero only if every file verified"}},
			Parse: parseChecksum,
		})
	}
	for _, cmd := range []string{"md5", "sha256"} {
		out = append(out, &catalog.Parser{
			ID: cmd, Command: cmd, Version: "1", OS: []catalog.OS{catalog.Darwin, catalog.FreeBSD},
			Format: "BSD " + cmd + "'s \"ALG (name) = hash\" lines and -r's \"hash name\"",
			Flags:  bsdSumFlags, MaxPositionals: -1, Result: ChecksumResult{}, RowsKey: "files", KeyFields: []string{"name"},
			Examples:     [][]string{{"file.tar.gz"}, {"-r", "a", "b"}},
			Alternatives: map[string][]string{"-q": {"-r"}},
			Table:        &catalog.TableLines{},
			Parse:        parseChecksum,
		})
	}
	return out
}

// sumUnescape undoes GNU's escaping of a name holding "\\" or a newline
// ("\\n"); ok is false for another escape.
func sumUnescape(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}

func parseChecksum(c *catalog.Context) (any, error) {
	res := &ChecksumResult{Files: make([]ChecksumEntry, 0, kit.RowCap(c))}
	check := c.Args.Has("-c", "--check")
	data := 0
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" || strings.Contains(t, "sum: WARNING: ") {
			continue
		}
		data++
		if c.Full(len(res.Files)) {
			c.Omit(1)
			continue
		}
		i := len(res.Files)
		mark := c.Mark()
		var e ChecksumEntry
		ok := false
		escaped := len(t) > 0 && t[0] == '\\'
		at, body := l.At, t
		if escaped {
			at, body = at+1, t[1:]
		}
		name := func(s, en int) bool {
			raw := c.Raw[s:en]
			if raw == "" {
				return false
			}
			if escaped && strings.IndexByte(raw, '\\') >= 0 {
				v, ok := sumUnescape(raw)
				if !ok {
					return false
				}
				e.Name = v
				c.Span(s, en, "unquote", "files", i, "name")
				return true
			}
			e.Name = kit.Text(c, s, en, "files", i, "name")
			return true
		}
		switch {
		case check:
			// "name: OK", "name: FAILED", "name: FAILED open or read"
			k := strings.LastIndex(body, ": ")
			if k > 0 {
				st := body[k+2:]
				if st == "OK" || strings.HasPrefix(st, "FAILED") {
					ok = name(at, at+k)
					if ok {
						e.Status = kit.Text(c, at+k+2, at+len(body), "files", i, "status")
					}
				}
			}
		case !strings.HasSuffix(body, ")") && strings.Contains(body, ") = "):
			// "SHA256 (name) = hash": the name runs to the last ") = ".
			p := strings.Index(body, " (")
			q := strings.LastIndex(body, ") = ")
			if p > 0 && q > p+2 && lex.IsHex(body[q+4:]) && !strings.ContainsAny(body[:p], " ") {
				e.Algorithm = kit.Text(c, at, at+p, "files", i, "algorithm")
				if ok = name(at+p+2, at+q); ok {
					e.Hash = kit.Text(c, at+q+4, at+len(body), "files", i, "hash")
				}
			}
		default:
			// "hash  name", "hash *name" (GNU), "hash name" (BSD -r)
			sp := strings.IndexByte(body, ' ')
			if sp > 0 && lex.IsHex(body[:sp]) && sp+1 < len(body) {
				e.Hash = kit.Text(c, at, at+sp, "files", i, "hash")
				ns := sp + 1
				switch body[ns] {
				case '*':
					e.Binary = true
					c.Span(at+ns, at+ns+1, "marker", "files", i, "binary")
					ns++
				case ' ':
					ns++
				}
				ok = name(at+ns, at+len(body))
			}
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Files = append(res.Files, e)
	}
	if data > 0 && len(res.Files) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("checksum")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return checksumParsers() }
