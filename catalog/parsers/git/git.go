// Package git reads the output of `git` for the catalog: the parsers git-status, git-log, git-show, git-diff, git-branch, git-remote, git-blame, git-ls-files, git-tag, git-stash, git-worktree, git-rev-parse, git-config.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitStatus is the long (default) form of `git status`.
//
// Status words are normalised: in staged and modified "added" (git prints
// "new file"), "modified", "deleted", "renamed", "copied", "typechange",
// "unknown"; in unmerged "both_modified", "both_added", "both_deleted",
// "added_by_us", "added_by_them", "deleted_by_us", "deleted_by_them".
type GitStatus struct {
	// Branch is the checked-out branch ("On branch X"), or during a rebase
	// the branch being rebased. Absent when HEAD is detached otherwise.
	Branch string `json:"branch,omitempty"`
	// Detached is true when HEAD is not on a branch; DetachedAt or
	// DetachedFrom hold the ref or commit git names ("HEAD detached at X").
	Detached     bool   `json:"detached,omitempty"`
	DetachedAt   string `json:"detached_at,omitempty"`
	DetachedFrom string `json:"detached_from,omitempty"`
	// NoCommits is true on an unborn branch ("No commits yet").
	NoCommits bool `json:"no_commits,omitempty"`
	// Upstream is the tracked branch ("origin/main"). Ahead and Behind are
	// present whenever git compared against it (0 when up to date), absent
	// without an upstream, when it is gone or with --no-ahead-behind.
	Upstream     string `json:"upstream,omitempty"`
	UpstreamGone bool   `json:"upstream_gone,omitempty"`
	Ahead        *int64 `json:"ahead,omitempty"`
	Behind       *int64 `json:"behind,omitempty"`
	// InProgress names an unfinished operation: merge, rebase,
	// cherry-pick, revert, bisect or am. Onto is a rebase's base.
	InProgress string `json:"in_progress,omitempty"`
	Onto       string `json:"onto,omitempty"`
	// StashEntries is reported with --show-stash.
	StashEntries *int64 `json:"stash_entries,omitempty"`
	// Staged: "Changes to be committed"; Modified: "Changes not staged for
	// commit"; Untracked and Ignored list paths; Unmerged: "Unmerged paths".
	Staged    []GitChange `json:"staged"`
	Modified  []GitChange `json:"modified"`
	Untracked []string    `json:"untracked"`
	Unmerged  []GitChange `json:"unmerged"`
	Ignored   []string    `json:"ignored,omitempty"`
	// Clean is true when git says there is nothing to commit.
	Clean bool `json:"clean,omitempty"`
}

// GitChange is one path of a long-form section.
type GitChange struct {
	Path     string `json:"path"`
	Status   string `json:"status"`
	OrigPath string `json:"orig_path,omitempty"`
	// Submodule is git's note on a submodule: "new commits",
	// "modified content", "untracked content" (comma-separated as printed).
	Submodule string `json:"submodule,omitempty"`
}

// GitStatusShort is the short / porcelain v1 form (-s, --porcelain, -z),
// with the "## " branch line of -b when present, and porcelain v2
// (--porcelain=v2, its "# branch.*" headers).
type GitStatusShort struct {
	Branch       string `json:"branch,omitempty"`
	Detached     bool   `json:"detached,omitempty"`
	NoCommits    bool   `json:"no_commits,omitempty"`
	Upstream     string `json:"upstream,omitempty"`
	UpstreamGone bool   `json:"upstream_gone,omitempty"`
	Ahead        *int64 `json:"ahead,omitempty"`
	Behind       *int64 `json:"behind,omitempty"`
	// StashEntries is porcelain v2's "# stash N" (--show-stash).
	StashEntries *int64           `json:"stash_entries,omitempty"`
	Entries      []GitStatusEntry `json:"entries"`
}

// GitStatusEntry is one "XY PATH" line. Index and Worktree spell the X and
// Y codes out: unmodified, modified, type_changed, added, deleted, renamed,
// copied, unmerged, untracked, ignored, submodule_modified,
// submodule_untracked.
type GitStatusEntry struct {
	XY       string `json:"xy"`
	Index    string `json:"index"`
	Worktree string `json:"worktree"`
	Path     string `json:"path"`
	OrigPath string `json:"orig_path,omitempty"`
	// Quoted is true when git C-quoted a path (line mode only).
	Quoted bool `json:"quoted,omitempty"`
}

