package catalog

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Package inspection: dpkg -l (Debian's installed packages), pip list,
// pip freeze and pip show (pip and pip3), go version, go env and go list.
// Agents run them to learn what is installed, at which version, before
// they add or upgrade a dependency.

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
var dpkgFlags = Flags{"-l": Bool, "--list": Bool, "--no-pager": Bool}

func dpkgParsers() []*Parser {
	mk := func(cmd string) *Parser {
		return &Parser{
			ID: cmd + "-list", Command: cmd, Version: "1", OS: []OS{Linux},
			Format: cmd + " -l's package table: status letters, name, version, architecture, description",
			Flags:  dpkgFlags, MaxPositionals: -1, Result: DpkgResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"-l"}, {"-l", "libc6"}, {"-l", "python3*"}},
			Table:    &TableLines{Skip: []string{"Desired=", "|", "+++-", dpkgNoMatch}},
			Check: func(args []string, _ OS) *ParseError {
				if !slices.Contains(args, "-l") && !slices.Contains(args, "--list") && !hasFlag(args, "-l") {
					return Unsupported([]string{"-l"}, "%s reads only the -l table", cmd)
				}
				return nil
			},
			ExitAnswers: []ExitAnswer{{Code: 1, Means: "a pattern matched no package (the table holds those that matched)",
				Source: "dpkg-query(1) 1.21, EXIT STATUS: 1 when no package is found"}},
			Parse: parseDpkgList,
		}
	}
	return []*Parser{mk("dpkg"), mk("dpkg-query")}
}

// dpkgNoMatch starts dpkg-query's stderr line for a pattern that matched
// nothing (exit status 1, an answer: see ExitAnswers), seen when stderr is
// piped in with 2>&1 (dpkg 1.21.22, src/query/main.c).
const dpkgNoMatch = "dpkg-query: no packages found matching "

func parseDpkgList(c *Context) (any, error) {
	res := &DpkgResult{Packages: []DpkgPackage{}}
	data := 0
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "Desired=") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "+++-") ||
			strings.HasPrefix(t, dpkgNoMatch) {
			continue
		}
		data++
		toks := insFields(l, 5)
		st := ""
		if len(toks) >= 4 {
			st = c.Raw[toks[0][0]:toks[0][1]]
		}
		if len(st) < 2 || len(st) > 3 || dpkgDesired[st[0]] == "" || dpkgState[lower(st[1])] == "" || (len(st) == 3 && st[2] != 'R') {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Packages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Packages)
		p := DpkgPackage{Desired: dpkgDesired[st[0]], State: dpkgState[lower(st[1])], ReinstRequired: len(st) == 3}
		p.Status = insStr(c, toks[0][0], toks[0][1], "packages", i, "status")
		c.spanPath(toks[0][0], toks[0][0]+1, "statusCode", "packages", i, "desired")
		c.spanPath(toks[0][0]+1, toks[0][0]+2, "statusCode", "packages", i, "state")
		if p.ReinstRequired {
			c.spanPath(toks[0][0]+2, toks[0][0]+3, "marker", "packages", i, "reinst_required")
		}
		p.Name = insStr(c, toks[1][0], toks[1][1], "packages", i, "name")
		p.Version = insStr(c, toks[2][0], toks[2][1], "packages", i, "version")
		p.Architecture = insStr(c, toks[3][0], toks[3][1], "packages", i, "architecture")
		if len(toks) == 5 {
			p.Description = insStr(c, toks[4][0], toks[4][1], "packages", i, "description")
		}
		res.Packages = append(res.Packages, p)
	}
	if data > 0 && len(res.Packages) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("dpkg -l")
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

// PipListResult is pip list's packages (the columns and freeze formats).
type PipListResult struct {
	Packages []PipPackage `json:"packages"`
}

// PipPackage is one installed distribution.
type PipPackage struct {
	// Name is the project name as installed.
	Name string `json:"name"`
	// Version is the installed version.
	Version string `json:"version,omitempty"`
	// Latest is --outdated's newest version.
	Latest string `json:"latest,omitempty"`
	// Type is --outdated's wheel or sdist.
	Type string `json:"type,omitempty"`
	// EditableLocation is the project directory of an editable install.
	EditableLocation string `json:"editable_location,omitempty"`
	// Location is -v's site-packages directory.
	Location string `json:"location,omitempty"`
	// Installer is -v's installer (pip, uv...).
	Installer string `json:"installer,omitempty"`
	// URL is a freeze line's "name @ url" direct reference.
	URL string `json:"url,omitempty"`
	// Editable marks a freeze "-e location" line.
	Editable bool `json:"editable,omitempty"`
}

