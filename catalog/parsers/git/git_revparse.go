package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitRevParseResult is the parsed output of `git rev-parse`: one value per
// line, in the order git printed them.
type GitRevParseResult struct {
	Values []GitRevParseValue `json:"values"`
}

// GitRevParseValue is one line: a hash, a name (--abbrev-ref,
// --symbolic-full-name), a path (--show-toplevel, --git-dir), "true" or
// "false" (--is-inside-work-tree), or "" (--show-prefix at the top). Arg
// names the argument that printed it when every argument prints exactly
// one line and the lines match them one for one.
type GitRevParseValue struct {
	Arg   string `json:"arg,omitempty"`
	Value string `json:"value"`
}

// Flags checked against git-rev-parse(1) of git 2.39 (builtin/rev-parse.c,
// which handles its arguments one by one, printing as it goes). --sq and
// --parseopt change the output's quoting and are not read.
var gitRevParseFlags = gxFlags(catalog.Flags{
	"--show-toplevel": catalog.Bool, "--verify": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool, "--git-dir": catalog.Bool,
	"--absolute-git-dir": catalog.Bool, "--git-common-dir": catalog.Bool, "--is-inside-work-tree": catalog.Bool,
	"--is-inside-git-dir": catalog.Bool, "--is-bare-repository": catalog.Bool, "--is-shallow-repository": catalog.Bool,
	"--show-prefix": catalog.Bool, "--show-cdup": catalog.Bool, "--show-superproject-working-tree": catalog.Bool, "--symbolic": catalog.Bool,
	"--symbolic-full-name": catalog.Bool, "--all": catalog.Bool, "--local-env-vars": catalog.Bool, "--shared-index-path": catalog.Bool,
	"--revs-only": catalog.Bool, "--no-revs": catalog.Bool, "--flags": catalog.Bool, "--no-flags": catalog.Bool, "--not": catalog.Bool,
	"--abbrev-ref": catalog.Optional, "--short": catalog.Optional, "--branches": catalog.Optional, "--tags": catalog.Optional, "--remotes": catalog.Optional,
	"--show-object-format": catalog.Optional, "--glob": catalog.Value, "--default": catalog.Value, "--since": catalog.Value, "--after": catalog.Value,
	"--until": catalog.Value, "--before": catalog.Value, "--git-path": catalog.Value, "--exclude": catalog.Value, "--path-format": catalog.Value,
})

// gitRevParseOne are the options that print one line each.
var gitRevParseOne = map[string]bool{
	"--show-toplevel": true, "--git-dir": true, "--absolute-git-dir": true, "--git-common-dir": true,
	"--is-inside-work-tree": true, "--is-inside-git-dir": true, "--is-bare-repository": true,
	"--is-shallow-repository": true, "--show-prefix": true, "--show-cdup": true, "--shared-index-path": true,
	"--show-object-format": true, "--git-path": true, "--show-superproject-working-tree": true,
}

// gitRevParseMany print any number of lines, or change which arguments print.
var gitRevParseMany = map[string]bool{
	"--all": true, "--branches": true, "--tags": true, "--remotes": true, "--glob": true, "--default": true,
	"--since": true, "--after": true, "--until": true, "--before": true, "--local-env-vars": true,
	"--revs-only": true, "--no-revs": true, "--flags": true, "--no-flags": true, "--not": true, "--exclude": true,
}

var gitRevParseDef = &catalog.Parser{
	ID:             "git-rev-parse",
	Command:        "git",
	Subcommand:     "rev-parse",
	Version:        "1",
	Format:         "git rev-parse: one value per line (hashes, names, paths, true/false), each with the argument that printed it where they match one for one",
	Flags:          gitRevParseFlags,
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"--sq": {}, "--sq-quote": {}, "--parseopt": {}},
	Result:         GitRevParseResult{},
	RowsKey:        "values",
	Examples: [][]string{{"rev-parse", "HEAD"}, {"rev-parse", "--abbrev-ref", "HEAD"},
		{"rev-parse", "--show-toplevel"}, {"rev-parse", "--git-dir", "--is-inside-work-tree"}},
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, With: []string{"-q", "--quiet"}, Means: "with --verify, the arguments do not name exactly one valid object",
		Source: "git-rev-parse(1): -q, --quiet: ... exit with non-zero status silently"}},
	Table: &catalog.TableLines{},
	Parse: parseGitRevParse,
}

func gitRevParseParsers() []*catalog.Parser {
	return []*catalog.Parser{gitRevParseDef}
}

var (
	grTValue = catalog.SpanID("values/*")
	grfArg   = catalog.SpanID("arg")
	grfValue = catalog.SpanID("value")
)

// gitRevParseArgs names the argument behind each line, or nil when the
// arguments do not print one line each.
func gitRevParseArgs(argv catalog.Args) []string {
	var out []string
	args := argv.Rest()
	for _, a := range argv.Items {
		sub := argv.SubIndex >= 0 && a.Index >= argv.SubIndex // after the subcommand token, not one of git's globals
		switch {
		case a.Flag == "" && !sub:
		case a.Flag == "":
			p := a.Pos
			if strings.Contains(p, "..") || strings.HasSuffix(p, "^!") || strings.HasSuffix(p, "^@") || strings.HasSuffix(p, "^-") {
				return nil
			}
			out = append(out, p)
		case !sub:
		case gitRevParseMany[a.Flag]:
			return nil
		case gitRevParseOne[a.Flag]:
			out = append(out, args[a.Index])
			if a.HasValue && !a.Attached {
				out[len(out)-1] += " " + a.Value
			}
		}
	}
	return out
}

func parseGitRevParse(c *catalog.Context) (any, error) {
	labels := gitRevParseArgs(c.Args)
	res := &GitRevParseResult{Values: make([]GitRevParseValue, 0, kit.RowCap(c))}
	rec := c.Rows(2)
	it := lex.Lines{Raw: c.Raw}
	n := 0
	var at [][2]int
	for l, start := range it.All() {
		if c.Full(n) {
			c.Omit(1)
			n++
			continue
		}
		rec.At(grTValue, n, grfValue, start, start+len(l), catalog.TrVerbatim)
		at = append(at, [2]int{start, start + len(l)})
		res.Values = append(res.Values, GitRevParseValue{Value: l})
		n++
	}
	switch {
	case labels != nil && len(labels) == n:
		for i := range res.Values {
			// the argument is not in the output: its span is the line it printed
			res.Values[i].Arg = labels[i]
			rec.At(grTValue, i, grfArg, at[i][0], at[i][1], catalog.TrImpliedDefault)
		}
	case labels != nil && n > 0:
		c.Warn("the lines do not match the arguments one for one, so values carry no arg")
	}
	rec.Finish()
	return res, nil
}