var gitStatusParser = &catalog.Parser{
	ID:         "git-status",
	Command:    "git",
	Subcommand: "status",
	Version:    "1",
	Format:     "git status long form, or short/porcelain v1 (-s, --porcelain, -b, -z)",
	// Flags checked against git-status(1) and `git status -h` of git
	// 2.39.5 (run here) and git(1) for the globals. -v/-vv (a diff
	// appended) and --column are refused with a hint; --porcelain=v2 is
	// read into the short form (git_status_v2.go); -M/--find-renames,
	// --renames, -u<mode>, --ignored[=<mode>] and --ignore-submodules keep
	// the form.
	Flags: catalog.Flags{
		// global options before the subcommand
		"-C": catalog.Value, "-c": catalog.Value, "--git-dir": catalog.Value, "--work-tree": catalog.Value,
		"--no-pager": catalog.Bool, "--no-optional-locks": catalog.Bool, "-P": catalog.Bool,
		"--literal-pathspecs": catalog.Bool, "--glob-pathspecs": catalog.Bool, "--noglob-pathspecs": catalog.Bool,
		"--icase-pathspecs": catalog.Bool, "--no-replace-objects": catalog.Bool,
		"-M": catalog.Optional, "--null": catalog.Bool, "--no-show-stash": catalog.Bool,
		// status options
		"-s": catalog.Bool, "--short": catalog.Bool, "-b": catalog.Bool, "--branch": catalog.Bool, "--long": catalog.Bool,
		"--porcelain": catalog.Optional, "-z": catalog.Bool, "--show-stash": catalog.Bool,
		"--ahead-behind": catalog.Bool, "--no-ahead-behind": catalog.Bool, "--renames": catalog.Bool,
		"--no-renames": catalog.Bool, "--find-renames": catalog.Optional,
		"-u": catalog.Optional, "--untracked-files": catalog.Optional, "--ignored": catalog.Optional,
		"--ignore-submodules": catalog.Optional, "--no-column": catalog.Bool,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-v": {"status"}, "--verbose": {"status"},
		"--column": {"status", "--no-column"},
	},
	Result:   catalog.OneOf{GitStatus{}, GitStatusShort{}},
	RowsKey:  "",
	Examples: [][]string{{"status"}, {"status", "--porcelain"}, {"status", "-sb"}, {"status", "--porcelain", "-z"}},
	Parse:    ParseGitStatus,
}

// gitStatusParsers wires the gitStatusParser and returns it for the builtin list.
func gitStatusParsers() []*catalog.Parser {
	gitStatusParser.Check = gitStatusCheck // set here: the check refers back to the parser
	return []*catalog.Parser{gitStatusParser}
}

func gitStatusCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	for _, a := range argv.Items {
		switch a.Flag {
		case "--porcelain":
			if a.HasValue && a.Value != "v1" && a.Value != "v2" {
				return catalog.Unsupported([]string{"status", "--porcelain"}, "git status --porcelain=%s is not read; porcelain v1 and v2 are", a.Value)
			}
		case "-u", "--untracked-files":
			switch a.Value {
			case "", "no", "normal", "all", "false", "true":
			default:
				return catalog.Unsupported(nil, "git status %s=%s is not a known mode", a.Flag, a.Value)
			}
		case "-c":
			k, v, _ := strings.Cut(a.Value, "=")
			k = strings.ToLower(k)
			if (k == "color.ui" || k == "color.status") && (v == "always" || v == "") {
				return catalog.Unsupported([]string{"status"}, "git -c %s writes terminal colour escapes", a.Value)
			}
		}
	}
	return nil
}

// gitShortArgs reports whether the arguments ask for the short form.
func gitShortArgs(argv catalog.Args) (short bool) {
	for _, a := range argv.Items {
		switch a.Flag {
		case "-s", "--short", "--porcelain", "-z", "--null":
			short = true
		case "--long":
			short = false
		}
	}
	return
}

func ParseGitStatus(c *catalog.Context) (any, error) {
	short := gitShortArgs(c.Args)
	raw := c.Raw
	if gitPorcelainV2(c.Args) {
		return parseGitStatusV2(c, strings.IndexByte(raw, 0) >= 0 || c.Args.Has("-z", "--null"))
	}
	if strings.IndexByte(raw, 0) >= 0 {
		return parseGitShort(c, true)
	}
	{
		// The shape decides when there is output (status.short in a config
		// makes the default short); the arguments decide for empty output.
		it := lex.Lines{Raw: raw}
		for line, _ := range it.NonBlankLines() {
			short = strings.HasPrefix(line, "## ") || gitShortLine(line)
			break
		}
	}
	if short {
		return parseGitShort(c, false)
	}
	return parseGitLong(c)
}

func gitCode(b byte) bool { return strings.IndexByte(" MTADRCU?!m", b) >= 0 }

func gitShortLine(line string) bool {
	return len(line) >= 4 && gitCode(line[0]) && gitCode(line[1]) && line[2] == ' ' && line[:2] != "  "
}

func gitCodeWord(b byte, worktree bool, x byte) string {
	switch b {
	case ' ':
		return "unmodified"
	case 'M':
		return "modified"
	case 'T':
		return "type_changed"
	case 'A':
		return "added"
	case 'D':
		return "deleted"
	case 'R':
		return "renamed"
	case 'C':
		return "copied"
	case 'U':
		return "unmerged"
	case '?':
		if worktree && x != '?' {
			return "submodule_untracked"
		}
		return "untracked"
	case '!':
		return "ignored"
	case 'm':
		return "submodule_modified"
	}
	return ""
}