// pipListFlags: pip list --help of pip 23.2.1 (Debian 12 python3-pip
// prints the same): -o/-u (outdated/uptodate add Latest and Type
// columns), -e/--editable, --exclude-editable, --include-editable,
// -l/--local, --user, --not-required, --pre, --path DIR, -v (Location and
// Installer columns), --format columns|freeze (json passes through), -q,
// --exclude PKG; --index-url and friends only change where -o looks.
var pipListFlags = Flags{"-o": Bool, "--outdated": Bool, "-u": Bool, "--uptodate": Bool, "-e": Bool, "--editable": Bool,
	"--exclude-editable": Bool, "--include-editable": Bool, "-l": Bool, "--local": Bool, "--user": Bool,
	"--not-required": Bool, "--pre": Bool, "--path": Value, "-v": Bool, "--verbose": Bool, "--format": Value,
	"-q": Bool, "--quiet": Bool, "--exclude": Value, "--disable-pip-version-check": Bool, "--no-color": Bool,
	"--no-python-version-warning": Bool}

// pipFreezeFlags: pip freeze --help of pip 23.2.1: -l, --user, --path,
// --all, --exclude-editable, --exclude; -r FILE orders by a requirements
// file and adds its comments (read too: comment lines are skipped).
var pipFreezeFlags = Flags{"-l": Bool, "--local": Bool, "--user": Bool, "--path": Value, "--all": Bool,
	"--exclude-editable": Bool, "--exclude": Value, "-r": Value, "--requirement": Value, "-q": Bool,
	"--disable-pip-version-check": Bool, "--no-python-version-warning": Bool}

// pipShowFlags: pip show --help of pip 23.2.1: -f/--files, -v (more
// fields, Classifiers and Entry-points lists).
var pipShowFlags = Flags{"-f": Bool, "--files": Bool, "-v": Bool, "--verbose": Bool,
	"--disable-pip-version-check": Bool, "--no-python-version-warning": Bool}

func pipParsers() []*Parser {
	var out []*Parser
	for _, cmd := range []string{"pip", "pip3"} {
		out = append(out, &Parser{
			ID: cmd + "-list", Command: cmd, Subcommand: "list", Version: "1",
			Format: "pip list's columns (Package Version, -o Latest Type, -v Location Installer, editable location) and --format=freeze",
			Flags:  pipListFlags, MaxPositionals: 0, Result: PipListResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"list"}, {"list", "--not-required"}, {"list", "--format=freeze"}},
			Table:    &TableLines{Skip: []string{"Package ", "----", "#", "WARNING:", "[notice]"}},
			Check: func(args []string, _ OS) *ParseError {
				if f := pipFormat(args); f != "" && f != "columns" && f != "freeze" {
					return Unsupported(nil, "pip list --format=%s is not read (json passes through as JSON)", f)
				}
				return nil
			},
			Parse: parsePipList,
		}, &Parser{
			ID: cmd + "-freeze", Command: cmd, Subcommand: "freeze", Version: "1",
			Format: "pip freeze's requirement lines: name==version, name @ url, -e location; comment lines skipped",
			Flags:  pipFreezeFlags, MaxPositionals: 0, Result: PipListResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"freeze"}, {"freeze", "--all"}},
			Table:    &TableLines{Skip: []string{"#", "WARNING:", "[notice]"}},
			Parse:    parsePipFreeze,
		}, &Parser{
			ID: cmd + "-show", Command: cmd, Subcommand: "show", Version: "1",
			Format: "pip show's \"Key: value\" blocks separated by ---, -f Files and -v lists",
			Flags:  pipShowFlags, MaxPositionals: -1, Result: PipShowResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"show", "pip"}, {"show", "-f", "requests"}},
			ExitAnswers: []ExitAnswer{{Code: 1, Means: "none of the named packages is installed (pip warns on stderr)",
				Source: "pip 23.2 src/pip/_internal/commands/show.py: run returns ERROR (1) when no result was printed"}},
			Parse: parsePipShow,
		})
	}
	return out
}

