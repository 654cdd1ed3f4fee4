// Package pip reads the output of `pip` for the catalog: the parsers pip-list, pip-freeze, pip-show, pip3-list, pip3-freeze, pip3-show.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package pip

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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
var pipListFlags = catalog.Flags{"-o": catalog.Bool, "--outdated": catalog.Bool, "-u": catalog.Bool, "--uptodate": catalog.Bool, "-e": catalog.Bool, "--editable": catalog.Bool,
	"--exclude-editable": catalog.Bool, "--include-editable": catalog.Bool, "-l": catalog.Bool, "--local": catalog.Bool, "--user": catalog.Bool,
	"--not-required": catalog.Bool, "--pre": catalog.Bool, "--path": catalog.Value, "-v": catalog.Bool, "--verbose": catalog.Bool, "--format": catalog.Value,
	"-q": catalog.Bool, "--quiet": catalog.Bool, "--exclude": catalog.Value, "--disable-pip-version-check": catalog.Bool, "--no-color": catalog.Bool,
	"--no-python-version-warning": catalog.Bool}

// pipFreezeFlags: pip freeze --help of pip 23.2.1: -l, --user, --path,
// --all, --exclude-editable, --exclude; -r FILE orders by a requirements
// file and adds its comments (read too: comment lines are skipped).
var pipFreezeFlags = catalog.Flags{"-l": catalog.Bool, "--local": catalog.Bool, "--user": catalog.Bool, "--path": catalog.Value, "--all": catalog.Bool,
	"--exclude-editable": catalog.Bool, "--exclude": catalog.Value, "-r": catalog.Value, "--requirement": catalog.Value, "-q": catalog.Bool,
	"--disable-pip-version-check": catalog.Bool, "--no-python-version-warning": catalog.Bool}

// pipShowFlags: pip show --help of pip 23.2.1: -f/--files, -v (more
// fields, Classifiers and Entry-points lists).
var pipShowFlags = catalog.Flags{"-f": catalog.Bool, "--files": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
	"--disable-pip-version-check": catalog.Bool, "--no-python-version-warning": catalog.Bool}

func pipParsers() []*catalog.Parser {
	var out []*catalog.Parser
	for _, cmd := range []string{"pip", "pip3"} {
		out = append(out, &catalog.Parser{
			ID: cmd + "-list", Command: cmd, Subcommand: "list", Version: "1",
			Format: "pip list's columns (Package Version, -o Latest Type, -v Location Installer, editable location) and --format=freeze",
			Flags:  pipListFlags, MaxPositionals: 0, Result: PipListResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"list"}, {"list", "--not-required"}, {"list", "--format=freeze"}},
			Table:    &catalog.TableLines{Skip: []string{"Package ", "----", "#", "WARNING:", "[notice]"}},
			Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
				if f := pipFormat(argv); f != "" && f != "columns" && f != "freeze" {
					return catalog.Unsupported(nil, "pip list --format=%s is not read (json passes through as JSON)", f)
				}
				return nil
			},
			Parse: parsePipList,
		}, &catalog.Parser{
			ID: cmd + "-freeze", Command: cmd, Subcommand: "freeze", Version: "1",
			Format: "pip freeze's requirement lines: name==version, name @ url, -e location; comment lines skipped",
			Flags:  pipFreezeFlags, MaxPositionals: 0, Result: PipListResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"freeze"}, {"freeze", "--all"}},
			Table:    &catalog.TableLines{Skip: []string{"#", "WARNING:", "[notice]"}},
			Parse:    parsePipFreeze,
		}, &catalog.Parser{
			ID: cmd + "-show", Command: cmd, Subcommand: "show", Version: "1",
			Format: "pip show's \"Key: value\" blocks separated by ---, -f Files and -v lists",
			Flags:  pipShowFlags, MaxPositionals: -1, Result: PipShowResult{}, RowsKey: "packages", KeyFields: []string{"name"},
			Examples: [][]string{{"show", "pip"}, {"show", "-f", "requests"}},
			ExitAnswers: []catalog.ExitAnswer{{Code: 1, Means: "none of the named packages is installed (pip warns on stderr)",
				Source: "pip 23.2 src/pip/_internal/commands/show.py: run returns ERROR (1) when no result was printed"}},
			Parse: parsePipShow,
		})
	}
	return out
}

func pipFormat(argv catalog.Args) string {
	v, _ := argv.Value("--format")
	return v
}