// gitShortBranch reads the "## " line (without its "## ").
type gitBranch struct {
	branch, upstream    string
	bS, bE, uS, uE      int
	detached, noCommits bool
	gone, different     bool
	ahead, behind       int64
	aS, aE, hS, hE      int // spans of the ahead and behind numbers (-1: not printed)
	markS, markE        int // span of the marker text (HEAD (no branch), No commits yet, [gone])
	inSync              bool
}

func readGitBranchLine(line string, base int) (gitBranch, bool) {
	b := gitBranch{aS: -1, hS: -1}
	s := line[3:]
	off := base + 3
	if rest, ok := strings.CutPrefix(s, "No commits yet on "); ok {
		b.noCommits, b.markS, b.markE = true, off, off+len("No commits yet")
		b.branch, b.bS, b.bE = rest, off+len(s)-len(rest), off+len(s)
		return b, rest != ""
	}
	if rest, ok := strings.CutPrefix(s, "Initial commit on "); ok {
		b.noCommits, b.markS, b.markE = true, off, off+len("Initial commit")
		b.branch, b.bS, b.bE = rest, off+len(s)-len(rest), off+len(s)
		return b, rest != ""
	}
	if s == "HEAD (no branch)" {
		b.detached, b.markS, b.markE = true, off, off+len(s)
		return b, true
	}
	head := s
	tail := ""
	if i := strings.IndexByte(s, ' '); i >= 0 {
		head, tail = s[:i], s[i+1:]
	}
	if i := strings.Index(head, "..."); i >= 0 {
		b.branch, b.bS, b.bE = head[:i], off, off+i
		b.upstream, b.uS, b.uE = head[i+3:], off+i+3, off+len(head)
		if b.branch == "" || b.upstream == "" {
			return b, false
		}
	} else {
		b.branch, b.bS, b.bE = head, off, off+len(head)
		if head == "" {
			return b, false
		}
	}
	if tail == "" {
		b.inSync = b.upstream != ""
		return b, true
	}
	if b.upstream == "" || len(tail) < 2 || tail[0] != '[' || tail[len(tail)-1] != ']' {
		return b, false
	}
	toff := off + len(head) + 1
	inner := tail[1 : len(tail)-1]
	switch inner {
	case "gone":
		b.gone, b.markS, b.markE = true, toff+1, toff+1+len(inner)
		return b, true
	case "different":
		b.different, b.markS, b.markE = true, toff+1, toff+1+len(inner)
		return b, true
	}
	pos := toff + 1
	for part := range strings.SplitSeq(inner, ", ") {
		word, n, ok := strings.Cut(part, " ")
		v, okn := lex.Atoi(n)
		if !ok || !okn {
			return b, false
		}
		ns := pos + len(word) + 1
		switch word {
		case "ahead":
			b.ahead, b.aS, b.aE = v, ns, ns+len(n)
		case "behind":
			b.behind, b.hS, b.hE = v, ns, ns+len(n)
		default:
			return b, false
		}
		pos += len(part) + 2
	}
	return b, true
}

func parseGitShort(c *catalog.Context, z bool) (any, error) {
	res := &GitStatusShort{Entries: make([]GitStatusEntry, 0, min(lex.CountLines(c.Raw), 1<<20))}
	rec := c.Recording()
	rs := c.Rows(6)
	discard := func() {
		if rec {
			rs.Discard()
		}
	}
	raw := c.Raw
	read := 0
	it := lex.Lines{Raw: raw, NUL: z}
	for line, start := range it.NonBlankLines() {
		if strings.HasPrefix(line, "## ") && len(res.Entries) == 0 && res.Branch == "" && !res.Detached {
			b, ok := readGitBranchLine(line, start)
			if !ok {
				c.Unread(start)
				continue
			}
			read++
			setGitBranch(c, b, res)
			continue
		}
		if len(line) < 4 || !gitShortLine(line) {
			c.Unread(start)
			continue
		}
		x, y := line[0], line[1]
		e := GitStatusEntry{XY: line[:2], Index: gitCodeWord(x, false, x), Worktree: gitCodeWord(y, true, x)}
		idx := len(res.Entries)
		if rec {
			rs.Begin(skEntries, idx)
			rs.Field(sfXY, start, start+2, catalog.TrVerbatim)
			rs.Field(sfIndex, start, start+1, catalog.TrStatusCode)
			rs.Field(sfWorktree, start+1, start+2, catalog.TrStatusCode)
		}
		rename := x == 'R' || x == 'C' || y == 'R' || y == 'C'
		r := gitShort{rec: rec, rs: rs, it: &it}
		var ok bool
		if z {
			ok = r.pathsZ(&e, line[3:], start+3, rename)
		} else {
			ok = r.paths(&e, line[3:], start+3, rename)
		}
		if !ok {
			discard()
			c.Unread(start)
			continue
		}
		read++
		if c.Full(idx) {
			discard()
			c.Omit(1)
			continue
		}
		res.Entries = append(res.Entries, e)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as git status --short/--porcelain")
	}
	if rec {
		rs.Finish()
	}
	return res, nil
}

