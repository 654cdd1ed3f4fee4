// Package deptree reads the output of package managers' dependency trees (npm, pnpm, yarn, cargo) for the catalog: the parsers npm-ls, npm-list, pnpm-list, yarn-list, cargo-tree.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package deptree

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// PkgTreeResult is the parsed output of `npm ls`, `pnpm list` and `yarn list`.
type PkgTreeResult struct {
	// Project is the first line of npm and pnpm ("name@version path");
	// absent for yarn, which prints none.
	Project *PkgProject `json:"project,omitempty"`
	// Projects lists every project when pnpm printed several (-r); rows
	// then name theirs in project_path.
	Projects []PkgProject `json:"projects,omitempty"`
	// Dependencies are the tree's rows in output order.
	Dependencies []PkgDependency `json:"dependencies"`
}

// PkgProject is the package whose dependencies are listed. Name and
// Version are absent when it has no package.json (or, for npm -g, it is
// the global prefix): Path is always there.
type PkgProject struct {
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
	Path    string `json:"path"`
	// Private is pnpm's "(PRIVATE)" marker.
	Private bool `json:"private,omitempty"`
}

// PkgDependency is one row of a dependency tree.
type PkgDependency struct {
	Name string `json:"name"`
	// Version is the installed version. Spec replaces it where the tool
	// printed a requested range instead: npm's UNMET DEPENDENCY rows and
	// yarn's rows for a dependency hoisted elsewhere ("is-odd@^0.1.2"; an
	// exact-version request there reads as a version).
	Version string `json:"version,omitempty"`
	Spec    string `json:"spec,omitempty"`
	// AliasOf is the real package of an npm alias ("my-num@npm:is-number@7.0.0").
	AliasOf string `json:"alias_of,omitempty"`
	// Depth is 0 for a direct dependency of the project.
	Depth int `json:"depth"`
	// Parent is the name of the row this one hangs under (absent at depth 0).
	Parent string `json:"parent,omitempty"`
	// Kind is pnpm's section for direct dependencies: prod, dev, optional,
	// or unsaved (installed but not in package.json).
	Kind string `json:"kind,omitempty"`
	// Path is where a linked package lives (npm "-> ./lib", pnpm "link:../lib").
	Path string `json:"path,omitempty"`
	// Resolved is the source npm prints for git dependencies.
	Resolved string `json:"resolved,omitempty"`
	// Deduped: npm printed the package's subtree elsewhere.
	Deduped bool `json:"deduped,omitempty"`
	// Extraneous: installed but required by nothing (npm).
	Extraneous bool `json:"extraneous,omitempty"`
	// Missing: npm's UNMET DEPENDENCY; Optional with UNMET OPTIONAL DEPENDENCY.
	Missing  bool `json:"missing,omitempty"`
	Optional bool `json:"optional,omitempty"`
	// Invalid: the installed version does not satisfy a requirement;
	// InvalidDetail is npm's text (`"^4.0.0" from the root project`).
	Invalid       bool   `json:"invalid,omitempty"`
	InvalidDetail string `json:"invalid_detail,omitempty"`
	Overridden    bool   `json:"overridden,omitempty"`
	// Peer and Skipped are pnpm's markers.
	Peer    bool `json:"peer,omitempty"`
	Skipped bool `json:"skipped,omitempty"`
	// ProjectPath names the project of the row when pnpm printed several.
	ProjectPath string `json:"project_path,omitempty"`
}

// CargoTreeResult is the parsed output of `cargo tree`.
type CargoTreeResult struct {
	// Crates are the rows of every tree printed (one per workspace member
	// or -i target), in output order; roots have depth 0.
	Crates []CargoCrate `json:"crates"`
}

// CargoCrate is one row of `cargo tree`.
type CargoCrate struct {
	Name string `json:"name"`
	// Version is without cargo's "v"; absent on feature rows (-e features).
	Version string `json:"version,omitempty"`
	// Feature names the feature of a `name feature "x"` row (-e features).
	Feature string `json:"feature,omitempty"`
	Depth   int    `json:"depth"`
	Parent  string `json:"parent,omitempty"`
	// Kind is "build" or "dev" for a row printed under a
	// [build-dependencies] or [dev-dependencies] header; absent for a
	// normal dependency (and with --prefix depth, which prints no headers).
	Kind string `json:"kind,omitempty"`
	// Path is the directory of a path dependency or workspace member;
	// Source the other non-crates.io sources (git URL, registry).
	Path      string `json:"path,omitempty"`
	Source    string `json:"source,omitempty"`
	ProcMacro bool   `json:"proc_macro,omitempty"`
	// Features are the enabled features (with -f "{p} {f}").
	Features []string `json:"features,omitempty"`
	// Deduped: "(*)", the crate's dependencies were shown earlier.
	Deduped bool `json:"deduped,omitempty"`
}

// Span field ids.
var lpkDependencies = catalog.SpanID("dependencies/*")

var (
	lpkCrates        = catalog.SpanID("crates/*")
	lpxDepth         = catalog.SpanID("depth")
	lpxKind          = catalog.SpanID("kind")
	lpfName          = catalog.SpanID("name")
	lpfVersion       = catalog.SpanID("version")
	lpfSpec          = catalog.SpanID("spec")
	lpfAliasOf       = catalog.SpanID("alias_of")
	lpfDepth         = catalog.SpanID("depth")
	lpfParent        = catalog.SpanID("parent")
	lpfKind          = catalog.SpanID("kind")
	lpfPath          = catalog.SpanID("path")
	lpfResolved      = catalog.SpanID("resolved")
	lpfDeduped       = catalog.SpanID("deduped")
	lpfExtraneous    = catalog.SpanID("extraneous")
	lpfMissing       = catalog.SpanID("missing")
	lpfOptional      = catalog.SpanID("optional")
	lpfInvalid       = catalog.SpanID("invalid")
	lpfInvalidDetail = catalog.SpanID("invalid_detail")
	lpfOverridden    = catalog.SpanID("overridden")
	lpfPeer          = catalog.SpanID("peer")
	lpfSkipped       = catalog.SpanID("skipped")
	lpfFeature       = catalog.SpanID("feature")
	lpfSource        = catalog.SpanID("source")
	lpfProcMacro     = catalog.SpanID("proc_macro")
)

