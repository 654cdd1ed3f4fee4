// Package which reads the output of `which` for the catalog: the parser which.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package which

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// WhichResult is the parsed output of `which`.
type WhichResult struct {
	// Paths are the printed paths in output order (several per name with -a).
	Paths []string `json:"paths"`
	// Missing lists the operands no path was printed for (which writes
	// nothing on standard output for them). Absent when a printed line
	// matches no operand, since then the mapping is unknown.
	Missing []string `json:"missing,omitempty"`
}

var whichParserDef = &catalog.Parser{
	ID:      "which",
	Command: "which",
	Version: "1",
	Format:  "which's paths, one per line (-a: every match)",
	// Flags checked against debianutils 5.7 which (run here: -a, -s),
	// FreeBSD/macOS which(1) (-a, -s), BusyBox 1.35 which (-a) and GNU
	// which 2.21's --help (--all and the --skip-* options keep the form;
	// --read-alias/--read-functions add alias and function text, not
	// admitted).
	Flags: catalog.Flags{"-a": catalog.Bool, "-s": catalog.Bool, "--all": catalog.Bool, "--skip-alias": catalog.Bool, "--skip-functions": catalog.Bool,
		"--skip-dot": catalog.Bool, "--skip-tilde": catalog.Bool},
	MaxPositionals: -1,
	Result:         WhichResult{},
	RowsKey:        "paths",
	Examples:       [][]string{{"go"}, {"-a", "python3", "node"}},
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, Means: "one or more names were not found (missing lists them when the output allows)",
		Source: "debianutils which(1) EXIT STATUS (2 is an invalid option); FreeBSD/macOS which(1) EXIT STATUS"}},
}

// whichParsers wires the whichParserDef and returns it for the builtin list.
func whichParsers() []*catalog.Parser {
	whichParserDef.Parse = parseWhich
	return []*catalog.Parser{whichParserDef}
}

func parseWhich(c *catalog.Context) (any, error) {
	names := c.Args.Operands()
	silent := c.Args.Has("-s")
	r := c.Rows(1)
	kPaths := r.Name("paths/*")
	res := &WhichResult{Paths: make([]string, 0, kit.RowCap(c))}
	found := make([]bool, len(names))
	mapped := true
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.NonBlankLines() {
		if strings.IndexByte(line, '/') < 0 && strings.IndexByte(line, '\\') < 0 {
			c.Unread(start) // not a path: a shell's "x not found" or an alias
			continue
		}
		hit := false
		for i, n := range names {
			if line == n || strings.HasSuffix(line, "/"+n) || strings.HasSuffix(line, "\\"+n) {
				found[i], hit = true, true
			}
		}
		mapped = mapped && hit
		if c.Full(len(res.Paths)) {
			c.Omit(1)
			continue
		}
		r.At(kPaths, len(res.Paths), 0, start, start+len(line), 0)
		res.Paths = append(res.Paths, line)
	}
	if it.NonBlank > 0 && len(res.Paths) == 0 {
		return nil, catalog.Unrecognized("no line of the output is a path")
	}
	if mapped && !silent && len(c.UnreadOffsets()) == 0 {
		for i, n := range names {
			if !found[i] {
				// No byte of the output says so: the span is empty, at the end.
				c.Span(len(c.Raw), len(c.Raw), "absentFromOutput", "missing", len(res.Missing))
				res.Missing = append(res.Missing, n)
			}
		}
	}
	r.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return whichParsers() }
