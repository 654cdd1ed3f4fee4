package catalog

import (
	"strings"

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
var gitWorktreeFlags = gxFlags(Flags{"--porcelain": Bool, "-z": Bool, "--expire": Value, "-v": Bool, "--verbose": Bool})

var gitWorktreeDef = &Parser{
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

func gitWorktreeParsers() []*Parser {
	gitWorktreeDef.Check = func(args []string, _ OS) *ParseError {
		scanned, perr := gxCheck(gitWorktreeDef, nil, args)
		if perr != nil {
			return perr
		}
		for _, a := range scanned {
			if a.flag == "" && a.pos != "list" {
				return Unsupported([]string{"worktree", "list"}, "git worktree %s is not read; git worktree list is", a.pos)
			}
		}
		if !gxHasPos(scanned, "list") {
			return Unsupported([]string{"worktree", "list"}, "git worktree needs list to list")
		}
		if gxHas(scanned, "-v", "--verbose") {
			return Unsupported(gxHint([]string{"worktree", "list"}, args, gitWorktreeFlags, func(f string) bool { return f == "-v" || f == "--verbose" }, "--porcelain"),
				"git worktree list -v puts lock and prune reasons on lines of their own; --porcelain gives them")
		}
		if gxHas(scanned, "-z") && !gxHas(scanned, "--porcelain") {
			return Unsupported(gxHint([]string{"worktree", "list"}, args, gitWorktreeFlags, nil, "--porcelain"), "git worktree list -z goes with --porcelain")
		}
		return nil
	}
	return []*Parser{gitWorktreeDef}
}

var (
	gwTTree     = spanID("worktrees/*")
	gwfPath     = spanID("path")
	gwfHead     = spanID("head")
	gwfBranch   = spanID("branch")
	gwfBare     = spanID("bare")
	gwfDetach   = spanID("detached")
	gwfLocked   = spanID("locked")
	gwfLockWhy  = spanID("lock_reason")
	gwfPrune    = spanID("prunable")
	gwfPruneWhy = spanID("prunable_reason")
)

func parseGitWorktree(c *Context) (any, error) {
	scanned := gxScan(gitWorktreeFlags, nil, c.Args)
	if gxHas(scanned, "--porcelain") {
		return parseGitWorktreePorcelain(c, gxHas(scanned, "-z"))
	}
	res := &GitWorktreeResult{Worktrees: []GitWorktree{}}
	rec := newSpanRec(c, 4)
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
		i := len(res.Worktrees)
		mark := rec.mark()
		rec.begin(gwTTree, i)
		var w GitWorktree
		rest := l
		for {
			if r, ok := strings.CutSuffix(rest, " prunable"); ok {
				w.Prunable, rest = true, r
				rec.field(gwfPrune, start+len(r)+1, start+len(r)+9, trMarker)
				continue
			}
			if r, ok := strings.CutSuffix(rest, " locked"); ok {
				w.Locked, rest = true, r
				rec.field(gwfLocked, start+len(r)+1, start+len(r)+7, trMarker)
				continue
			}
			break
		}
		hashed := true
		switch {
		case strings.HasSuffix(rest, " (bare)"):
			w.Bare, hashed = true, false
			rest = rest[:len(rest)-7]
			rec.field(gwfBare, start+len(rest)+1, start+len(rest)+7, trMarker)
		case strings.HasSuffix(rest, " (detached HEAD)"):
			w.Detached = true
			rest = rest[:len(rest)-16]
			rec.field(gwfDetach, start+len(rest)+1, start+len(rest)+16, trMarker)
		case strings.HasSuffix(rest, "]") && strings.LastIndex(rest, " [") > 0:
			b := strings.LastIndex(rest, " [")
			w.Branch = rest[b+2 : len(rest)-1]
			rec.field(gwfBranch, start+b+2, start+len(rest)-1, trVerbatim)
			rest = rest[:b]
		default:
			rec.truncate(mark)
			c.Unread(start)
			continue
		}
		if hashed {
			h := strings.LastIndexByte(rest, ' ')
			if h < 0 || !gxHex(rest[h+1:]) {
				rec.truncate(mark)
				c.Unread(start)
				continue
			}
			w.Head = rest[h+1:]
			rec.field(gwfHead, start+h+1, start+len(rest), trVerbatim)
			rest = rest[:h]
		}
		w.Path = strings.TrimRight(rest, " ")
		if w.Path == "" || w.Branch == "" && !w.Bare && !w.Detached {
			rec.truncate(mark)
			c.Unread(start)
			continue
		}
		rec.field(gwfPath, start, start+len(w.Path), trVerbatim)
		read++
		if c.Full(i) {
			rec.truncate(mark)
			c.Omit(1)
			continue
		}
		res.Worktrees = append(res.Worktrees, w)
	}
	if data > 0 && read == 0 {
		return nil, gxNone("git worktree list")
	}
	rec.finish()
	return res, nil
}

func parseGitWorktreePorcelain(c *Context, null bool) (any, error) {
	res := &GitWorktreeResult{Worktrees: []GitWorktree{}}
	rec := newSpanRec(c, 4)
	it := gxLines{raw: c.Raw, sep: '\n'}
	if null {
		it.sep = 0
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
			rec.truncate(mark)
			c.Omit(1)
		} else {
			res.Worktrees = append(res.Worktrees, *cur)
		}
		cur = nil
	}
	for {
		l, start, ok := it.next()
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
			mark = rec.mark()
			rec.begin(gwTTree, len(res.Worktrees))
			rec.field(gwfPath, vs, ve, trVerbatim)
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
			v, tr := val, trVerbatim
			if !null && strings.HasPrefix(val, "\"") {
				u, n, ok := lex.CUnquote(val)
				if !ok || n != len(val) {
					return false
				}
				v, tr = u, trUnquote
			}
			if v != "" {
				*dst = v
				rec.field(leaf, vs, ve, tr)
			}
			return true
		}
		ok = true
		switch key {
		case "HEAD":
			if ok = gxHex(val); ok {
				cur.Head = val
				rec.field(gwfHead, vs, ve, trVerbatim)
			}
		case "branch":
			if ok = val != ""; ok {
				cur.Branch = val
				rec.field(gwfBranch, vs, ve, trVerbatim)
			}
		case "bare":
			cur.Bare = true
			rec.field(gwfBare, start, ve, trMarker)
		case "detached":
			cur.Detached = true
			rec.field(gwfDetach, start, ve, trMarker)
		case "locked":
			cur.Locked = true
			rec.field(gwfLocked, start, start+len(key), trMarker)
			ok = reason(&cur.LockReason, gwfLockWhy)
		case "prunable":
			cur.Prunable = true
			rec.field(gwfPrune, start, start+len(key), trMarker)
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
	rec.finish()
	return res, nil
}