var lpfFeatures = func() (ids [32]uint16) {
	for i := range ids {
		ids[i] = catalog.SpanID("features/" + strconv.Itoa(i))
	}
	return
}()

func lpNpmParser(sub string) *catalog.Parser {
	p := &catalog.Parser{
		ID:         "npm-" + sub,
		Command:    "npm",
		Subcommand: sub,
		Version:    "1",
		Format:     "npm " + sub + " tree (unicode or --unicode=false ASCII), first line the project; --json is passed through",
		// Flags checked against npm 11 `npm help ls` (npm-ls(1), run here
		// with npm 11.19): the selection and workspace options keep the
		// tree; --long and --parseable are refused with the hint --json.
		Flags: catalog.Flags{
			"--all": catalog.Bool, "-a": catalog.Bool, "--depth": catalog.Value, "--omit": catalog.Value, "--include": catalog.Value,
			"--prod": catalog.Bool, "--production": catalog.Bool, "--dev": catalog.Bool, "--only": catalog.Value, "--link": catalog.Bool,
			"-g": catalog.Bool, "--global": catalog.Bool, "--unicode": catalog.Optional, "--no-unicode": catalog.Bool,
			"--workspace": catalog.Value, "-w": catalog.Value, "--workspaces": catalog.Bool, "--include-workspace-root": catalog.Bool,
			"--prefix": catalog.Value, "--package-lock-only": catalog.Bool, "--install-links": catalog.Bool,
			"--color": catalog.Optional, "--no-color": catalog.Bool, "--loglevel": catalog.Value, "--silent": catalog.Bool, "-s": catalog.Bool,
			"-q": catalog.Bool, "--quiet": catalog.Bool, "--no-audit": catalog.Bool, "--no-fund": catalog.Bool,
		},
		MaxPositionals: -1,
		Alternatives: map[string][]string{
			"-l": {"--json", "--long"}, "--long": {"--json", "--long"},
			"-p": {"--json"}, "--parseable": {"--json"},
		},
		Result:    PkgTreeResult{},
		RowsKey:   "dependencies",
		KeyFields: []string{"parent", "name"},
		Examples:  [][]string{{sub}, {sub, "--all"}, {sub, "--depth=1"}, {sub, "--omit=dev"}},
		Parse:     parseNpmLs,
	}
	p.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError { return npmCheck(sub, argv) }
	return p
}

var pnpmParserDef = &catalog.Parser{
	ID:      "pnpm-list",
	Command: "pnpm",
	Version: "1",
	Format:  "pnpm list/ls tree: project line, dependencies:/devDependencies:/optionalDependencies: sections; --json is passed through",
	// Flags checked against pnpm 9's `pnpm list --help` and pnpm.io/cli/list
	// (run here with pnpm 9.15); --long and --parseable are refused with
	// the hint --json.
	Flags: catalog.Flags{
		"-r": catalog.Bool, "--recursive": catalog.Bool, "--depth": catalog.Value, "-P": catalog.Bool, "--prod": catalog.Bool,
		"-D": catalog.Bool, "--dev": catalog.Bool, "--no-optional": catalog.Bool, "--only-projects": catalog.Bool,
		"--exclude-peers": catalog.Bool, "--filter": catalog.Value, "-F": catalog.Value, "--filter-prod": catalog.Value,
		"-C": catalog.Value, "--dir": catalog.Value, "-w": catalog.Bool, "--workspace-root": catalog.Bool, "-g": catalog.Bool,
		"--global": catalog.Bool, "--color": catalog.Optional, "--no-color": catalog.Bool, "--loglevel": catalog.Value,
		"--silent": catalog.Bool, "-s": catalog.Bool, "--lockfile-only": catalog.Bool,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--long": {"--json", "--long"}, "--parseable": {"--json"},
	},
	Result:    PkgTreeResult{},
	RowsKey:   "dependencies",
	KeyFields: []string{"parent", "name"},
	Examples:  [][]string{{"list"}, {"list", "--depth=Infinity"}, {"-r", "list"}, {"ls", "--prod"}},
	Parse:     parsePnpmList,
}

var yarnParserDef = &catalog.Parser{
	ID:      "yarn-list",
	Command: "yarn",
	Version: "1",
	Format:  "yarn (classic, v1) list tree with its \"yarn list v1.x\" and \"Done in\" lines; --json is passed through",
	// Flags checked against classic.yarnpkg.com/en/docs/cli/list and
	// yarn 1.22.22's global options (run here).
	Flags: catalog.Flags{
		"--depth": catalog.Value, "--pattern": catalog.Value, "--production": catalog.Bool, "--prod": catalog.Bool,
		"--no-progress": catalog.Bool, "--silent": catalog.Bool, "-s": catalog.Bool, "--cwd": catalog.Value, "--offline": catalog.Bool,
		"--frozen-lockfile": catalog.Bool, "--non-interactive": catalog.Bool, "--no-default-rc": catalog.Bool,
		"--no-emoji": catalog.Bool, "--emoji": catalog.Value,
	},
	MaxPositionals: -1,
	Result:         PkgTreeResult{},
	RowsKey:        "dependencies",
	KeyFields:      []string{"parent", "name"},
	Examples:       [][]string{{"list"}, {"list", "--depth=0"}, {"list", "--pattern", "react"}},
	Parse:          parseYarnList,
}

