// Package apt reads the output of `apt` for the catalog: the parsers apt-list, apt-search.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package apt

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// Span field ids of the package parsers' rows.
var pkPackages = catalog.SpanID("packages/*")

var (
	pfVersion       = catalog.SpanID("version")
	pfArch          = catalog.SpanID("arch")
	pfUpgradableTo  = catalog.SpanID("upgradable_to")
	pfUpgradableFro = catalog.SpanID("upgradable_from")
	pfDescription   = catalog.SpanID("description")
	pfSuites        = kit.NetItemIDs("suites", "", 8)
	pfStatus        = kit.NetItemIDs("status", "", 8)
)

// AptPackages is the parsed output of `apt list` and `apt search`.
type AptPackages struct {
	Packages []AptPackage `json:"packages"`
	// Notes are apt's "N: ..." lines ("There is 1 additional version...").
	Notes []string `json:"notes,omitempty"`
}

// AptPackage is one "name/suites version arch [status]" record. Suites are
// the archives that hold this version ("now": the installed copy). Status
// lists the bracketed words ("installed", "automatic", "local",
// "residual-config", "upgradable"); the version of an "upgradable to: X"
// or "upgradable from: X" item goes to UpgradableTo / UpgradableFrom.
// Description comes with apt search (and apt list -v), its lines joined.
type AptPackage struct {
	Name           string   `json:"name"`
	Suites         []string `json:"suites"`
	Version        string   `json:"version"`
	Arch           string   `json:"arch"`
	Status         []string `json:"status,omitempty"`
	UpgradableTo   string   `json:"upgradable_to,omitempty"`
	UpgradableFrom string   `json:"upgradable_from,omitempty"`
	Description    string   `json:"description,omitempty"`
}

var aptListParser = &catalog.Parser{
	ID:         "apt-list",
	Command:    "apt",
	Subcommand: "list",
	Version:    "1",
	OS:         []catalog.OS{catalog.Linux},
	Format:     "apt list records: name/suites version arch [status] (--installed, --upgradable, -a)",
	// Flags checked against apt 2.6 apt(8) (run here): list's filters;
	// -o/-c/-t (configuration that may change the format, e.g.
	// APT::Cmd::format) are not admitted.
	Flags: catalog.Flags{
		"--installed": catalog.Bool, "--upgradable": catalog.Bool, "--upgradeable": catalog.Bool, "-a": catalog.Bool, "--all-versions": catalog.Bool,
		"--manual-installed": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool,
	},
	MaxPositionals: -1,
	Result:         AptPackages{},
	RowsKey:        "packages",
	KeyFields:      []string{"name", "arch", "version"},
	Examples:       [][]string{{"list", "--installed"}, {"list", "--upgradable"}, {"list", "-a", "curl"}},
	Parse:          ParseApt,
}

var aptSearchParser = &catalog.Parser{
	ID:         "apt-search",
	Command:    "apt",
	Subcommand: "search",
	Version:    "1",
	OS:         []catalog.OS{catalog.Linux},
	Format:     "apt search records: name/suites version arch [status] and the indented description",
	// Flags checked against apt 2.6 apt(8) (run here): --names-only,
	// --full; the "Sorting..." and "Full Text Search..." lines are
	// progress, not results.
	Flags:          catalog.Flags{"--names-only": catalog.Bool, "-n": catalog.Bool, "--full": catalog.Bool, "-f": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool},
	MaxPositionals: -1,
	Result:         AptPackages{},
	RowsKey:        "packages",
	KeyFields:      []string{"name", "arch", "version"},
	Examples:       [][]string{{"search", "curl"}, {"search", "--names-only", "^python3-"}},
	Parse:          ParseApt,
}

// aptListParsers wires the aptListParser, aptSearchParser and returns them for the builtin list.
func aptListParsers() []*catalog.Parser {
	return []*catalog.Parser{aptListParser, aptSearchParser}
}