func parsePipList(c *catalog.Context) (any, error) {
	if pipFormat(c.Args) == "freeze" {
		return parsePipFreeze(c)
	}
	res := &PipListResult{Packages: make([]PipPackage, 0, kit.RowCap(c))}
	var cols []string
	var starts [][2]int // the ruler's runs of '-', in rune columns
	data := 0
	for l := range kit.EachLine(c.Raw) {
		t := strings.TrimSpace(l.Text)
		switch {
		case t == "", strings.HasPrefix(t, "WARNING:"), strings.HasPrefix(t, "[notice]"):
			continue
		case strings.HasPrefix(t, "Package ") && cols == nil:
			// "Editable project location" is one column of three words.
			cols = strings.Fields(strings.ReplaceAll(t, "Editable project location", "Editable_project_location"))
			continue
		case strings.HasPrefix(t, "----") && starts == nil:
			starts = lex.RuleColumns(l.Text, '-')
			if len(starts) != len(cols) {
				return nil, catalog.Unrecognized("pip list's ruler has %d columns, its header %d", len(starts), len(cols))
			}
			continue
		}
		data++
		if starts == nil {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Packages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Packages)
		var p PipPackage
		mark := c.Mark()
		ok := true
		ascii := lex.IsASCII(l.Text)
		for j, h := range cols {
			s := lex.ColumnByte(l.Text, ascii, starts[j][0])
			e := len(l.Text)
			if j+1 < len(cols) {
				e = min(lex.ColumnByte(l.Text, ascii, starts[j+1][0]), len(l.Text))
			}
			if s >= e {
				continue
			}
			if s > 0 && l.Text[s-1] != ' ' {
				ok = false // a cell runs into the next column
				break
			}
			s, e = lex.TrimSpaceRange(l.Text, s, e)
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
			*dst = kit.Text(c, l.At+s, l.At+e, "packages", i, leaf)
		}
		if !ok || p.Name == "" {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Packages = append(res.Packages, p)
	}
	if data > 0 && len(res.Packages) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("pip list")
	}
	return res, nil
}

func parsePipFreeze(c *catalog.Context) (any, error) {
	res := &PipListResult{Packages: make([]PipPackage, 0, kit.RowCap(c))}
	data := 0
	for l := range kit.EachLine(c.Raw) {
		t := strings.TrimSpace(l.Text)
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
		ls, le := l.At, l.At+len(l.Text)
		mark := c.Mark()
		switch {
		case strings.HasPrefix(t, "-e ") || strings.HasPrefix(t, "--editable "):
			ms := strings.IndexByte(l.Text, '-')
			me := ms + strings.IndexByte(l.Text[ms:], ' ')
			vs := l.At + me
			for vs < le && c.Raw[vs] == ' ' {
				vs++
			}
			ve := l.At + len(strings.TrimRight(l.Text, " "))
			if vs >= ve {
				c.Unread(l.At)
				continue
			}
			v := c.Raw[vs:ve]
			p.Editable = true
			c.Span(l.At+ms, l.At+me, "marker", "packages", i, "editable")
			p.URL = kit.Text(c, vs, ve, "packages", i, "url")
			if k := strings.Index(v, "#egg="); k >= 0 && k+5 < len(v) {
				name := v[k+5:]
				if a := strings.IndexByte(name, '&'); a >= 0 {
					name = name[:a]
				}
				p.Name = kit.Text(c, vs+k+5, vs+k+5+len(name), "packages", i, "name")
			}
			if p.Name == "" {
				// A local directory: its name is not printed, the location stands for it.
				p.Name = kit.Text(c, vs, ve, "packages", i, "name")
			}
		case strings.Contains(t, " @ "):
			k := strings.Index(l.Text, " @ ")
			ns, ne := ls+len(l.Text)-len(strings.TrimLeft(l.Text, " ")), ls+k
			p.Name = kit.Text(c, ns, ne, "packages", i, "name")
			us, ue := ls+k+3, ls+len(strings.TrimRight(l.Text, " "))
			if us >= ue || ns >= ne {
				c.Truncate(mark)
				c.Unread(l.At)
				continue
			}
			p.URL = kit.Text(c, us, ue, "packages", i, "url")
		case strings.Contains(t, "=="):
			k := strings.Index(l.Text, "==")
			ns := ls + len(l.Text) - len(strings.TrimLeft(l.Text, " "))
			ve := ls + len(strings.TrimRight(l.Text, " "))
			if ns >= ls+k || ls+k+2 >= ve || strings.ContainsAny(l.Text[ns-ls:k], " ;") {
				c.Unread(l.At)
				continue
			}
			p.Name = kit.Text(c, ns, ls+k, "packages", i, "name")
			p.Version = kit.Text(c, ls+k+2, ve, "packages", i, "version")
		default:
			c.Unread(l.At)
			continue
		}
		res.Packages = append(res.Packages, p)
	}
	if data > 0 && len(res.Packages) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("pip freeze")
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

// pipShowState is what the steps of parsePipShow share: the package being read (-1 none,
// -2 one omitted) and the key whose indented lines follow.
type pipShowState struct {
	c    *catalog.Context
	res  *PipShowResult
	cur  int
	list string
}

// pipKV is where a "Key: value" line's key and value are in the raw text.
type pipKV struct{ ks, ke, vs, ve int }

func parsePipShow(c *catalog.Context) (any, error) {
	st := &pipShowState{c: c, res: &PipShowResult{Packages: []PipShowPackage{}}, cur: -1}
	lines := lex.SplitLines(c.Raw)
	for n, l := range lines {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		next := n+1 < len(lines) && lines[n+1].Text != "" && (lines[n+1].Text[0] == ' ' || lines[n+1].Text[0] == '\t')
		if !st.line(l, next) {
			c.Unread(l.At)
		}
	}
	for _, p := range st.res.Packages {
		if p.Name == "" {
			return nil, catalog.Unrecognized("a pip show block has no Name")
		}
	}
	if len(st.res.Packages) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("pip show")
	}
	return st.res, nil
}