// gitShort is what reading an entry's paths in the short form needs: the
// span recorder and, with -z, the reader of the NUL-terminated fields.
type gitShort struct {
	rec bool
	rs  *catalog.SpanRec
	it  *lex.Lines
}

// pathsZ reads the path p (at ps) of a -z entry and, for a rename or copy,
// the original path: the next NUL-terminated field.
func (r gitShort) pathsZ(e *GitStatusEntry, p string, ps int, rename bool) bool {
	e.Path = p
	if r.rec {
		r.rs.Field(sfPath, ps, ps+len(p), catalog.TrVerbatim)
	}
	if !rename {
		return true
	}
	it, raw := r.it, r.it.Raw
	if it.Pos >= len(raw) {
		return false
	}
	oe := strings.IndexByte(raw[it.Pos:], 0)
	if oe < 0 {
		oe = len(raw)
	} else {
		oe += it.Pos
	}
	if oe == it.Pos {
		return false
	}
	e.OrigPath = raw[it.Pos:oe]
	if r.rec {
		r.rs.Field(sfOrigPath, it.Pos, oe, catalog.TrVerbatim)
	}
	it.Pos = oe + 1
	return true
}

// paths reads p (at ps): a path, quoted when it holds special characters,
// or "orig -> path" for a rename or copy.
func (r gitShort) paths(e *GitStatusEntry, p string, ps int, rename bool) bool {
	rs := r.rs
	first, fs, fe, fq, ok := gitPath(p, 0)
	if !ok {
		return false
	}
	if rename {
		if !strings.HasPrefix(p[fe:], " -> ") {
			return false
		}
		second, ss, se, sq, ok := gitPath(p, fe+4)
		if !ok || se != len(p) {
			return false
		}
		e.OrigPath, e.Path, e.Quoted = first, second, fq || sq
		if r.rec {
			rs.Field(sfOrigPath, ps+fs, ps+fe, quoteTr(fq))
			rs.Field(sfPath, ps+ss, ps+se, quoteTr(sq))
		}
	} else {
		if fe != len(p) {
			return false
		}
		e.Path, e.Quoted = first, fq
		if r.rec {
			rs.Field(sfPath, ps+fs, ps+fe, quoteTr(fq))
		}
	}
	if e.Quoted && r.rec {
		q := ps
		if !fq {
			q = ps + fe + 4
		}
		rs.Field(sfQuoted, q, q+1, catalog.TrMarker)
	}
	return true
}

func quoteTr(q bool) catalog.SpanTr {
	if q {
		return catalog.TrUnquote
	}
	return catalog.TrVerbatim
}

// gitPath reads a path at s[at:], C-quoted or plain. A plain path ends at
// " -> " (renames print "orig -> path"; git quotes any path holding a
// space, so the separator is unambiguous) or at the end of s.
func gitPath(s string, at int) (p string, start, end int, quoted, ok bool) {
	if at >= len(s) {
		return "", 0, 0, false, false
	}
	if s[at] == '"' {
		u, n, ok := lex.CUnquote(s[at:])
		if !ok {
			return "", 0, 0, false, false
		}
		return u, at, at + n, true, u != ""
	}
	end = len(s)
	if i := strings.Index(s[at:], " -> "); i >= 0 {
		end = at + i
		if strings.Contains(s[end+4:], " -> ") {
			// Older git did not quote spaces: "a -> b -> c" is ambiguous.
			return "", 0, 0, false, false
		}
	}
	return s[at:end], at, end, false, end > at
}

// setGitBranch sets res's branch fields from the "## " line b of the short
// form.
func setGitBranch(c *catalog.Context, b gitBranch, res *GitStatusShort) {
	rec := c.Recording()
	if b.branch != "" {
		res.Branch = b.branch
		if rec {
			c.Span(b.bS, b.bE, "", "branch")
		}
	}
	if b.detached {
		res.Detached = true
		if rec {
			c.Span(b.markS, b.markE, "marker", "detached")
		}
	}
	if b.noCommits {
		res.NoCommits = true
		if rec {
			c.Span(b.markS, b.markE, "marker", "no_commits")
		}
	}
	if b.upstream != "" {
		res.Upstream = b.upstream
		if rec {
			c.Span(b.uS, b.uE, "", "upstream")
		}
	}
	if b.gone {
		res.UpstreamGone = true
		if rec {
			c.Span(b.markS, b.markE, "marker", "upstream_gone")
		}
	}
	if b.upstream == "" || b.gone || b.different {
		return
	}
	a, h := b.ahead, b.behind
	res.Ahead, res.Behind = &a, &h
	if rec {
		if b.aS >= 0 {
			c.Span(b.aS, b.aE, "parseInt", "ahead")
		} else {
			c.Span(b.uS, b.uE, "impliedZero", "ahead")
		}
		if b.hS >= 0 {
			c.Span(b.hS, b.hE, "parseInt", "behind")
		} else {
			c.Span(b.uS, b.uE, "impliedZero", "behind")
		}
	}
}