func pipFormat(args []string) string {
	for i, a := range args {
		if a == "--format" && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, "--format="); ok {
			return v
		}
	}
	return ""
}

func parsePipList(c *Context) (any, error) {
	if pipFormat(c.Args) == "freeze" {
		return parsePipFreeze(c)
	}
	res := &PipListResult{Packages: []PipPackage{}}
	var cols []string
	var starts [][2]int // the ruler's runs of '-', in rune columns
	data := 0
	for _, l := range insLines(c.Raw) {
		t := strings.TrimSpace(l.text)
		switch {
		case t == "", strings.HasPrefix(t, "WARNING:"), strings.HasPrefix(t, "[notice]"):
			continue
		case strings.HasPrefix(t, "Package ") && cols == nil:
			// "Editable project location" is one column of three words.
			cols = strings.Fields(strings.ReplaceAll(t, "Editable project location", "Editable_project_location"))
			continue
		case strings.HasPrefix(t, "----") && starts == nil:
			starts = lex.RuleColumns(l.text, '-')
			if len(starts) != len(cols) {
				return nil, Unrecognized("pip list's ruler has %d columns, its header %d", len(starts), len(cols))
			}
			continue
		}
		data++
		if starts == nil {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Packages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Packages)
		var p PipPackage
		mark := c.rec().mark()
		ok := true
		ascii := lex.IsASCII(l.text)
		for j, h := range cols {
			s := lex.ColumnByte(l.text, ascii, starts[j][0])
			e := len(l.text)
			if j+1 < len(cols) {
				e = min(lex.ColumnByte(l.text, ascii, starts[j+1][0]), len(l.text))
			}
			if s >= e {
				continue
			}
			if s > 0 && l.text[s-1] != ' ' {
				ok = false // a cell runs into the next column
				break
			}
			s, e = lex.TrimSpaceRange(l.text, s, e)
			if s == e {
				continue
			}
			var dst *string
			leaf := ""
			switch h {
			case "Package":
				dst, leaf = &p.Name, "name"
			case "Version":
				dst, leaf = &p.Version, "version"
			case "Latest":
				dst, leaf = &p.Latest, "latest"
			case "Type":
				dst, leaf = &p.Type, "type"
			case "Editable_project_location":
				dst, leaf = &p.EditableLocation, "editable_location"
			case "Location":
				dst, leaf = &p.Location, "location"
			case "Installer":
				dst, leaf = &p.Installer, "installer"
			}
			if dst == nil || *dst != "" {
				ok = false
				break
			}
			*dst = insStr(c, l.at+s, l.at+e, "packages", i, leaf)
		}
		if !ok || p.Name == "" {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Packages = append(res.Packages, p)
	}
	if data > 0 && len(res.Packages) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("pip list")
	}
	return res, nil
}