var cargoTreeParserDef = &catalog.Parser{
	ID:         "cargo-tree",
	Command:    "cargo",
	Subcommand: "tree",
	Version:    "1",
	Format:     "cargo tree (utf8 or --charset ascii, --prefix indent or depth, -e features, -f \"{p} {f}\")",
	// Flags checked against cargo-tree(1) of cargo 1.95 (run here); -v
	// and --verbose only add to standard error.
	Flags: catalog.Flags{
		"-v": catalog.Bool, "--verbose": catalog.Bool,
		"--manifest-path": catalog.Value, "-Z": catalog.Value, "--color": catalog.Value, "--config": catalog.Value,
		"--offline": catalog.Bool, "--frozen": catalog.Bool, "--locked": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool,
		"-p": catalog.Value, "--package": catalog.Value, "--workspace": catalog.Bool, "--exclude": catalog.Value,
		"-i": catalog.Value, "--invert": catalog.Value, "-e": catalog.Value, "--edges": catalog.Value, "--depth": catalog.Value,
		"--prefix": catalog.Value, "--no-dedupe": catalog.Bool, "-d": catalog.Bool, "--duplicates": catalog.Bool,
		"--charset": catalog.Value, "-f": catalog.Value, "--format": catalog.Value, "--target": catalog.Value,
		"-F": catalog.Value, "--features": catalog.Value, "--all-features": catalog.Bool, "--no-default-features": catalog.Bool,
		"--prune": catalog.Value, "--lockfile-path": catalog.Value,
	},
	MaxPositionals: 0,
	Result:         CargoTreeResult{},
	RowsKey:        "crates",
	KeyFields:      []string{"parent", "name"},
	Examples:       [][]string{{"tree"}, {"tree", "--offline"}, {"tree", "-e", "features"}, {"tree", "-i", "serde"}, {"tree", "-f", "{p} {f}"}},
	Parse:          parseCargoTree,
}

// lpNpmParsers wires the lpNpmParser("ls"), lpNpmParser("list"), pnpmParserDef, yarnParserDef, cargoTreeParserDef and returns them for the builtin list.
func lpNpmParsers() []*catalog.Parser {
	pnpmParserDef.Check = pnpmCheck
	yarnParserDef.Check = yarnCheck
	cargoTreeParserDef.Check = cargoTreeCheck
	return []*catalog.Parser{lpNpmParser("ls"), lpNpmParser("list"), pnpmParserDef, yarnParserDef, cargoTreeParserDef}
}

// lpFlagAt finds the argument index of a long flag, and whether its value
// is in the next argument.
func lpFlagAt(args []string, names ...string) (int, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, _, has := strings.Cut(a, "=")
		for _, n := range names {
			if name == n {
				return i, !has && len(n) > 2 && n[1] == '-' || !has && len(n) == 2 && a == n
			}
			if len(n) == 2 && n[1] != '-' && strings.HasPrefix(a, n) && len(a) > 2 && a[1] != '-' {
				return i, false // "-fVALUE"
			}
		}
	}
	return -1, false
}

func npmCheck(sub string, argv catalog.Args) *catalog.ParseError {
	args := argv.Rest()
	for _, a := range argv.Items {
		if a.Flag == "--color" && a.Value == "always" {
			i, two := lpFlagAt(args, "--color")
			return catalog.Unsupported(append([]string{sub}, kit.LpReplaceArg(args, i, two && i+1 < len(args) && args[i+1] == a.Value, "--no-color")...),
				"npm %s --color=%s writes terminal colour escapes", sub, a.Value)
		}
	}
	return nil
}

// lpCommandWord checks that the first positional is one of words.
func lpCommandWord(scanned []catalog.CmdArg, args []string, cmd string, words ...string) *catalog.ParseError {
	for _, a := range scanned {
		if a.Flag != "" {
			continue
		}
		for _, w := range words {
			if a.Pos == w {
				return nil
			}
		}
		if a.Pos == "ll" || a.Pos == "la" {
			for i, x := range args {
				if x == a.Pos {
					return catalog.Unsupported(kit.LpReplaceArg(args, i, false, "list", "--json", "--long"), "%s %s prints descriptions in the tree", cmd, a.Pos)
				}
			}
		}
		return catalog.Unsupported(nil, "the %s parser reads `%s %s` only, not %q", cmd, cmd, words[0], a.Pos)
	}
	return catalog.Unsupported(append([]string{words[0]}, args...), "the %s parser reads `%s %s`", cmd, cmd, words[0])
}

func pnpmCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args, scanned := argv.Rest(), argv.Items
	if perr := lpCommandWord(scanned, args, "pnpm", "list", "ls"); perr != nil {
		return perr
	}
	for _, a := range scanned {
		if a.Flag == "--color" && a.Value == "always" {
			i, two := lpFlagAt(args, "--color")
			return catalog.Unsupported(kit.LpReplaceArg(args, i, two && i+1 < len(args) && args[i+1] == a.Value, "--no-color"),
				"pnpm --color=always writes terminal colour escapes")
		}
	}
	return nil
}

func yarnCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	return lpCommandWord(argv.Items, argv.Rest(), "yarn", "list")
}

func cargoTreeCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args, scanned := argv.Rest(), argv.Items
	hint := func(names []string, value string, repl ...string) []string {
		i, two := lpFlagAt(args, names...)
		if i < 0 {
			return nil
		}
		two = two && i+1 < len(args) && args[i+1] == value
		return append([]string{"tree"}, kit.LpReplaceArg(args, i, two, repl...)...)
	}
	for _, a := range scanned {
		switch a.Flag {
		case "--color":
			if a.Value == "always" {
				return catalog.Unsupported(hint([]string{"--color"}, a.Value, "--color", "never"), "cargo tree --color always writes terminal colour escapes")
			}
		case "--prefix":
			if a.Value == "none" {
				return catalog.Unsupported(hint([]string{"--prefix"}, a.Value, "--prefix", "depth"), "cargo tree --prefix none prints no depth")
			}
		case "-f", "--format":
			if _, ok := cargoFormat(a.Value); !ok {
				return catalog.Unsupported(hint([]string{"-f", "--format"}, a.Value, "-f", "{p} {f}"),
					"cargo tree -f %q: only \"{p}\" and \"{p} {f}\" are read", a.Value)
			}
		}
	}
	return nil
}

