package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitStashResult is the parsed output of `git stash list`.
type GitStashResult struct {
	Stashes []GitStash `json:"stashes"`
}

// GitStash is one "stash@{N}: subject" line. git stash (push) without a
// message writes "WIP on BRANCH: HASH SUBJECT" (the commit it was taken
// on), with -m "On BRANCH: MESSAGE"; other subjects (git stash store,
// autostash) are kept whole in Message.
type GitStash struct {
	Index int64  `json:"index"`
	Ref   string `json:"ref"`
	// Branch is "(no branch)" for a detached HEAD.
	Branch string `json:"branch,omitempty"`
	// WIP: no message was given; Commit and Message are then the commit
	// the stash was taken on and its subject.
	WIP     bool   `json:"wip,omitempty"`
	Commit  string `json:"commit,omitempty"`
	Message string `json:"message"`
}

// Flags checked against git-stash(1) of git 2.39: "list" takes git log
// options and prints with --format=%gd: %gs; only the ones that select
// entries are read (a --date or --format changes the line).
var gitStashFlags = gxFlags(catalog.Flags{"-n": catalog.Value, "--max-count": catalog.Value, "--skip": catalog.Value, "--no-color": catalog.Bool, "-#": catalog.Bool})

var gitStashDef = &catalog.Parser{
	ID:             "git-stash",
	Command:        "git",
	Subcommand:     "stash",
	Version:        "1",
	Format:         "git stash list: stash@{N}, branch, the WIP commit and subject or the message",
	Flags:          gitStashFlags,
	MaxPositionals: 1,
	Alternatives: map[string][]string{
		"--date": {}, "--format": {}, "--pretty": {}, "--oneline": {}, "-p": {}, "--stat": {},
	},
	Result:    GitStashResult{},
	RowsKey:   "stashes",
	KeyFields: []string{"index"},
	Examples:  [][]string{{"stash", "list"}, {"stash", "list", "-n", "5"}},
	Table:     &catalog.TableLines{},
	Parse:     parseGitStash,
}

func gitStashParsers() []*catalog.Parser {
	gitStashDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		scanned := argv.Items
		for _, a := range scanned {
			if a.Flag == "" && a.Pos != "list" {
				return catalog.Unsupported([]string{"stash", "list"}, "git stash %s is not read; git stash list is", a.Pos)
			}
		}
		if !gxHasPos(scanned, "list") {
			return catalog.Unsupported([]string{"stash", "list"}, "git stash without list saves a stash; git stash list is read")
		}
		return nil
	}
	return []*catalog.Parser{gitStashDef}
}

var (
	gsTStash   = catalog.SpanID("stashes/*")
	gsfIndex   = catalog.SpanID("index")
	gsfRef     = catalog.SpanID("ref")
	gsfBranch  = catalog.SpanID("branch")
	gsfWIP     = catalog.SpanID("wip")
	gsfCommit  = catalog.SpanID("commit")
	gsfMessage = catalog.SpanID("message")
)

func parseGitStash(c *catalog.Context) (any, error) {
	res := &GitStashResult{Stashes: make([]GitStash, 0, kit.RowCap(c))}
	rec := c.Rows(5)
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for l, start := range it.NonBlankLines() {
		ref, rest, ok := strings.Cut(l, ": ")
		n, _ := strings.CutPrefix(ref, "stash@{")
		n, closed := strings.CutSuffix(n, "}")
		idx, isNum := lex.Atoi(n)
		if !ok || !closed || !isNum || !strings.HasPrefix(ref, "stash@{") {
			c.Unread(start)
			continue
		}
		read++
		i := len(res.Stashes)
		if c.Full(i) {
			c.Omit(1)
			continue
		}
		s := GitStash{Index: idx, Ref: ref, Message: rest}
		rs := start + len(ref) + 2
		rec.Begin(gsTStash, i)
		rec.Field(gsfRef, start, start+len(ref), catalog.TrVerbatim)
		rec.Field(gsfIndex, start+7, start+7+len(n), catalog.TrParseInt)
		ms := rs
		for _, form := range []string{"WIP on ", "On "} {
			b, ok := strings.CutPrefix(rest, form)
			if !ok {
				continue
			}
			br, msg, ok := strings.Cut(b, ": ")
			if !ok || br == "" {
				break
			}
			s.Branch, s.Message = br, msg
			rec.Field(gsfBranch, rs+len(form), rs+len(form)+len(br), catalog.TrVerbatim)
			ms = rs + len(form) + len(br) + 2
			if form == "WIP on " {
				h, subj, ok := strings.Cut(msg, " ")
				if ok && gxHex(h) {
					s.WIP, s.Commit, s.Message = true, h, subj
					rec.Field(gsfWIP, rs, rs+len(form)-1, catalog.TrMarker)
					rec.Field(gsfCommit, ms, ms+len(h), catalog.TrVerbatim)
					ms += len(h) + 1
				}
			}
			break
		}
		rec.Field(gsfMessage, ms, start+len(l), catalog.TrVerbatim)
		res.Stashes = append(res.Stashes, s)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, gxNone("git stash list")
	}
	rec.Finish()
	return res, nil
}