func parsePipFreeze(c *Context) (any, error) {
	res := &PipListResult{Packages: []PipPackage{}}
	data := 0
	for _, l := range insLines(c.Raw) {
		t := strings.TrimSpace(l.text)
		if t == "" || t[0] == '#' || strings.HasPrefix(t, "WARNING:") || strings.HasPrefix(t, "[notice]") {
			continue
		}
		data++
		if c.Full(len(res.Packages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Packages)
		var p PipPackage
		ls, le := l.at, l.at+len(l.text)
		mark := c.rec().mark()
		switch {
		case strings.HasPrefix(t, "-e ") || strings.HasPrefix(t, "--editable "):
			ms := strings.IndexByte(l.text, '-')
			me := ms + strings.IndexByte(l.text[ms:], ' ')
			vs := l.at + me
			for vs < le && c.Raw[vs] == ' ' {
				vs++
			}
			ve := l.at + len(strings.TrimRight(l.text, " "))
			if vs >= ve {
				c.Unread(l.at)
				continue
			}
			v := c.Raw[vs:ve]
			p.Editable = true
			c.spanPath(l.at+ms, l.at+me, "marker", "packages", i, "editable")
			p.URL = insStr(c, vs, ve, "packages", i, "url")
			if k := strings.Index(v, "#egg="); k >= 0 && k+5 < len(v) {
				name := v[k+5:]
				if a := strings.IndexByte(name, '&'); a >= 0 {
					name = name[:a]
				}
				p.Name = insStr(c, vs+k+5, vs+k+5+len(name), "packages", i, "name")
			}
			if p.Name == "" {
				// A local directory: its name is not printed, the location stands for it.
				p.Name = insStr(c, vs, ve, "packages", i, "name")
			}
		case strings.Contains(t, " @ "):
			k := strings.Index(l.text, " @ ")
			ns, ne := ls+len(l.text)-len(strings.TrimLeft(l.text, " ")), ls+k
			p.Name = insStr(c, ns, ne, "packages", i, "name")
			us, ue := ls+k+3, ls+len(strings.TrimRight(l.text, " "))
			if us >= ue || ns >= ne {
				c.rec().truncate(mark)
				c.Unread(l.at)
				continue
			}
			p.URL = insStr(c, us, ue, "packages", i, "url")
		case strings.Contains(t, "=="):
			k := strings.Index(l.text, "==")
			ns := ls + len(l.text) - len(strings.TrimLeft(l.text, " "))
			ve := ls + len(strings.TrimRight(l.text, " "))
			if ns >= ls+k || ls+k+2 >= ve || strings.ContainsAny(l.text[ns-ls:k], " ;") {
				c.Unread(l.at)
				continue
			}
			p.Name = insStr(c, ns, ls+k, "packages", i, "name")
			p.Version = insStr(c, ls+k+2, ve, "packages", i, "version")
		default:
			c.Unread(l.at)
			continue
		}
		res.Packages = append(res.Packages, p)
	}
	if data > 0 && len(res.Packages) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("pip freeze")
	}
	return res, nil
}

// PipShowResult is pip show's packages.
type PipShowResult struct {
	Packages []PipShowPackage `json:"packages"`
}

// PipShowPackage is one block of pip show.
type PipShowPackage struct {
	// Name is the project name.
	Name string `json:"name"`
	// Version is the installed version.
	Version string `json:"version,omitempty"`
	// Summary is the one-line summary.
	Summary string `json:"summary,omitempty"`
	// HomePage is Home-page.
	HomePage string `json:"home_page,omitempty"`
	// License is the license field.
	License string `json:"license,omitempty"`
	// Location is the site-packages directory.
	Location string `json:"location,omitempty"`
	// EditableLocation is an editable install's project directory.
	EditableLocation string `json:"editable_location,omitempty"`
	// Requires are the distributions it depends on.
	Requires []string `json:"requires"`
	// RequiredBy are the installed distributions that depend on it.
	RequiredBy []string `json:"required_by"`
	// Files are -f's files, relative to Location.
	Files []string `json:"files,omitempty"`
	// Lists are -v's other indented lists (Classifiers, Entry-points), by key.
	Lists map[string][]string `json:"lists,omitempty"`
	// Fields holds every other "Key: value" line (Author, Author-email, Metadata-Version, Installer...).
	Fields map[string]string `json:"fields,omitempty"`
}