// cargoFormat reports whether a -f format is read, and whether it prints features.
func cargoFormat(f string) (features, ok bool) {
	switch f {
	case "{p}":
		return false, true
	case "{p} {f}":
		return true, true
	}
	return false, false
}

// lpPrefix measures a tree-drawing prefix: n indentation units (each one of
// units) and, when conn is true, one of conns after them. label is the
// offset of what follows.
func lpPrefix(line string, units, conns []string) (n, label int, conn bool) {
	i := 0
outer:
	for i < len(line) {
		// The first byte is compared first: most lines start with a
		// label, which no unit or connector does.
		b := line[i]
		for _, c := range conns {
			if c[0] == b && strings.HasPrefix(line[i:], c) {
				return n, i + len(c), true
			}
		}
		for _, u := range units {
			if u[0] == b && strings.HasPrefix(line[i:], u) {
				n++
				i += len(u)
				continue outer
			}
		}
		break
	}
	return n, i, false
}

var // archy (npm, pnpm): 2-column units; ASCII with --unicode=false.
archyUnits = []string{"│ ", "  ", "| "}

var archyConns = []string{"├── ", "└── ", "├─┬ ", "└─┬ ", "+-- ", "`-- ", "\\-- "}

var // yarn classic: 3-column units.
yarnUnits = []string{"│  ", "   "}

var yarnConns = []string{"├─ ", "└─ "}

var // cargo: 4-column units; --charset ascii.
cargoUnits = []string{"│   ", "    ", "|   "}

var cargoConns = []string{"├── ", "└── ", "|-- ", "`-- "}

// lpParent is a row's name, for the rows below it.
type lpParent struct {
	name       string
	start, end int
}

// lpSplitAt splits name@rest at the '@' that ends the name (a scoped name
// starts with '@'), returning the offset of the '@'.
func lpSplitAt(s string) int {
	if len(s) < 2 {
		return -1
	}
	i := strings.IndexByte(s[1:], '@')
	if i < 0 {
		return -1
	}
	return i + 1
}

// lpIsSemver reports whether s is a version (1.2.3, 1.2.3-beta.1+b), not a range.
func lpIsSemver(s string) bool {
	parts := 0
	i := 0
	for parts < 3 {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			return false
		}
		parts++
		i = j
		if parts < 3 {
			if i >= len(s) || s[i] != '.' {
				return false
			}
			i++
		}
	}
	if i == len(s) {
		return true
	}
	if s[i] != '-' && s[i] != '+' {
		return false
	}
	for i++; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' || c == '-' || c == '+') {
			return false
		}
	}
	return true
}

type lpMode uint8

const (
	lpNpm lpMode = iota
	lpPnpm
	lpYarn
)

// lpTree is the state of one npm/pnpm/yarn parse.
type lpTree struct {
	c       *catalog.Context
	mode    lpMode
	res     *PkgTreeResult
	rec     bool
	rs      *catalog.SpanRec
	parents []lpParent
	// pnpm
	kind         string
	kindS, kindE int
	rowProject   []int32 // pnpm: project index of each row
	projectSpans [][2]int
	projectRec   *catalog.SpanRec // pnpm projects' spans, kept only when projects is
	extras       *catalog.SpanRec // the depth and section spans, which come after the rows'
}

func parseNpmLs(c *catalog.Context) (any, error) { return lpParseTree(c, lpNpm) }

func parsePnpmList(c *catalog.Context) (any, error) { return lpParseTree(c, lpPnpm) }

func parseYarnList(c *catalog.Context) (any, error) { return lpParseTree(c, lpYarn) }

func lpIsPath(s string) bool {
	return s != "" && (s[0] == '/' || s[0] == '\\' || s[0] == '~' || lpDrive(s))
}

func lpDrive(s string) bool {
	return len(s) >= 3 && s[1] == ':' && (s[2] == '\\' || s[2] == '/') && lpIsLetter(s[0])
}

func lpIsLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func (t *lpTree) span(f uint16, s, e int) { t.rs.Field(f, s, e, catalog.TrVerbatim) }

func (t *lpTree) mark(f uint16, s, e int) { t.rs.Field(f, s, e, catalog.TrMarker) }

func lpParseTree(c *catalog.Context, mode lpMode) (any, error) {
	t := &lpTree{c: c, mode: mode, rec: c.Recording()}
	t.res = &PkgTreeResult{Dependencies: make([]PkgDependency, 0, min(lex.CountLines(c.Raw), 1<<20))}
	t.rs = c.Rows(4)
	t.extras = c.Rows(1)
	t.projectRec = c.Rows(0)
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	seenRoot := false
	inSection := false
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			inSection = false
			continue
		}
		nlines++
		ok = false
		switch mode {
		case lpNpm:
			units, label, conn := lpPrefix(line, archyUnits, archyConns)
			switch {
			case !conn && !seenRoot && units == 0:
				seenRoot = true
				ok = t.project(line, start)
			case conn && line[label:] == "(empty)" && units == 0:
				ok = true
			case conn:
				ok = t.npmRow(line, start, units, label)
			}
		case lpYarn:
			units, label, conn := lpPrefix(line, yarnUnits, yarnConns)
			switch {
			case conn:
				ok = t.yarnRow(line, start, units, label)
			case strings.HasPrefix(line, "yarn list v"), strings.HasPrefix(line, "info "),
				strings.HasPrefix(line, "warning "), lpDoneLine(line):
				ok = true
			}
		case lpPnpm:
			units, label, conn := lpPrefix(line, archyUnits, archyConns)
			switch {
			case conn && inSection:
				ok = t.pnpmRow(line, start, units+1, label)
			case conn:
			case strings.HasPrefix(line, "Legend: "):
				ok = true
			case pnpmSection(line) != "":
				t.kind, t.kindS, t.kindE = pnpmSection(line), start, start+len(line)
				inSection, ok = true, true
			case inSection:
				ok = t.pnpmTop(line, start)
			default:
				ok = t.project(line, start)
			}
		}
		if !ok {
			c.Unread(start)
			continue
		}
		read++
	}
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a %s tree", [...]string{"npm ls", "pnpm list", "yarn list"}[mode])
	}
	if t.rec {
		t.rs.Finish()
		t.extras.Finish()
	}
	t.finishProjects()
	return t.res, nil
}