type gitSection int

const (
	secNone gitSection = iota
	secStaged
	secModified
	secUntracked
	secUnmerged
	secIgnored
)

var gitLongStatus = map[string]string{
	"new file":        "added",
	"modified":        "modified",
	"deleted":         "deleted",
	"renamed":         "renamed",
	"copied":          "copied",
	"typechange":      "typechange",
	"unknown":         "unknown",
	"unmerged":        "unmerged",
	"both modified":   "both_modified",
	"both added":      "both_added",
	"both deleted":    "both_deleted",
	"added by us":     "added_by_us",
	"added by them":   "added_by_them",
	"deleted by us":   "deleted_by_us",
	"deleted by them": "deleted_by_them",
}

// gitQuotedName reads 'X' at s[at:], returning X and its end.
func gitQuotedName(s string, at int) (string, int, bool) {
	if at >= len(s) || s[at] != '\'' {
		return "", 0, false
	}
	i := strings.IndexByte(s[at+1:], '\'')
	if i <= 0 {
		return "", 0, false
	}
	return s[at+1 : at+1+i], at + 1 + i, true
}

// gitCommentPrefixed reports whether the long form came with
// status.displayCommentPrefix: its first line is "# On branch", "# HEAD
// detached" or "# Not currently on any branch.".
func gitCommentPrefixed(raw string) bool {
	first, _, _ := strings.Cut(strings.TrimLeft(raw, "\r\n"), "\n")
	return strings.HasPrefix(first, "# On branch ") || strings.HasPrefix(first, "# HEAD detached ") ||
		strings.HasPrefix(first, "# Not currently on any branch.")
}

// gitLong is the long form being read: the answer, the section the
// entries belong to, and the state its heading lines share.
type gitLong struct {
	c        *catalog.Context
	res      *GitStatus
	rec      bool
	rs       *catalog.SpanRec
	sec      gitSection
	diverged int  // start of the "Your branch and 'x' have diverged," line, or -1
	empty    bool // a value git printed empty: the line is not read
}

func (g *gitLong) setInt(dst **int64, key string, v int64, s, e int, tr string) {
	n := v
	*dst = &n
	if g.rec {
		g.c.Span(s, e, tr, key)
	}
}

func (g *gitLong) setStr(dst *string, key, v string, s, e int) {
	if v == "" {
		g.empty = true
		return
	}
	*dst = v
	if g.rec {
		g.c.Span(s, e, "", key)
	}
}

func (g *gitLong) setBool(dst *bool, key string, s, e int) {
	*dst = true
	if g.rec {
		g.c.Span(s, e, "marker", key)
	}
}

func (g *gitLong) inProgress(what string, s, e int) {
	if g.res.InProgress == "" {
		g.res.InProgress = what
		if g.rec {
			g.c.Span(s, e, "operation", "in_progress")
		}
	}
}