func parsePipShow(c *Context) (any, error) {
	res := &PipShowResult{Packages: []PipShowPackage{}}
	cur := -1
	list := "" // the key whose indented lines follow
	lines := insLines(c.Raw)
	for n, l := range lines {
		t := l.text
		if strings.TrimSpace(t) == "" {
			continue
		}
		// pip's stderr piped in: "WARNING: Package(s) not found: NAME, ..."
		// names those that are absent from the blocks (exit status 0 when
		// some were found): kept as a warning.
		if w, ok := strings.CutPrefix(t, "WARNING: "); ok {
			c.Warn(w)
			continue
		}
		// pip 23's show.py prints this in place of -f's list when the
		// distribution has no RECORD (Debian's packaged modules): files stays absent.
		if t == "Cannot locate RECORD or installed-files.txt" && list == "Files" && cur >= 0 {
			c.Warn(res.Packages[cur].Name + ": pip records no file list (no RECORD or installed-files.txt)")
			list = ""
			continue
		}
		if t == "---" {
			cur, list = -1, ""
			continue
		}
		if t[0] == ' ' || t[0] == '\t' {
			if cur < 0 || list == "" {
				c.Unread(l.at)
				continue
			}
			p := &res.Packages[cur]
			s := l.at + len(t) - len(strings.TrimLeft(t, " \t"))
			e := l.at + len(strings.TrimRight(t, " "))
			if list == "Files" {
				c.spanPath(s, e, "", "packages", cur, "files", len(p.Files))
				p.Files = append(p.Files, c.Raw[s:e])
				continue
			}
			c.spanPath(s, e, "", "packages", cur, "lists", list, len(p.Lists[list]))
			p.Lists[list] = append(p.Lists[list], c.Raw[s:e])
			continue
		}
		ks, ke, vs, ve, ok := insKV(l, ":")
		if !ok {
			c.Unread(l.at)
			continue
		}
		key := c.Raw[ks:ke]
		if key == "Name" {
			if c.Full(len(res.Packages)) {
				c.Omit(1)
				cur = -2
				continue
			}
			cur = len(res.Packages)
			res.Packages = append(res.Packages, PipShowPackage{Requires: []string{}, RequiredBy: []string{}})
		}
		if cur == -2 {
			continue
		}
		if cur < 0 {
			c.Unread(l.at)
			continue
		}
		p := &res.Packages[cur]
		list = ""
		str := func(dst *string, leaf string) {
			if *dst != "" || vs == ve {
				return
			}
			*dst = insStr(c, vs, ve, "packages", cur, leaf)
		}
		names := func(dst *[]string, leaf string) {
			p0 := vs
			for k := vs; k <= ve; k++ {
				if k == ve || c.Raw[k] == ',' {
					s, e := p0, k
					for s < e && c.Raw[s] == ' ' {
						s++
					}
					for e > s && c.Raw[e-1] == ' ' {
						e--
					}
					if s < e {
						c.spanPath(s, e, "", "packages", cur, leaf, len(*dst))
						*dst = append(*dst, c.Raw[s:e])
					}
					p0 = k + 1
				}
			}
		}
		switch key {
		case "Name":
			str(&p.Name, "name")
		case "Version":
			str(&p.Version, "version")
		case "Summary":
			str(&p.Summary, "summary")
		case "Home-page":
			str(&p.HomePage, "home_page")
		case "License":
			str(&p.License, "license")
		case "Location":
			str(&p.Location, "location")
		case "Editable project location":
			str(&p.EditableLocation, "editable_location")
		case "Requires":
			if len(p.Requires) == 0 {
				names(&p.Requires, "requires")
			}
		case "Required-by":
			if len(p.RequiredBy) == 0 {
				names(&p.RequiredBy, "required_by")
			}
		case "Files":
			list = "Files"
			if p.Files == nil {
				p.Files = []string{}
			}
		default:
			next := n+1 < len(lines) && lines[n+1].text != "" && (lines[n+1].text[0] == ' ' || lines[n+1].text[0] == '\t')
			if vs == ve && next {
				if _, dup := p.Lists[key]; !dup {
					list = key
					if p.Lists == nil {
						p.Lists = map[string][]string{}
					}
					p.Lists[key] = []string{}
					c.spanPath(ks, ke, "impliedDefault", "packages", cur, "lists", key)
				}
				continue
			}
			if _, dup := p.Fields[key]; dup {
				c.Unread(l.at)
				continue
			}
			if p.Fields == nil {
				p.Fields = map[string]string{}
			}
			p.Fields[key] = insStr(c, vs, ve, "packages", cur, "fields", key)
		}
	}
	for _, p := range res.Packages {
		if p.Name == "" {
			return nil, Unrecognized("a pip show block has no Name")
		}
	}
	if len(res.Packages) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, insNoRows("pip show")
	}
	return res, nil
}

// GoVersionResult is go version's line.
type GoVersionResult struct {
	// Version is the toolchain version (go1.26.8, devel ...).
	Version string `json:"version"`
	// OS and Arch are the toolchain's GOOS/GOARCH.
	OS   string `json:"os"`
	Arch string `json:"arch"`
	// Extra holds words after os/arch (an X: experiment list), verbatim.
	Extra string `json:"extra,omitempty"`
}

// GoEnvResult is go env's variables, in the order printed.
type GoEnvResult struct {
	Variables []GoEnvVar `json:"variables"`
}

// GoEnvVar is one NAME='value' (Unix) or "set NAME=value" (Windows) line.
type GoEnvVar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// GoListResult is go list's lines: packages (import paths) or, with -m,
// modules.
type GoListResult struct {
	Items []GoListItem `json:"items"`
}