func lpDoneLine(line string) bool {
	i := strings.Index(line, "Done in ")
	return i >= 0 && strings.HasSuffix(line, "s.") && !strings.ContainsAny(line[:i], "│├└")
}

func pnpmSection(line string) string {
	switch line {
	case "dependencies:":
		return "prod"
	case "devDependencies:":
		return "dev"
	case "optionalDependencies:":
		return "optional"
	case "not saved (you should add these dependencies to package.json if you need them):":
		return "unsaved"
	}
	return ""
}

// project reads "name@version path", "path" (npm without package.json or
// -g) and pnpm's " (PRIVATE)" suffix.
func (t *lpTree) project(line string, start int) bool {
	var p PkgProject
	end := len(line)
	privS := -1
	if t.mode == lpPnpm && strings.HasSuffix(line, " (PRIVATE)") {
		end -= len(" (PRIVATE)")
		privS = end + 1
		p.Private = true
	}
	body := line[:end]
	if body == "" {
		return false
	}
	var nameS, nameE, verS, verE, pathS int
	nameS, nameE, verS, verE = -1, -1, -1, -1
	if lpIsPath(body) {
		pathS = 0
	} else {
		sp := strings.IndexByte(body, ' ')
		if sp <= 0 || sp == len(body)-1 {
			return false
		}
		id := body[:sp]
		pathS = sp + 1
		if at := lpSplitAt(id); at > 0 {
			nameS, nameE = 0, at
			if at+1 < len(id) {
				verS, verE = at+1, len(id)
			}
		} else {
			nameS, nameE = 0, len(id)
		}
	}
	if nameS >= 0 {
		p.Name = body[nameS:nameE]
	}
	if verS >= 0 {
		p.Version = body[verS:verE]
	}
	p.Path = body[pathS:]
	idx := len(t.res.Projects)
	if t.res.Project == nil {
		pp := p
		t.res.Project = &pp
		if t.rec {
			t.recordProject("project", -1, start, p, nameS, nameE, verS, verE, pathS, len(body), privS)
		}
	}
	if t.mode == lpPnpm {
		t.res.Projects = append(t.res.Projects, p)
		if t.rec {
			t.recordProject("projects", idx, start, p, nameS, nameE, verS, verE, pathS, len(body), privS)
		}
		t.projectSpans = append(t.projectSpans, [2]int{start + pathS, start + len(body)})
	}
	return true
}

// recordProject records a project's spans; those of projects are kept
// aside (projectRec) until the end, when it is known whether projects is
// emitted.
func (t *lpTree) recordProject(key string, idx, base int, p PkgProject, nS, nE, vS, vE, pS, pE, privS int) {
	add := func(f string, s, e int, tr string) {
		if idx < 0 {
			t.c.Span(base+s, base+e, tr, key, f)
		} else {
			t.projectRec.Path(base+s, base+e, tr, key, idx, f)
		}
	}
	if p.Name != "" {
		add("name", nS, nE, "")
	}
	if p.Version != "" {
		add("version", vS, vE, "")
	}
	add("path", pS, pE, "")
	if p.Private {
		add("private", privS, privS+9, "marker")
	}
}

// finishProjects keeps pnpm's projects and project_path only when there
// were several projects.
func (t *lpTree) finishProjects() {
	if t.mode != lpPnpm {
		return
	}
	if len(t.res.Projects) < 2 {
		t.res.Projects = nil
		return
	}
	for i := range t.res.Dependencies {
		pi := t.rowProject[i]
		if pi < 0 {
			continue
		}
		t.res.Dependencies[i].ProjectPath = t.res.Projects[pi].Path
		if t.rec {
			sp := t.projectSpans[pi]
			t.c.Span(sp[0], sp[1], "", "dependencies", i, "project_path")
		}
	}
	t.projectRec.Finish()
}

// beginRow starts a row at depth, filled in place at the end of the
// rows; it fails when the tree skips a level.
func (t *lpTree) beginRow(depth int) (d *PkgDependency, idx int, parent *lpParent, ok bool) {
	if depth > len(t.parents) {
		return nil, 0, nil, false
	}
	if depth > 0 {
		parent = &t.parents[depth-1]
	}
	idx = len(t.res.Dependencies)
	t.res.Dependencies = append(t.res.Dependencies, PkgDependency{Depth: depth})
	if t.rec {
		t.rs.Begin(lpkDependencies, idx)
		t.extras.Begin(lpkDependencies, idx)
	}
	return &t.res.Dependencies[idx], idx, parent, true
}

// commitRow keeps d (or counts it omitted) and makes it the parent of
// the rows below it.
func (t *lpTree) commitRow(d *PkgDependency, idx, nameS, nameE int, parent *lpParent, prefixS, prefixE int) {
	t.parents = append(t.parents[:d.Depth], lpParent{d.Name, nameS, nameE})
	if t.c.Full(idx) {
		t.c.Omit(1)
		t.abort(idx)
		return
	}
	if t.rec {
		t.rs.Field(lpfName, nameS, nameE, catalog.TrVerbatim)
		if parent != nil {
			d.Parent = parent.name
			t.rs.Field(lpfParent, parent.start, parent.end, catalog.TrVerbatim)
		}
		if prefixE == prefixS {
			prefixS, prefixE = nameS, nameE
		}
		t.extras.At(lpkDependencies, idx, lpxDepth, prefixS, prefixE, catalog.TrTreeDepth)
	} else if parent != nil {
		d.Parent = parent.name
	}
	if t.mode == lpPnpm {
		t.rowProject = append(t.rowProject, int32(len(t.res.Projects)-1))
	}
}

