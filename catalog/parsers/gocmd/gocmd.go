// Package gocmd reads the output of the go command's inspection subcommands for the catalog: the parsers go-version, go-env, go-list.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package gocmd

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
)

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
var goVersionFlags = catalog.Flags{}

var goEnvFlags = catalog.Flags{"-changed": catalog.Bool}

var goListFlags = catalog.Flags{"-m": catalog.Bool, "-u": catalog.Bool, "-versions": catalog.Bool, "-retracted": catalog.Bool, "-e": catalog.Bool, "-mod": catalog.Value,
	"-modfile": catalog.Value, "-tags": catalog.Value, "-deps": catalog.Bool, "-test": catalog.Bool, "-find": catalog.Bool, "-C": catalog.Value}

func goInspectParsers() []*catalog.Parser {
	return []*catalog.Parser{{
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
		Table:    &catalog.TableLines{},
		Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
			if names := argv.Operands(); len(names) > 0 {
				return catalog.Unsupported(append([]string{"env", "-json"}, names...), "go env NAME prints bare values without their names: -json prints both")
			}
			return nil
		},
		Parse: parseGoEnv,
	}, {
		ID: "go-list", Command: "go", Subcommand: "list", Version: "1", GoFlags: true,
		Format: "go list's import paths, and with -m module lines: path version [update] [=> replacement] (notes); -json passes through",
		Flags:  goListFlags, MaxPositionals: -1, Result: GoListResult{}, RowsKey: "items", KeyFields: []string{"path"},
		Examples: [][]string{{"list", "./..."}, {"list", "-m"}, {"list", "-m", "all"}, {"list", "-m", "-u", "all"}},
		Table:    &catalog.TableLines{},
		Parse:    parseGoList,
	}}
}

func parseGoVersion(c *catalog.Context) (any, error) {
	var fb kit.FieldBuf
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		toks := fb.Fields(l, 0)
		if len(toks) < 4 || c.Raw[toks[0][0]:toks[0][1]] != "go" || c.Raw[toks[1][0]:toks[1][1]] != "version" {
			return nil, catalog.Unrecognized("not a \"go version\" line")
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
			return nil, catalog.Unrecognized("go version's line has no os/arch")
		}
		r := &GoVersionResult{}
		r.Version = kit.Text(c, toks[2][0], toks[k-1][1], "version")
		r.OS = kit.Text(c, osarch[0], osarch[0]+slash, "os")
		r.Arch = kit.Text(c, osarch[0]+slash+1, osarch[1], "arch")
		if k+1 < len(toks) {
			r.Extra = kit.Text(c, toks[k+1][0], toks[len(toks)-1][1], "extra")
		}
		return r, nil
	}
	return nil, catalog.Unrecognized("go version printed nothing")
}

func parseGoEnv(c *catalog.Context) (any, error) {
	res := &GoEnvResult{Variables: make([]GoEnvVar, 0, kit.RowCap(c))}
	data := 0
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" {
			continue
		}
		data++
		at := l.At
		if rest, ok := strings.CutPrefix(t, "set "); ok {
			t, at = rest, at+4
		}
		eq := strings.IndexByte(t, '=')
		if eq <= 0 || strings.ContainsAny(t[:eq], " '\"") {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Variables)) {
			c.Omit(1)
			continue
		}
		i := len(res.Variables)
		mark := c.Mark()
		v := GoEnvVar{Name: kit.Text(c, at, at+eq, "variables", i, "name")}
		val := t[eq+1:]
		vs := at + eq + 1
		switch {
		case len(val) >= 2 && val[0] == '\'' && val[len(val)-1] == '\'':
			inner := val[1 : len(val)-1]
			if strings.Contains(inner, "'") {
				// sh quoting: 'it'\''s' is it's
				v.Value = strings.ReplaceAll(inner, `'\''`, "'")
				c.Span(vs, vs+len(val), "unquote", "variables", i, "value")
			} else {
				v.Value = kit.Text(c, vs+1, vs+len(val)-1, "variables", i, "value")
			}
		case strings.HasPrefix(val, "'"):
			c.Truncate(mark) // a value quoted over several lines
			c.Unread(l.At)
			continue
		default:
			v.Value = kit.Text(c, vs, vs+len(val), "variables", i, "value")
		}
		res.Variables = append(res.Variables, v)
	}
	if data > 0 && len(res.Variables) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("go env")
	}
	return res, nil
}

func parseGoList(c *catalog.Context) (any, error) {
	res := &GoListResult{Items: make([]GoListItem, 0, kit.RowCap(c))}
	modules, versions := c.Args.Has("-m"), c.Args.Has("-versions")
	data := 0
	var fb kit.FieldBuf
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		data++
		toks := fb.Fields(l, 0)
		if c.Full(len(res.Items)) {
			c.Omit(1)
			continue
		}
		i := len(res.Items)
		mark := c.Mark()
		it := GoListItem{Path: kit.Text(c, toks[0][0], toks[0][1], "items", i, "path")}
		ok := modules || len(toks) == 1
		for j := 1; ok && j < len(toks); j++ {
			s, e := toks[j][0], toks[j][1]
			w := c.Raw[s:e]
			switch {
			case versions:
				c.Span(s, e, "", "items", i, "versions", len(it.Versions))
				it.Versions = append(it.Versions, w)
			case len(w) > 2 && w[0] == '[' && w[len(w)-1] == ']' && it.Update == "":
				it.Update = kit.Text(c, s+1, e-1, "items", i, "update")
			case len(w) > 2 && w[0] == '(' && w[len(w)-1] == ')':
				c.Span(s, e, "", "items", i, "notes", len(it.Notes))
				it.Notes = append(it.Notes, w)
			case w == "=>" && j+1 < len(toks) && it.ReplacePath == "":
				j++
				it.ReplacePath = kit.Text(c, toks[j][0], toks[j][1], "items", i, "replace_path")
				if j+1 < len(toks) && strings.HasPrefix(c.Raw[toks[j+1][0]:toks[j+1][1]], "v") {
					j++
					it.ReplaceVersion = kit.Text(c, toks[j][0], toks[j][1], "items", i, "replace_version")
				}
			case j == 1 && strings.HasPrefix(w, "v"):
				it.Version = kit.Text(c, s, e, "items", i, "version")
			default:
				ok = false
			}
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Items = append(res.Items, it)
	}
	if data > 0 && len(res.Items) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("go list")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return goInspectParsers() }
