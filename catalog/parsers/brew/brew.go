// Package brew reads the output of `brew` for the catalog: the parser brew-list.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package brew

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

var brewListParser = &catalog.Parser{
	ID:      "brew-list",
	Command: "brew",
	Version: "1",
	OS:      []catalog.OS{catalog.Darwin, catalog.Linux},
	Format:  "brew list [--versions]: one package per line, its versions after the name",
	// Flags checked against Homebrew 4.4's `brew list` manual (docs.brew.sh
	// Manpage): the filters (--installed-on-request,
	// --installed-as-dependency, --poured-from-bottle, --built-from-source,
	// --pinned, --multiple) keep the one-name-per-line form; -l/-t/-r (an
	// ls -l listing) are refused with the hint --versions, and so are
	// formula operands without --versions (brew then lists their files).
	Flags: catalog.Flags{
		"--versions": catalog.Bool, "--formula": catalog.Bool, "--formulae": catalog.Bool, "--cask": catalog.Bool, "--casks": catalog.Bool, "-1": catalog.Bool,
		"--full-name": catalog.Bool, "--pinned": catalog.Bool, "--multiple": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool,
		"--installed-on-request": catalog.Bool, "--installed-as-dependency": catalog.Bool, "--poured-from-bottle": catalog.Bool,
		"--built-from-source": catalog.Bool,
		// Refused by the check, which builds the hint.
		"-l": catalog.Bool, "-t": catalog.Bool, "-r": catalog.Bool,
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
func brewListCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	end := argv.OptionsEnd()
	sub := -1
	for _, it := range argv.Items {
		if it.Flag == "" {
			if (end < 0 || it.Index < end) && (it.Pos == "list" || it.Pos == "ls") {
				sub = it.Index
			}
			break
		}
	}
	if sub < 0 {
		return catalog.Unsupported([]string{"list", "--versions"}, "only brew list is read")
	}
	long := map[int]bool{} // arguments holding -l, -t or -r
	for _, it := range argv.Items {
		if it.Index > sub && (it.Flag == "-l" || it.Flag == "-t" || it.Flag == "-r") {
			long[it.Index] = true
		}
	}
	versions := argv.Has("--versions")
	var hint []string
	refused := ""
	for i, a := range args {
		if long[i] {
			refused = a
			continue
		}
		hint = append(hint, a)
		if i == sub && !versions {
			hint = append(hint, "--versions")
		}
	}
	if refused != "" {
		return catalog.Unsupported(hint, "brew list %s prints a long listing, not names and versions", refused)
	}
	if !versions {
		// the first operand after list, or a "--" before it
		first, named := -1, ""
		for _, it := range argv.Items {
			if it.Flag == "" && it.Index > sub {
				first, named = it.Index, it.Pos
				break
			}
		}
		if end > sub && (first < 0 || end < first) {
			first, named = end, "--"
		}
		if first >= 0 {
			return catalog.Unsupported(hint, "brew list %s lists the files of the packages named; --versions lists the packages", named)
		}
	}
	return nil
}

// brewListParsers wires the brewListParser and returns it for the builtin list.
func brewListParsers() []*catalog.Parser {
	return []*catalog.Parser{brewListParser}
}

func parseBrewList(c *catalog.Context) (any, error) {
	res := &BrewPackages{Packages: make([]BrewPackage, 0, kit.RowCap(c))}
	kind := ""
	versions := false
	for _, a := range c.Args.Items {
		switch a.Flag {
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
	read := 0
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
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
			c.Span(start+f[0].Start, start+f[0].End, "", "packages", idx, "name")
			if kind != "" {
				c.Span(start, start, "kind", "packages", idx, "kind")
			}
		}
		for k, v := range f[1:] {
			p.Versions = append(p.Versions, line[v.Start:v.End])
			if rec {
				c.Span(start+v.Start, start+v.End, "", "packages", idx, "versions", k)
			}
		}
		res.Packages = append(res.Packages, p)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as brew list output")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return brewListParsers() }