// abort drops the row begun at idx.
func (t *lpTree) abort(idx int) {
	t.res.Dependencies = t.res.Dependencies[:idx]
	if t.rec {
		t.rs.Discard()
		t.extras.Discard()
	}
}

// npmRow reads a label: [UNMET [OPTIONAL ]DEPENDENCY ]name@version
// [deduped][ invalid: DETAIL][ extraneous][ overridden][ (RESOLVED)][ -> PATH].
func (t *lpTree) npmRow(line string, start, depth, label int) bool {
	d, idx, parent, ok := t.beginRow(depth)
	if !ok {
		return false
	}
	s := label
	rec := t.rec
	if rest, ok := strings.CutPrefix(line[s:], "UNMET "); ok {
		d.Missing = true
		ms := start + s
		if rest2, ok := strings.CutPrefix(rest, "OPTIONAL "); ok {
			d.Optional = true
			rest = rest2
			if rec {
				t.mark(lpfOptional, ms+6, ms+14)
			}
		}
		rest2, ok := strings.CutPrefix(rest, "DEPENDENCY ")
		if !ok {
			t.abort(idx)
			return false
		}
		s = len(line) - len(rest2)
		if rec {
			t.mark(lpfMissing, ms, start+s-1)
		}
		// The rest is name@spec; a spec may hold spaces (">=1 <2").
		at := lpSplitAt(line[s:])
		if at <= 0 || s+at+1 >= len(line) {
			t.abort(idx)
			return false
		}
		d.Name, d.Spec = line[s:s+at], line[s+at+1:]
		if rec {
			t.span(lpfSpec, start+s+at+1, start+len(line))
		}
		t.commitRow(d, idx, start+s, start+s+at, parent, start, start+label)
		return true
	}
	body := line[s:]
	sp := strings.IndexByte(body, ' ')
	if sp < 0 {
		sp = len(body)
	}
	id := body[:sp]
	at := lpSplitAt(id)
	if at <= 0 || at == len(id)-1 {
		t.abort(idx)
		return false
	}
	d.Name = id[:at]
	vs := at + 1
	if alias, ok := strings.CutPrefix(id[vs:], "npm:"); ok {
		a2 := lpSplitAt(alias)
		if a2 <= 0 || a2 == len(alias)-1 {
			t.abort(idx)
			return false
		}
		d.AliasOf = alias[:a2]
		if rec {
			t.span(lpfAliasOf, start+s+vs+4, start+s+vs+4+a2)
		}
		vs += 4 + a2 + 1
	}
	d.Version = id[vs:]
	if rec {
		t.span(lpfVersion, start+s+vs, start+s+len(id))
	}
	// The suffixes, from the end.
	rest := body[sp:]
	off := start + s + sp // offset of rest
	if i := strings.LastIndex(rest, " -> "); i >= 0 && i+4 < len(rest) {
		d.Path = rest[i+4:]
		if rec {
			t.span(lpfPath, off+i+4, off+len(rest))
		}
		rest = rest[:i]
	}
	if strings.HasSuffix(rest, ")") {
		if i := strings.LastIndex(rest, " ("); i >= 0 && i+3 < len(rest) {
			d.Resolved = rest[i+2 : len(rest)-1]
			if rec {
				t.span(lpfResolved, off+i+2, off+len(rest)-1)
			}
			rest = rest[:i]
		}
	}
	if strings.HasSuffix(rest, " overridden") {
		d.Overridden = true
		rest = rest[:len(rest)-11]
		if rec {
			t.mark(lpfOverridden, off+len(rest)+1, off+len(rest)+11)
		}
	}
	if strings.HasSuffix(rest, " extraneous") {
		d.Extraneous = true
		rest = rest[:len(rest)-11]
		if rec {
			t.mark(lpfExtraneous, off+len(rest)+1, off+len(rest)+11)
		}
	}
	if strings.HasPrefix(rest, " deduped") {
		d.Deduped = true
		if rec {
			t.mark(lpfDeduped, off+1, off+8)
		}
		rest = rest[8:]
		off += 8
	}
	if detail, ok := strings.CutPrefix(rest, " invalid: "); ok && detail != "" {
		d.Invalid, d.InvalidDetail = true, detail
		if rec {
			t.mark(lpfInvalid, off+1, off+8)
			t.span(lpfInvalidDetail, off+10, off+len(rest))
		}
		rest = ""
	}
	if rest != "" {
		t.abort(idx)
		return false
	}
	t.commitRow(d, idx, start+s, start+s+at, parent, start, start+label)
	return true
}

// yarnRow reads "name@version" or a hoisted request "name@range".
func (t *lpTree) yarnRow(line string, start, depth, label int) bool {
	d, idx, parent, ok := t.beginRow(depth)
	if !ok {
		return false
	}
	body := line[label:]
	at := lpSplitAt(body)
	if at <= 0 || at == len(body)-1 {
		t.abort(idx)
		return false
	}
	d.Name = body[:at]
	v := body[at+1:]
	vs := start + label + at + 1
	if lpIsSemver(v) {
		d.Version = v
		if t.rec {
			t.span(lpfVersion, vs, vs+len(v))
		}
	} else {
		d.Spec = v
		if t.rec {
			t.span(lpfSpec, vs, vs+len(v))
		}
	}
	t.commitRow(d, idx, start+label, start+label+at, parent, start, start+label)
	return true
}

