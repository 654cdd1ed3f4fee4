package catalog

import (
	"strings"

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
var gitStashFlags = gxFlags(Flags{"-n": Value, "--max-count": Value, "--skip": Value, "--no-color": Bool, "-#": Bool})

var gitStashDef = &Parser{
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
	Table:     &TableLines{},
	Parse:     parseGitStash,
}

func gitStashParsers() []*Parser {
	gitStashDef.Check = func(args []string, _ OS) *ParseError {
		scanned := gxScan(gitStashFlags, nil, args)
		for _, a := range scanned {
			if a.flag == "" && a.pos != "list" {
				return Unsupported([]string{"stash", "list"}, "git stash %s is not read; git stash list is", a.pos)
			}
		}
		if !gxHasPos(scanned, "list") {
			return Unsupported([]string{"stash", "list"}, "git stash without list saves a stash; git stash list is read")
		}
		_, perr := gxCheck(gitStashDef, nil, args)
		return perr
	}
	return []*Parser{gitStashDef}
}

var (
	gsTStash   = spanID("stashes/*")
	gsfIndex   = spanID("index")
	gsfRef     = spanID("ref")
	gsfBranch  = spanID("branch")
	gsfWIP     = spanID("wip")
	gsfCommit  = spanID("commit")
	gsfMessage = spanID("message")
)

func parseGitStash(c *Context) (any, error) {
	res := &GitStashResult{Stashes: []GitStash{}}
	rec := newSpanRec(c, 5)
	it := lex.Lines{Raw: c.Raw}
	data, read := 0, 0
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		data++
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
		rec.begin(gsTStash, i)
		rec.field(gsfRef, start, start+len(ref), trVerbatim)
		rec.field(gsfIndex, start+7, start+7+len(n), trParseInt)
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
			rec.field(gsfBranch, rs+len(form), rs+len(form)+len(br), trVerbatim)
			ms = rs + len(form) + len(br) + 2
			if form == "WIP on " {
				h, subj, ok := strings.Cut(msg, " ")
				if ok && gxHex(h) {
					s.WIP, s.Commit, s.Message = true, h, subj
					rec.field(gsfWIP, rs, rs+len(form)-1, trMarker)
					rec.field(gsfCommit, ms, ms+len(h), trVerbatim)
					ms += len(h) + 1
				}
			}
			break
		}
		rec.field(gsfMessage, ms, start+len(l), trVerbatim)
		res.Stashes = append(res.Stashes, s)
	}
	if data > 0 && read == 0 {
		return nil, gxNone("git stash list")
	}
	rec.finish()
	return res, nil
}