// GoListItem is one package or module line.
type GoListItem struct {
	// Path is the import or module path.
	Path string `json:"path"`
	// Version is the module version (none for the main module).
	Version string `json:"version,omitempty"`
	// Update is -u's available version ("[v1.2.3]").
	Update string `json:"update,omitempty"`
	// ReplacePath and ReplaceVersion are a replace directive's target ("=> ../x", "=> m v1").
	ReplacePath    string `json:"replace_path,omitempty"`
	ReplaceVersion string `json:"replace_version,omitempty"`
	// Versions are -versions' list.
	Versions []string `json:"versions,omitempty"`
	// Notes are parenthesized words (retracted), (deprecated), verbatim.
	Notes []string `json:"notes,omitempty"`
}

// goInspectFlags: go help version / env / list of Go 1.26: version takes
// no flag the line form keeps (-m prints build info, refused) and no
// file; env -json passes through as JSON, -changed keeps the form, -w and
// -u write (the guard refuses them); list -m (modules), -u (updates),
// -versions, -retracted, -deprecated?, -e, -mod, -modfile, -tags, -deps,
// -test, -find keep the line form; -f, -json, -export, -compiled change it.
var (
	goVersionFlags = Flags{}
	goEnvFlags     = Flags{"-changed": Bool}
	goListFlags    = Flags{"-m": Bool, "-u": Bool, "-versions": Bool, "-retracted": Bool, "-e": Bool, "-mod": Value,
		"-modfile": Value, "-tags": Value, "-deps": Bool, "-test": Bool, "-find": Bool, "-C": Value}
)

func goInspectParsers() []*Parser {
	return []*Parser{{
		ID: "go-version", Command: "go", Subcommand: "version", Version: "1", GoFlags: true,
		Format: "go version's \"go version goX.Y.Z os/arch\" line",
		Flags:  goVersionFlags, MaxPositionals: 0, Result: GoVersionResult{},
		Examples: [][]string{{"version"}},
		Parse:    parseGoVersion,
	}, {
		ID: "go-env", Command: "go", Subcommand: "env", Version: "1", GoFlags: true,
		Format: "go env's NAME='value' lines (sh quoting undone) and Windows' set NAME=value; go env -json passes through",
		Flags:  goEnvFlags, MaxPositionals: 0, Result: GoEnvResult{}, RowsKey: "variables", KeyFields: []string{"name"},
		Examples: [][]string{{"env"}, {"env", "-changed"}},
		Table:    &TableLines{},
		Check: func(args []string, _ OS) *ParseError {
			var names []string
			for _, a := range args {
				if !strings.HasPrefix(a, "-") {
					names = append(names, a)
				}
			}
			if len(names) > 0 {
				return Unsupported(append([]string{"env", "-json"}, names...), "go env NAME prints bare values without their names: -json prints both")
			}
			return nil
		},
		Parse: parseGoEnv,
	}, {
		ID: "go-list", Command: "go", Subcommand: "list", Version: "1", GoFlags: true,
		Format: "go list's import paths, and with -m module lines: path version [update] [=> replacement] (notes); -json passes through",
		Flags:  goListFlags, MaxPositionals: -1, Result: GoListResult{}, RowsKey: "items", KeyFields: []string{"path"},
		Examples: [][]string{{"list", "./..."}, {"list", "-m"}, {"list", "-m", "all"}, {"list", "-m", "-u", "all"}},
		Table:    &TableLines{},
		Parse:    parseGoList,
	}}
}

func parseGoVersion(c *Context) (any, error) {
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		toks := insFields(l, 0)
		if len(toks) < 4 || c.Raw[toks[0][0]:toks[0][1]] != "go" || c.Raw[toks[1][0]:toks[1][1]] != "version" {
			return nil, Unrecognized("not a \"go version\" line")
		}
		osarch := toks[len(toks)-1]
		k := len(toks) - 1
		// "go version devel go1.27-abc Tue Dec 1 ... linux/amd64": the version runs to os/arch.
		for j := 3; j < len(toks); j++ {
			if strings.Count(c.Raw[toks[j][0]:toks[j][1]], "/") == 1 {
				osarch, k = toks[j], j
				break
			}
		}
		oa := c.Raw[osarch[0]:osarch[1]]
		slash := strings.IndexByte(oa, '/')
		if slash <= 0 || slash == len(oa)-1 || k < 3 {
			return nil, Unrecognized("go version's line has no os/arch")
		}
		r := &GoVersionResult{}
		r.Version = insStr(c, toks[2][0], toks[k-1][1], "version")
		r.OS = insStr(c, osarch[0], osarch[0]+slash, "os")
		r.Arch = insStr(c, osarch[0]+slash+1, osarch[1], "arch")
		if k+1 < len(toks) {
			r.Extra = insStr(c, toks[k+1][0], toks[len(toks)-1][1], "extra")
		}
		return r, nil
	}
	return nil, Unrecognized("go version printed nothing")
}