// pnpmTop reads a line of direct dependencies: one label, or several in
// columns (pnpm lays more than ten out in columns on a terminal at
// --depth=0); they are kept in the order printed, row by row.
func (t *lpTree) pnpmTop(line string, start int) bool {
	i := 0
	got := false
	for i < len(line) {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i >= len(line) {
			break
		}
		j := strings.Index(line[i:], "  ")
		if j < 0 {
			j = len(line)
		} else {
			j += i
		}
		if !t.pnpmLabel(line[:j], start, 0, i, i) {
			return got
		}
		got = true
		i = j
	}
	return got
}

func (t *lpTree) pnpmRow(line string, start, depth, label int) bool {
	return t.pnpmLabel(line, start, depth, label, 0)
}

// pnpmLabel reads "name version[ peer][ skipped]" at line[label:].
func (t *lpTree) pnpmLabel(line string, start, depth, label, prefixS int) bool {
	d, idx, parent, ok := t.beginRow(depth)
	if !ok {
		return false
	}
	body := line[label:]
	sp := strings.IndexByte(body, ' ')
	if sp <= 0 || sp == len(body)-1 {
		t.abort(idx)
		return false
	}
	d.Name = body[:sp]
	rest := body[sp+1:]
	off := start + label + sp + 1
	ve := strings.IndexByte(rest, ' ')
	if ve < 0 {
		ve = len(rest)
	}
	v := rest[:ve]
	if v == "" {
		t.abort(idx)
		return false
	}
	rec := t.rec
	if p, ok := strings.CutPrefix(v, "link:"); ok && p != "" {
		d.Path = p
		if rec {
			t.span(lpfPath, off+5, off+ve)
		}
	} else if p, ok := strings.CutPrefix(v, "file:"); ok && p != "" {
		d.Path = p
		if rec {
			t.span(lpfPath, off+5, off+ve)
		}
	} else {
		d.Version = v
		if rec {
			t.span(lpfVersion, off, off+ve)
		}
	}
	for ve < len(rest) {
		ws := ve + 1
		we := strings.IndexByte(rest[ws:], ' ')
		if we < 0 {
			we = len(rest)
		} else {
			we += ws
		}
		switch rest[ws:we] {
		case "peer":
			d.Peer = true
			if rec {
				t.mark(lpfPeer, off+ws, off+we)
			}
		case "skipped":
			d.Skipped = true
			if rec {
				t.mark(lpfSkipped, off+ws, off+we)
			}
		default:
			t.abort(idx)
			return false
		}
		ve = we
	}
	if depth == 0 && t.kind != "" {
		d.Kind = t.kind
		if rec {
			t.extras.At(lpkDependencies, idx, lpxKind, t.kindS, t.kindE, catalog.TrSection)
		}
	}
	t.commitRow(d, idx, start+label, start+label+sp, parent, start+prefixS, start+label)
	return true
}

type cargoTree struct {
	c        *catalog.Context
	res      *CargoTreeResult
	rec      bool
	rs       *catalog.SpanRec
	extras   *catalog.SpanRec
	parents  []lpParent
	kinds    []cargoKind // per depth: the header the rows at that depth are under
	features bool
	depthPfx bool
}

type cargoKind struct {
	kind string
	s, e int
}

func parseCargoTree(c *catalog.Context) (any, error) {
	t := &cargoTree{c: c, rec: c.Recording()}
	t.res = &CargoTreeResult{Crates: make([]CargoCrate, 0, min(lex.CountLines(c.Raw), 1<<20))}
	t.rs = c.Rows(5)
	t.extras = c.Rows(1)
	for _, a := range c.Args.Items {
		switch a.Flag {
		case "-f", "--format":
			t.features, _ = cargoFormat(a.Value)
		case "--prefix":
			t.depthPfx = a.Value == "depth"
		}
	}
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			// A new tree (workspace members, -i targets, -d).
			t.parents, t.kinds = t.parents[:0], t.kinds[:0]
			continue
		}
		nlines++
		if !t.line(line, start) {
			c.Unread(start)
			continue
		}
		read++
	}
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a cargo tree")
	}
	if t.rec {
		t.rs.Finish()
		t.extras.Finish()
	}
	return t.res, nil
}

func (t *cargoTree) line(line string, start int) bool {
	var depth, label int
	if t.depthPfx {
		for label < len(line) && line[label] >= '0' && line[label] <= '9' {
			label++
		}
		n, ok := lex.Atoi(line[:label])
		if !ok || n > 1<<20 {
			return false
		}
		depth = int(n)
	} else {
		units, l, conn := lpPrefix(line, cargoUnits, cargoConns)
		label = l
		depth = units
		if conn {
			depth++
		}
		if !conn && units > 0 || !conn && strings.HasPrefix(line[l:], "[") {
			// A section header: "[build-dependencies]" indented at its
			// parent's depth; it applies to the parent's next rows.
			kind := ""
			switch line[l:] {
			case "[build-dependencies]":
				kind = "build"
			case "[dev-dependencies]":
				kind = "dev"
			default:
				return false
			}
			if units >= len(t.parents) {
				return false
			}
			for len(t.kinds) < units+2 {
				t.kinds = append(t.kinds, cargoKind{})
			}
			t.kinds[units+1] = cargoKind{kind, start + l, start + len(line)}
			return true
		}
	}
	if depth > len(t.parents) {
		return false
	}
	idx := len(t.res.Crates)
	rec := t.rec
	if rec {
		t.rs.Begin(lpkCrates, idx)
		t.extras.Begin(lpkCrates, idx)
	}
	t.res.Crates = append(t.res.Crates, CargoCrate{Depth: depth})
	cr := &t.res.Crates[idx]
	drop := func() {
		t.res.Crates = t.res.Crates[:idx]
		if rec {
			t.rs.Discard()
			t.extras.Discard()
		}
	}
	nameS, nameE, ok := t.label(cr, line, start, label)
	if !ok {
		drop()
		return false
	}
	var parent *lpParent
	if depth > 0 {
		parent = &t.parents[depth-1]
		cr.Parent = parent.name
	}
	if depth < len(t.kinds) && t.kinds[depth].kind != "" {
		k := t.kinds[depth]
		cr.Kind = k.kind
		if rec {
			t.extras.At(lpkCrates, idx, lpxKind, k.s, k.e, catalog.TrSection)
		}
	}
	t.parents = append(t.parents[:depth], lpParent{cr.Name, nameS, nameE})
	if len(t.kinds) > depth+1 {
		t.kinds = t.kinds[:depth+1] // the headers of this row's children are still to come
	}
	if t.c.Full(idx) {
		t.c.Omit(1)
		drop()
		return true
	}
	if rec {
		t.rs.Field(lpfName, nameS, nameE, catalog.TrVerbatim)
		if parent != nil {
			t.rs.Field(lpfParent, parent.start, parent.end, catalog.TrVerbatim)
		}
		ps, pe := start, start+label
		if ps == pe {
			ps, pe = nameS, nameE
		}
		t.extras.At(lpkCrates, idx, lpxDepth, ps, pe, catalog.TrTreeDepth)
	}
	return true
}

