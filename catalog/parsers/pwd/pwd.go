// Package pwd reads the output of `pwd` for the catalog: the parser pwd.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package pwd

import (
	"strings"

	"github.com/parism-go/parism/catalog"
)

// PwdResult is the parsed output of `pwd`.
type PwdResult struct {
	Path string `json:"path,omitempty"`
}

var pwdParserDef = &catalog.Parser{
	ID:      "pwd",
	Command: "pwd",
	Version: "1",
	Format:  "pwd's one path (a path holding a newline is read whole)",
	// Flags checked against GNU coreutils 9.1 pwd(1), FreeBSD/macOS
	// pwd(1) and BusyBox 1.35 (no flags).
	Flags:          catalog.Flags{"-L": catalog.Bool, "-P": catalog.Bool, "--logical": catalog.Bool, "--physical": catalog.Bool},
	MaxPositionals: 0,
	Result:         PwdResult{},
	Examples:       [][]string{{}, {"-P"}},
	Parse:          parsePwd,
}

// pwdParsers wires the pwdParserDef and returns it for the builtin list.
func pwdParsers() []*catalog.Parser {
	return []*catalog.Parser{pwdParserDef}
}

func parsePwd(c *catalog.Context) (any, error) {
	raw := c.Raw
	end := len(raw)
	if end > 0 && raw[end-1] == '\n' {
		end--
		if end > 0 && raw[end-1] == '\r' {
			end--
		}
	}
	if end == 0 {
		return &PwdResult{}, nil
	}
	if raw[0] != '/' && !(len(raw) > 2 && raw[1] == ':' && (raw[2] == '\\' || raw[2] == '/')) {
		return nil, catalog.Unrecognized("pwd printed %q, not an absolute path", firstLine(raw))
	}
	c.Span(0, end, "", "path")
	return &PwdResult{Path: raw[:end]}, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return pwdParsers() }
