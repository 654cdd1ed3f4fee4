package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitTagResult is the parsed output of `git tag` (listing).
type GitTagResult struct {
	Tags []GitTagName `json:"tags"`
}

// GitTagName is one tag; with -n, the first line of its annotation (or of
// the commit message of a lightweight tag) and, with -nN, the lines after
// it.
type GitTagName struct {
	Name    string `json:"name"`
	Message string `json:"message,omitempty"`
	Body    string `json:"body,omitempty"`
	// Fields are the atoms of a --format by name ("objectname",
	// "creatordate:short"), the refname atom included.
	Fields map[string]string `json:"fields,omitempty"`
}

// Flags checked against git-tag(1) of git 2.39 and builtin/tag.c /
// ref-filter.c (show_ref_array_item with the "%(align:15)%(refname:lstrip=2)
// %(end) " format and the annotation lines indented by four spaces): the
// listing options only. -n takes an optional attached count.
var gitTagFlags = gxFlags(catalog.Flags{
	"-l": catalog.Bool, "--list": catalog.Bool, "-n": catalog.Optional, "--sort": catalog.Value, "--contains": catalog.Value, "--no-contains": catalog.Value,
	"--merged": catalog.Value, "--no-merged": catalog.Value, "--points-at": catalog.Value, "-i": catalog.Bool, "--ignore-case": catalog.Bool,
	"--no-column": catalog.Bool, "--no-color": catalog.Bool, "--omit-empty": catalog.Bool, "--format": catalog.Value,
})

var gitTagDef = &catalog.Parser{
	ID:         "git-tag",
	Command:    "git",
	Subcommand: "tag",
	Version:    "1",
	Format: "git tag / git tag -l [pattern]: tag names; with -n[N] the annotation's first N lines; " +
		"a one-line --format holding %(refname...) whose atoms split exactly (a space after names, hashes and short dates, %00 or %1f after free text)",
	Flags:          gitTagFlags,
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--column": {"--no-column"}, "--color": {"--no-color"},
	},
	Result:    GitTagResult{},
	RowsKey:   "tags",
	KeyFields: []string{"name"},
	Examples: [][]string{{"tag"}, {"tag", "-l", "v1.*"}, {"tag", "-n"}, {"tag", "--sort=-creatordate"},
		{"tag", "--format=%(refname:short) %(objectname:short) %(creatordate:short) %(subject)"}},
	Parse: parseGitTag,
}

func gitTagParsers() []*catalog.Parser {
	gitTagDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		scanned := argv.Items
		for _, a := range scanned {
			if a.Flag != "--format" {
				continue
			}
			if _, ok := parseTagFormat(a.Value); !ok || gxHas(scanned, "-n") {
				return catalog.Unsupported(gxHint([]string{"tag"}, argv, gitTagFlags, func(f string) bool { return f == "--format" }, "--format="+gtfSupported),
					"git tag --format=%s: only one-line formats holding %%(refname...) whose atoms split exactly are read (see describe)", a.Value)
			}
		}
		return nil
	}
	return []*catalog.Parser{gitTagDef}
}

var (
	gtTTag       = catalog.SpanID("tags/*")
	gtfName      = catalog.SpanID("name")
	gtfMessage   = catalog.SpanID("message")
	gtfBody      = catalog.SpanID("body")
	gtfSupported = "%(refname:short)%00%(objectname)%00%(creatordate:iso-strict)%00%(subject)"
)

func parseGitTag(c *catalog.Context) (any, error) {
	scanned := c.Args.Items
	for _, a := range scanned {
		if a.Flag == "--format" {
			if items, ok := parseTagFormat(a.Value); ok {
				return parseGitTagFormatted(c, items)
			}
		}
	}
	annotated := gxHas(scanned, "-n")
	res := &GitTagResult{Tags: []GitTagName{}}
	rec := c.Rows(2)
	it := lex.Lines{Raw: c.Raw}
	data, read := 0, 0
	kept := false // the last tag was kept (its body lines follow)
	var body []string
	bodyS, bodyE := 0, 0
	flush := func() {
		if b := strings.Join(body, "\n"); kept && b != "" {
			i := len(res.Tags) - 1
			res.Tags[i].Body = b
			rec.At(gtTTag, i, gtfBody, bodyS, bodyE, catalog.TrDedent)
		}
		body = body[:0]
	}
	for l, start := range it.All() {
		if annotated && strings.HasPrefix(l, "    ") && (kept || read > 0) {
			// an annotation line after the first, indented by four spaces
			if len(body) == 0 {
				bodyS = start
			}
			body = append(body, l[4:])
			bodyE = start + len(l)
			continue
		}
		if lex.IsBlank(l) {
			continue
		}
		data++
		flush()
		kept = false
		name, msg, ms := l, "", 0
		if annotated {
			// "%-15s " then the message: it starts at max(15, len) + 1.
			if i := strings.IndexByte(l, ' '); i >= 0 {
				name = l[:i]
				ms = max(15, i) + 1
				if ms > len(l) {
					ms = len(l)
				}
				if strings.TrimLeft(l[i:ms], " ") != "" {
					c.Unread(start)
					continue
				}
				msg = l[ms:]
			}
		}
		if name == "" || strings.ContainsAny(name, " \t") {
			c.Unread(start)
			continue
		}
		read++
		if c.Full(len(res.Tags)) {
			c.Omit(1)
			continue
		}
		i := len(res.Tags)
		res.Tags = append(res.Tags, GitTagName{Name: name, Message: msg})
		rec.At(gtTTag, i, gtfName, start, start+len(name), catalog.TrVerbatim)
		if msg != "" {
			rec.At(gtTTag, i, gtfMessage, start+ms, start+len(l), catalog.TrVerbatim)
		}
		kept = true
	}
	flush()
	if data > 0 && read == 0 {
		return nil, gxNone("git tag")
	}
	rec.Finish()
	return res, nil
}

// parseGitTagFormatted reads one tag per line of a --format.
func parseGitTagFormatted(c *catalog.Context, items []gtfItem) (any, error) {
	res := &GitTagResult{Tags: []GitTagName{}}
	rec := c.Rows(len(items))
	it := lex.Lines{Raw: c.Raw}
	data, read := 0, 0
	for l, start := range it.All() {
		if l == "" {
			continue
		}
		data++
		vals, ok := splitTagFormat(items, l)
		name := ""
		var ns [2]int
		for _, item := range items {
			if v, has := vals[item.atom]; has && name == "" && strings.HasPrefix(item.atom, "refname") {
				name, ns = l[v[0]:v[1]], v
			}
		}
		if !ok || name == "" {
			c.Unread(start)
			continue
		}
		read++
		i := len(res.Tags)
		if c.Full(i) {
			c.Omit(1)
			continue
		}
		t := GitTagName{Name: name, Fields: map[string]string{}}
		rec.At(gtTTag, i, gtfName, start+ns[0], start+ns[1], catalog.TrVerbatim)
		for _, item := range items { // in the format's order, so spans come out the same each time
			v, has := vals[item.atom]
			if _, seen := t.Fields[item.atom]; !has || seen {
				continue
			}
			t.Fields[item.atom] = l[v[0]:v[1]]
			if c.Recording() {
				rec.Path(start+v[0], start+v[1], "", "tags", i, "fields", item.atom)
			}
		}
		res.Tags = append(res.Tags, t)
	}
	if data > 0 && read == 0 {
		return nil, gxNone("git tag --format")
	}
	rec.Finish()
	return res, nil
}