// line reads one non-blank line (next says the line after it is indented); it reports
// whether the line was read.
func (st *pipShowState) line(l lex.Line, next bool) bool {
	c, t := st.c, l.Text
	// pip's stderr piped in: "WARNING: Package(s) not found: NAME, ..."
	// names those that are absent from the blocks (exit status 0 when
	// some were found): kept as a warning.
	if w, ok := strings.CutPrefix(t, "WARNING: "); ok {
		c.Warn(w)
		return true
	}
	// pip 23's show.py prints this in place of -f's list when the
	// distribution has no RECORD (Debian's packaged modules): files stays absent.
	if t == "Cannot locate RECORD or installed-files.txt" && st.list == "Files" && st.cur >= 0 {
		c.Warn(st.res.Packages[st.cur].Name + ": pip records no file list (no RECORD or installed-files.txt)")
		st.list = ""
		return true
	}
	if t == "---" {
		st.cur, st.list = -1, ""
		return true
	}
	if t[0] == ' ' || t[0] == '\t' {
		return st.listLine(l)
	}
	ks, ke, vs, ve, ok := lex.KeyValue(l, ":")
	if !ok {
		return false
	}
	key := c.Raw[ks:ke]
	if key == "Name" {
		if c.Full(len(st.res.Packages)) {
			c.Omit(1)
			st.cur = -2
			return true
		}
		st.cur = len(st.res.Packages)
		st.res.Packages = append(st.res.Packages, PipShowPackage{Requires: []string{}, RequiredBy: []string{}})
	}
	if st.cur == -2 {
		return true
	}
	if st.cur < 0 {
		return false
	}
	st.list = ""
	return st.field(key, pipKV{ks, ke, vs, ve}, next)
}

// listLine reads an indented line of the list (Files, or -v's others) being read.
func (st *pipShowState) listLine(l lex.Line) bool {
	c, t, cur := st.c, l.Text, st.cur
	if cur < 0 || st.list == "" {
		return false
	}
	p := &st.res.Packages[cur]
	s := l.At + len(t) - len(strings.TrimLeft(t, " \t"))
	e := l.At + len(strings.TrimRight(t, " "))
	if st.list == "Files" {
		c.Span(s, e, "", "packages", cur, "files", len(p.Files))
		p.Files = append(p.Files, c.Raw[s:e])
		return true
	}
	c.Span(s, e, "", "packages", cur, "lists", st.list, len(p.Lists[st.list]))
	p.Lists[st.list] = append(p.Lists[st.list], c.Raw[s:e])
	return true
}

// field sets the current package's field key from the value at kv; a key with no value
// and indented lines under it (next) starts a list.
func (st *pipShowState) field(key string, kv pipKV, next bool) bool {
	c, cur := st.c, st.cur
	p := &st.res.Packages[cur]
	str := func(dst *string, leaf string) {
		if *dst != "" || kv.vs == kv.ve {
			return
		}
		*dst = kit.Text(c, kv.vs, kv.ve, "packages", cur, leaf)
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
			st.names(&p.Requires, "requires", kv)
		}
	case "Required-by":
		if len(p.RequiredBy) == 0 {
			st.names(&p.RequiredBy, "required_by", kv)
		}
	case "Files":
		st.list = "Files"
		if p.Files == nil {
			p.Files = []string{}
		}
	default:
		if kv.vs == kv.ve && next {
			if _, dup := p.Lists[key]; !dup {
				st.list = key
				if p.Lists == nil {
					p.Lists = map[string][]string{}
				}
				p.Lists[key] = []string{}
				c.Span(kv.ks, kv.ke, "impliedDefault", "packages", cur, "lists", key)
			}
			return true
		}
		if _, dup := p.Fields[key]; dup {
			return false
		}
		if p.Fields == nil {
			p.Fields = map[string]string{}
		}
		p.Fields[key] = kit.Text(c, kv.vs, kv.ve, "packages", cur, "fields", key)
	}
	return true
}

// names appends the comma-separated names of the value at kv ("Requires: a, b").
func (st *pipShowState) names(dst *[]string, leaf string, kv pipKV) {
	raw := st.c.Raw
	p0 := kv.vs
	for k := kv.vs; k <= kv.ve; k++ {
		if k == kv.ve || raw[k] == ',' {
			s, e := p0, k
			for s < e && raw[s] == ' ' {
				s++
			}
			for e > s && raw[e-1] == ' ' {
				e--
			}
			if s < e {
				st.c.Span(s, e, "", "packages", st.cur, leaf, len(*dst))
				*dst = append(*dst, raw[s:e])
			}
			p0 = k + 1
		}
	}
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return pipParsers() }
