// Package gh reads the output of `gh` for the catalog: the parser gh-pr-list.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package gh

import (
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GhPrListResult is the parsed output of `gh pr list`: the tab-separated
// form gh writes to a pipe (number, title, branch, state, creation time),
// or the aligned table of a terminal (GH_FORCE_TTY). Author and labels
// are not printed; `--json number,title,author,labels` gives them (the
// JSON is passed through).
type GhPrListResult struct {
	PullRequests []GhPullRequest `json:"pull_requests"`
}

// GhPullRequest is one pull request. HeadBranch is the head branch; a
// branch of a fork ("owner:branch") has its owner in HeadOwner. State is
// open, closed or merged; a draft is open with Draft set. CreatedAt comes
// from the piped form, Created ("about 3 hours ago") from the terminal one.
type GhPullRequest struct {
	Number         int64  `json:"number"`
	Title          string `json:"title,omitempty"`
	TitleTruncated bool   `json:"title_truncated,omitempty"`
	HeadOwner      string `json:"head_owner,omitempty"`
	HeadBranch     string `json:"head_branch,omitempty"`
	State          string `json:"state,omitempty"`
	Draft          bool   `json:"draft,omitempty"`
	CreatedAt      string `json:"created_at,omitempty"`
	Created        string `json:"created,omitempty"`
}

var (
	dvTPR         = catalog.SpanID("pull_requests/*")
	dvFNumber     = catalog.SpanID("number")
	dvFTitle      = catalog.SpanID("title")
	dvFTitleTrunc = catalog.SpanID("title_truncated")
	dvFHeadOwner  = catalog.SpanID("head_owner")
	dvFHeadBranch = catalog.SpanID("head_branch")
	dvFDraft      = catalog.SpanID("draft")
)

var ghPrParser = &catalog.Parser{
	ID:          "gh-pr-list",
	Command:     "gh",
	ShortEquals: true, // pflag
	Subcommand:  "pr",
	Version:     "1",
	Format:      "gh pr list: the tab-separated form written to a pipe, or the terminal table; --json is passed through",
	// Flags checked against `gh pr list --help` (cli.github.com manual, gh
	// 2.6x): every option, -R inherited; -w/--web opens a browser (hint:
	// without it).
	Flags: catalog.Flags{
		"-R": catalog.Value, "--repo": catalog.Value, "-L": catalog.Value, "--limit": catalog.Value, "-s": catalog.Value, "--state": catalog.Value,
		"-A": catalog.Value, "--author": catalog.Value, "-a": catalog.Value, "--assignee": catalog.Value, "-B": catalog.Value, "--base": catalog.Value,
		"-H": catalog.Value, "--head": catalog.Value, "-l": catalog.Value, "--label": catalog.Value, "-S": catalog.Value, "--search": catalog.Value,
		"-d": catalog.Bool, "--draft": catalog.Bool, "--app": catalog.Value, "--json": catalog.Value, "-q": catalog.Value, "--jq": catalog.Value,
		"-t": catalog.Value, "--template": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-w": {}, "--web": {}},
	Result:         GhPrListResult{},
	RowsKey:        "pull_requests",
	KeyFields:      []string{"number"},
	Examples:       [][]string{{"pr", "list"}, {"pr", "list", "--state", "all", "--limit", "50"}, {"pr", "list", "--author", "@me"}},
	Parse:          parseGhPrList,
}

// ghPrParsers wires the ghPrParser and returns it for the builtin list.
func ghPrParsers() []*catalog.Parser {
	ghPrParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		sub := ""
		if ops := argv.Operands(); len(ops) > 0 {
			sub = ops[0]
		}
		if sub != "list" && sub != "ls" {
			return catalog.Unsupported(nil, "gh pr %s is not read; gh pr list is (and --json output is passed through)", sub)
		}
		for _, f := range []string{"--json", "-q", "--jq", "-t", "--template"} {
			if _, ok := argv.Value(f); ok {
				return catalog.Unsupported(nil, "gh pr list %s: the JSON is passed through as is", f)
			}
		}
		return nil
	}
	return []*catalog.Parser{ghPrParser}
}

func parseGhPrList(c *catalog.Context) (any, error) {
	res := &GhPrListResult{PullRequests: []GhPullRequest{}}
	rec := c.Rows(8)
	it := lex.Lines{Raw: c.Raw}
	read := 0
	var cols []lex.Column
	var cells [][2]int
	tty := false
	for l, start := range it.NonBlankLines() {
		pi := len(res.PullRequests)
		rec.Begin(dvTPR, pi)
		add := rec.Field
		mark := rec.Mark()
		var pr GhPullRequest
		type cell struct {
			v    string
			s, e int
		}
		var num, title, branch, state, created cell
		switch {
		case strings.Contains(l, "\t") && !tty:
			parts := strings.Split(l, "\t")
			if len(parts) < 4 || len(parts) > 5 {
				c.Unread(start)
				continue
			}
			pos := start
			cs := make([]cell, len(parts))
			for i, p := range parts {
				cs[i] = cell{p, pos, pos + len(p)}
				pos += len(p) + 1
			}
			num, title, branch, state = cs[0], cs[1], cs[2], cs[3]
			if len(cs) == 5 {
				created = cs[4]
			}
		case cols == nil && strings.HasPrefix(l, "ID ") && strings.Contains(l, "TITLE"):
			cols, tty = lex.Columns(l), true
			read++
			continue
		case cols == nil && (strings.HasPrefix(l, "Showing ") || strings.HasPrefix(l, "No pull requests match")):
			read++
			continue
		case cols != nil:
			var okc bool
			cells, okc = lex.Cells(l, cols, cells)
			if !okc {
				c.Unread(start)
				continue
			}
			for k, cl := range cells {
				v := cell{l[cl[0]:cl[1]], start + cl[0], start + cl[1]}
				switch cols[k].Header {
				case "ID":
					num = v
				case "TITLE":
					title = v
				case "BRANCH":
					branch = v
				case "CREATED AT":
					created = v
				case "STATE":
					state = v
				}
			}
			if strings.HasPrefix(num.v, "#") {
				num = cell{num.v[1:], num.s + 1, num.e}
			}
		default:
			c.Unread(start)
			continue
		}
		n, okn := lex.Atoi(num.v)
		if !okn {
			c.Unread(start)
			continue
		}
		pr.Number = n
		add(dvFNumber, num.s, num.e, catalog.TrParseInt)
		if title.v != "" {
			pr.Title = title.v
			add(dvFTitle, title.s, title.e, catalog.TrVerbatim)
			if tty && strings.HasSuffix(title.v, "…") {
				pr.TitleTruncated = true
				add(dvFTitleTrunc, title.e-len("…"), title.e, catalog.TrMarker)
			}
		}
		if branch.v != "" {
			if owner, b, ok := strings.Cut(branch.v, ":"); ok && owner != "" && b != "" {
				pr.HeadOwner, pr.HeadBranch = owner, b
				add(dvFHeadOwner, branch.s, branch.s+len(owner), catalog.TrVerbatim)
				add(dvFHeadBranch, branch.s+len(owner)+1, branch.e, catalog.TrVerbatim)
			} else {
				pr.HeadBranch = branch.v
				add(dvFHeadBranch, branch.s, branch.e, catalog.TrVerbatim)
			}
		}
		if state.v != "" {
			switch state.v {
			case "OPEN", "CLOSED", "MERGED":
				pr.State = strings.ToLower(state.v)
			case "DRAFT":
				pr.State, pr.Draft = "open", true
				add(dvFDraft, state.s, state.e, catalog.TrMarker)
			default:
				rec.Truncate(mark)
				c.Unread(start)
				continue
			}
			add(kit.DvFState, state.s, state.e, catalog.TrStatusWord)
		}
		if created.v != "" {
			if tty {
				pr.Created = created.v
				add(kit.DvFCreated, created.s, created.e, catalog.TrVerbatim)
			} else {
				t, err := time.Parse(time.RFC3339, created.v)
				if err != nil {
					rec.Truncate(mark)
					c.Unread(start)
					continue
				}
				pr.CreatedAt = t.Format("2006-01-02T15:04:05-07:00")
				add(kit.DvFCreatedAt, created.s, created.e, kit.GmPick(pr.CreatedAt == created.v, catalog.TrVerbatim, catalog.TrTimestamp))
			}
		}
		read++
		if c.Full(pi) {
			rec.Truncate(mark)
			c.Omit(1)
			continue
		}
		res.PullRequests = append(res.PullRequests, pr)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as gh pr list output")
	}
	rec.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return ghPrParsers() }
