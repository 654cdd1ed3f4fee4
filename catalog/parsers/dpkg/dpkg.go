// Package dpkg reads the output of `dpkg` for the catalog: the parsers dpkg-list, dpkg-query-list.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package dpkg

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
)

// DpkgResult is dpkg -l's package table.
type DpkgResult struct {
	Packages []DpkgPackage `json:"packages"`
}

// DpkgPackage is one row of dpkg -l.
type DpkgPackage struct {
	// Status is the two or three status letters as printed ("ii", "rc", "iU", "iiR").
	Status string `json:"status"`
	// Desired is the first letter spelled out: unknown, install, remove, purge, hold.
	Desired string `json:"desired"`
	// State is the second letter spelled out: not-installed, installed, config-files, unpacked, half-configured, half-installed, triggers-awaited, triggers-pending.
	State string `json:"state"`
	// ReinstRequired is the third letter R: the package is broken and must be reinstalled.
	ReinstRequired bool `json:"reinst_required,omitempty"`
	// Name is the package name, with :arch for a foreign architecture.
	Name string `json:"name"`
	// Version is the installed (or last known) version.
	Version string `json:"version"`
	// Architecture is the package architecture (amd64, all).
	Architecture string `json:"architecture"`
	// Description is the short description.
	Description string `json:"description,omitempty"`
}

var dpkgDesired = map[byte]string{'u': "unknown", 'i': "install", 'r': "remove", 'p': "purge", 'h': "hold"}

var dpkgState = map[byte]string{'n': "not-installed", 'i': "installed", 'c': "config-files", 'u': "unpacked",
	'f': "half-configured", 'h': "half-installed", 'w': "triggers-awaited", 't': "triggers-pending"}

// dpkgFlags: dpkg-query(1) of dpkg 1.21.22 (Debian 12): -l/--list
// [PATTERN...] prints the table (dpkg -l passes it on to dpkg-query);
// --no-pager keeps it; -W/--show and -f print other forms (refused).
var dpkgFlags = catalog.Flags{"-l": catalog.Bool, "--list": catalog.Bool, "--no-pager": catalog.Bool}

func dpkgParsers() []*catalog.Parser {
	mk := func(cmd string) *catalog.Parser {
		return &catalog.Parser{
			ID: cmd + "-list", Command: cmd, Version: "1", OS: []catalog.OS{catalog.Linux},
			Format: cmd + " -l's package table: status letters, name, version, architecture, description",
			Flags:  dpkgFlags, MaxPositionals: -1, Result: DpkgResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"-l"}, {"-l", "libc6"}, {"-l", "python3*"}},
			Table:    &catalog.TableLines{Skip: []string{"Desired=", "|", "+++-", dpkgNoMatch}},
			Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
				if !argv.Has("-l", "--list") {
					return catalog.Unsupported([]string{"-l"}, "%s reads only the -l table", cmd)
				}
				return nil
			},
			ExitAnswers: []catalog.ExitAnswer{{Code: 1, Means: "a pattern matched no package (the table holds those that matched)",
				Source: "dpkg-query(1) 1.21, EXIT STATUS: 1 when no package is found"}},
			Parse: parseDpkgList,
		}
	}
	return []*catalog.Parser{mk("dpkg"), mk("dpkg-query")}
}

// dpkgNoMatch starts dpkg-query's stderr line for a pattern that matched
// nothing (exit status 1, an answer: see ExitAnswers), seen when stderr is
// piped in with 2>&1 (dpkg 1.21.22, src/query/main.c).
const dpkgNoMatch = "dpkg-query: no packages found matching "

func parseDpkgList(c *catalog.Context) (any, error) {
	res := &DpkgResult{Packages: make([]DpkgPackage, 0, kit.RowCap(c))}
	data := 0
	var fb kit.FieldBuf
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "Desired=") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "+++-") ||
			strings.HasPrefix(t, dpkgNoMatch) {
			continue
		}
		data++
		toks := fb.Fields(l, 5)
		st := ""
		if len(toks) >= 4 {
			st = c.Raw[toks[0][0]:toks[0][1]]
		}
		if len(st) < 2 || len(st) > 3 || dpkgDesired[st[0]] == "" || dpkgState[lower(st[1])] == "" || (len(st) == 3 && st[2] != 'R') {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Packages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Packages)
		p := DpkgPackage{Desired: dpkgDesired[st[0]], State: dpkgState[lower(st[1])], ReinstRequired: len(st) == 3}
		p.Status = kit.Text(c, toks[0][0], toks[0][1], "packages", i, "status")
		c.Span(toks[0][0], toks[0][0]+1, "statusCode", "packages", i, "desired")
		c.Span(toks[0][0]+1, toks[0][0]+2, "statusCode", "packages", i, "state")
		if p.ReinstRequired {
			c.Span(toks[0][0]+2, toks[0][0]+3, "marker", "packages", i, "reinst_required")
		}
		p.Name = kit.Text(c, toks[1][0], toks[1][1], "packages", i, "name")
		p.Version = kit.Text(c, toks[2][0], toks[2][1], "packages", i, "version")
		p.Architecture = kit.Text(c, toks[3][0], toks[3][1], "packages", i, "architecture")
		if len(toks) == 5 {
			p.Description = kit.Text(c, toks[4][0], toks[4][1], "packages", i, "description")
		}
		res.Packages = append(res.Packages, p)
	}
	if data > 0 && len(res.Packages) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("dpkg -l")
	}
	return res, nil
}

// lower is the lower case of an ASCII letter (dpkg prints a bad state in upper case).
func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return dpkgParsers() }
