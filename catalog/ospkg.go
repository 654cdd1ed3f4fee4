package catalog

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// OS package managers: apt list, apt search, brew list.

// Span field ids of the package parsers' rows.
var (
	pkPackages      = spanID("packages/*")
	pfVersion       = spanID("version")
	pfArch          = spanID("arch")
	pfUpgradableTo  = spanID("upgradable_to")
	pfUpgradableFro = spanID("upgradable_from")
	pfDescription   = spanID("description")
	pfSuites        = netItemIDs("suites", "", 8)
	pfStatus        = netItemIDs("status", "", 8)
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

var aptListParser = &Parser{
	ID:         "apt-list",
	Command:    "apt",
	Subcommand: "list",
	Version:    "1",
	OS:         []OS{Linux},
	Format:     "apt list records: name/suites version arch [status] (--installed, --upgradable, -a)",
	// Flags checked against apt 2.6 apt(8) (run here): list's filters;
	// -o/-c/-t (configuration that may change the format, e.g.
	// APT::Cmd::format) are not admitted.
	Flags: Flags{
		"--installed": Bool, "--upgradable": Bool, "--upgradeable": Bool, "-a": Bool, "--all-versions": Bool,
		"--manual-installed": Bool, "-v": Bool, "--verbose": Bool, "-q": Bool, "--quiet": Bool,
	},
	MaxPositionals: -1,
	Result:         AptPackages{},
	RowsKey:        "packages",
	KeyFields:      []string{"name", "arch", "version"},
	Examples:       [][]string{{"list", "--installed"}, {"list", "--upgradable"}, {"list", "-a", "curl"}},
	Parse:          parseApt,
}

var aptSearchParser = &Parser{
	ID:         "apt-search",
	Command:    "apt",
	Subcommand: "search",
	Version:    "1",
	OS:         []OS{Linux},
	Format:     "apt search records: name/suites version arch [status] and the indented description",
	// Flags checked against apt 2.6 apt(8) (run here): --names-only,
	// --full; the "Sorting..." and "Full Text Search..." lines are
	// progress, not results.
	Flags:          Flags{"--names-only": Bool, "-n": Bool, "--full": Bool, "-f": Bool, "-q": Bool, "--quiet": Bool},
	MaxPositionals: -1,
	Result:         AptPackages{},
	RowsKey:        "packages",
	KeyFields:      []string{"name", "arch", "version"},
	Examples:       [][]string{{"search", "curl"}, {"search", "--names-only", "^python3-"}},
	Parse:          parseApt,
}

// aptListParsers wires the aptListParser, aptSearchParser and returns them for the builtin list.
func aptListParsers() []*Parser {
	return []*Parser{aptListParser, aptSearchParser}
}

func parseApt(c *Context) (any, error) {
	res := &AptPackages{Packages: make([]AptPackage, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Recording()
	rs := newSpanRec(c, 8)
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	cur := -1 // the record descriptions attach to
	dropped := false
	var descS, descE int
	multi := false
	flush := func() {
		if cur >= 0 && rec && res.Packages[cur].Description != "" {
			if multi {
				c.spanPath(descS, descE, "joinLines", "packages", cur, "description")
			} else {
				rs.field(pfDescription, descS, descE, trVerbatim)
			}
		}
	}
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
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
			c.spanPath(start+3, start+len(line), "", "notes", len(res.Notes))
			res.Notes = append(res.Notes, line[3:])
			read++
			continue
		}
		f = lex.Fields(f[:0], line, 4)
		full := c.Full(len(res.Packages))
		var lrs *spanRec
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
		return nil, Unrecognized("no line of the output reads as apt list or apt search output")
	}
	if rec {
		rs.finish()
	}
	return res, nil
}

// aptRecord reads "curl/oldstable,now 7.88.1-10+deb12u14 amd64 [installed,upgradable to: 7.88.1-10+deb12u15]".
// It records spans (rs not nil) only for a record it reads.
func aptRecord(c *Context, line string, start int, f []lex.Field, idx int, rs *spanRec) (AptPackage, bool) {
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
		rs.begin(pkPackages, idx)
		rs.field(sfName, start+f[0].Start, start+f[0].Start+slash, trVerbatim)
		rs.field(pfVersion, start+f[1].Start, start+f[1].End, trVerbatim)
		rs.field(pfArch, start+f[2].Start, start+f[2].End, trVerbatim)
	}
	item := func(ids []uint16, list string, n, s, e int, tr spanTr) {
		if rs == nil {
			return
		}
		if n < len(ids) {
			rs.field(ids[n], s, e, tr)
		} else {
			c.spanPath(s, e, trNames[tr], "packages", idx, list, n)
		}
	}
	// Suites: "oldstable,now", counted first so the list is allocated once.
	suites := head[slash+1:]
	p.Suites = make([]string, 0, strings.Count(suites, ",")+1)
	pos := f[0].Start + slash + 1
	for suites != "" {
		s, rest, _ := strings.Cut(suites, ",")
		if s != "" {
			item(pfSuites, "suites", len(p.Suites), start+pos, start+pos+len(s), trVerbatim)
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
					rs.field(pfUpgradableTo, is+len("upgradable to: "), is+len(it), trVerbatim)
				}
			} else if v, ok := strings.CutPrefix(it, "upgradable from: "); ok && v != "" && p.UpgradableFrom == "" {
				p.UpgradableFrom, word = v, "upgradable"
				if rs != nil {
					rs.field(pfUpgradableFro, is+len("upgradable from: "), is+len(it), trVerbatim)
				}
			}
			if word == "" {
				continue
			}
			// "upgradable" is the first word of its item: verbatim.
			item(pfStatus, "status", len(p.Status), is, is+len(word), trVerbatim)
			p.Status = append(p.Status, word)
		}
		if len(p.Status) == 0 {
			p.Status = nil
		}
	}
	return p, true
}

