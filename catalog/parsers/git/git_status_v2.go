package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// gitPorcelainV2 reports whether the arguments ask for porcelain v2.
func gitPorcelainV2(argv catalog.Args) bool {
	v2 := false
	for _, a := range argv.Items {
		if a.Flag == "--porcelain" {
			v2 = a.HasValue && a.Value == "v2"
		}
	}
	return v2
}

// v2 entry kinds: how many space-separated fields come before the path.
var gitV2Fields = map[byte]int{'1': 8, '2': 9, 'u': 10, '?': 1, '!': 1}

func parseGitStatusV2(c *catalog.Context, z bool) (any, error) {
	res := &GitStatusShort{Entries: []GitStatusEntry{}}
	rec := c.Recording()
	rs := c.Rows(6)
	read := 0
	st := gitV2State{}
	it := lex.Lines{Raw: c.Raw, NUL: z}
	for line, start := range it.NonBlankLines() {
		if h, ok := strings.CutPrefix(line, "# "); ok {
			if gitV2Header(c, res, h, start+2, &st) {
				read++
			} else {
				c.Unread(start)
			}
			continue
		}
		e, w, ok := gitV2Entry(line, start, &it, z)
		if !ok {
			c.Unread(start)
			continue
		}
		read++
		idx := len(res.Entries)
		if c.Full(idx) {
			c.Omit(1)
			continue
		}
		if rec {
			w.spans(rs, idx, &e)
		}
		res.Entries = append(res.Entries, e)
	}
	if res.Upstream != "" && !st.abSeen {
		// git prints branch.ab whenever the upstream exists.
		res.UpstreamGone = true
		if rec {
			c.Span(st.upS, st.upE, "impliedDefault", "upstream_gone")
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as git status --porcelain=v2")
	}
	if rec {
		rs.Finish()
	}
	return res, nil
}

// gitV2Row is where the parts of an entry line stand in the output.
type gitV2Row struct {
	start              int // the line's start
	xyAt               int // the XY codes' offset in the line, or -1 (? and !)
	pathText, origText string
	pathAt, origAt     int // origAt -1: no original path
	pq, oq             bool
}

// gitV2Entry reads an entry line ("1 XY ... path", "2 XY ... path\torig",
// "u XY ...", "? path", "! path") at start; with -z the original path of a
// rename is the next field of it.
func gitV2Entry(line string, start int, it *lex.Lines, z bool) (GitStatusEntry, gitV2Row, bool) {
	var e GitStatusEntry
	w := gitV2Row{start: start, origAt: -1}
	n, known := gitV2Fields[line[0]]
	if !known || len(line) < 2 || line[1] != ' ' {
		return e, w, false
	}
	// Skip the fields before the path; each is one space-free word.
	at := 0
	for k := 0; k < n; k++ {
		sp := strings.IndexByte(line[at:], ' ')
		if sp <= 0 {
			return e, w, false
		}
		at += sp + 1
		if k == 0 {
			w.xyAt = at
		}
	}
	if at >= len(line) {
		return e, w, false
	}
	var x, y byte
	switch line[0] {
	case '?', '!':
		x, y = line[0], line[0]
		w.xyAt = -1
	default:
		if at-w.xyAt < 3 || line[w.xyAt+2] != ' ' {
			return e, w, false
		}
		x, y = gitV2Code(line[w.xyAt]), gitV2Code(line[w.xyAt+1])
	}
	e.XY = string([]byte{x, y})
	e.Index, e.Worktree = gitCodeWord(x, false, x), gitCodeWord(y, true, x)
	w.pathText, w.pathAt = line[at:], start+at
	if line[0] == '2' {
		if z {
			// The original path is the next NUL-terminated field.
			o, oStart, more := it.Next()
			if !more {
				return e, w, false
			}
			w.origText, w.origAt = o, oStart
		} else if tab := strings.IndexByte(w.pathText, '\t'); tab > 0 {
			w.origText, w.origAt = w.pathText[tab+1:], w.pathAt+tab+1
			w.pathText = w.pathText[:tab]
		}
		if w.origAt < 0 || w.origText == "" {
			return e, w, false
		}
	}
	var ok bool
	if e.Path, w.pq, ok = gitV2Path(w.pathText, z); !ok {
		return e, w, false
	}
	e.Quoted = w.pq
	if w.origAt >= 0 {
		if e.OrigPath, w.oq, ok = gitV2Path(w.origText, z); !ok {
			return e, w, false
		}
		e.Quoted = e.Quoted || w.oq
	}
	return e, w, true
}

// spans records where the fields of entry idx came from.
func (w *gitV2Row) spans(rs *catalog.SpanRec, idx int, e *GitStatusEntry) {
	start, xyAt := w.start, w.xyAt
	rs.Begin(skEntries, idx)
	if xyAt >= 0 {
		rs.Field(sfXY, start+xyAt, start+xyAt+2, catalog.TrStatusCode)
		rs.Field(sfIndex, start+xyAt, start+xyAt+1, catalog.TrStatusCode)
		rs.Field(sfWorktree, start+xyAt+1, start+xyAt+2, catalog.TrStatusCode)
	} else {
		rs.Field(sfXY, start, start+1, catalog.TrStatusCode)
		rs.Field(sfIndex, start, start+1, catalog.TrStatusCode)
		rs.Field(sfWorktree, start, start+1, catalog.TrStatusCode)
	}
	rs.Field(sfPath, w.pathAt, w.pathAt+len(w.pathText), quoteTr(w.pq))
	if w.origAt >= 0 {
		rs.Field(sfOrigPath, w.origAt, w.origAt+len(w.origText), quoteTr(w.oq))
	}
	if e.Quoted {
		q := w.pathAt
		if !w.pq {
			q = w.origAt
		}
		rs.Field(sfQuoted, q, q+1, catalog.TrMarker)
	}
}

// gitV2Code turns v2's "." (unmodified) into v1's space.
func gitV2Code(b byte) byte {
	if b == '.' {
		return ' '
	}
	return b
}

// gitV2Path reads a whole v2 path: C-quoted when git quoted it (never
// with -z), else as printed.
func gitV2Path(s string, z bool) (string, bool, bool) {
	if s == "" {
		return "", false, false
	}
	if !z && s[0] == '"' {
		u, n, ok := lex.CUnquote(s)
		return u, true, ok && n == len(s) && u != ""
	}
	return s, false, true
}

// gitV2State is what the header lines leave for the end of the parse.
type gitV2State struct {
	abSeen   bool
	upS, upE int // the upstream's span
}

// gitV2Header reads one "# " header line (h after the "# ", at offset
// off); false when it is not one git prints.
func gitV2Header(c *catalog.Context, res *GitStatusShort, h string, off int, st *gitV2State) bool {
	rec := c.Recording()
	key, val, ok := strings.Cut(h, " ")
	if !ok || val == "" {
		return false
	}
	vs := off + len(key) + 1
	switch key {
	case "branch.oid":
		if val == "(initial)" {
			res.NoCommits = true
			if rec {
				c.Span(vs, vs+len(val), "marker", "no_commits")
			}
		}
		return true // the commit itself has no field in the short form
	case "branch.head":
		if val == "(detached)" {
			res.Detached = true
			if rec {
				c.Span(vs, vs+len(val), "marker", "detached")
			}
			return true
		}
		res.Branch = val
		if rec {
			c.Span(vs, vs+len(val), "", "branch")
		}
		return true
	case "branch.upstream":
		res.Upstream = val
		st.upS, st.upE = vs, vs+len(val)
		if rec {
			c.Span(vs, vs+len(val), "", "upstream")
		}
		return true
	case "branch.ab":
		a, b, ok := strings.Cut(val, " ")
		if !ok || len(a) < 2 || len(b) < 2 || a[0] != '+' || b[0] != '-' {
			return false
		}
		st.abSeen = true
		if a == "+?" && b == "-?" {
			return true // --no-ahead-behind: not counted
		}
		na, ok1 := lex.Atoi(a[1:])
		nb, ok2 := lex.Atoi(b[1:])
		if !ok1 || !ok2 {
			return false
		}
		res.Ahead, res.Behind = catalog.Intp(na), catalog.Intp(nb)
		if rec {
			c.Span(vs+1, vs+len(a), "parseInt", "ahead")
			c.Span(vs+len(a)+2, vs+len(val), "parseInt", "behind")
		}
		return true
	case "stash":
		n, ok := lex.Atoi(val)
		if !ok {
			return false
		}
		res.StashEntries = catalog.Intp(n)
		if rec {
			c.Span(vs, vs+len(val), "parseInt", "stash_entries")
		}
		return true
	}
	return false
}