func parseGoEnv(c *Context) (any, error) {
	res := &GoEnvResult{Variables: []GoEnvVar{}}
	data := 0
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" {
			continue
		}
		data++
		at := l.at
		if rest, ok := strings.CutPrefix(t, "set "); ok {
			t, at = rest, at+4
		}
		eq := strings.IndexByte(t, '=')
		if eq <= 0 || strings.ContainsAny(t[:eq], " '\"") {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Variables)) {
			c.Omit(1)
			continue
		}
		i := len(res.Variables)
		mark := c.rec().mark()
		v := GoEnvVar{Name: insStr(c, at, at+eq, "variables", i, "name")}
		val := t[eq+1:]
		vs := at + eq + 1
		switch {
		case len(val) >= 2 && val[0] == '\'' && val[len(val)-1] == '\'':
			inner := val[1 : len(val)-1]
			if strings.Contains(inner, "'") {
				// sh quoting: 'it'\''s' is it's
				v.Value = strings.ReplaceAll(inner, `'\''`, "'")
				c.spanPath(vs, vs+len(val), "unquote", "variables", i, "value")
			} else {
				v.Value = insStr(c, vs+1, vs+len(val)-1, "variables", i, "value")
			}
		case strings.HasPrefix(val, "'"):
			c.rec().truncate(mark) // a value quoted over several lines
			c.Unread(l.at)
			continue
		default:
			v.Value = insStr(c, vs, vs+len(val), "variables", i, "value")
		}
		res.Variables = append(res.Variables, v)
	}
	if data > 0 && len(res.Variables) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("go env")
	}
	return res, nil
}

func parseGoList(c *Context) (any, error) {
	res := &GoListResult{Items: []GoListItem{}}
	modules := hasFlag(c.Args, "-m") || hasFlag(c.Args, "--m")
	versions := hasFlag(c.Args, "-versions") || hasFlag(c.Args, "--versions")
	data := 0
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		data++
		toks := insFields(l, 0)
		if c.Full(len(res.Items)) {
			c.Omit(1)
			continue
		}
		i := len(res.Items)
		mark := c.rec().mark()
		it := GoListItem{Path: insStr(c, toks[0][0], toks[0][1], "items", i, "path")}
		ok := modules || len(toks) == 1
		for j := 1; ok && j < len(toks); j++ {
			s, e := toks[j][0], toks[j][1]
			w := c.Raw[s:e]
			switch {
			case versions:
				c.spanPath(s, e, "", "items", i, "versions", len(it.Versions))
				it.Versions = append(it.Versions, w)
			case len(w) > 2 && w[0] == '[' && w[len(w)-1] == ']' && it.Update == "":
				it.Update = insStr(c, s+1, e-1, "items", i, "update")
			case len(w) > 2 && w[0] == '(' && w[len(w)-1] == ')':
				c.spanPath(s, e, "", "items", i, "notes", len(it.Notes))
				it.Notes = append(it.Notes, w)
			case w == "=>" && j+1 < len(toks) && it.ReplacePath == "":
				j++
				it.ReplacePath = insStr(c, toks[j][0], toks[j][1], "items", i, "replace_path")
				if j+1 < len(toks) && strings.HasPrefix(c.Raw[toks[j+1][0]:toks[j+1][1]], "v") {
					j++
					it.ReplaceVersion = insStr(c, toks[j][0], toks[j][1], "items", i, "replace_version")
				}
			case j == 1 && strings.HasPrefix(w, "v"):
				it.Version = insStr(c, s, e, "items", i, "version")
			default:
				ok = false
			}
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Items = append(res.Items, it)
	}
	if data > 0 && len(res.Items) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("go list")
	}
	return res, nil
}