func parseGitLong(c *catalog.Context) (any, error) {
	res := &GitStatus{Staged: []GitChange{}, Modified: []GitChange{}, Untracked: []string{}, Unmerged: []GitChange{}}
	g := gitLong{c: c, res: res, rec: c.Recording(), rs: c.Rows(6), sec: secNone, diverged: -1}
	lines, read, top := 0, 0, 0 // top: lines read that are not indented
	it := lex.Lines{Raw: c.Raw}
	// status.displayCommentPrefix (git < 1.8.5's default) puts "# " before
	// every line ("#\t" before entries, "#" alone for a blank line).
	comment := gitCommentPrefixed(c.Raw)
	for line, start := range it.All() {
		if comment && strings.HasPrefix(line, "#") {
			switch {
			case strings.HasPrefix(line, "# "):
				line, start = line[2:], start+2
			case strings.HasPrefix(line, "#\t"):
				line, start = line[1:], start+1
			case strings.TrimRight(line, "\r") == "#":
				continue
			}
		}
		if lex.IsBlank(line) {
			continue
		}
		lines++
		if line[0] == '\t' {
			if !g.entry(line, start) {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		if line[0] == ' ' {
			// "  (use "git add <file>..." ...)" hints, rebase todo lists.
			read++
			continue
		}
		g.empty = false
		if !g.heading(line, start) || g.empty {
			c.Unread(start)
			continue
		}
		read++
		top++
	}
	if lines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as git status")
	}
	if top == 0 && len(c.UnreadOffsets()) > 0 {
		// git's long form always opens with a line it reads ("On branch",
		// "HEAD detached", ...): without one, only the indented hints read
		// and the rest is another language ("Auf Branch main"), whose files
		// would be answered as no change at all.
		return nil, catalog.Unrecognized("no heading line of git status reads (%d lines unread): the output is localized or not git status; rerun under LC_ALL=C", len(c.UnreadOffsets()))
	}
	if g.rec {
		g.rs.Finish()
	}
	return res, nil
}

// heading reads a line that is not indented, at start in the output;
// false when it is not one git prints.
func (g *gitLong) heading(line string, start int) bool {
	if matched, known := g.branchLine(line, start); matched {
		return known
	}
	if matched, known := g.upstreamLine(line, start); matched {
		return known
	}
	if g.sectionLine(line) {
		return true
	}
	return g.stateLine(line, start)
}

// branchLine reads where HEAD is: "On branch x", "HEAD detached at/from
// x", "Not currently on any branch.", "No commits yet".
func (g *gitLong) branchLine(line string, start int) (matched, known bool) {
	res, end := g.res, start+len(line)
	switch {
	case strings.HasPrefix(line, "On branch "):
		g.setStr(&res.Branch, "branch", line[10:], start+10, end)
	case strings.HasPrefix(line, "HEAD detached at "):
		g.setBool(&res.Detached, "detached", start, start+13)
		g.setStr(&res.DetachedAt, "detached_at", line[17:], start+17, end)
	case strings.HasPrefix(line, "HEAD detached from "):
		g.setBool(&res.Detached, "detached", start, start+13)
		g.setStr(&res.DetachedFrom, "detached_from", line[19:], start+19, end)
	case line == "Not currently on any branch.":
		g.setBool(&res.Detached, "detached", start, end)
	case line == "No commits yet" || line == "Initial commit":
		g.setBool(&res.NoCommits, "no_commits", start, end)
	default:
		return false, false
	}
	return true, true
}

// upstreamLine reads the "Your branch ..." lines: the upstream and how
// far ahead and behind it the branch is.
func (g *gitLong) upstreamLine(line string, start int) (matched, known bool) {
	res, end := g.res, start+len(line)
	switch {
	case strings.HasPrefix(line, "Your branch is up to date with '") || strings.HasPrefix(line, "Your branch is up-to-date with '"):
		u, ue, ok := gitQuotedName(line, 31)
		if !ok {
			return true, false
		}
		g.setStr(&res.Upstream, "upstream", u, start+32, start+ue)
		g.setInt(&res.Ahead, "ahead", 0, start, start+ue+1, "upToDate")
		g.setInt(&res.Behind, "behind", 0, start, start+ue+1, "upToDate")
	case strings.HasPrefix(line, "Your branch is ahead of '"), strings.HasPrefix(line, "Your branch is behind '"):
		return true, g.aheadOrBehind(line, start)
	case strings.HasPrefix(line, "Your branch and '") && strings.HasSuffix(line, "' have diverged,"):
		u, ue, ok := gitQuotedName(line, 16)
		if !ok {
			return true, false
		}
		g.setStr(&res.Upstream, "upstream", u, start+17, start+ue)
		g.diverged = start
	case strings.HasPrefix(line, "and have ") && g.diverged >= 0:
		// "and have A and B different commits each, respectively."
		r := line[9:]
		a, rest, ok1 := strings.Cut(r, " and ")
		b, _, ok2 := strings.Cut(rest, " ")
		na, oka := lex.Atoi(a)
		nb, okb := lex.Atoi(b)
		if !ok1 || !ok2 || !oka || !okb {
			return true, false
		}
		g.setInt(&res.Ahead, "ahead", na, start+9, start+9+len(a), "parseInt")
		bs := start + 9 + len(a) + 5
		g.setInt(&res.Behind, "behind", nb, bs, bs+len(b), "parseInt")
	case strings.HasPrefix(line, "Your branch and '") && strings.HasSuffix(line, "' refer to different commits."):
		u, ue, ok := gitQuotedName(line, 16)
		if !ok {
			return true, false
		}
		g.setStr(&res.Upstream, "upstream", u, start+17, start+ue)
	case strings.HasPrefix(line, "Your branch is based on '") && strings.HasSuffix(line, "but the upstream is gone."):
		u, ue, ok := gitQuotedName(line, 24)
		if !ok {
			return true, false
		}
		g.setStr(&res.Upstream, "upstream", u, start+25, start+ue)
		g.setBool(&res.UpstreamGone, "upstream_gone", end-len("the upstream is gone."), end)
	default:
		return false, false
	}
	return true, true
}

// aheadOrBehind reads "Your branch is ahead of 'x' by N commits." (or
// behind); the other count is zero.
func (g *gitLong) aheadOrBehind(line string, start int) bool {
	res := g.res
	ahead := line[15] == 'a'
	at := 22 // the quote before the upstream name
	if ahead {
		at = 24
	}
	u, ue, ok := gitQuotedName(line, at)
	if !ok || !strings.HasPrefix(line[ue+1:], " by ") {
		return false
	}
	ns := ue + 5
	ne := ns
	for ne < len(line) && line[ne] >= '0' && line[ne] <= '9' {
		ne++
	}
	n, ok := lex.Atoi(line[ns:ne])
	if !ok {
		return false
	}
	g.setStr(&res.Upstream, "upstream", u, start+at+1, start+ue)
	if ahead {
		g.setInt(&res.Ahead, "ahead", n, start+ns, start+ne, "parseInt")
		g.setInt(&res.Behind, "behind", 0, start, start+15, "impliedZero")
	} else {
		g.setInt(&res.Behind, "behind", n, start+ns, start+ne, "parseInt")
		g.setInt(&res.Ahead, "ahead", 0, start, start+15, "impliedZero")
	}
	return true
}

// sectionLine reads the heading of a list of paths.
func (g *gitLong) sectionLine(line string) bool {
	switch line {
	case "Changes to be committed:":
		g.sec = secStaged
	case "Changes not staged for commit:":
		g.sec = secModified
	case "Untracked files:":
		g.sec = secUntracked
	case "Unmerged paths:":
		g.sec = secUnmerged
	case "Ignored files:":
		g.sec = secIgnored
		if g.res.Ignored == nil {
			g.res.Ignored = []string{}
		}
	default:
		return false
	}
	return true
}

// stateLine reads the remaining lines: clean, the notes git adds, an
// operation in progress, the stash count; false for a line git does not
// print.
func (g *gitLong) stateLine(line string, start int) bool {
	res, end := g.res, start+len(line)
	switch {
	case strings.HasPrefix(line, "nothing to commit"):
		g.setBool(&res.Clean, "clean", start, start+17)
	case strings.HasPrefix(line, "nothing added to commit"),
		strings.HasPrefix(line, "no changes added to commit"),
		strings.HasPrefix(line, "Untracked files not listed"),
		strings.HasPrefix(line, "It took "),
		strings.HasPrefix(line, "may speed it up"),
		strings.HasPrefix(line, "but you have to be careful"),
		strings.HasPrefix(line, "new files yourself"),
		strings.HasPrefix(line, "You are in a sparse checkout"),
		strings.HasPrefix(line, "Last command"),
		strings.HasPrefix(line, "Next command"),
		line == "No commands done." || line == "No commands remaining.":
	case line == "You have unmerged paths." || line == "All conflicts fixed but you are still merging.":
		g.inProgress("merge", start, end)
	case strings.HasPrefix(line, "interactive rebase in progress; onto ") || strings.HasPrefix(line, "rebase in progress; onto "):
		i := strings.Index(line, "; onto ")
		g.inProgress("rebase", start, start+i)
		g.setBool(&res.Detached, "detached", start, start+i)
		g.setStr(&res.Onto, "onto", line[i+7:], start+i+7, end)
	case strings.HasPrefix(line, "You are currently rebasing") ||
		strings.HasPrefix(line, "You are currently editing a commit while rebasing") ||
		strings.HasPrefix(line, "You are currently splitting a commit while rebasing"):
		g.inProgress("rebase", start, end)
		if i := strings.Index(line, "rebasing branch '"); i >= 0 && res.Branch == "" {
			if b, be, ok := gitQuotedName(line, i+16); ok {
				g.setStr(&res.Branch, "branch", b, start+i+17, start+be)
			}
		}
	case strings.HasPrefix(line, "You are currently cherry-picking") || line == "Cherry-pick currently in progress.":
		g.inProgress("cherry-pick", start, end)
	case strings.HasPrefix(line, "You are currently reverting") || line == "Revert currently in progress.":
		g.inProgress("revert", start, end)
	case strings.HasPrefix(line, "You are currently bisecting"):
		g.inProgress("bisect", start, end)
	case strings.HasPrefix(line, "You are in the middle of an am session"):
		g.inProgress("am", start, end)
	case strings.HasPrefix(line, "Your stash currently has "):
		r := line[25:]
		n, _, _ := strings.Cut(r, " ")
		v, ok := lex.Atoi(n)
		if !ok {
			return false
		}
		g.setInt(&res.StashEntries, "stash_entries", v, start+25, start+25+len(n), "parseInt")
	default:
		return false
	}
	return true
}

// entry reads a tab-indented path line of the current section.
func (g *gitLong) entry(line string, start int) bool {
	body := line[1:]
	bs := start + 1
	switch g.sec {
	case secUntracked, secIgnored:
		return g.pathEntry(body, bs)
	case secStaged, secModified, secUnmerged:
		return g.changeEntry(body, bs)
	}
	return false
}

// pathEntry reads an untracked or ignored path, body at bs in the output.
func (g *gitLong) pathEntry(body string, bs int) bool {
	c, res := g.c, g.res
	p, s, e, q, ok := gitPath(body, 0)
	if !ok || e != len(body) {
		if q || body == "" {
			return false
		}
		// Plain paths may hold " -> " here: no rename is possible.
		p, s, e = body, 0, len(body)
	}
	key := "untracked"
	list := &res.Untracked
	if g.sec == secIgnored {
		key, list = "ignored", &res.Ignored
	}
	if c.Full(len(*list)) {
		c.Omit(1)
		return true
	}
	if g.rec {
		c.Span(bs+s, bs+e, catalog.TrNames[quoteTr(q)], key, len(*list))
	}
	*list = append(*list, p)
	return true
}

// gitLongPaths is where a change's path (and the original path of a
// rename or copy) stand in its text, and whether they were quoted.
type gitLongPaths struct {
	fs, fe, ss, se int
	fq, sq         bool
}

// changeEntry reads "status:   path" (staged, modified or unmerged), body
// at bs in the output.
func (g *gitLong) changeEntry(body string, bs int) bool {
	c, res := g.c, g.res
	colon := strings.IndexByte(body, ':')
	if colon <= 0 {
		return false
	}
	status, ok := gitLongStatus[body[:colon]]
	if !ok {
		return false
	}
	ps := colon + 1
	for ps < len(body) && body[ps] == ' ' {
		ps++
	}
	if ps == colon+1 || ps >= len(body) {
		return false
	}
	rest := body[ps:]
	var ch GitChange
	ch.Status = status
	// Submodule notes: "sub (new commits, modified content)".
	subS := -1
	if strings.HasSuffix(rest, ")") {
		if i := strings.LastIndex(rest, " ("); i > 0 && gitSubmoduleNote(rest[i+2:len(rest)-1]) {
			ch.Submodule = rest[i+2 : len(rest)-1]
			subS = ps + i + 2
			rest = rest[:i]
		}
	}
	var at gitLongPaths
	if status == "renamed" || status == "copied" {
		if at, ok = g.renamePaths(rest, &ch); !ok {
			return false
		}
	} else if rest[0] == '"' {
		p, n, ok := lex.CUnquote(rest)
		if !ok || n != len(rest) || p == "" {
			return false
		}
		ch.Path, at.fs, at.fe, at.fq = p, 0, n, true
	} else {
		ch.Path, at.fs, at.fe = rest, 0, len(rest)
	}
	var list *[]GitChange
	var key uint16
	switch g.sec {
	case secStaged:
		list, key = &res.Staged, skStaged
	case secModified:
		list, key = &res.Modified, skModified
	default:
		list, key = &res.Unmerged, skUnmerged
	}
	if c.Full(len(*list)) {
		c.Omit(1)
		return true
	}
	if g.rec {
		rs := g.rs
		rs.Begin(key, len(*list))
		off := bs + ps
		rs.Field(sfStatus, bs, bs+colon, catalog.TrStatusWord)
		if ch.OrigPath != "" {
			rs.Field(sfOrigPath, off+at.fs, off+at.fe, quoteTr(at.fq))
			rs.Field(sfPath, off+at.ss, off+at.se, quoteTr(at.sq))
		} else {
			rs.Field(sfPath, off+at.fs, off+at.fe, quoteTr(at.fq))
		}
		if subS >= 0 {
			rs.Field(sfSubmodule, bs+subS, bs+subS+len(ch.Submodule), catalog.TrVerbatim)
		}
	}
	*list = append(*list, ch)
	return true
}

// renamePaths reads "old -> new" of a rename or copy into ch.
func (g *gitLong) renamePaths(rest string, ch *GitChange) (gitLongPaths, bool) {
	var at gitLongPaths
	var first, second string
	var ok bool
	if rest[0] == '"' {
		first, at.fs, at.fe, at.fq, ok = gitPath(rest, 0)
	} else {
		// Long form does not quote spaces: a second " -> " is ambiguous.
		i := strings.Index(rest, " -> ")
		ok = i > 0 && !strings.Contains(rest[i+4:], " -> ")
		first, at.fs, at.fe = rest[:max(i, 0)], 0, max(i, 0)
	}
	if !ok || !strings.HasPrefix(rest[at.fe:], " -> ") {
		if !ok {
			g.c.Warn("a renamed path holding \" -> \" is ambiguous in git status long form; use --porcelain -z")
		}
		return at, false
	}
	at.ss = at.fe + 4
	if at.ss < len(rest) && rest[at.ss] == '"' {
		var n int
		second, n, ok = lex.CUnquote(rest[at.ss:])
		if !ok || at.ss+n != len(rest) {
			return at, false
		}
		at.se, at.sq = at.ss+n, true
	} else {
		second, at.se = rest[at.ss:], len(rest)
	}
	if second == "" {
		return at, false
	}
	ch.OrigPath, ch.Path = first, second
	return at, true
}

func gitSubmoduleNote(s string) bool {
	for part := range strings.SplitSeq(s, ", ") {
		switch part {
		case "new commits", "modified content", "untracked content":
		default:
			return false
		}
	}
	return true
}

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	sfIndex     = catalog.SpanID("index")
	sfOrigPath  = catalog.SpanID("orig_path")
	sfPath      = catalog.SpanID("path")
	sfQuoted    = catalog.SpanID("quoted")
	sfStatus    = catalog.SpanID("status")
	sfSubmodule = catalog.SpanID("submodule")
	sfWorktree  = catalog.SpanID("worktree")
	sfXY        = catalog.SpanID("xy")
	skEntries   = catalog.SpanID("entries/*")
	skModified  = catalog.SpanID("modified/*")
	skStaged    = catalog.SpanID("staged/*")
	skUnmerged  = catalog.SpanID("unmerged/*")
)
