package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitWorktreeResult is the parsed output of `git worktree list`.
type GitWorktreeResult struct {
	Worktrees []GitWorktree `json:"worktrees"`
}

// GitWorktree is one working tree. Branch is as printed: the short name
// in the default form ("main"), the full ref with --porcelain
// ("refs/heads/main"). Head is abbreviated in the default form.
type GitWorktree struct {
	Path     string `json:"path"`
	Head     string `json:"head,omitempty"`
	Branch   string `json:"branch,omitempty"`
	Bare     bool   `json:"bare,omitempty"`
	Detached bool   `json:"detached,omitempty"`
	Locked   bool   `json:"locked,omitempty"`
	// LockReason and PrunableReason are given by --porcelain only.
	LockReason     string `json:"lock_reason,omitempty"`
	Prunable       bool   `json:"prunable,omitempty"`
	PrunableReason string `json:"prunable_reason,omitempty"`
}

// Flags checked against git-worktree(1) of git 2.39 and
// builtin/worktree.c (show_worktree, show_worktree_porcelain): the default
// line is the path padded to the longest, the abbreviated HEAD, then
// "[branch]", "(detached HEAD)" or "(bare)" and " locked"/" prunable";
// --porcelain prints "key value" lines, a blank line after each tree (with
// -z, NUL for both, and the lock reason unquoted).
// -v/--verbose put the reasons on lines of their own: refused in Check
// (a hint from the core would put --porcelain before "list").
var gitWorktreeFlags = gxFlags(catalog.Flags{"--porcelain": catalog.Bool, "-z": catalog.Bool, "--expire": catalog.Value, "-v": catalog.Bool, "--verbose": catalog.Bool})

var gitWorktreeDef = &catalog.Parser{
	ID:             "git-worktree",
	Command:        "git",
	Subcommand:     "worktree",
	Version:        "1",
	Format:         "git worktree list (path, HEAD, branch, detached/bare, locked, prunable) and --porcelain [-z]",
	Flags:          gitWorktreeFlags,
	MaxPositionals: 1,
	Result:         GitWorktreeResult{},
	RowsKey:        "worktrees",
	KeyFields:      []string{"path"},
	Examples:       [][]string{{"worktree", "list"}, {"worktree", "list", "--porcelain"}},
	Parse:          parseGitWorktree,
}

func gitWorktreeParsers() []*catalog.Parser {
	gitWorktreeDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		scanned := argv.Items
		for _, a := range scanned {
			if a.Flag == "" && a.Pos != "list" {
				return catalog.Unsupported([]string{"worktree", "list"}, "git worktree %s is not read; git worktree list is", a.Pos)
			}
		}
		if !gxHasPos(scanned, "list") {
			return catalog.Unsupported([]string{"worktree", "list"}, "git worktree needs list to list")
		}
		if gxHas(scanned, "-v", "--verbose") {
			return catalog.Unsupported(gxHint([]string{"worktree", "list"}, argv, gitWorktreeFlags, func(f string) bool { return f == "-v" || f == "--verbose" }, "--porcelain"),
				"git worktree list -v puts lock and prune reasons on lines of their own; --porcelain gives them")
		}
		if gxHas(scanned, "-z") && !gxHas(scanned, "--porcelain") {
			return catalog.Unsupported(gxHint([]string{"worktree", "list"}, argv, gitWorktreeFlags, nil, "--porcelain"), "git worktree list -z goes with --porcelain")
		}
		return nil
	}
	return []*catalog.Parser{gitWorktreeDef}
}

var (
	gwTTree     = catalog.SpanID("worktrees/*")
	gwfPath     = catalog.SpanID("path")
	gwfHead     = catalog.SpanID("head")
	gwfBranch   = catalog.SpanID("branch")
	gwfBare     = catalog.SpanID("bare")
	gwfDetach   = catalog.SpanID("detached")
	gwfLocked   = catalog.SpanID("locked")
	gwfLockWhy  = catalog.SpanID("lock_reason")
	gwfPrune    = catalog.SpanID("prunable")
	gwfPruneWhy = catalog.SpanID("prunable_reason")
)

func parseGitWorktree(c *catalog.Context) (any, error) {
	scanned := c.Args.Items
	if gxHas(scanned, "--porcelain") {
		return parseGitWorktreePorcelain(c, gxHas(scanned, "-z"))
	}
	res := &GitWorktreeResult{Worktrees: []GitWorktree{}}
	if err := gxRows(c, 4, gwTTree, &res.Worktrees, "git worktree list", gwLine); err != nil {
		return nil, err
	}
	return res, nil
}