// label reads `name vVERSION[ (proc-macro)][ (SOURCE)][ FEATURES][ (*)]`
// or a feature node `name feature "f"[ (*)]`.
func (t *cargoTree) label(cr *CargoCrate, line string, start, label int) (nameS, nameE int, ok bool) {
	body := line[label:]
	base := start + label
	sp := strings.IndexByte(body, ' ')
	if sp <= 0 || sp+2 >= len(body) {
		return 0, 0, false
	}
	cr.Name = body[:sp]
	nameS, nameE = base, base+sp
	rest := body[sp+1:]
	off := base + sp + 1
	rec := t.rec
	if f, ok := strings.CutPrefix(rest, "feature \""); ok {
		q := strings.IndexByte(f, '"')
		if q <= 0 {
			return 0, 0, false
		}
		cr.Feature = f[:q]
		if rec {
			t.rs.Field(lpfFeature, off+9, off+9+q, catalog.TrVerbatim)
		}
		tail := f[q+1:]
		toff := off + 9 + q + 1
		if tail == " (*)" {
			cr.Deduped = true
			if rec {
				t.rs.Field(lpfDeduped, toff+1, toff+4, catalog.TrMarker)
			}
		} else if tail != "" {
			return 0, 0, false
		}
		return nameS, nameE, true
	}
	if len(rest) < 2 || rest[0] != 'v' || rest[1] < '0' || rest[1] > '9' {
		return 0, 0, false
	}
	ve := strings.IndexByte(rest, ' ')
	if ve < 0 {
		ve = len(rest)
	}
	cr.Version = rest[1:ve]
	if rec {
		t.rs.Field(lpfVersion, off+1, off+ve, catalog.TrVerbatim)
	}
	rest, off = rest[ve:], off+ve
	if strings.HasPrefix(rest, " (proc-macro)") {
		cr.ProcMacro = true
		if rec {
			t.rs.Field(lpfProcMacro, off+2, off+12, catalog.TrMarker)
		}
		rest, off = rest[13:], off+13
	}
	// The source: the first ")" after which the rest still reads.
	if strings.HasPrefix(rest, " (") && !strings.HasPrefix(rest, " (*)") {
		found := false
		for i := 2; i < len(rest); i++ {
			if rest[i] != ')' || i+1 < len(rest) && rest[i+1] != ' ' || i == 2 {
				continue
			}
			var probe CargoCrate
			if !t.tail(&probe, rest[i+1:], off+i+1, false) {
				continue
			}
			src := rest[2:i]
			if lpIsPath(src) {
				cr.Path = src
				if rec {
					t.rs.Field(lpfPath, off+2, off+i, catalog.TrVerbatim)
				}
			} else {
				cr.Source = src
				if rec {
					t.rs.Field(lpfSource, off+2, off+i, catalog.TrVerbatim)
				}
			}
			rest, off = rest[i+1:], off+i+1
			found = true
			break
		}
		if !found {
			return 0, 0, false
		}
	}
	if !t.tail(cr, rest, off, rec) {
		return 0, 0, false
	}
	return nameS, nameE, true
}

// tail reads what follows the package: " FEATURES" with -f "{p} {f}"
// (empty when none: "pkg " or "pkg  (*)"), then " (*)".
func (t *cargoTree) tail(cr *CargoCrate, rest string, off int, rec bool) bool {
	if t.features {
		if rest == "" {
			return true // git-trimmed trailing space
		}
		if rest[0] != ' ' {
			return false
		}
		rest, off = rest[1:], off+1
		fe := strings.IndexByte(rest, ' ')
		if fe < 0 {
			fe = len(rest)
		}
		if fe > 0 {
			if rest[0] == '(' {
				return false
			}
			fs := 0
			for k := 0; fs <= fe; k++ {
				e := strings.IndexByte(rest[fs:fe], ',')
				if e < 0 {
					e = fe
				} else {
					e += fs
				}
				if e == fs {
					return false
				}
				cr.Features = append(cr.Features, rest[fs:e])
				if rec {
					if k < len(lpfFeatures) {
						t.rs.Field(lpfFeatures[k], off+fs, off+e, catalog.TrVerbatim)
					} else {
						t.rs.Field(t.rs.LocalName("features/"+strconv.Itoa(k)), off+fs, off+e, catalog.TrVerbatim)
					}
				}
				fs = e + 1
			}
		}
		rest, off = rest[fe:], off+fe
	}
	switch rest {
	case "":
		return true
	case " (*)":
		cr.Deduped = true
		if rec {
			t.rs.Field(lpfDeduped, off+1, off+4, catalog.TrMarker)
		}
		return true
	}
	return false
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lpNpmParsers() }
