package catalog

import (
	"strings"

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
var gitRevParseFlags = gxFlags(Flags{
	"--show-toplevel": Bool, "--verify": Bool, "-q": Bool, "--quiet": Bool, "--git-dir": Bool,
	"--absolute-git-dir": Bool, "--git-common-dir": Bool, "--is-inside-work-tree": Bool,
	"--is-inside-git-dir": Bool, "--is-bare-repository": Bool, "--is-shallow-repository": Bool,
	"--show-prefix": Bool, "--show-cdup": Bool, "--show-superproject-working-tree": Bool, "--symbolic": Bool,
	"--symbolic-full-name": Bool, "--all": Bool, "--local-env-vars": Bool, "--shared-index-path": Bool,
	"--revs-only": Bool, "--no-revs": Bool, "--flags": Bool, "--no-flags": Bool, "--not": Bool,
	"--abbrev-ref": Value, "--short": Value, "--branches": Value, "--tags": Value, "--remotes": Value,
	"--show-object-format": Value, "--glob": Value, "--default": Value, "--since": Value, "--after": Value,
	"--until": Value, "--before": Value, "--git-path": Value, "--exclude": Value, "--path-format": Value,
})

var gitRevParseOptional = map[string]bool{
	"--abbrev-ref": true, "--short": true, "--branches": true, "--tags": true, "--remotes": true, "--show-object-format": true,
}

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

var gitRevParseDef = &Parser{
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
	ExitAnswers: []ExitAnswer{{Code: 1, With: []string{"-q", "--quiet"}, Means: "with --verify, the arguments do not name exactly one valid object",
		Source: "git-rev-parse(1): -q, --quiet: ... exit with non-zero status silently"}},
	Table: &TableLines{},
	Parse: parseGitRevParse,
}

func gitRevParseParsers() []*Parser {
	gitRevParseDef.Check = func(args []string, _ OS) *ParseError {
		_, perr := gxCheck(gitRevParseDef, gitRevParseOptional, args)
		return perr
	}
	return []*Parser{gitRevParseDef}
}

var (
	grTValue = spanID("values/*")
	grfArg   = spanID("arg")
	grfValue = spanID("value")
)

// gitRevParseArgs names the argument behind each line, or nil when the
// arguments do not print one line each.
func gitRevParseArgs(args []string) []string {
	var out []string
	sub := false
	for _, a := range gxScan(gitRevParseFlags, gitRevParseOptional, args) {
		switch {
		case a.flag == "" && !sub:
			sub = a.pos == "rev-parse" // the subcommand token, after git's globals
		case a.flag == "":
			p := a.pos
			if strings.Contains(p, "..") || strings.HasSuffix(p, "^!") || strings.HasSuffix(p, "^@") || strings.HasSuffix(p, "^-") {
				return nil
			}
			out = append(out, p)
		case !sub:
		case gitRevParseMany[a.flag]:
			return nil
		case gitRevParseOne[a.flag]:
			out = append(out, args[a.index])
			if a.hasValue && !a.attached {
				out[len(out)-1] += " " + a.value
			}
		}
	}
	return out
}

func parseGitRevParse(c *Context) (any, error) {
	labels := gitRevParseArgs(c.Args)
	res := &GitRevParseResult{Values: []GitRevParseValue{}}
	rec := newSpanRec(c, 2)
	it := lex.Lines{Raw: c.Raw}
	n := 0
	var at [][2]int
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if c.Full(n) {
			c.Omit(1)
			n++
			continue
		}
		rec.at(grTValue, n, grfValue, start, start+len(l), trVerbatim)
		at = append(at, [2]int{start, start + len(l)})
		res.Values = append(res.Values, GitRevParseValue{Value: l})
		n++
	}
	switch {
	case labels != nil && len(labels) == n:
		for i := range res.Values {
			// the argument is not in the output: its span is the line it printed
			res.Values[i].Arg = labels[i]
			rec.at(grTValue, i, grfArg, at[i][0], at[i][1], trImpliedDefault)
		}
	case labels != nil && n > 0:
		c.Warn("the lines do not match the arguments one for one, so values carry no arg")
	}
	rec.finish()
	return res, nil
}
