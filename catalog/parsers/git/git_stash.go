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
	if err := gxRows(c, 5, gsTStash, &res.Stashes, "git stash list", gsLine); err != nil {
		return nil, err
	}
	return res, nil
}

// gsLine reads one line of `git stash list`: "stash@{N}: " and the
// subject, split into branch, WIP commit and message where it has one of
// git's forms.
func gsLine(l string, start int, add gmAdd) (GitStash, bool) {
	ref, rest, ok := strings.Cut(l, ": ")
	n, _ := strings.CutPrefix(ref, "stash@{")
	n, closed := strings.CutSuffix(n, "}")
	idx, isNum := lex.Atoi(n)
	if !ok || !closed || !isNum || !strings.HasPrefix(ref, "stash@{") {
		return GitStash{}, false
	}
	s := GitStash{Index: idx, Ref: ref, Message: rest}
	rs := start + len(ref) + 2
	add(gsfRef, start, start+len(ref), catalog.TrVerbatim)
	add(gsfIndex, start+7, start+7+len(n), catalog.TrParseInt)
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
		add(gsfBranch, rs+len(form), rs+len(form)+len(br), catalog.TrVerbatim)
		ms = rs + len(form) + len(br) + 2
		if form == "WIP on " {
			h, subj, ok := strings.Cut(msg, " ")
			if ok && gxHex(h) {
				s.WIP, s.Commit, s.Message = true, h, subj
				add(gsfWIP, rs, rs+len(form)-1, catalog.TrMarker)
				add(gsfCommit, ms, ms+len(h), catalog.TrVerbatim)
				ms += len(h) + 1
			}
		}
		break
	}
	add(gsfMessage, ms, start+len(l), catalog.TrVerbatim)
	return s, true
}