// ---------------------------------------------------------------- brew

// BrewPackages is the parsed output of `brew list` (one name per line when
// not on a terminal) and `brew list --versions` (name and versions).
type BrewPackages struct {
	Packages []BrewPackage `json:"packages"`
}

// BrewPackage is one installed formula or cask. Kind is "formula" or
// "cask" when brew said so (a "==> Formulae" / "==> Casks" heading) or the
// arguments asked for one kind.
type BrewPackage struct {
	Name     string   `json:"name"`
	Versions []string `json:"versions,omitempty"`
	Kind     string   `json:"kind,omitempty"`
}

var brewListParser = &Parser{
	ID:      "brew-list",
	Command: "brew",
	Version: "1",
	OS:      []OS{Darwin, Linux},
	Format:  "brew list [--versions]: one package per line, its versions after the name",
	// Flags checked against Homebrew 4.4's `brew list` manual (docs.brew.sh
	// Manpage): the filters (--installed-on-request,
	// --installed-as-dependency, --poured-from-bottle, --built-from-source,
	// --pinned, --multiple) keep the one-name-per-line form; -l/-t/-r (an
	// ls -l listing) are refused with the hint --versions, and so are
	// formula operands without --versions (brew then lists their files).
	Flags: Flags{
		"--versions": Bool, "--formula": Bool, "--formulae": Bool, "--cask": Bool, "--casks": Bool, "-1": Bool,
		"--full-name": Bool, "--pinned": Bool, "--multiple": Bool, "-q": Bool, "--quiet": Bool,
		"--installed-on-request": Bool, "--installed-as-dependency": Bool, "--poured-from-bottle": Bool,
		"--built-from-source": Bool,
		// Refused by the check, which builds the hint.
		"-l": Bool, "-t": Bool, "-r": Bool,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-v": {}, "--verbose": {}},
	Result:         BrewPackages{},
	RowsKey:        "packages",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{"list", "--versions"}, {"list", "--cask", "--versions"}},
	Check:          brewListCheck,
	Parse:          parseBrewList,
}

// brewListCheck requires the list (ls) subcommand and refuses the ls -l
// style listings (-l, -t, -r), suggesting --versions instead.
func brewListCheck(args []string, _ OS) *ParseError {
	sub := -1
	for i, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			if a == "list" || a == "ls" {
				sub = i
			}
			break
		}
	}
	if sub < 0 {
		return Unsupported([]string{"list", "--versions"}, "only brew list is read")
	}
	var hint []string
	refused := ""
	for i, a := range args {
		if i > sub && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a[1:], "ltr") {
			refused = a
			continue
		}
		hint = append(hint, a)
		if i == sub && !slices.Contains(args, "--versions") {
			hint = append(hint, "--versions")
		}
	}
	if refused != "" {
		return Unsupported(hint, "brew list %s prints a long listing, not names and versions", refused)
	}
	if !slices.Contains(args, "--versions") {
		for i, a := range args[sub+1:] {
			if a == "--" || !strings.HasPrefix(a, "-") {
				return Unsupported(hint, "brew list %s lists the files of the packages named; --versions lists the packages", args[sub+1+i])
			}
		}
	}
	return nil
}

// brewListParsers wires the brewListParser and returns it for the builtin list.
func brewListParsers() []*Parser {
	return []*Parser{brewListParser}
}

func parseBrewList(c *Context) (any, error) {
	res := &BrewPackages{Packages: []BrewPackage{}}
	kind := ""
	versions := false
	for _, a := range c.Args {
		switch a {
		case "--formula", "--formulae":
			kind = "formula"
		case "--cask", "--casks":
			kind = "cask"
		case "--versions":
			versions = true
		}
	}
	rec := c.Recording()
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	var f []lex.Field
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		switch strings.TrimSpace(line) {
		case "==> Formulae":
			kind = "formula"
			read++
			continue
		case "==> Casks":
			kind = "cask"
			read++
			continue
		}
		f = lex.Fields(f[:0], line, 0)
		if versions && len(f) < 2 || !versions && len(f) != 1 || line[f[0].Start] == '/' {
			// a path is a file of a package, never a package's name
			c.Unread(start)
			continue
		}
		read++
		idx := len(res.Packages)
		if c.Full(idx) {
			c.Omit(1)
			continue
		}
		p := BrewPackage{Name: line[f[0].Start:f[0].End], Kind: kind}
		if rec {
			c.spanPath(start+f[0].Start, start+f[0].End, "", "packages", idx, "name")
			if kind != "" {
				c.spanPath(start, start, "kind", "packages", idx, "kind")
			}
		}
		for k, v := range f[1:] {
			p.Versions = append(p.Versions, line[v.Start:v.End])
			if rec {
				c.spanPath(start+v.Start, start+v.End, "", "packages", idx, "versions", k)
			}
		}
		res.Packages = append(res.Packages, p)
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as brew list output")
	}
	return res, nil
}