// gwLine reads one line of `git worktree list`: the path, the HEAD commit
// (none when bare), the branch in brackets or (bare) or (detached HEAD),
// then locked and prunable.
func gwLine(l string, start int, add gmAdd) (GitWorktree, bool) {
	var w GitWorktree
	rest := l
	for {
		if r, ok := strings.CutSuffix(rest, " prunable"); ok {
			w.Prunable, rest = true, r
			add(gwfPrune, start+len(r)+1, start+len(r)+9, catalog.TrMarker)
			continue
		}
		if r, ok := strings.CutSuffix(rest, " locked"); ok {
			w.Locked, rest = true, r
			add(gwfLocked, start+len(r)+1, start+len(r)+7, catalog.TrMarker)
			continue
		}
		break
	}
	hashed := true
	switch {
	case strings.HasSuffix(rest, " (bare)"):
		w.Bare, hashed = true, false
		rest = rest[:len(rest)-7]
		add(gwfBare, start+len(rest)+1, start+len(rest)+7, catalog.TrMarker)
	case strings.HasSuffix(rest, " (detached HEAD)"):
		w.Detached = true
		rest = rest[:len(rest)-16]
		add(gwfDetach, start+len(rest)+1, start+len(rest)+16, catalog.TrMarker)
	case strings.HasSuffix(rest, "]") && strings.LastIndex(rest, " [") > 0:
		b := strings.LastIndex(rest, " [")
		w.Branch = rest[b+2 : len(rest)-1]
		add(gwfBranch, start+b+2, start+len(rest)-1, catalog.TrVerbatim)
		rest = rest[:b]
	default:
		return w, false
	}
	if hashed {
		h := strings.LastIndexByte(rest, ' ')
		if h < 0 || !gxHex(rest[h+1:]) {
			return w, false
		}
		w.Head = rest[h+1:]
		add(gwfHead, start+h+1, start+len(rest), catalog.TrVerbatim)
		rest = rest[:h]
	}
	w.Path = strings.TrimRight(rest, " ")
	if w.Path == "" || w.Branch == "" && !w.Bare && !w.Detached {
		return w, false
	}
	add(gwfPath, start, start+len(w.Path), catalog.TrVerbatim)
	return w, true
}

func parseGitWorktreePorcelain(c *catalog.Context, null bool) (any, error) {
	res := &GitWorktreeResult{Worktrees: []GitWorktree{}}
	rec := c.Rows(4)
	it := lex.Lines{Raw: c.Raw}
	if null {
		it.NUL = true
	}
	data, read := 0, 0
	var cur *GitWorktree
	mark := 0
	end := func() {
		if cur == nil {
			return
		}
		read++
		if c.Full(len(res.Worktrees)) {
			rec.Truncate(mark)
			c.Omit(1)
		} else {
			res.Worktrees = append(res.Worktrees, *cur)
		}
		cur = nil
	}
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if l == "" {
			end()
			continue
		}
		data++
		key, val, hasVal := strings.Cut(l, " ")
		vs, ve := start+len(key)+1, start+len(l)
		if key == "worktree" {
			end()
			if val == "" {
				c.Unread(start)
				continue
			}
			cur = &GitWorktree{Path: val}
			mark = rec.Mark()
			rec.Begin(gwTTree, len(res.Worktrees))
			rec.Field(gwfPath, vs, ve, catalog.TrVerbatim)
			continue
		}
		if cur == nil {
			c.Unread(start)
			continue
		}
		reason := func(dst *string, leaf uint16) bool {
			if !hasVal {
				return true
			}
			v, tr := val, catalog.TrVerbatim
			if !null && strings.HasPrefix(val, "\"") {
				u, n, ok := lex.CUnquote(val)
				if !ok || n != len(val) {
					return false
				}
				v, tr = u, catalog.TrUnquote
			}
			if v != "" {
				*dst = v
				rec.Field(leaf, vs, ve, tr)
			}
			return true
		}
		ok = true
		switch key {
		case "HEAD":
			if ok = gxHex(val); ok {
				cur.Head = val
				rec.Field(gwfHead, vs, ve, catalog.TrVerbatim)
			}
		case "branch":
			if ok = val != ""; ok {
				cur.Branch = val
				rec.Field(gwfBranch, vs, ve, catalog.TrVerbatim)
			}
		case "bare":
			cur.Bare = true
			rec.Field(gwfBare, start, ve, catalog.TrMarker)
		case "detached":
			cur.Detached = true
			rec.Field(gwfDetach, start, ve, catalog.TrMarker)
		case "locked":
			cur.Locked = true
			rec.Field(gwfLocked, start, start+len(key), catalog.TrMarker)
			ok = reason(&cur.LockReason, gwfLockWhy)
		case "prunable":
			cur.Prunable = true
			rec.Field(gwfPrune, start, start+len(key), catalog.TrMarker)
			ok = reason(&cur.PrunableReason, gwfPruneWhy)
		default:
			ok = false
		}
		if !ok {
			c.Unread(start)
		}
	}
	end()
	if data > 0 && read == 0 {
		return nil, gxNone("git worktree list --porcelain")
	}
	rec.Finish()
	return res, nil
}