func ParseApt(c *catalog.Context) (any, error) {
	res := &AptPackages{Packages: make([]AptPackage, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Recording()
	rs := c.Rows(8)
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	cur := -1 // the record descriptions attach to
	dropped := false
	var descS, descE int
	multi := false
	flush := func() {
		if cur >= 0 && rec && res.Packages[cur].Description != "" {
			if multi {
				c.Span(descS, descE, "joinLines", "packages", cur, "description")
			} else {
				rs.Field(pfDescription, descS, descE, catalog.TrVerbatim)
			}
		}
	}
	var f []lex.Field
	for line, start := range it.All() {
		if lex.IsBlank(line) {
			flush()
			cur, dropped = -1, false
			continue
		}
		dataLines++
		if strings.HasPrefix(line, "  ") && (cur >= 0 || dropped) {
			read++
			if dropped {
				continue
			}
			p := &res.Packages[cur]
			t := line[2:]
			if p.Description == "" {
				p.Description, descS, multi = t, start+2, false
			} else {
				p.Description += "\n" + t
				multi = true
			}
			descE = start + len(line)
			continue
		}
		flush()
		cur, dropped = -1, false
		switch {
		case line == "Listing..." || line == "Listing... Done" || line == "Sorting..." || line == "Sorting... Done" ||
			line == "Full Text Search..." || line == "Full Text Search... Done" || strings.HasPrefix(line, "WARNING: apt does not have a stable CLI"):
			read++
			continue
		case strings.HasPrefix(line, "N: "):
			c.Span(start+3, start+len(line), "", "notes", len(res.Notes))
			res.Notes = append(res.Notes, line[3:])
			read++
			continue
		}
		f = lex.Fields(f[:0], line, 4)
		full := c.Full(len(res.Packages))
		var lrs *catalog.SpanRec
		if rec && !full {
			lrs = rs
		}
		p, ok := aptRecord(c, line, start, f, len(res.Packages), lrs)
		if !ok {
			c.Unread(start)
			continue
		}
		read++
		if full {
			c.Omit(1)
			dropped = true
			continue
		}
		res.Packages = append(res.Packages, p)
		cur = len(res.Packages) - 1
	}
	flush()
	if dataLines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as apt list or apt search output")
	}
	if rec {
		rs.Finish()
	}
	return res, nil
}

// aptRecord reads "curl/oldstable,now 7.88.1-10+deb12u14 amd64 [installed,upgradable to: 7.88.1-10+deb12u15]".
// It records spans (rs not nil) only for a record it reads.
func aptRecord(c *catalog.Context, line string, start int, f []lex.Field, idx int, rs *catalog.SpanRec) (AptPackage, bool) {
	var p AptPackage
	if len(f) < 3 {
		return p, false
	}
	head := line[f[0].Start:f[0].End]
	slash := strings.IndexByte(head, '/')
	if slash <= 0 || slash == len(head)-1 {
		return p, false
	}
	if len(f) == 4 {
		st := line[f[3].Start:f[3].End]
		if len(st) < 2 || st[0] != '[' || st[len(st)-1] != ']' {
			return p, false
		}
	}
	p.Name = head[:slash]
	p.Version = line[f[1].Start:f[1].End]
	p.Arch = line[f[2].Start:f[2].End]
	if rs != nil {
		rs.Begin(pkPackages, idx)
		rs.Field(sfName, start+f[0].Start, start+f[0].Start+slash, catalog.TrVerbatim)
		rs.Field(pfVersion, start+f[1].Start, start+f[1].End, catalog.TrVerbatim)
		rs.Field(pfArch, start+f[2].Start, start+f[2].End, catalog.TrVerbatim)
	}
	item := func(ids []uint16, list string, n, s, e int, tr catalog.SpanTr) {
		if rs == nil {
			return
		}
		if n < len(ids) {
			rs.Field(ids[n], s, e, tr)
		} else {
			c.Span(s, e, catalog.TrNames[tr], "packages", idx, list, n)
		}
	}
	// Suites: "oldstable,now", counted first so the list is allocated once.
	suites := head[slash+1:]
	p.Suites = make([]string, 0, strings.Count(suites, ",")+1)
	pos := f[0].Start + slash + 1
	for suites != "" {
		s, rest, _ := strings.Cut(suites, ",")
		if s != "" {
			item(pfSuites, "suites", len(p.Suites), start+pos, start+pos+len(s), catalog.TrVerbatim)
			p.Suites = append(p.Suites, s)
		}
		pos += len(s) + 1
		suites = rest
	}
	if len(f) == 4 {
		st := line[f[3].Start+1 : f[3].End-1]
		p.Status = make([]string, 0, strings.Count(st, ",")+1)
		pos := f[3].Start + 1
		for st != "" {
			it, rest, _ := strings.Cut(st, ",")
			st = rest
			is := start + pos
			pos += len(it) + 1
			word := it
			if v, ok := strings.CutPrefix(it, "upgradable to: "); ok && v != "" && p.UpgradableTo == "" {
				p.UpgradableTo, word = v, "upgradable"
				if rs != nil {
					rs.Field(pfUpgradableTo, is+len("upgradable to: "), is+len(it), catalog.TrVerbatim)
				}
			} else if v, ok := strings.CutPrefix(it, "upgradable from: "); ok && v != "" && p.UpgradableFrom == "" {
				p.UpgradableFrom, word = v, "upgradable"
				if rs != nil {
					rs.Field(pfUpgradableFro, is+len("upgradable from: "), is+len(it), catalog.TrVerbatim)
				}
			}
			if word == "" {
				continue
			}
			// "upgradable" is the first word of its item: verbatim.
			item(pfStatus, "status", len(p.Status), is, is+len(word), catalog.TrVerbatim)
			p.Status = append(p.Status, word)
		}
		if len(p.Status) == 0 {
			p.Status = nil
		}
	}
	return p, true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return aptListParsers() }

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	sfName = catalog.SpanID("name")
)
