package git

import (
	"iter"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// gmCursor walks raw line by line without dropping "\r": diff content
// lines keep a carriage return that belongs to the file. gmLine drops it
// where a line is read for its structure.
type gmCursor struct {
	raw string
	pos int
}

// peek returns the line at the cursor (without "\n"), its start, and the
// position after it.
func (cu *gmCursor) peek() (line string, start, next int, ok bool) {
	if cu.pos >= len(cu.raw) {
		return "", cu.pos, cu.pos, false
	}
	start = cu.pos
	end := strings.IndexByte(cu.raw[start:], '\n')
	if end < 0 {
		return cu.raw[start:], start, len(cu.raw), true
	}
	return cu.raw[start : start+end], start, start + end + 1, true
}

func gmLine(s string) string {
	if n := len(s); n > 0 && s[n-1] == '\r' {
		return s[:n-1]
	}
	return s
}

// peekText moves past blank lines and peeks at the next line that is not
// blank, as peek does (its "\r" dropped).
func (cu *gmCursor) peekText() (l string, start, next int, ok bool) {
	for {
		line, start, next, ok := cu.peek()
		if !ok {
			return "", start, next, false
		}
		if l := gmLine(line); !lex.IsBlank(l) {
			return l, start, next, true
		}
		cu.pos = next
	}
}

// indentedLines yields the lines at the cursor that are indented by four
// spaces (a message's, notes'), their "\r" dropped, with where each
// starts, and moves past each.
func (cu *gmCursor) indentedLines() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for {
			line, start, next, ok := cu.peek()
			if !ok || !strings.HasPrefix(line, "    ") {
				return
			}
			cu.pos = next
			if !yield(gmLine(line), start) {
				return
			}
		}
	}
}

// GitFileChange is one file of a diff, whichever form printed it. Fields
// the form does not print are absent: --numstat and --stat do not say
// whether a file was added or deleted (status is then absent, or
// "renamed" for a printed rename), --name-only gives the path alone.
type GitFileChange struct {
	Path    string `json:"path"`
	OldPath string `json:"old_path,omitempty"`
	// Status: added, deleted, modified, renamed, copied, type_changed,
	// unmerged, unknown.
	Status            string `json:"status,omitempty"`
	SimilarityPercent *int64 `json:"similarity_percent,omitempty"`
	OldMode           string `json:"old_mode,omitempty"`
	NewMode           string `json:"new_mode,omitempty"`
	// Insertions and Deletions are line counts. A scaled --stat graph
	// that mixes + and - does not give them; Changes (their sum) is then
	// set instead.
	Insertions *int64 `json:"insertions,omitempty"`
	Deletions  *int64 `json:"deletions,omitempty"`
	Changes    *int64 `json:"changes,omitempty"`
	Binary     bool   `json:"binary,omitempty"`
	// OldSizeBytes and NewSizeBytes are --stat's "Bin 3 -> 5 bytes".
	OldSizeBytes *int64 `json:"old_size_bytes,omitempty"`
	NewSizeBytes *int64 `json:"new_size_bytes,omitempty"`
	// PathTruncated: --stat shortened a long path to ".../tail".
	PathTruncated bool `json:"path_truncated,omitempty"`
	// Combined: a combined diff (merge; "diff --cc").
	Combined bool      `json:"combined,omitempty"`
	Hunks    []GitHunk `json:"hunks,omitempty"`
}

// GitHunk is one "@@ -a,b +c,d @@ header" hunk. Lines keep their prefix
// (" ", "+", "-", and "\ No newline at end of file") exactly.
type GitHunk struct {
	OldStart int64 `json:"old_start"`
	OldLines int64 `json:"old_lines"`
	NewStart int64 `json:"new_start"`
	NewLines int64 `json:"new_lines"`
	// OldRanges lists every parent's range of a combined hunk
	// ("@@@ -1,2 -1,2 +1,3 @@@"); OldStart/OldLines are the first's.
	OldRanges []GitRange `json:"old_ranges,omitempty"`
	Header    string     `json:"header,omitempty"`
	Lines     []string   `json:"lines"`
}

// GitRange is one parent's line range of a combined hunk.
type GitRange struct {
	Start int64 `json:"start"`
	Lines int64 `json:"lines"`
}

// GitDiffSummary is the "N files changed, X insertions(+), Y deletions(-)"
// line of --stat and --shortstat.
type GitDiffSummary struct {
	Files      int64 `json:"files"`
	Insertions int64 `json:"insertions"`
	Deletions  int64 `json:"deletions"`
}

// GitDiffResult is the parsed output of `git diff`.
type GitDiffResult struct {
	FilesChanged []GitFileChange `json:"files_changed"`
	Summary      *GitDiffSummary `json:"summary,omitempty"`
}

// Span templates of the diff section reader: the same fields under
// "/files_changed/i" (git diff) and "/commits/c/files_changed/i" (log, show).
type gmdTmpls struct {
	file, hunk, rng, line, summary uint16
}

var gmdDiffTmpls = gmdTmpls{
	file: catalog.SpanID("files_changed/*"), hunk: catalog.SpanID("files_changed/*/hunks/*"),
	rng: catalog.SpanID("files_changed/*/hunks/*/old_ranges/*"), line: catalog.SpanID("files_changed/*/hunks/*/lines/*"),
	summary: catalog.SpanID("summary"),
}

var gmdLogTmpls = gmdTmpls{
	file: catalog.SpanID("commits/*/files_changed/*"), hunk: catalog.SpanID("commits/*/files_changed/*/hunks/*"),
	rng: catalog.SpanID("commits/*/files_changed/*/hunks/*/old_ranges/*"), line: catalog.SpanID("commits/*/files_changed/*/hunks/*/lines/*"),
	summary: catalog.SpanID("commits/*/summary"),
}

var (
	gmfPath              = catalog.SpanID("path")
	gmfOldPath           = catalog.SpanID("old_path")
	gmfStatus            = catalog.SpanID("status")
	gmfSimilarityPercent = catalog.SpanID("similarity_percent")
	gmfOldMode           = catalog.SpanID("old_mode")
	gmfNewMode           = catalog.SpanID("new_mode")
	gmfInsertions        = catalog.SpanID("insertions")
	gmfDeletions         = catalog.SpanID("deletions")
	gmfChanges           = catalog.SpanID("changes")
	gmfBinary            = catalog.SpanID("binary")
	gmfOldSizeBytes      = catalog.SpanID("old_size_bytes")
	gmfNewSizeBytes      = catalog.SpanID("new_size_bytes")
	gmfPathTruncated     = catalog.SpanID("path_truncated")
	gmfCombined          = catalog.SpanID("combined")
	gmfOldStart          = catalog.SpanID("old_start")
	gmfOldLines          = catalog.SpanID("old_lines")
	gmfNewStart          = catalog.SpanID("new_start")
	gmfNewLines          = catalog.SpanID("new_lines")
	gmfStart             = catalog.SpanID("start")
	gmfLines             = catalog.SpanID("lines")
	gmfHeader            = catalog.SpanID("header")
	gmfFiles             = catalog.SpanID("files")
)

// gmdMode is the file-section form the arguments asked for; it matters
// only for --name-only, whose lines have no shape of their own.
type gmdMode struct {
	nameOnly bool
}

// gmdBlock is one diff section (a whole git diff, or one commit) being read.
type gmdBlock struct {
	c       *catalog.Context
	rec     *catalog.SpanRec
	t       gmdTmpls
	base    []int32 // leading pointer indices (the commit's)
	files   *[]GitFileChange
	summary **GitDiffSummary
	limit   bool // apply MaxItems to files (git diff's rows)
	mode    gmdMode
	// --stat entries, for the scaling check and for merging the patches
	// of --patch-with-stat into them.
	stats     []gmdStat
	statsDone bool
	patches   int
}

type gmdStat struct {
	file         int   // index in *files
	changes      int64 // printed number
	plus, minus  int   // + and - signs of the graph
	graphS, numS int   // offsets of the graph and the number
	graphE, numE int
}

func (b *gmdBlock) idx(extra ...int) [4]int32 {
	var out [4]int32
	n := copy(out[:], b.base)
	for _, e := range extra {
		out[n] = int32(e)
		n++
	}
	return out
}

func (b *gmdBlock) add(file int, leaf uint16, s, e int, tr catalog.SpanTr) {
	b.rec.Add(b.t.file, b.idx(file), leaf, s, e, tr)
}

// newFile appends a file change, or reports false when MaxItems is reached.
func (b *gmdBlock) newFile() (int, bool) {
	n := len(*b.files)
	if b.limit && b.c.Full(n) {
		b.c.Omit(1)
		return -1, false
	}
	*b.files = append(*b.files, GitFileChange{})
	return n, true
}

// gmPath reads a path printed plain or C-quoted; the whole of s is the path.
func gmPath(s string) (string, catalog.SpanTr, bool) {
	if s == "" {
		return "", 0, false
	}
	if s[0] == '"' {
		u, n, ok := lex.CUnquote(s)
		if !ok || n != len(s) || u == "" {
			return "", 0, false
		}
		return u, catalog.TrUnquote, true
	}
	return s, catalog.TrVerbatim, true
}

// gmPprintRename is git's pprint_rename for names needing no quotes:
// "a => b", or the common directory prefix and suffix outside braces,
// "src/{old => new}/file.go".
func gmPprintRename(a, b string) string {
	pfx := 0
	for i := 0; i < len(a) && i < len(b) && a[i] == b[i]; i++ {
		if a[i] == '/' {
			pfx = i + 1
		}
	}
	adj := 0
	if pfx > 0 {
		adj = 1
	}
	sfx := 0
	ia, ib := len(a), len(b)
	for ia >= pfx-adj && ib >= pfx-adj && ia >= 0 && ib >= 0 {
		var ca, cb byte
		if ia < len(a) {
			ca = a[ia]
		}
		if ib < len(b) {
			cb = b[ib]
		}
		if ca != cb {
			break
		}
		if ca == '/' {
			sfx = len(a) - ia
		}
		ia--
		ib--
	}
	if pfx+sfx > 0 {
		amid := max(len(a)-pfx-sfx, 0)
		bmid := max(len(b)-pfx-sfx, 0)
		return a[:pfx] + "{" + a[pfx:pfx+amid] + " => " + b[pfx:pfx+bmid] + "}" + a[len(a)-sfx:]
	}
	return a + " => " + b
}

// gmRename reads a --stat/--numstat rename ("a => b", "dir/{a => b}/f",
// each side C-quoted when it needs it). It accepts a reading only when
// exactly one pair of names prints back as s; isRename is false when s
// holds no " => " at all.
func gmRename(s string) (oldP, newP string, isRename, ok bool) {
	if !strings.Contains(s, " => ") {
		return "", "", false, false
	}
	if s[0] == '"' {
		a, n, okq := lex.CUnquote(s)
		if !okq || !strings.HasPrefix(s[n:], " => ") {
			return "", "", true, false
		}
		b, _, okb := gmPath(s[n+4:])
		return a, b, true, okb && a != ""
	}
	if s[len(s)-1] == '"' {
		for i := strings.Index(s, ` => "`); i >= 0; {
			if b, n, okq := lex.CUnquote(s[i+4:]); okq && i+4+n == len(s) && b != "" && i > 0 {
				return s[:i], b, true, true
			}
			j := strings.Index(s[i+1:], ` => "`)
			if j < 0 {
				break
			}
			i += 1 + j
		}
		return "", "", true, false
	}
	// Brace forms first: the plain reading of "{a => b}/c" is the rename
	// of a file named "{a" to "b}/c", which git would print the same way.
	var plainO, plainN string
	braces, plains, tries := 0, 0, 0
	for i := strings.Index(s, " => "); i >= 0 && tries < 256; {
		if a, b := s[:i], s[i+4:]; gmCleanPath(a) && gmCleanPath(b) && gmPprintRename(a, b) == s {
			if plains == 0 || a != plainO || b != plainN {
				plains++
				plainO, plainN = a, b
			}
		}
		for p := strings.LastIndexByte(s[:i], '{'); p >= 0 && tries < 256; p = strings.LastIndexByte(s[:p], '{') {
			if p > 0 && s[p-1] != '/' {
				continue
			}
			for q := i + 4 + strings.IndexByte(s[i+4:], '}'); q >= i+4 && tries < 256; {
				tries++
				if q == len(s)-1 || s[q+1] == '/' {
					// An empty side shares the slash of the prefix and the
					// suffix: "a/{ => b}/c" is a/c renamed to a/b/c.
					pfx, sfx := s[:p], s[q+1:]
					join := func(mid string) string {
						if mid == "" && strings.HasSuffix(pfx, "/") && strings.HasPrefix(sfx, "/") {
							return pfx + sfx[1:]
						}
						return pfx + mid + sfx
					}
					a, b := join(s[p+1:i]), join(s[i+4:q])
					if gmCleanPath(a) && gmCleanPath(b) && gmPprintRename(a, b) == s && (braces == 0 || a != oldP || b != newP) {
						braces++
						oldP, newP = a, b
					}
				}
				k := strings.IndexByte(s[q+1:], '}')
				if k < 0 {
					break
				}
				q += 1 + k
			}
		}
		j := strings.Index(s[i+1:], " => ")
		if j < 0 {
			break
		}
		i += 1 + j
		tries++
	}
	if braces == 0 {
		return plainO, plainN, true, plains == 1
	}
	return oldP, newP, true, braces == 1
}

// gmCleanPath reports whether p can be a path git prints: not empty, no
// empty component.
func gmCleanPath(p string) bool {
	return p != "" && p[0] != '/' && p[len(p)-1] != '/' && !strings.Contains(p, "//")
}

// setPaths sets a file's path (and old path) from a printed name at
// Raw[s:e], plain, quoted or a rename form.
func (b *gmdBlock) setPaths(f int, name string, s, e int) bool {
	fc := &(*b.files)[f]
	if o, n, isRen, ok := gmRename(name); isRen {
		if !ok {
			return false
		}
		fc.OldPath, fc.Path, fc.Status = o, n, "renamed"
		b.add(f, gmfOldPath, s, e, catalog.TrRenameSplit)
		b.add(f, gmfPath, s, e, catalog.TrRenameSplit)
		b.add(f, gmfStatus, s, e, catalog.TrRenameSplit)
		return true
	}
	p, tr, ok := gmPath(name)
	if !ok {
		return false
	}
	fc.Path = p
	b.add(f, gmfPath, s, e, tr)
	return true
}

func (b *gmdBlock) setInt(f int, dst **int64, leaf uint16, v int64, s, e int, tr catalog.SpanTr) {
	*dst = catalog.Intp(v)
	b.add(f, leaf, s, e, tr)
}

// line reads one line of a non-patch section; l has no "\r".
func (b *gmdBlock) line(l string, start int) bool {
	if b.mode.nameOnly {
		return b.nameOnly(l, start)
	}
	if l != "" && l[0] == ' ' {
		if b.summaryLine(l, start) {
			return true
		}
		return b.statLine(l, start)
	}
	if t := strings.IndexByte(l, '\t'); t > 0 {
		if gmNumstatField(l[:t]) {
			return b.numstat(l, start, t)
		}
		return b.nameStatus(l, start, t)
	}
	return false
}

func gmNumstatField(s string) bool {
	if s == "-" {
		return true
	}
	_, ok := lex.Atoi(s)
	return ok
}

func (b *gmdBlock) nameOnly(l string, start int) bool {
	if _, _, ok := gmPath(l); !ok {
		return false
	}
	f, ok := b.newFile()
	if !ok {
		return true
	}
	p, tr, _ := gmPath(l)
	(*b.files)[f].Path = p
	b.add(f, gmfPath, start, start+len(l), tr)
	return true
}

func (b *gmdBlock) numstat(l string, start, t1 int) bool {
	t2 := strings.IndexByte(l[t1+1:], '\t')
	if t2 < 0 {
		return false
	}
	t2 += t1 + 1
	ins, del, name := l[:t1], l[t1+1:t2], l[t2+1:]
	if !gmNumstatField(del) || (ins == "-") != (del == "-") || name == "" {
		return false
	}
	mark := b.rec.Mark()
	f, ok := b.newFile()
	if !ok {
		return true
	}
	ns := start + t2 + 1
	if !b.setPaths(f, name, ns, ns+len(name)) {
		*b.files = (*b.files)[:f]
		b.rec.Truncate(mark)
		return false
	}
	fc := &(*b.files)[f]
	if ins == "-" {
		fc.Binary = true
		b.add(f, gmfBinary, start, start+t2, catalog.TrMarker)
		return true
	}
	ni, _ := lex.Atoi(ins)
	nd, _ := lex.Atoi(del)
	b.setInt(f, &fc.Insertions, gmfInsertions, ni, start, start+t1, catalog.TrParseInt)
	b.setInt(f, &fc.Deletions, gmfDeletions, nd, start+t1+1, start+t2, catalog.TrParseInt)
	return true
}

var gmStatusLetters = map[byte]string{
	'A': "added", 'C': "copied", 'D': "deleted", 'M': "modified", 'R': "renamed",
	'T': "type_changed", 'U': "unmerged", 'X': "unknown", 'B': "broken",
}

func (b *gmdBlock) nameStatus(l string, start, t int) bool {
	code := l[:t]
	status, ok := gmStatusLetters[code[0]]
	if !ok {
		return false
	}
	score := code[1:]
	if score != "" {
		if _, ok := lex.Atoi(score); !ok {
			return false
		}
	}
	rest := l[t+1:]
	two := code[0] == 'R' || code[0] == 'C'
	var p1, p2 string
	if two {
		i := strings.IndexByte(rest, '\t')
		if i <= 0 {
			return false
		}
		p1, p2 = rest[:i], rest[i+1:]
		if _, _, ok := gmPath(p2); !ok {
			return false
		}
	} else {
		p1 = rest
	}
	if _, _, ok := gmPath(p1); !ok {
		return false
	}
	f, ok := b.newFile()
	if !ok {
		return true
	}
	fc := &(*b.files)[f]
	fc.Status = status
	b.add(f, gmfStatus, start, start+1, catalog.TrStatusCode)
	if score != "" {
		b.setInt(f, &fc.SimilarityPercent, gmfSimilarityPercent, gmAtoi(score), start+1, start+t, catalog.TrParseInt)
	}
	s1 := start + t + 1
	v1, tr1, _ := gmPath(p1)
	if two {
		v2, tr2, _ := gmPath(p2)
		fc.OldPath, fc.Path = v1, v2
		b.add(f, gmfOldPath, s1, s1+len(p1), tr1)
		b.add(f, gmfPath, s1+len(p1)+1, s1+len(p1)+1+len(p2), tr2)
	} else {
		fc.Path = v1
		b.add(f, gmfPath, s1, s1+len(p1), tr1)
	}
	return true
}

func gmAtoi(s string) int64 {
	n, _ := lex.Atoi(s)
	return n
}

// summaryLine reads " 2 files changed, 3 insertions(+), 1 deletion(-)".
func (b *gmdBlock) summaryLine(l string, start int) bool {
	s := l[1:]
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	nf, ok := lex.Atoi(s[:i])
	if !ok {
		return false
	}
	rest := s[i:]
	if !strings.HasPrefix(rest, " file changed") && !strings.HasPrefix(rest, " files changed") {
		return false
	}
	sum := &GitDiffSummary{Files: nf}
	type part struct {
		v    int64
		s, e int
		ok   bool
	}
	var ins, del part
	pos := 1 + i + len(" file changed")
	if rest[5] == 's' {
		pos++
	}
	for pos < len(l) {
		if !strings.HasPrefix(l[pos:], ", ") {
			return false
		}
		pos += 2
		j := pos
		for j < len(l) && l[j] >= '0' && l[j] <= '9' {
			j++
		}
		v, ok := lex.Atoi(l[pos:j])
		if !ok {
			return false
		}
		w := l[j:]
		switch {
		case strings.HasPrefix(w, " insertions(+)"), strings.HasPrefix(w, " insertion(+)"):
			if ins.ok || del.ok {
				return false
			}
			ins = part{v, pos, j, true}
			j += len(" insertion(+)")
			if w[10] == 's' {
				j++
			}
		case strings.HasPrefix(w, " deletions(-)"), strings.HasPrefix(w, " deletion(-)"):
			if del.ok {
				return false
			}
			del = part{v, pos, j, true}
			j += len(" deletion(-)")
			if w[9] == 's' {
				j++
			}
		default:
			return false
		}
		pos = j
	}
	if *b.summary != nil {
		return false
	}
	sum.Insertions, sum.Deletions = ins.v, del.v
	*b.summary = sum
	idx := b.idx()
	b.rec.Add(b.t.summary, idx, gmfFiles, start+1, start+1+i, catalog.TrParseInt)
	for _, p := range []struct {
		leaf uint16
		v    part
	}{{gmfInsertions, ins}, {gmfDeletions, del}} {
		if p.v.ok {
			b.rec.Add(b.t.summary, idx, p.leaf, start+p.v.s, start+p.v.e, catalog.TrParseInt)
		} else {
			b.rec.Add(b.t.summary, idx, p.leaf, start, start+len(l), catalog.TrImpliedZero)
		}
	}
	return true
}

// statLine reads " name | 12 +++---", " name | Bin 3 -> 5 bytes",
// " name | Unmerged".
func (b *gmdBlock) statLine(l string, start int) bool {
	if b.statsDone {
		return false
	}
	// git 2.39 prints " path | Unmerged" without its newline: the next
	// stat line follows on the same line.
	if i := strings.Index(l, " | Unmerged"); i > 0 && (len(l) == i+11 || l[i+11] == ' ') {
		name := strings.TrimRight(l[1:i], " ")
		f, ok := b.newFile()
		if !ok {
			return true
		}
		if !b.setStatName(f, name, start+1) {
			*b.files = (*b.files)[:f]
			return false
		}
		(*b.files)[f].Status = "unmerged"
		b.add(f, gmfStatus, start+i+3, start+i+11, catalog.TrStatusWord)
		if len(l) > i+11 {
			return b.statLine(l[i+11:], start+i+11)
		}
		return true
	}
	bar := strings.LastIndex(l, " | ")
	if bar < 1 {
		return false
	}
	tail := l[bar+3:]
	ts := start + bar + 3
	name := strings.TrimRight(l[1:bar], " ")
	if name == "" {
		return false
	}
	if strings.HasPrefix(tail, "Bin") {
		var oldSz, newSz int64
		var os_, oe, ns, ne int
		sized := false
		if tail != "Bin" {
			r := tail[3:]
			// " bytes" alone ("Bin bytes") has no sizes before it.
			if len(r) <= len(" bytes") || !strings.HasPrefix(r, " ") || !strings.HasSuffix(r, " bytes") {
				return false
			}
			a, bb, ok := strings.Cut(r[1:len(r)-6], " -> ")
			na, oka := lex.Atoi(a)
			nb, okb := lex.Atoi(bb)
			if !ok || !oka || !okb {
				return false
			}
			oldSz, newSz, sized = na, nb, true
			os_, oe = ts+4, ts+4+len(a)
			ns, ne = oe+4, oe+4+len(bb)
		}
		mark := b.rec.Mark()
		f, ok := b.newFile()
		if !ok {
			return true
		}
		if !b.setStatName(f, name, start+1) {
			*b.files = (*b.files)[:f]
			b.rec.Truncate(mark)
			return false
		}
		fc := &(*b.files)[f]
		fc.Binary = true
		b.add(f, gmfBinary, ts, ts+3, catalog.TrMarker)
		if sized {
			b.setInt(f, &fc.OldSizeBytes, gmfOldSizeBytes, oldSz, os_, oe, catalog.TrParseInt)
			b.setInt(f, &fc.NewSizeBytes, gmfNewSizeBytes, newSz, ns, ne, catalog.TrParseInt)
		}
		return true
	}
	i := 0
	for i < len(tail) && tail[i] == ' ' {
		i++
	}
	j := i
	for j < len(tail) && tail[j] >= '0' && tail[j] <= '9' {
		j++
	}
	n, ok := lex.Atoi(tail[i:j])
	if !ok {
		return false
	}
	st := gmdStat{changes: n, numS: ts + i, numE: ts + j}
	if j < len(tail) {
		if tail[j] != ' ' {
			return false
		}
		g := tail[j+1:]
		k := 0
		for k < len(g) && g[k] == '+' {
			k++
		}
		m := k
		for m < len(g) && g[m] == '-' {
			m++
		}
		if m != len(g) || m == 0 {
			return false
		}
		st.plus, st.minus = k, m-k
		st.graphS, st.graphE = ts+j+1, ts+j+1+m
	} else {
		st.graphS, st.graphE = ts+j, ts+j
	}
	mark := b.rec.Mark()
	f, okf := b.newFile()
	if !okf {
		return true
	}
	if !b.setStatName(f, name, start+1) {
		*b.files = (*b.files)[:f]
		b.rec.Truncate(mark)
		return false
	}
	st.file = f
	b.stats = append(b.stats, st)
	return true
}

// setStatName sets the path of a --stat entry, whose name may be
// shortened to ".../tail".
func (b *gmdBlock) setStatName(f int, name string, s int) bool {
	if strings.HasPrefix(name, "...") {
		fc := &(*b.files)[f]
		fc.Path, fc.PathTruncated = name, true
		b.add(f, gmfPath, s, s+len(name), catalog.TrVerbatim)
		b.add(f, gmfPathTruncated, s, s+3, catalog.TrMarker)
		return true
	}
	return b.setPaths(f, name, s, s+len(name))
}

// finishStats turns the --stat numbers and graphs into line counts. The
// graph is exact unless git scaled it to fit the width, which shows as a
// file whose + and - signs do not add up to its number; then only
// one-sided graphs still say how the number splits.
func (b *gmdBlock) finishStats() {
	if b.statsDone {
		return
	}
	b.statsDone = true
	scaled, lost := false, false
	for _, st := range b.stats {
		if int64(st.plus+st.minus) != st.changes {
			scaled = true
		}
		lost = lost || st.plus > 0 && st.minus > 0
	}
	for _, st := range b.stats {
		fc := &(*b.files)[st.file]
		if fc.Insertions != nil {
			continue // set by a merged patch
		}
		switch {
		case !scaled:
			b.setInt(st.file, &fc.Insertions, gmfInsertions, int64(st.plus), st.graphS, st.graphS+st.plus, catalog.TrCount)
			b.setInt(st.file, &fc.Deletions, gmfDeletions, int64(st.minus), st.graphS+st.plus, st.graphE, catalog.TrCount)
		case st.minus == 0:
			b.setInt(st.file, &fc.Insertions, gmfInsertions, st.changes, st.numS, st.numE, catalog.TrParseInt)
			b.setInt(st.file, &fc.Deletions, gmfDeletions, 0, st.graphS, st.graphE, catalog.TrImpliedZero)
		case st.plus == 0:
			b.setInt(st.file, &fc.Deletions, gmfDeletions, st.changes, st.numS, st.numE, catalog.TrParseInt)
			b.setInt(st.file, &fc.Insertions, gmfInsertions, 0, st.graphS, st.graphE, catalog.TrImpliedZero)
		default:
			b.setInt(st.file, &fc.Changes, gmfChanges, st.changes, st.numS, st.numE, catalog.TrParseInt)
		}
	}
	if scaled && lost {
		gmWarnOnce(b.c, "git scaled the --stat graph to its width: files changed both ways report changes, not insertions and deletions (use --numstat)")
	}
}

// finish ends the block.
func (b *gmdBlock) finish() { b.finishStats() }

func gmWarnOnce(c *catalog.Context, msg string) {
	for _, w := range c.Warnings() {
		if w == msg {
			return
		}
	}
	c.Warn(msg)
}

// gmHeaderNames splits the names of "diff --git A B". Either may be
// C-quoted; two plain names are split where both halves are equal after
// their one-letter prefixes (a rename names its files on its own lines).
func gmHeaderNames(rest string) (a, b string, as, ae, bs, be int, trA, trB catalog.SpanTr, ok bool) {
	if rest == "" {
		return
	}
	if rest[0] == '"' {
		u, n, okq := lex.CUnquote(rest)
		if !okq || n >= len(rest) || rest[n] != ' ' {
			return
		}
		a, as, ae, trA = u, 0, n, catalog.TrUnquote
		second := rest[n+1:]
		v, tr, okp := gmPath(second)
		if !okp {
			return
		}
		return a, v, as, ae, n + 1, len(rest), trA, tr, true
	}
	if rest[len(rest)-1] == '"' {
		for i := strings.Index(rest, ` "`); i >= 0; {
			if u, n, okq := lex.CUnquote(rest[i+1:]); okq && i+1+n == len(rest) && u != "" {
				return rest[:i], u, 0, i, i + 1, len(rest), catalog.TrVerbatim, catalog.TrUnquote, true
			}
			j := strings.Index(rest[i+1:], ` "`)
			if j < 0 {
				break
			}
			i += 1 + j
		}
		return
	}
	// "a/X b/X": equal names after the prefixes.
	if (len(rest)-1)%2 == 0 {
		h := (len(rest) - 1) / 2
		x, y := rest[:h], rest[h+1:]
		if rest[h] == ' ' && len(x) > 2 && x[1] == '/' && y[1] == '/' && x[2:] == y[2:] {
			return x, y, 0, h, h + 1, len(rest), catalog.TrVerbatim, catalog.TrVerbatim, true
		}
		if rest[h] == ' ' && x == y {
			return x, y, 0, h, h + 1, len(rest), catalog.TrVerbatim, catalog.TrVerbatim, true
		}
	}
	if i := strings.Index(rest, " b/"); i > 0 && strings.HasPrefix(rest, "a/") && !strings.Contains(rest[i+1:], " b/") {
		return rest[:i], rest[i+1:], 0, i, i + 1, len(rest), catalog.TrVerbatim, catalog.TrVerbatim, true
	}
	return
}

// gmdPrefix is the one-letter directory git puts before the names of a
// patch ("a/", "b/"; "i/", "w/", "c/", "o/" with diff.mnemonicPrefix),
// or nothing (--no-prefix).
func gmdPrefixes(a, b string) (string, string) {
	if len(a) > 2 && len(b) > 2 && a[1] == '/' && b[1] == '/' && a[0] != b[0] &&
		strings.IndexByte("abciwo", a[0]) >= 0 && strings.IndexByte("abciwo", b[0]) >= 0 {
		return a[:2], b[:2]
	}
	return "", ""
}

// gmdName is a name read from a patch: its value and source.
type gmdName struct {
	v    string
	s, e int
	tr   catalog.SpanTr
	set  bool
}

// gmPatchPath reads the name of a "--- X" / "+++ X" line: the prefixed
// name, quoted or followed by a tab when it holds a space. /dev/null (a
// created or deleted file) reads as no name.
func gmPatchPath(l string, off int, prefix string) (gmdName, bool) {
	if l == "/dev/null" {
		return gmdName{}, true
	}
	if l != "" && l[0] == '"' {
		u, n, ok := lex.CUnquote(l)
		if !ok || (n != len(l) && l[n:] != "\t") || !strings.HasPrefix(u, prefix) || len(u) == len(prefix) {
			return gmdName{}, false
		}
		return gmdName{v: u[len(prefix):], s: off, e: off + n, tr: catalog.TrUnquote, set: true}, true
	}
	l = strings.TrimSuffix(l, "\t")
	if !strings.HasPrefix(l, prefix) || len(l) == len(prefix) {
		return gmdName{}, false
	}
	return gmdName{v: l[len(prefix):], s: off + len(prefix), e: off + len(l), tr: catalog.TrVerbatim, set: true}, true
}

func gmStripPrefix(n gmdName, prefix string) gmdName {
	if n.tr == catalog.TrVerbatim {
		return gmdName{v: n.v[len(prefix):], s: n.s + len(prefix), e: n.e, tr: catalog.TrVerbatim, set: true}
	}
	return gmdName{v: n.v[len(prefix):], s: n.s, e: n.e, tr: n.tr, set: true}
}

// gmPatchHead is what a file's "diff --git" (or "diff --cc") line says.
type gmPatchHead struct {
	fl             string // the line
	fstart, next   int    // where it starts, and the line after it
	toHdr          gmdName
	combined       bool
	srcPfx, dstPfx string
}

// gmPatchExt is what a file's extended header lines say, with where each
// value came from.
type gmPatchExt struct {
	fc                          GitFileChange
	renFrom, renTo, minus, plus gmdName
	status                      string
	statusS, statusE            int
	statusTr                    catalog.SpanTr
	resultZero                  bool
	binS                        int
	oldModeS, oldModeE          int
	newModeS, newModeE          int
	simS, simE                  int
}

// patch reads one "diff --git" (or "diff --cc") file: its extended
// header lines and hunks. It returns false, consuming nothing, when the
// first line is not a file header it can read.
func (b *gmdBlock) patch(cu *gmCursor) bool {
	h, ok := gmPatchHeader(cu)
	if !ok {
		return false
	}
	// Statuses of --patch-with-stat: the stat lines came first.
	if len(b.stats) > 0 {
		b.finishStats()
	}
	mark := b.rec.Mark()
	nFiles := len(*b.files)
	f, ok := b.newFile()
	cu.pos = h.next
	if !ok {
		// Over MaxItems: skip the file's lines.
		b.skipPatch(cu)
		return true
	}
	x := gmPatchExt{status: "modified", statusS: h.fstart, statusE: h.fstart + 4, statusTr: catalog.TrImpliedDefault, binS: -1}
	for {
		line, s, nx, ok := cu.peek()
		if !ok || !x.line(gmLine(line), s, &h) {
			break
		}
		cu.pos = nx
	}
	if !b.patchNames(f, &h, &x) {
		*b.files = (*b.files)[:nFiles]
		b.rec.Truncate(mark)
		cu.pos = h.next
		return false
	}
	fc := &x.fc
	b.patchHunks(cu, f, fc, &h)
	// --patch-with-stat: the patch completes the stat entry of its file.
	if k := b.patches; k < len(b.stats) {
		st := &(*b.files)[b.stats[k].file]
		if st.Path == fc.Path && st.OldPath == fc.OldPath && !st.PathTruncated || st.PathTruncated && strings.HasSuffix(fc.Path, st.Path[3:]) {
			b.patches++
			b.mergePatch(b.stats[k].file, f, fc, mark)
			*b.files = (*b.files)[:nFiles]
			return true
		}
	}
	b.patches++
	(*b.files)[f] = *fc
	return true
}

// gmPatchHeader reads a file's first line, "diff --git a/x b/x" or "diff
// --cc x"; false for another line.
func gmPatchHeader(cu *gmCursor) (gmPatchHead, bool) {
	first, fstart, next, _ := cu.peek()
	h := gmPatchHead{fl: gmLine(first), fstart: fstart, next: next}
	fl := h.fl
	switch {
	case strings.HasPrefix(fl, "diff --git "):
		// Two plain names with spaces that differ (a rename) cannot be
		// split: the rename lines and ---/+++ lines name the files then.
		h.srcPfx, h.dstPfx = "a/", "b/"
		if a, bb, _, _, bs, be, _, trb, ok := gmHeaderNames(fl[11:]); ok {
			h.srcPfx, h.dstPfx = gmdPrefixes(a, bb)
			off := fstart + 11
			h.toHdr = gmStripPrefix(gmdName{v: bb, s: off + bs, e: off + be, tr: trb, set: true}, h.dstPfx)
		}
	case strings.HasPrefix(fl, "diff --cc "), strings.HasPrefix(fl, "diff --combined "):
		h.combined = true
		n := len("diff --cc ")
		if fl[7] == 'o' {
			n = len("diff --combined ")
		}
		v, tr, ok := gmPath(fl[n:])
		if !ok {
			return h, false
		}
		h.toHdr = gmdName{v: v, s: fstart + n, e: fstart + len(fl), tr: tr, set: true}
		h.srcPfx, h.dstPfx = "a/", "b/"
	default:
		return h, false
	}
	return h, true
}

// gmRenameLines are the extended header lines naming a renamed or copied
// file's paths; status is the file's, set by the line of the old path.
var gmRenameLines = [...]struct{ prefix, status string }{
	{"rename from ", "renamed"}, {"rename to ", ""}, {"copy from ", "copied"}, {"copy to ", ""},
}

func gmRenameLineOf(l string) (struct{ prefix, status string }, bool) {
	for _, r := range gmRenameLines {
		if strings.HasPrefix(l, r.prefix) {
			return r, true
		}
	}
	return struct{ prefix, status string }{}, false
}

// line reads one extended header line l (at s in the output); false when
// it is not one, which ends the header.
func (x *gmPatchExt) line(l string, s int, h *gmPatchHead) bool {
	fc := &x.fc
	word := func(p string) (string, bool) {
		if strings.HasPrefix(l, p) {
			return l[len(p):], true
		}
		return "", false
	}
	// path reads the name after a rename or copy line's prefix of length n.
	path := func(v string, n int) (gmdName, bool) {
		p, tr, ok := gmPath(v)
		return gmdName{v: p, s: s + n, e: s + len(l), tr: tr, set: true}, ok
	}
	ok := true
	if v, is := word("old mode "); is {
		fc.OldMode, x.oldModeS, x.oldModeE = v, s+9, s+len(l)
	} else if v, is := word("new mode "); is {
		fc.NewMode, x.newModeS, x.newModeE = v, s+9, s+len(l)
	} else if v, is := word("new file mode "); is {
		fc.NewMode, x.newModeS, x.newModeE = v, s+14, s+len(l)
		x.status, x.statusS, x.statusE, x.statusTr = "added", s, s+8, catalog.TrStatusWord
	} else if v, is := word("deleted file mode "); is {
		fc.OldMode, x.oldModeS, x.oldModeE = v, s+18, s+len(l)
		x.status, x.statusS, x.statusE, x.statusTr = "deleted", s, s+12, catalog.TrStatusWord
	} else if v, is := word("similarity index "); is && strings.HasSuffix(v, "%") && gmNumstatField(v[:len(v)-1]) {
		fc.SimilarityPercent = catalog.Intp(gmAtoi(v[:len(v)-1]))
		x.simS, x.simE = s+17, s+len(l)-1
	} else if v, is := word("dissimilarity index "); is && strings.HasSuffix(v, "%") {
		// a rewrite (-B): the file is still "modified"
	} else if r, is := gmRenameLineOf(l); is {
		// "rename from a", "copy to b": the status is the line's first word
		var n gmdName
		if n, ok = path(l[len(r.prefix):], len(r.prefix)); ok && r.status == "" {
			x.renTo = n
		} else if ok {
			x.renFrom = n
			x.status, x.statusS, x.statusE, x.statusTr = r.status, s, s+strings.IndexByte(r.prefix, ' '), catalog.TrStatusWord
		}
	} else if v, is := word("index "); is {
		// "index a..b 100644" (the mode is unchanged); a combined
		// diff's "index a,b..0000000" has no result in the index yet.
		hashes, _, _ := strings.Cut(v, " ")
		if _, res, is := strings.Cut(hashes, ".."); is && h.combined && res != "" && strings.Trim(res, "0") == "" {
			x.resultZero = true
		}
	} else if _, is := word("mode "); is && h.combined {
	} else if strings.HasPrefix(l, "Binary files ") && strings.HasSuffix(l, " differ") {
		fc.Binary = true
		x.binS = s
	} else if v, is := word("--- "); is {
		var n gmdName
		if n, ok = gmPatchPath(v, s+4, h.srcPfx); ok {
			x.minus = n
		}
	} else if v, is := word("+++ "); is {
		var n gmdName
		if n, ok = gmPatchPath(v, s+4, h.dstPfx); ok {
			x.plus = n
		}
	} else {
		ok = false
	}
	return ok
}

// patchNames sets the file's path (the rename lines, then ---/+++, then
// the header name), status and header values, and records their spans;
// false when no line names the file.
func (b *gmdBlock) patchNames(f int, h *gmPatchHead, x *gmPatchExt) bool {
	fc := &x.fc
	path := h.toHdr
	switch {
	case x.renTo.set:
		path = x.renTo
	case x.plus.set:
		path = x.plus
	case x.minus.set:
		path = x.minus
	}
	if !path.set || path.v == "" {
		return false
	}
	if h.combined && x.resultZero && x.status == "modified" {
		x.status, x.statusS, x.statusE, x.statusTr = "unmerged", h.fstart, h.fstart+len(h.fl), catalog.TrStatusWord
	}
	fc.Path = path.v
	fc.Status = x.status
	fc.Combined = h.combined
	b.add(f, gmfPath, path.s, path.e, path.tr)
	if x.renFrom.set && (x.status == "renamed" || x.status == "copied") {
		fc.OldPath = x.renFrom.v
		b.add(f, gmfOldPath, x.renFrom.s, x.renFrom.e, x.renFrom.tr)
	}
	b.add(f, gmfStatus, x.statusS, x.statusE, x.statusTr)
	if h.combined {
		b.add(f, gmfCombined, h.fstart, h.fstart+len(h.fl), catalog.TrMarker)
	}
	if fc.OldMode != "" {
		b.add(f, gmfOldMode, x.oldModeS, x.oldModeE, catalog.TrVerbatim)
	}
	if fc.NewMode != "" {
		b.add(f, gmfNewMode, x.newModeS, x.newModeE, catalog.TrVerbatim)
	}
	if fc.SimilarityPercent != nil {
		b.add(f, gmfSimilarityPercent, x.simS, x.simE, catalog.TrParseInt)
	}
	if fc.Binary {
		b.add(f, gmfBinary, x.binS, x.binS+len("Binary files"), catalog.TrMarker)
	}
	return true
}

// patchHunks reads the file's hunks and, for a plain text diff, counts its
// inserted and deleted lines.
func (b *gmdBlock) patchHunks(cu *gmCursor, f int, fc *GitFileChange, h *gmPatchHead) {
	var ins, del int64
	hunksS, hunksE := -1, -1
	for {
		line, s, _, ok := cu.peek()
		if !ok {
			break
		}
		l := gmLine(line)
		if !strings.HasPrefix(l, "@@") {
			break
		}
		hk, ok := b.hunk(cu, f, len(fc.Hunks), l, s, &ins, &del)
		if !ok {
			break
		}
		if hunksS < 0 {
			hunksS = s
		}
		hunksE = cu.pos
		fc.Hunks = append(fc.Hunks, hk)
	}
	if h.combined || fc.Binary {
		return
	}
	fc.Insertions = catalog.Intp(ins)
	fc.Deletions = catalog.Intp(del)
	if hunksS >= 0 {
		end := hunksE
		if end > 0 && end <= len(b.c.Raw) && b.c.Raw[end-1] == '\n' {
			end--
		}
		b.add(f, gmfInsertions, hunksS, end, catalog.TrCount)
		b.add(f, gmfDeletions, hunksS, end, catalog.TrCount)
	} else {
		b.add(f, gmfInsertions, h.fstart, h.fstart+len(h.fl), catalog.TrImpliedZero)
		b.add(f, gmfDeletions, h.fstart, h.fstart+len(h.fl), catalog.TrImpliedZero)
	}
}

// mergePatch moves what a patch adds (status, modes, hunks, exact line
// counts where the stat had none) into the stat entry dst, keeping the
// spans recorded for the patch under the stat entry's index.
func (b *gmdBlock) mergePatch(dst, src int, fc *GitFileChange, mark int) {
	st := &(*b.files)[dst]
	keep := map[uint16]bool{gmfStatus: st.Status == "", gmfOldMode: true, gmfNewMode: true,
		gmfSimilarityPercent: true, gmfCombined: true, gmfInsertions: st.Insertions == nil, gmfDeletions: st.Deletions == nil}
	if st.Status == "" {
		st.Status = fc.Status
	}
	st.OldMode, st.NewMode, st.SimilarityPercent, st.Combined = fc.OldMode, fc.NewMode, fc.SimilarityPercent, fc.Combined
	dropChanges := false
	if st.Insertions == nil && st.Deletions == nil && fc.Insertions != nil {
		st.Insertions, st.Deletions = fc.Insertions, fc.Deletions
		if st.Changes != nil {
			st.Changes = nil
			dropChanges = true
		}
	}
	st.Hunks = fc.Hunks
	fileDepth := len(b.base)
	if b.rec.On {
		out := b.rec.Spans[:mark]
		for _, s := range b.rec.Spans[mark:] {
			if b.rec.Index(&s, fileDepth) != int32(src) {
				continue
			}
			if s.Tmpl == b.t.file && !keep[s.Leaf] {
				continue
			}
			b.rec.SetIndex(&s, fileDepth, int32(dst))
			out = append(out, s)
		}
		b.rec.Spans = out
	}
	if dropChanges {
		b.dropSpans(dst, gmfChanges)
	}
}

func (b *gmdBlock) dropSpans(file int, leaf uint16) {
	if !b.rec.On {
		return
	}
	fileDepth := len(b.base)
	out := b.rec.Spans[:0]
	for _, s := range b.rec.Spans {
		if s.Tmpl == b.t.file && s.Leaf == leaf && b.rec.Index(&s, fileDepth) == int32(file) && b.baseIs(&s, fileDepth) {
			continue
		}
		out = append(out, s)
	}
	b.rec.Spans = out
}

// baseIs reports whether a span's first n indices are the block's base.
func (b *gmdBlock) baseIs(s *catalog.SpanRecord, n int) bool {
	if n != len(b.base) {
		return false
	}
	for k := 0; k < n; k++ {
		if b.rec.Index(s, k) != b.base[k] {
			return false
		}
	}
	return true
}

// skipPatch passes over a file's header and hunks (a file over MaxItems).
func (b *gmdBlock) skipPatch(cu *gmCursor) {
	for {
		line, _, nx, ok := cu.peek()
		if !ok {
			return
		}
		l := gmLine(line)
		if strings.HasPrefix(l, "diff ") || strings.HasPrefix(l, "commit ") {
			return
		}
		cu.pos = nx
	}
}

// gmHunkRange reads "-a,b" or "+a,b" (b defaults to 1).
func gmHunkRange(s string, sign byte) (start, n int64, startE, nS, nE int, ok bool) {
	if s == "" || s[0] != sign {
		return
	}
	a, c, has := strings.Cut(s[1:], ",")
	start, ok = lex.Atoi(a)
	if !ok {
		return
	}
	startE = 1 + len(a)
	if !has {
		return start, 1, startE, -1, -1, true
	}
	n, ok = lex.Atoi(c)
	return start, n, startE, startE + 1, len(s), ok
}

// gmHunkSpan is where one range of a hunk header stands: its start
// (s..e) and its line count (ns..ne, the start again when implied).
type gmHunkSpan struct{ s, e, ns, ne int }

// gmHunkHead is where the parts of a hunk's "@@" line stand.
type gmHunkHead struct {
	parents int           // 1, or the parents of a combined diff
	sps     [9]gmHunkSpan // the old ranges, then the new one (sps[parents])
	hdrS    int           // the function header after the closing "@@", or -1
}

// hunk reads one hunk at l (its "@@" line, at start in the output) and
// the lines it counts, adding them to ins and del.
func (b *gmdBlock) hunk(cu *gmCursor, f, hi int, l string, start int, ins, del *int64) (GitHunk, bool) {
	var at gmHunkHead
	h, ok := gmHunkHeader(l, start, &at)
	if !ok {
		return GitHunk{}, false
	}
	b.hunkSpans(f, hi, &h, &at, start+len(l))
	_, _, next, _ := cu.peek()
	cu.pos = next
	b.hunkLines(cu, f, hi, &h, at.parents, [2]*int64{ins, del})
	return h, true
}

// gmHunkHeader reads "@@ -a,b +c,d @@ header" (or a combined diff's
// "@@@ -a,b -c,d +e,f @@@"), l at start in the output.
func gmHunkHeader(l string, start int, at *gmHunkHead) (GitHunk, bool) {
	n := 0
	for n < len(l) && l[n] == '@' {
		n++
	}
	parents := n - 1
	if parents < 1 || parents > 8 || n >= len(l) || l[n] != ' ' {
		return GitHunk{}, false
	}
	closer := " " + l[:n]
	end := strings.Index(l[n+1:], closer)
	if end < 0 {
		return GitHunk{}, false
	}
	end += n + 1
	var rangeBuf [9]string
	ranges := rangeBuf[:0]
	for r := range strings.SplitSeq(l[n+1:end], " ") {
		if len(ranges) == len(rangeBuf) {
			return GitHunk{}, false
		}
		ranges = append(ranges, r)
	}
	if len(ranges) != parents+1 {
		return GitHunk{}, false
	}
	var h GitHunk
	at.parents, at.hdrS = parents, -1
	pos := start + n + 1
	for i, r := range ranges {
		sign := byte('-')
		if i == parents {
			sign = '+'
		}
		st, cnt, se, ns, ne, ok := gmHunkRange(r, sign)
		if !ok {
			return GitHunk{}, false
		}
		sp := gmHunkSpan{pos + 1, pos + se, pos + ns, pos + ne}
		if ns < 0 {
			sp.ns, sp.ne = sp.s, sp.e
		}
		at.sps[i] = sp
		if i == parents {
			h.NewStart, h.NewLines = st, cnt
		} else {
			h.OldRanges = append(h.OldRanges, GitRange{Start: st, Lines: cnt})
		}
		pos += len(r) + 1
	}
	h.OldStart, h.OldLines = h.OldRanges[0].Start, h.OldRanges[0].Lines
	hs := end + len(closer)
	if hs < len(l) {
		if l[hs] != ' ' {
			return GitHunk{}, false
		}
		if hs+1 < len(l) {
			h.Header = l[hs+1:]
			at.hdrS = start + hs + 1
		}
	}
	return h, true
}

// hunkSpans records the spans of a hunk's header, which ends at lineE; a
// plain diff's hunk keeps no old_ranges.
func (b *gmdBlock) hunkSpans(f, hi int, h *GitHunk, at *gmHunkHead, lineE int) {
	implied := func(sp gmHunkSpan) catalog.SpanTr {
		return kit.GmPick(sp.ns == sp.s, catalog.TrImpliedDefault, catalog.TrParseInt)
	}
	sps, parents := &at.sps, at.parents
	b.rec.Add(b.t.hunk, b.idx(f, hi), gmfOldStart, sps[0].s, sps[0].e, catalog.TrParseInt)
	b.rec.Add(b.t.hunk, b.idx(f, hi), gmfOldLines, sps[0].ns, sps[0].ne, implied(sps[0]))
	b.rec.Add(b.t.hunk, b.idx(f, hi), gmfNewStart, sps[parents].s, sps[parents].e, catalog.TrParseInt)
	b.rec.Add(b.t.hunk, b.idx(f, hi), gmfNewLines, sps[parents].ns, sps[parents].ne, implied(sps[parents]))
	if parents == 1 {
		h.OldRanges = nil
	} else {
		for i, sp := range sps[:parents] {
			b.rec.Add(b.t.rng, b.idx(f, hi, i), gmfStart, sp.s, sp.e, catalog.TrParseInt)
			b.rec.Add(b.t.rng, b.idx(f, hi, i), gmfLines, sp.ns, sp.ne, implied(sp))
		}
	}
	if at.hdrS >= 0 {
		b.rec.Add(b.t.hunk, b.idx(f, hi), gmfHeader, at.hdrS, lineE, catalog.TrVerbatim)
	}
}

// hunkLines reads the hunk's lines, counted against its ranges, and adds
// the inserted and deleted ones to counts (ins, del).
func (b *gmdBlock) hunkLines(cu *gmCursor, f, hi int, h *GitHunk, parents int, counts [2]*int64) {
	var needBuf [9]int64
	need := needBuf[:parents+1]
	for i := 0; i < parents; i++ {
		need[i] = h.OldLines
		if parents > 1 {
			need[i] = h.OldRanges[i].Lines
		}
	}
	need[parents] = h.NewLines
	n := h.NewLines
	for _, r := range h.OldRanges {
		n += r.Lines
	}
	if parents == 1 {
		n += h.OldLines
	}
	h.Lines = make([]string, 0, min(max(n, 0), 1<<12))
	done := func() bool {
		for _, n := range need {
			if n > 0 {
				return false
			}
		}
		return true
	}
	for {
		line, s, nx, ok := cu.peek()
		if !ok {
			break
		}
		if len(line) > 0 && line[0] == '\\' {
			// "\ No newline at end of file" belongs to the line before it.
			if len(h.Lines) == 0 {
				break
			}
		} else {
			if done() {
				break
			}
			if !gmCountHunkLine(line, parents, need, counts[0], counts[1]) {
				break
			}
		}
		b.rec.Add(b.t.line, b.idx(f, hi, len(h.Lines)), catalog.NoLeaf, s, s+len(line), catalog.TrVerbatim)
		h.Lines = append(h.Lines, line)
		cu.pos = nx
	}
}

// gmCountHunkLine checks a hunk line against the remaining counts and
// takes it off them. A combined diff has one column per parent: "-" in
// column i is a line of parent i only; a line with no "-" is in the
// result, and in each parent whose column holds a space.
func gmCountHunkLine(line string, parents int, need []int64, ins, del *int64) bool {
	if parents == 1 {
		c := byte(' ')
		if line != "" && line != "\r" {
			c = line[0]
		}
		switch c {
		case ' ':
			if need[0] <= 0 || need[1] <= 0 {
				return false
			}
			need[0]--
			need[1]--
		case '-':
			if need[0] <= 0 {
				return false
			}
			need[0]--
			*del++
		case '+':
			if need[1] <= 0 {
				return false
			}
			need[1]--
			*ins++
		default:
			return false
		}
		return true
	}
	if len(line) < parents {
		return false
	}
	removed := false
	for i := 0; i < parents; i++ {
		switch line[i] {
		case '-':
			removed = true
		case ' ', '+':
		default:
			return false
		}
	}
	if !removed {
		if need[parents] <= 0 {
			return false
		}
		need[parents]--
	}
	for i := 0; i < parents; i++ {
		if line[i] == '-' || !removed && line[i] == ' ' {
			if need[i] <= 0 {
				return false
			}
			need[i]--
		}
	}
	return true
}

// GitLogResult is the parsed output of `git log`.
type GitLogResult struct {
	Commits []GitCommit `json:"commits"`
}

// GitCommit is one commit. Which fields are present depends on the form:
// --oneline gives hash, refs and message; the default (medium) form adds
// parents of merges, author and date; fuller adds the committer; a
// --format gives what its placeholders name.
type GitCommit struct {
	Hash string `json:"hash"`
	// Parents of a merge ("Merge:" line), or %P/%p of a --format.
	Parents []string `json:"parents,omitempty"`
	// Refs are the decorations as printed: "HEAD -> main", "tag: v1.0",
	// "origin/main".
	Refs        []string `json:"refs,omitempty"`
	Tree        string   `json:"tree,omitempty"`
	AuthorName  string   `json:"author_name,omitempty"`
	AuthorEmail string   `json:"author_email,omitempty"`
	// Date is the author date, ISO 8601 with the offset git printed;
	// "2026-11-01" alone for --date=short.
	Date           string `json:"date,omitempty"`
	CommitterName  string `json:"committer_name,omitempty"`
	CommitterEmail string `json:"committer_email,omitempty"`
	CommitterDate  string `json:"committer_date,omitempty"`
	// Message is the first line of the message (the subject in
	// --oneline); Body the lines after it, without the blank line between
	// and without git's four-space indent.
	Message string `json:"message,omitempty"`
	Body    string `json:"body,omitempty"`
	// Notes is the "Notes:" block git shows after the message.
	Notes        string          `json:"notes,omitempty"`
	FilesChanged []GitFileChange `json:"files_changed,omitempty"`
	Summary      *GitDiffSummary `json:"summary,omitempty"`
}

// GitShowResult is the parsed output of `git show`: the annotated tags
// and commits it shows, each commit with its diff or --stat.
type GitShowResult struct {
	Tags    []GitTag    `json:"tags,omitempty"`
	Commits []GitCommit `json:"commits"`
}

// GitTag is an annotated tag shown by git show.
type GitTag struct {
	Name        string `json:"name"`
	TaggerName  string `json:"tagger_name,omitempty"`
	TaggerEmail string `json:"tagger_email,omitempty"`
	Date        string `json:"date,omitempty"`
	Message     string `json:"message,omitempty"`
	Body        string `json:"body,omitempty"`
}

var (
	gmTCommit  = catalog.SpanID("commits/*")
	gmTParent  = catalog.SpanID("commits/*/parents/*")
	gmTRef     = catalog.SpanID("commits/*/refs/*")
	gmTTag     = catalog.SpanID("tags/*")
	gmfHash    = catalog.SpanID("hash")
	gmfTree    = catalog.SpanID("tree")
	gmfAName   = catalog.SpanID("author_name")
	gmfAEmail  = catalog.SpanID("author_email")
	gmfDate    = catalog.SpanID("date")
	gmfCName   = catalog.SpanID("committer_name")
	gmfCEmail  = catalog.SpanID("committer_email")
	gmfCDate   = catalog.SpanID("committer_date")
	gmfMessage = catalog.SpanID("message")
	gmfBody    = catalog.SpanID("body")
	gmfNotes   = catalog.SpanID("notes")
	gmfTName   = catalog.SpanID("tagger_name")
	gmfTEmail  = catalog.SpanID("tagger_email")
)

// gitLogFlags were checked against git-log(1), git-show(1) and the
// rev-list/diff options they include, of git 2.39.5 (run here on the
// capture-gitmore.sh repositories) and git(1) for the globals. --graph is
// read with --oneline and no diff output (the graph stripped up to each
// commit's "*"; with another form it is refused with the hint without
// it). Refused with a hint (Alternatives): --left-right, --boundary,
// --cherry-mark/--cherry (marks before each commit), --parents,
// --children, -g, --raw, --summary, -z, --word-diff, -m, --source,
// --show-signature, -L (not a flag here: a line log is a patch per range).
var gitLogFlags = catalog.Flags{
	// global options before the subcommand
	"-C": catalog.Value, "-c": catalog.Value, "--git-dir": catalog.Value, "--work-tree": catalog.Value, "--namespace": catalog.Value,
	"--no-pager": catalog.Bool, "-P": catalog.Bool, "--no-optional-locks": catalog.Bool, "--bare": catalog.Bool, "--no-replace-objects": catalog.Bool,
	"--literal-pathspecs": catalog.Bool, "--glob-pathspecs": catalog.Bool, "--noglob-pathspecs": catalog.Bool, "--icase-pathspecs": catalog.Bool,
	// commit selection and order
	"-#": catalog.Bool, "-n": catalog.Value, "--max-count": catalog.Value, "--skip": catalog.Value, "--since": catalog.Value, "--after": catalog.Value,
	"--until": catalog.Value, "--before": catalog.Value, "--author": catalog.Value, "--committer": catalog.Value, "--grep": catalog.Value,
	"-i": catalog.Bool, "--regexp-ignore-case": catalog.Bool, "-E": catalog.Bool, "--extended-regexp": catalog.Bool, "-F": catalog.Bool,
	"--fixed-strings": catalog.Bool, "--basic-regexp": catalog.Bool, "--all-match": catalog.Bool, "--invert-grep": catalog.Bool,
	"--all": catalog.Bool, "--branches": catalog.Optional, "--tags": catalog.Optional, "--remotes": catalog.Optional, "--first-parent": catalog.Bool,
	"--merges": catalog.Bool, "--no-merges": catalog.Bool, "--min-parents": catalog.Value, "--max-parents": catalog.Value,
	"--reverse": catalog.Bool, "--topo-order": catalog.Bool, "--date-order": catalog.Bool, "--author-date-order": catalog.Bool,
	"--follow": catalog.Bool, "--full-history": catalog.Bool, "--simplify-merges": catalog.Bool, "--simplify-by-decoration": catalog.Bool,
	"--ancestry-path": catalog.Bool, "--cherry-pick": catalog.Bool, "--left-only": catalog.Bool, "--right-only": catalog.Bool, "--exclude": catalog.Value, "--glob": catalog.Value,
	"--not": catalog.Bool, "--dense": catalog.Bool, "--sparse": catalog.Bool, "--show-pulls": catalog.Bool, "--perl-regexp": catalog.Bool, "--since-as-filter": catalog.Value,
	"--no-min-parents": catalog.Bool, "--no-max-parents": catalog.Bool, "--exclude-first-parent-only": catalog.Bool, "--ignore-missing": catalog.Bool, "--no-walk": catalog.Optional, "--do-walk": catalog.Bool,
	"--use-mailmap": catalog.Bool, "--mailmap": catalog.Bool, "--no-use-mailmap": catalog.Bool, "--no-mailmap": catalog.Bool,
	// how commits are shown
	"--oneline": catalog.Bool, "--format": catalog.Value, "--pretty": catalog.Optional, "--date": catalog.Value, "--graph": catalog.Bool, "--no-graph": catalog.Bool,
	"--decorate": catalog.Optional, "--no-decorate": catalog.Bool, "--decorate-refs": catalog.Value, "--decorate-refs-exclude": catalog.Value,
	"--clear-decorations": catalog.Bool, "--abbrev-commit": catalog.Bool, "--no-abbrev-commit": catalog.Bool, "--abbrev": catalog.Optional,
	"--no-abbrev": catalog.Bool, "--no-notes": catalog.Bool, "--no-color": catalog.Bool, "--color": catalog.Optional, "--no-expand-tabs": catalog.Bool,
	// diffs
	"-p": catalog.Bool, "-u": catalog.Bool, "--patch": catalog.Bool, "-s": catalog.Bool, "--no-patch": catalog.Bool, "--stat": catalog.Optional,
	"--shortstat": catalog.Bool, "--numstat": catalog.Bool, "--name-only": catalog.Bool, "--name-status": catalog.Bool,
	"--patch-with-stat": catalog.Bool, "-U": catalog.Value, "--unified": catalog.Value, "--cc": catalog.Bool, "--full-diff": catalog.Bool,
	"-M": catalog.Optional, "--find-renames": catalog.Optional, "--no-renames": catalog.Bool, "--find-copies-harder": catalog.Bool,
	"-w": catalog.Bool, "--ignore-all-space": catalog.Bool, "-b": catalog.Bool, "--ignore-space-change": catalog.Bool,
	"--ignore-space-at-eol": catalog.Bool, "--ignore-blank-lines": catalog.Bool, "--ignore-cr-at-eol": catalog.Bool,
	"--diff-filter": catalog.Value, "--relative": catalog.Optional, "--no-relative": catalog.Bool, "-R": catalog.Bool,
	"--minimal": catalog.Bool, "--patience": catalog.Bool, "--histogram": catalog.Bool, "--diff-algorithm": catalog.Value,
	"--full-index": catalog.Bool, "--no-prefix": catalog.Bool, "--no-ext-diff": catalog.Bool, "--no-textconv": catalog.Bool,
	"-a": catalog.Bool, "--text": catalog.Bool, "-W": catalog.Bool, "--function-context": catalog.Bool, "--inter-hunk-context": catalog.Value,
	"--stat-width": catalog.Value, "--stat-name-width": catalog.Value, "--stat-graph-width": catalog.Value,
	"-S": catalog.Value, "-G": catalog.Value, "--pickaxe-all": catalog.Bool, "--pickaxe-regex": catalog.Bool, "-O": catalog.Value,
	"--indent-heuristic": catalog.Bool, "--no-indent-heuristic": catalog.Bool, "--ignore-submodules": catalog.Optional,
	// refused by the check (their value may be a separate argument)
	"--src-prefix": catalog.Value, "--dst-prefix": catalog.Value, "--line-prefix": catalog.Value,
}

// gitHint builds a complete argument list for a hint from args (without
// the subcommand token): git's global options first, the subcommand, the
// other arguments less those drop names (with a separate value, as flags
// declares), then add.
func gitHint(sub string, flags catalog.Flags, argv catalog.Args, drop func(flag, value string) bool, add ...string) []string {
	args := argv.Rest()
	i := max(argv.SubIndex, 0) // git's global options, before the subcommand token
	out := append(slices.Clone(args[:i]), sub)
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		name, v, hasEq := strings.Cut(a, "=")
		sep := false
		if !hasEq && strings.HasPrefix(a, "--") && flags[name] == catalog.Value && i+1 < len(args) {
			v, sep = args[i+1], true
		} else if !hasEq && len(a) == 2 && a[0] == '-' && flags[a] == catalog.Value && i+1 < len(args) {
			v, sep = args[i+1], true
		} else if !hasEq && len(a) > 2 && a[0] == '-' && a[1] != '-' && flags[a[:2]] != catalog.Bool {
			name, v = a[:2], a[2:]
		}
		if drop != nil && strings.HasPrefix(a, "-") && drop(name, v) {
			if sep {
				i++
			}
			continue
		}
		out = append(out, a)
		if sep {
			out = append(out, args[i+1])
			i++
		}
	}
	return append(out, add...)
}

// gmLogArgs is what the arguments of log and show say about the output.
type gmLogArgs struct {
	decorate bool
	oneline  bool
	graph    bool // --graph (read with --oneline alone)
	format   *gmFormat
	nameOnly bool
}

func readGitLogArgs(argv catalog.Args) gmLogArgs {
	var la gmLogArgs
	for _, a := range argv.Items {
		switch a.Flag {
		case "--decorate":
			la.decorate = !a.HasValue || a.Value != "no"
		case "--no-decorate":
			la.decorate = false
		case "--oneline":
			la.oneline = true
		case "--format", "--pretty":
			la.format = nil
			la.oneline = false
			v := a.Value
			if v == "oneline" {
				la.oneline = true
			} else if f, ok := parseGmFormat(v); ok {
				la.format = f
			}
		case "--name-only":
			la.nameOnly = true
		case "--graph":
			la.graph = true
		case "--no-graph":
			la.graph = false
		}
	}
	return la
}

var gmSupportedFormat = "--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s"

func gitLogCheck(sub string, p *catalog.Parser) func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	return func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		scanned := argv.Items
		sections := map[string]bool{}
		patch, custom, oneline := false, false, false
		for _, a := range scanned {
			switch a.Flag {
			case "-c":
				k, v, _ := strings.Cut(a.Value, "=")
				k = strings.ToLower(k)
				if (k == "color.ui" || k == "color.diff" || k == "color.decorate") && (v == "always" || v == "" || v == "true") {
					return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, v string) bool { return f == "-c" && strings.HasPrefix(strings.ToLower(v), k) }),
						"git -c %s writes terminal colour escapes", a.Value)
				}
			case "--color":
				if !a.HasValue || a.Value == "always" || a.Value == "true" {
					return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool { return f == "--color" }, "--no-color"),
						"git %s --color writes terminal colour escapes", sub)
				}
			case "--date":
				switch a.Value {
				case "default", "iso", "iso8601", "iso-strict", "iso8601-strict", "rfc", "rfc2822", "raw", "unix", "short":
				default:
					return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool { return f == "--date" }, "--date=iso-strict"),
						"git %s --date=%s prints dates without a full time and zone", sub, a.Value)
				}
			case "--format", "--pretty":
				custom, oneline = false, false
				switch a.Value {
				case "", "medium", "short", "full", "fuller":
				case "oneline":
					oneline = true
				case "reference", "email", "mboxrd", "raw":
					return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool { return f == "--format" || f == "--pretty" }, "--pretty=fuller"),
						"git %s --pretty=%s is not read; fuller gives the same fields", sub, a.Value)
				default:
					if _, ok := parseGmFormat(a.Value); !ok {
						return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool { return f == "--format" || f == "--pretty" }, gmSupportedFormat),
							"git %s --format=%s: only one-line formats whose fields can be split exactly are read (see describe)", sub, a.Value)
					}
					custom = true
				}
			case "--src-prefix", "--dst-prefix", "--line-prefix":
				return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool {
					return f == "--src-prefix" || f == "--dst-prefix" || f == "--line-prefix"
				}), "git %s %s changes the names the patch is read by", sub, a.Flag)
			case "--oneline":
				oneline, custom = true, false
			case "-p", "-u", "--patch", "--cc", "-U", "--unified", "-W", "--function-context":
				patch = true
			case "--patch-with-stat":
				patch = true
				sections["--stat"] = true
			case "--stat", "--numstat", "--shortstat", "--name-only", "--name-status":
				sections[a.Flag] = true
			case "-s", "--no-patch":
				patch = false
				clear(sections)
			}
		}
		if len(sections) > 1 || patch && len(sections) == 1 && !sections["--stat"] {
			keep := "--stat"
			if !patch {
				keep = "--numstat"
			}
			return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool {
				return f == "--stat" || f == "--numstat" || f == "--shortstat" || f == "--name-only" || f == "--name-status" || f == "--patch-with-stat"
			}, keep), "git %s: only one of --stat, --numstat, --shortstat, --name-status, --name-only is read (with a patch, --stat)", sub)
		}
		if custom && (patch || len(sections) > 0) {
			return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool {
				return f == "--format" || f == "--pretty"
			}), "git %s: a --format is read without diff output; the default form carries the same fields", sub)
		}
		if la := readGitLogArgs(argv); la.graph && (!oneline || patch || len(sections) > 0) {
			return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool { return f == "--graph" }),
				"git %s --graph is read with --oneline and no diff output (the graph runs through the other forms)", sub)
		}
		if oneline && sections["--name-only"] {
			return catalog.Unsupported(gitHint(sub, p.Flags, argv, func(f, _ string) bool { return f == "--name-only" }, "--name-status"),
				"git %s --oneline --name-only: a path cannot be told from a commit line", sub)
		}
		return nil
	}
}

var GitLogParser = &catalog.Parser{
	ID:         "git-log",
	Command:    "git",
	Subcommand: "log",
	Version:    "1",
	Format: "git log: default/short/full/fuller blocks, --oneline (refs with --decorate, --graph), one-line --format " +
		"splittable exactly (fields separated by %x1f or %x00, or only the last free text), " +
		"with --stat, --numstat, --shortstat, --name-status or -p",
	Flags:          gitLogFlags,
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--left-right": {}, "--boundary": {}, "--parents": {"--format=%H%x1f%P%x1f%s"},
		"--children": {}, "-g": {}, "--walk-reflogs": {}, "--raw": {"--name-status"}, "--summary": {"--name-status"},
		"--compact-summary": {"--stat"}, "--dirstat": {"--numstat"}, "-z": {}, "--word-diff": {"-p"},
		"--color-words": {"-p"}, "--binary": {"-p"}, "--show-signature": {}, "-m": {"--first-parent"},
		"--source": {"--decorate"}, "--log-size": {}, "--show-linear-break": {},
	},
	Result:    GitLogResult{},
	RowsKey:   "commits",
	KeyFields: []string{"hash"},
	Examples: [][]string{{"log", "--oneline", "-n", "20"}, {"log", "--oneline", "--decorate"}, {"log", "-n", "5"},
		{"log", "--stat", "-n", "5"}, {"log", "--numstat", "-n", "5"}, {"log", "-p", "-n", "1"},
		{"log", gmSupportedFormat}, {"log", "--format=%h %s"}},
	Parse: func(c *catalog.Context) (any, error) {
		r, err := parseGitCommits(c, false)
		if err != nil {
			return nil, err
		}
		return &GitLogResult{Commits: r.Commits}, nil
	},
}

var gitShowParser = &catalog.Parser{
	ID:             "git-show",
	Command:        "git",
	Subcommand:     "show",
	Version:        "1",
	Format:         "git show of commits and annotated tags: the git log forms, with the patch (default), --stat, --numstat, --name-status",
	Flags:          gitLogFlags,
	MaxPositionals: -1,
	Alternatives:   GitLogParser.Alternatives,
	Result:         GitShowResult{},
	RowsKey:        "commits",
	KeyFields:      []string{"hash"},
	Examples: [][]string{{"show", "--stat"}, {"show"}, {"show", "--stat", "HEAD~1"}, {"show", "--name-status"},
		{"show", "--oneline", "--stat"}},
	Parse: func(c *catalog.Context) (any, error) {
		r, err := parseGitCommits(c, true)
		if err != nil {
			return nil, err
		}
		return r, nil
	},
}

// gitLogParsers wires the gitLogParser, gitShowParser and returns them for the builtin list.
func gitLogParsers() []*catalog.Parser {
	GitLogParser.Check = gitLogCheck("log", GitLogParser)
	showCheck := gitLogCheck("show", gitShowParser)
	gitShowParser.Check = func(argv catalog.Args, os catalog.OS) *catalog.ParseError {
		for _, a := range argv.Items {
			// "rev:path" shows a file's content, which is not read.
			if a.Flag == "" && strings.Contains(a.Pos, ":") {
				return catalog.Unsupported(nil, "git show %s prints the file itself; it is kept as raw output", a.Pos)
			}
		}
		return showCheck(argv, os)
	}
	return []*catalog.Parser{GitLogParser, gitShowParser}
}

// gmCommitLine reads "commit HASH[ (decorations)]" (hash of 4 to 64 hex).
func gmCommitLine(l string) (hash, decor string, ok bool) {
	r, found := strings.CutPrefix(l, "commit ")
	if !found {
		return "", "", false
	}
	h, d, _ := strings.Cut(r, " ")
	if len(h) < 4 || len(h) > 64 || !gxHex(h) {
		return "", "", false
	}
	if d != "" {
		if len(d) < 3 || d[0] != '(' || d[len(d)-1] != ')' {
			return "", "", false
		}
		d = d[1 : len(d)-1]
	}
	return h, d, true
}

// gmCommits builds the commits of log and show.
type gmCommits struct {
	c       *catalog.Context
	rec     *catalog.SpanRec
	res     *GitShowResult
	cur     *GitCommit
	curIdx  int
	block   *gmdBlock
	mode    gmdMode
	skip    bool // the current commit is over MaxItems
	markCur int
}

func (g *gmCommits) add(leaf uint16, s, e int, tr catalog.SpanTr) {
	g.rec.Add(gmTCommit, [4]int32{int32(g.curIdx)}, leaf, s, e, tr)
}

// begin starts a commit; it returns false when MaxItems is reached.
func (g *gmCommits) begin() bool {
	g.end()
	g.curIdx = len(g.res.Commits)
	g.markCur = g.rec.Mark()
	if g.c.Full(g.curIdx) {
		g.c.Omit(1)
		g.skip = true
		return false
	}
	g.skip = false
	// The commit is built in place: only the current commit's block
	// points into the slice, and it ends before the slice grows again.
	g.res.Commits = append(g.res.Commits, GitCommit{})
	g.cur = &g.res.Commits[len(g.res.Commits)-1]
	return true
}

func (g *gmCommits) end() {
	if g.cur == nil {
		return
	}
	if g.block != nil {
		g.block.finish()
		g.block = nil
	}
	g.cur = nil
}

func (g *gmCommits) fileBlock() *gmdBlock {
	if g.block == nil {
		g.block = &gmdBlock{c: g.c, rec: g.rec, t: gmdLogTmpls, base: []int32{int32(g.curIdx)},
			files: &g.cur.FilesChanged, summary: &g.cur.Summary, mode: g.mode}
	}
	return g.block
}

// refs records decorations "a, b, c" at Raw[s:].
func (g *gmCommits) refs(d string, s int) {
	if d == "" {
		return
	}
	pos := 0
	for part := range strings.SplitSeq(d, ", ") {
		if part != "" {
			g.rec.Add(gmTRef, [4]int32{int32(g.curIdx), int32(len(g.cur.Refs))}, catalog.NoLeaf, s+pos, s+pos+len(part), catalog.TrVerbatim)
			g.cur.Refs = append(g.cur.Refs, part)
		}
		pos += len(part) + 2
	}
}

// fileLine feeds a line after a commit's message to its diff section.
// otherLine reads a line of a commit that is no commit line: passed over
// with a commit past max_items, else a file line or unread. It returns
// the lines read.
func (g *gmCommits) otherLine(cu *gmCursor, l string, start, next int) int {
	if g.skip {
		cu.pos = next
		return 1
	}
	if g.fileLine(cu, l, start, next) {
		return 1
	}
	g.c.Unread(start)
	return 0
}

func (g *gmCommits) fileLine(cu *gmCursor, l string, start, next int) bool {
	if g.cur == nil {
		cu.pos = next
		return false
	}
	b := g.fileBlock()
	if strings.HasPrefix(l, "diff ") {
		if b.patch(cu) {
			return true
		}
		cu.pos = next
		return false
	}
	cu.pos = next
	return b.line(l, start)
}

func parseGitCommits(c *catalog.Context, show bool) (*GitShowResult, error) {
	la := readGitLogArgs(c.Args)
	// Room for every commit up front: one per line at most in the line
	// forms, one per "commit " line in the blocks.
	// (Counting "\ncommit " costs a full pass of its own, as much as
	// reading --oneline output: it is done only for the block forms.)
	var n int
	if strings.HasPrefix(c.Raw, "commit ") || strings.HasPrefix(c.Raw, "tag ") {
		n = strings.Count(c.Raw, "\ncommit ") + 1
	} else {
		n = lex.CountLines(c.Raw)
	}
	res := &GitShowResult{Commits: make([]GitCommit, 0, min(n, 1<<20))}
	g := &gmCommits{c: c, rec: c.Rows(2), res: res, mode: gmdMode{nameOnly: la.nameOnly}}
	cu := &gmCursor{raw: c.Raw}
	// The shape decides between blocks and lines.
	blocks := false
	if l, _, _, ok := cu.peekText(); ok {
		_, _, isCommit := gmCommitLine(l)
		blocks = isCommit || show && strings.HasPrefix(l, "tag ")
	}
	cu.pos = 0
	lines, read := 0, 0
	switch {
	case blocks:
		lines, read = g.readBlocks(cu, show)
	case la.format != nil:
		lines, read = g.readFormat(cu, la.format)
	default:
		lines, read = g.readOneline(cu, la.decorate, la.graph)
	}
	g.end()
	if lines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as git log or git show output")
	}
	g.rec.Finish()
	return res, nil
}

// readOneline reads "HASH [(refs) ]subject" lines and the diff lines after
// each. With --graph (never with diff lines: the check refuses them) each
// commit line starts with the graph drawn up to its "*", and lines of the
// graph alone ("|\", "| |/") carry nothing.
func (g *gmCommits) readOneline(cu *gmCursor, decorate, graph bool) (lines, read int) {
	for {
		l, start, next, ok := cu.peekText()
		if !ok {
			return
		}
		lines++
		if graph {
			n := gmGraphPrefix(l)
			if !strings.Contains(l[:n], "*") {
				cu.pos = next
				if n == len(l) {
					read++ // the graph alone
				} else {
					g.c.Unread(start)
				}
				continue
			}
			l, start = l[n:], start+n
		}
		// The hash: the word before the first space, all lowercase hex.
		h, rest, _ := strings.Cut(l, " ")
		if !gxHex(h) {
			h = ""
		}
		if len(h) >= 4 && len(h) <= 64 {
			cu.pos = next
			read++
			if !g.begin() {
				continue
			}
			g.cur.Hash = h
			g.add(gmfHash, start, start+len(h), catalog.TrVerbatim)
			ms := start + len(h) + 1
			if decorate && strings.HasPrefix(rest, "(") {
				if i := strings.Index(rest, ") "); i > 0 {
					g.refs(rest[1:i], ms+1)
					rest, ms = rest[i+2:], ms+i+2
				} else if rest[len(rest)-1] == ')' {
					g.refs(rest[1:len(rest)-1], ms+1)
					rest = ""
				}
			}
			if rest != "" {
				g.cur.Message = rest
				g.add(gmfMessage, ms, ms+len(rest), catalog.TrVerbatim)
			}
			continue
		}
		read += g.otherLine(cu, l, start, next)
	}
}

// gmGraphPrefix is the length of the graph git log --graph draws before a
// line: its characters are "*|/\\_.-" and spaces, never a hash's hex.
func gmGraphPrefix(l string) int {
	n := 0
	for n < len(l) && strings.IndexByte(" *|/\\_.-", l[n]) >= 0 {
		n++
	}
	return n
}

// readBlocks reads "commit HASH" blocks (and, for show, "tag NAME" blocks).
func (g *gmCommits) readBlocks(cu *gmCursor, show bool) (lines, read int) {
	for {
		l, start, next, ok := cu.peekText()
		if !ok {
			return
		}
		lines++
		if h, d, ok := gmCommitLine(l); ok {
			cu.pos = next
			read++
			if !g.begin() {
				g.skipBlock(cu)
				continue
			}
			g.cur.Hash = h
			g.add(gmfHash, start+7, start+7+len(h), catalog.TrVerbatim)
			if d != "" {
				g.refs(d, start+7+len(h)+2)
			}
			n, r := g.commitHeader(cu)
			lines += n
			read += r
			continue
		}
		if show && strings.HasPrefix(l, "tag ") && g.cur == nil {
			n, r := g.tagBlock(cu)
			lines += n - 1
			read += r
			continue
		}
		read += g.otherLine(cu, l, start, next)
	}
}

// skipBlock passes over a commit over MaxItems.
func (g *gmCommits) skipBlock(cu *gmCursor) {
	for {
		line, _, next, ok := cu.peek()
		if !ok {
			return
		}
		if _, _, isCommit := gmCommitLine(gmLine(line)); isCommit {
			return
		}
		cu.pos = next
	}
}

// gmIdent reads "Name <email>".
func gmIdent(v string) (name, email string, ne, es, ee int, ok bool) {
	if !strings.HasSuffix(v, ">") {
		return "", "", 0, 0, 0, false
	}
	i := strings.LastIndex(v, " <")
	if i < 0 {
		if strings.HasPrefix(v, "<") {
			return "", v[1 : len(v)-1], 0, 1, len(v) - 1, true
		}
		return "", "", 0, 0, 0, false
	}
	return v[:i], v[i+2 : len(v)-1], i, i + 2, len(v) - 1, true
}

// commitHeader reads the header lines, message and notes of a commit.
func (g *gmCommits) commitHeader(cu *gmCursor) (lines, read int) {
	lines, read, more := g.headerLines(cu)
	if !more {
		return lines, read
	}
	l, r := g.message(cu)
	lines, read = lines+l, read+r
	l, r = g.notes(cu)
	return lines + l, read + r
}

// headerLines reads the header lines up to the blank line after them;
// more is false when a line that is no header (or the end) came first.
func (g *gmCommits) headerLines(cu *gmCursor) (lines, read int, more bool) {
	// git prints each label once; a label seen again is not read (its
	// value would replace the first while the first's span stayed).
	var seen []string
	for {
		line, start, next, ok := cu.peek()
		if !ok {
			return lines, read, false
		}
		l := gmLine(line)
		if lex.IsBlank(l) {
			cu.pos = next
			return lines, read, true
		}
		label, v, found := strings.Cut(l, ":")
		if !found || strings.ContainsAny(label, " \t") {
			return lines, read, false // not a header: the caller reads it
		}
		lines++
		vs := len(label) + 1
		for vs < len(l) && l[vs] == ' ' {
			vs++
		}
		v = l[vs:]
		known := !slices.Contains(seen, label) && g.headerLine(label, v, start+vs)
		seen = append(seen, label)
		cu.pos = next
		if known {
			read++
		} else {
			g.c.Unread(start)
		}
	}
}

// headerLine reads the value v (at off) of a header line; false for a
// label it does not know or a value that does not read.
func (g *gmCommits) headerLine(label, v string, off int) bool {
	switch label {
	case "Merge":
		pos := 0
		for _, p := range strings.Split(v, " ") {
			if !gxHex(p) {
				return false
			}
			g.rec.Add(gmTParent, [4]int32{int32(g.curIdx), int32(len(g.cur.Parents))}, catalog.NoLeaf, off+pos, off+pos+len(p), catalog.TrVerbatim)
			g.cur.Parents = append(g.cur.Parents, p)
			pos += len(p) + 1
		}
	case "Author", "Commit":
		name, email, ne, es, ee, ok := gmIdent(v)
		if !ok {
			return false
		}
		nf, ef := gmfAName, gmfAEmail
		dn, de := &g.cur.AuthorName, &g.cur.AuthorEmail
		if label == "Commit" {
			nf, ef = gmfCName, gmfCEmail
			dn, de = &g.cur.CommitterName, &g.cur.CommitterEmail
		}
		if name != "" {
			*dn = name
			g.add(nf, off, off+ne, catalog.TrVerbatim)
		}
		if email != "" {
			*de = email
			g.add(ef, off+es, off+ee, catalog.TrVerbatim)
		}
	case "Date", "AuthorDate", "CommitDate":
		iso, ok := gmParseDate(v)
		if !ok {
			return false
		}
		leaf, dst := gmfDate, &g.cur.Date
		if label == "CommitDate" {
			leaf, dst = gmfCDate, &g.cur.CommitterDate
		}
		*dst = iso
		g.add(leaf, off, off+len(v), kit.GmPick(iso == v, catalog.TrVerbatim, catalog.TrTimestamp))
	default:
		return false
	}
	return true
}

// message reads the message: lines indented by four spaces, the first the
// subject.
func (g *gmCommits) message(cu *gmCursor) (lines, read int) {
	msgS, msgE := -1, -1
	var body []string
	bodyS, bodyE := -1, -1
	for l, start := range cu.indentedLines() {
		lines++
		read++
		if msgS < 0 {
			msgS, msgE = start+4, start+len(l)
			continue
		}
		if bodyS < 0 && len(body) == 0 && lex.IsBlank(l[4:]) {
			continue // the blank line after the subject
		}
		if bodyS < 0 {
			bodyS = start
		}
		bodyE = start + len(l)
		body = append(body, l[4:])
	}
	if msgS >= 0 && msgE > msgS {
		g.cur.Message = g.c.Raw[msgS:msgE]
		g.add(gmfMessage, msgS, msgE, catalog.TrVerbatim)
	}
	for len(body) > 0 && lex.IsBlank(body[len(body)-1]) {
		body = body[:len(body)-1]
	}
	if len(body) > 0 {
		g.cur.Body = strings.Join(body, "\n")
		g.add(gmfBody, bodyS, bodyE, catalog.TrDedent)
	}
	return lines, read
}

// notes reads the notes after the message: a blank line, "Notes:" or
// "Notes (ref):", indented lines; without them nothing is consumed.
func (g *gmCommits) notes(cu *gmCursor) (lines, read int) {
	save := cu.pos
	l, _, next, ok := cu.peekText()
	if !ok || !(l == "Notes:" || strings.HasPrefix(l, "Notes (") && strings.HasSuffix(l, "):")) {
		cu.pos = save
		return 0, 0
	}
	cu.pos = next
	lines++
	read++
	var notes []string
	ns, ne := -1, -1
	for l, start := range cu.indentedLines() {
		lines++
		read++
		if ns < 0 {
			ns = start
		}
		ne = start + len(l)
		notes = append(notes, l[4:])
	}
	if len(notes) > 0 {
		g.cur.Notes = strings.Join(notes, "\n")
		g.add(gmfNotes, ns, ne, catalog.TrDedent)
	}
	return lines, read
}

// tagBlock reads "tag NAME", "Tagger:", "Date:", a blank line and the
// unindented message, up to the blank line before the commit it tags.
func (g *gmCommits) tagBlock(cu *gmCursor) (lines, read int) {
	line, start, next, _ := cu.peek()
	l := gmLine(line)
	cu.pos = next
	lines++
	read++
	ti := int32(len(g.res.Tags))
	g.rec.Begin(gmTTag, int(ti))
	add := g.rec.Field
	t := GitTag{Name: l[4:]}
	add(kit.GmfName, start+4, start+len(l), catalog.TrVerbatim)
	for {
		line, start, next, ok := cu.peek()
		if !ok {
			break
		}
		l := gmLine(line)
		cu.pos = next
		if lex.IsBlank(l) {
			break
		}
		lines++
		label, v, _ := strings.Cut(l, ":")
		vs := len(label) + 1
		for vs < len(l) && l[vs] == ' ' {
			vs++
		}
		v = l[vs:]
		off := start + vs
		switch label {
		case "Tagger":
			if name, email, ne, es, ee, ok := gmIdent(v); ok {
				t.TaggerName, t.TaggerEmail = name, email
				if name != "" {
					add(gmfTName, off, off+ne, catalog.TrVerbatim)
				}
				if email != "" {
					add(gmfTEmail, off+es, off+ee, catalog.TrVerbatim)
				}
				read++
				continue
			}
		case "Date":
			if iso, ok := gmParseDate(v); ok {
				t.Date = iso
				add(gmfDate, off, off+len(v), kit.GmPick(iso == v, catalog.TrVerbatim, catalog.TrTimestamp))
				read++
				continue
			}
		}
		g.c.Unread(start)
	}
	// The message runs to the blank line before "commit HASH" (or the end).
	type ln struct {
		s, e int
		l    string
	}
	var msg []ln
	for {
		line, start, next, ok := cu.peek()
		if !ok {
			break
		}
		l := gmLine(line)
		if _, _, isCommit := gmCommitLine(l); isCommit && len(msg) > 0 && lex.IsBlank(msg[len(msg)-1].l) {
			break
		}
		msg = append(msg, ln{start, start + len(l), l})
		cu.pos = next
	}
	for len(msg) > 0 && lex.IsBlank(msg[len(msg)-1].l) {
		msg = msg[:len(msg)-1]
	}
	lines += len(msg)
	read += len(msg)
	if len(msg) > 0 {
		t.Message = msg[0].l
		add(gmfMessage, msg[0].s, msg[0].e, catalog.TrVerbatim)
		rest := msg[1:]
		if len(rest) > 0 && lex.IsBlank(rest[0].l) {
			rest = rest[1:]
		}
		if len(rest) > 0 {
			parts := make([]string, len(rest))
			for i, r := range rest {
				parts[i] = r.l
			}
			t.Body = strings.Join(parts, "\n")
			tr := catalog.TrVerbatim
			if t.Body != g.c.Raw[rest[0].s:rest[len(rest)-1].e] {
				tr = catalog.TrDedent
			}
			add(gmfBody, rest[0].s, rest[len(rest)-1].e, tr)
		}
	}
	g.res.Tags = append(g.res.Tags, t)
	return
}

// gmParseDate reads the dates git log prints (--date default, iso,
// iso-strict, rfc, raw, unix, short) into ISO 8601.
func gmParseDate(v string) (string, bool) {
	const iso = "2006-01-02T15:04:05-07:00"
	layouts := []string{
		"Mon Jan 2 15:04:05 2006 -0700",
		"2006-01-02 15:04:05 -0700",
		"2006-01-02T15:04:05-07:00",
		"2006-01-02T15:04:05Z07:00",
		"Mon, 2 Jan 2006 15:04:05 -0700",
	}
	if t, ok := lex.ParseLayouts(v, nil, layouts...); ok {
		return t.Format(iso), true
	}
	if len(v) == 10 && v[4] == '-' && v[7] == '-' {
		if _, ok := lex.ParseLayouts(v, nil, "2006-01-02"); ok {
			return v, true
		}
	}
	secs, zone, hasZone := strings.Cut(v, " ")
	n, ok := lex.Atoi(secs)
	if !ok {
		return "", false
	}
	loc := time.UTC
	if hasZone {
		off, ok := lex.ZoneOffset(zone)
		if !ok {
			return "", false
		}
		loc = time.FixedZone("", off)
	}
	return time.Unix(n, 0).In(loc).Format(iso), true
}

// gmFormat is a one-line --format whose fields can be split exactly: a
// field is followed by a separator holding %x00 or %x1f, or by one its
// characters cannot contain (a hash by a space), or it is the last.
type gmFormat struct {
	items []gmFmtItem
}

type gmFmtItem struct {
	lit string // a literal, when ph is empty
	ph  string // placeholder without "%": "H", "an", ...
}

// gmFieldClass: the characters a placeholder's value may hold; "" for
// free text.
var gmFieldClass = map[string]string{
	"H": "0123456789abcdef", "h": "0123456789abcdef", "T": "0123456789abcdef", "t": "0123456789abcdef",
	"P": "0123456789abcdef ", "p": "0123456789abcdef ",
	"aI": "0123456789-:T+Z", "cI": "0123456789-:T+Z", "at": "0123456789", "ct": "0123456789",
	"as": "0123456789-", "cs": "0123456789-",
	"an": "", "aN": "", "ae": "", "aE": "", "ai": "", "ad": "", "aD": "",
	"cn": "", "cN": "", "ce": "", "cE": "", "ci": "", "cd": "", "cD": "",
	"s": "", "d": "", "D": "",
}

func parseGmFormat(v string) (*gmFormat, bool) {
	switch {
	case strings.HasPrefix(v, "format:"):
		v = v[7:]
	case strings.HasPrefix(v, "tformat:"):
		v = v[8:]
	case !strings.Contains(v, "%"):
		return nil, false // a pretty name or an alias from the config
	}
	f := &gmFormat{}
	lit := func(s string) {
		if n := len(f.items); n > 0 && f.items[n-1].ph == "" {
			f.items[n-1].lit += s
			return
		}
		f.items = append(f.items, gmFmtItem{lit: s})
	}
	hash := false
	for i := 0; i < len(v); i++ {
		if v[i] != '%' {
			lit(v[i : i+1])
			continue
		}
		r := v[i+1:]
		switch {
		case strings.HasPrefix(r, "%"):
			lit("%")
			i++
		case len(r) >= 3 && r[0] == 'x' && lex.IsHexDigit(r[1]) && lex.IsHexDigit(r[2]):
			n, _ := strconv.ParseUint(r[1:3], 16, 8)
			lit(string([]byte{byte(n)}))
			i += 3
		case len(r) >= 2 && gmKnownPlaceholder(r[:2]):
			f.items = append(f.items, gmFmtItem{ph: r[:2]})
			i += 2
		case len(r) >= 1 && gmKnownPlaceholder(r[:1]):
			f.items = append(f.items, gmFmtItem{ph: r[:1]})
			hash = hash || r[0] == 'H' || r[0] == 'h'
			i++
		default:
			return nil, false // %n, %b, %B, colours, padding, reflog...
		}
	}
	if !hash {
		return nil, false
	}
	for i, it := range f.items {
		if it.ph == "" || i == len(f.items)-1 {
			continue
		}
		next := f.items[i+1]
		if next.ph != "" {
			return nil, false
		}
		if i+1 == len(f.items)-1 || strings.ContainsAny(next.lit, "\x00\x1f") {
			continue
		}
		class := gmFieldClass[it.ph]
		if class == "" || strings.IndexByte(class, next.lit[0]) >= 0 {
			return nil, false
		}
	}
	return f, true
}

func gmKnownPlaceholder(p string) bool {
	_, ok := gmFieldClass[p]
	return ok
}

// readFormat reads one commit per line in the layout of f.
func (g *gmCommits) readFormat(cu *gmCursor, f *gmFormat) (lines, read int) {
	vals := make([]gmVal, 0, len(f.items))
	for {
		l, start, next, ok := cu.peekText()
		if !ok {
			return
		}
		cu.pos = next
		lines++
		vals = vals[:0]
		pos := 0
		good := true
		for i, it := range f.items {
			if it.ph == "" {
				if !strings.HasPrefix(l[pos:], it.lit) {
					good = false
					break
				}
				pos += len(it.lit)
				continue
			}
			end := len(l)
			if i+1 < len(f.items) {
				sep := f.items[i+1].lit
				switch {
				case i+1 == len(f.items)-1:
					if !strings.HasSuffix(l, sep) || len(l)-len(sep) < pos {
						good = false
					}
					end = len(l) - len(sep)
				case strings.ContainsAny(sep, "\x00\x1f"):
					k := strings.Index(l[pos:], sep)
					if k < 0 {
						good = false
					}
					end = pos + k
				default:
					class := gmFieldClass[it.ph]
					end = pos
					for end < len(l) && strings.IndexByte(class, l[end]) >= 0 {
						end++
					}
				}
			}
			if !good {
				break
			}
			vals = append(vals, gmVal{it.ph, l[pos:end], start + pos, start + end})
			pos = end
		}
		if !good || pos != len(l) {
			g.c.Unread(start)
			continue
		}
		if !g.formatCommit(vals) {
			g.c.Unread(start)
			continue
		}
		read++
	}
}

type gmVal struct {
	ph   string
	v    string
	s, e int
}

// formatCommit sets a commit's fields from the values of one line.
func (g *gmCommits) formatCommit(vals []gmVal) bool {
	var c GitCommit
	type pend struct {
		leaf uint16
		s, e int
		tr   catalog.SpanTr
	}
	var spans []pend
	var parents, refs []gmVal
	set := func(dst *string, leaf uint16, v gmVal, val string, tr catalog.SpanTr) {
		if *dst != "" || val == "" {
			return
		}
		*dst = val
		spans = append(spans, pend{leaf, v.s, v.e, tr})
	}
	for _, v := range vals {
		switch v.ph {
		case "H", "h":
			if v.v == "" || !gxHex(v.v) {
				return false
			}
			set(&c.Hash, gmfHash, v, v.v, catalog.TrVerbatim)
		case "T", "t":
			set(&c.Tree, gmfTree, v, v.v, catalog.TrVerbatim)
		case "P", "p":
			parents = append(parents, v)
		case "an", "aN":
			set(&c.AuthorName, gmfAName, v, v.v, catalog.TrVerbatim)
		case "ae", "aE":
			set(&c.AuthorEmail, gmfAEmail, v, v.v, catalog.TrVerbatim)
		case "cn", "cN":
			set(&c.CommitterName, gmfCName, v, v.v, catalog.TrVerbatim)
		case "ce", "cE":
			set(&c.CommitterEmail, gmfCEmail, v, v.v, catalog.TrVerbatim)
		case "aI", "ai", "at", "ad", "aD", "as", "cI", "ci", "ct", "cd", "cD", "cs":
			if v.v == "" {
				continue
			}
			iso, ok := gmParseDate(v.v)
			if !ok {
				return false
			}
			dst, leaf := &c.Date, gmfDate
			if v.ph[0] == 'c' {
				dst, leaf = &c.CommitterDate, gmfCDate
			}
			set(dst, leaf, v, iso, kit.GmPick(iso == v.v, catalog.TrVerbatim, catalog.TrTimestamp))
		case "s":
			set(&c.Message, gmfMessage, v, v.v, catalog.TrVerbatim)
		case "d":
			if v.v == "" {
				continue
			}
			if !strings.HasPrefix(v.v, " (") || !strings.HasSuffix(v.v, ")") {
				return false
			}
			refs = append(refs, gmVal{v.ph, v.v[2 : len(v.v)-1], v.s + 2, v.e - 1})
		case "D":
			refs = append(refs, v)
		}
	}
	if c.Hash == "" {
		return false
	}
	if !g.begin() {
		return true
	}
	*g.cur = c
	for _, p := range spans {
		g.add(p.leaf, p.s, p.e, p.tr)
	}
	for _, p := range parents {
		if len(g.cur.Parents) > 0 || p.v == "" {
			continue
		}
		pos := 0
		for _, h := range strings.Split(p.v, " ") {
			g.rec.Add(gmTParent, [4]int32{int32(g.curIdx), int32(len(g.cur.Parents))}, catalog.NoLeaf, p.s+pos, p.s+pos+len(h), catalog.TrVerbatim)
			g.cur.Parents = append(g.cur.Parents, h)
			pos += len(h) + 1
		}
	}
	for _, r := range refs {
		if len(g.cur.Refs) == 0 {
			g.refs(r.v, r.s)
		}
	}
	return true
}

// gitDiffFlags were checked against git-diff(1) and diff-options of git
// 2.39.5 (run here); --raw, --summary, -z, --word-diff, --color-words,
// --binary, --check, --submodule and --color-moved change the form and
// are refused with a hint.
var gitDiffFlags = catalog.Flags{
	"-C": catalog.Value, "-c": catalog.Value, "--git-dir": catalog.Value, "--work-tree": catalog.Value, "--namespace": catalog.Value,
	"--no-pager": catalog.Bool, "-P": catalog.Bool, "--no-optional-locks": catalog.Bool, "--bare": catalog.Bool, "--no-replace-objects": catalog.Bool,
	"--literal-pathspecs": catalog.Bool, "--glob-pathspecs": catalog.Bool, "--noglob-pathspecs": catalog.Bool, "--icase-pathspecs": catalog.Bool,
	"--cached": catalog.Bool, "--staged": catalog.Bool, "--merge-base": catalog.Bool,
	"-p": catalog.Bool, "-u": catalog.Bool, "--patch": catalog.Bool, "-s": catalog.Bool, "--no-patch": catalog.Bool, "-U": catalog.Value, "--unified": catalog.Value,
	"--stat": catalog.Optional, "--numstat": catalog.Bool, "--shortstat": catalog.Bool, "--name-only": catalog.Bool, "--name-status": catalog.Bool,
	"--patch-with-stat": catalog.Bool, "--no-color": catalog.Bool, "--color": catalog.Optional,
	"-M": catalog.Optional, "--find-renames": catalog.Optional, "--find-copies": catalog.Optional, "--find-copies-harder": catalog.Bool, "--no-renames": catalog.Bool,
	"-B": catalog.Optional, "--break-rewrites": catalog.Optional, "-D": catalog.Bool, "--irreversible-delete": catalog.Bool,
	"-w": catalog.Bool, "--ignore-all-space": catalog.Bool, "-b": catalog.Bool, "--ignore-space-change": catalog.Bool, "--ignore-space-at-eol": catalog.Bool,
	"--ignore-blank-lines": catalog.Bool, "--ignore-cr-at-eol": catalog.Bool, "--diff-filter": catalog.Value, "--relative": catalog.Optional,
	"--no-relative": catalog.Bool, "-R": catalog.Bool, "--minimal": catalog.Bool, "--patience": catalog.Bool, "--histogram": catalog.Bool,
	"--diff-algorithm": catalog.Value, "--anchored": catalog.Value, "--full-index": catalog.Bool, "--abbrev": catalog.Optional, "--no-abbrev": catalog.Bool,
	"--no-prefix": catalog.Bool, "--default-prefix": catalog.Bool, "--exit-code": catalog.Bool, "--quiet": catalog.Bool, "--no-ext-diff": catalog.Bool,
	"--no-textconv": catalog.Bool, "-a": catalog.Bool, "--text": catalog.Bool, "-W": catalog.Bool, "--function-context": catalog.Bool,
	"--inter-hunk-context": catalog.Value, "--ita-invisible-in-index": catalog.Bool, "--ignore-submodules": catalog.Optional,
	"--stat-width": catalog.Value, "--stat-name-width": catalog.Value, "--stat-graph-width": catalog.Value, "-O": catalog.Value,
	"-S": catalog.Value, "-G": catalog.Value, "--pickaxe-all": catalog.Bool, "--pickaxe-regex": catalog.Bool, "--find-object": catalog.Value,
	"--indent-heuristic": catalog.Bool, "--no-indent-heuristic": catalog.Bool, "--no-stat": catalog.Bool,
	"--stat-count": catalog.Value, "--no-color-moved": catalog.Bool,
	// refused by the check (their value may be a separate argument)
	"--src-prefix": catalog.Value, "--dst-prefix": catalog.Value, "--line-prefix": catalog.Value,
}

var gitDiffParser = &catalog.Parser{
	ID:         "git-diff",
	Command:    "git",
	Subcommand: "diff",
	Version:    "1",
	Format: "git diff: the patch (default, -U<n>, combined --cc), --stat, --numstat, --shortstat, " +
		"--name-status, --name-only, --patch-with-stat; no colour",
	Flags:          gitDiffFlags,
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--raw": {"--name-status"}, "--summary": {"--name-status"}, "--compact-summary": {"--stat"},
		"--dirstat": {"--numstat"}, "-z": {}, "--word-diff": {}, "--color-words": {}, "--binary": {},
		"--check": {}, "--submodule": {}, "--color-moved": {},
	},
	Result:    GitDiffResult{},
	RowsKey:   "files_changed",
	KeyFields: []string{"path"},
	Examples: [][]string{{"diff"}, {"diff", "--cached"}, {"diff", "--stat"}, {"diff", "--numstat"},
		{"diff", "--name-status", "HEAD~1"}, {"diff", "-U0"}},
	ExitAnswers: []catalog.ExitAnswer{
		{Code: 1, With: []string{"--quiet"}, Means: "differences found (--quiet prints nothing, so the parsed diff is empty)",
			Source: "git-diff(1) --quiet: implies --exit-code"},
		{Code: 1, With: []string{"--exit-code"}, Means: "differences found; the parsed diff lists them",
			Source: "git-diff(1) --exit-code: exits with 1 if there were differences"},
	},
	Parse: parseGitDiff,
}

// gitDiffParsers wires the gitDiffParser and returns it for the builtin list.
func gitDiffParsers() []*catalog.Parser {
	gitDiffParser.Check = gitDiffCheck
	return []*catalog.Parser{gitDiffParser}
}

func gitDiffCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	// The log check knows colours, sections and their combinations; diff
	// has no --format, --date or --oneline to refuse.
	return gitLogCheck("diff", gitDiffParser)(argv, os)
}

func parseGitDiff(c *catalog.Context) (any, error) {
	la := readGitLogArgs(c.Args)
	n := strings.Count(c.Raw, "\ndiff ") + 1
	if !strings.HasPrefix(c.Raw, "diff ") {
		n = lex.CountLines(c.Raw)
	}
	res := &GitDiffResult{FilesChanged: make([]GitFileChange, 0, min(n, 1<<16))}
	rec := c.Rows(2)
	b := &gmdBlock{c: c, rec: rec, t: gmdDiffTmpls, files: &res.FilesChanged, summary: &res.Summary,
		limit: true, mode: gmdMode{nameOnly: la.nameOnly}}
	cu := &gmCursor{raw: c.Raw}
	lines, read := 0, 0
	for {
		l, start, next, ok := cu.peekText()
		if !ok {
			break
		}
		lines++
		if strings.HasPrefix(l, "diff ") && !la.nameOnly {
			if b.patch(cu) {
				read++
				continue
			}
		}
		cu.pos = next
		if b.line(l, start) {
			read++
		} else {
			c.Unread(start)
		}
	}
	b.finish()
	if lines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as git diff output")
	}
	rec.Finish()
	return res, nil
}

// GitBranchResult is the parsed output of `git branch` (plain, -v, -vv,
// -a, -r).
type GitBranchResult struct {
	Branches []GitBranch `json:"branches"`
}

// GitBranch is one listed branch. Commit and Message come with -v;
// Upstream with -vv (-v shows only how far ahead or behind, or [gone]).
type GitBranch struct {
	// Name as listed ("main", "remotes/origin/main" with -a). A detached
	// HEAD is "HEAD" with DetachedAt or DetachedFrom; other parenthesised
	// states ("no branch, rebasing topic") are the name as printed.
	Name         string `json:"name"`
	Current      bool   `json:"current,omitempty"`
	Detached     bool   `json:"detached,omitempty"`
	DetachedAt   string `json:"detached_at,omitempty"`
	DetachedFrom string `json:"detached_from,omitempty"`
	// Remote marks remote-tracking branches; PointsTo is the target of a
	// symbolic ref ("remotes/origin/HEAD -> origin/main").
	Remote   bool   `json:"remote,omitempty"`
	PointsTo string `json:"points_to,omitempty"`
	// Worktree marks a branch checked out in another worktree ("+");
	// WorktreePath is that worktree when git prints it.
	Worktree     bool   `json:"worktree,omitempty"`
	WorktreePath string `json:"worktree_path,omitempty"`
	Commit       string `json:"commit,omitempty"`
	Upstream     string `json:"upstream,omitempty"`
	UpstreamGone bool   `json:"upstream_gone,omitempty"`
	Ahead        *int64 `json:"ahead,omitempty"`
	Behind       *int64 `json:"behind,omitempty"`
	Message      string `json:"message,omitempty"`
}

var (
	gmTBranch       = catalog.SpanID("branches/*")
	gmfCurrent      = catalog.SpanID("current")
	gmfDetached     = catalog.SpanID("detached")
	gmfDetachedAt   = catalog.SpanID("detached_at")
	gmfDetachedFrom = catalog.SpanID("detached_from")
	gmfRemote       = catalog.SpanID("remote")
	gmfPointsTo     = catalog.SpanID("points_to")
	gmfWorktree     = catalog.SpanID("worktree")
	gmfWorktreePath = catalog.SpanID("worktree_path")
	gmfCommit       = catalog.SpanID("commit")
	gmfUpstream     = catalog.SpanID("upstream")
	gmfUpstreamGone = catalog.SpanID("upstream_gone")
	gmfAhead        = catalog.SpanID("ahead")
	gmfBehind       = catalog.SpanID("behind")
)

var gitBranchParser = &catalog.Parser{
	ID:         "git-branch",
	Command:    "git",
	Subcommand: "branch",
	Version:    "1",
	Format:     "git branch listing: plain, -v, -vv (upstream, ahead/behind, gone), -a, -r, --show-current",
	// Flags checked against git-branch(1) of git 2.39.5 (run here): the
	// listing options; --format (refused, hint -vv) and --column (hint
	// --no-column) change the form; -d/-m/-c/-u/--set-upstream-to and
	// the other actions are not listings and are not admitted.
	Flags: catalog.Flags{
		"-C": catalog.Value, "-c": catalog.Value, "--git-dir": catalog.Value, "--work-tree": catalog.Value, "--no-pager": catalog.Bool, "-P": catalog.Bool,
		"--no-optional-locks": catalog.Bool,
		"-a":                  catalog.Bool, "--all": catalog.Bool, "-r": catalog.Bool, "--remotes": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
		"-l": catalog.Bool, "--list": catalog.Bool, "--no-color": catalog.Bool, "--color": catalog.Optional, "--no-column": catalog.Bool,
		"--contains": catalog.Value, "--no-contains": catalog.Value, "--merged": catalog.Value, "--no-merged": catalog.Value,
		"--points-at": catalog.Value, "--sort": catalog.Value, "--abbrev": catalog.Optional, "--no-abbrev": catalog.Bool,
		"-i": catalog.Bool, "--ignore-case": catalog.Bool, "--omit-empty": catalog.Bool, "--show-current": catalog.Bool,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"--format": {"-vv"}, "--column": {"--no-column"}},
	Result:         GitBranchResult{},
	RowsKey:        "branches",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{"branch"}, {"branch", "-vv"}, {"branch", "-a"}, {"branch", "-r", "-v"}, {"branch", "--show-current"}},
	Parse:          parseGitBranch,
}

// gitBranchParsers wires the gitBranchParser and returns it for the builtin list.
func gitBranchParsers() []*catalog.Parser {
	gitBranchParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		for _, a := range argv.Items {
			if a.Flag == "--color" && (!a.HasValue || a.Value == "always" || a.Value == "true") {
				return catalog.Unsupported(gitHint("branch", gitBranchParser.Flags, argv, func(f, _ string) bool { return f == "--color" }, "--no-color"),
					"git branch --color writes terminal colour escapes")
			}
		}
		return nil
	}
	return []*catalog.Parser{gitBranchParser}
}

// gmTrack reads "ahead N", "behind N", "ahead N, behind M" or "gone".
func gmTrack(s string) (ahead, behind int64, as, ae, bs, be int, gone, ok bool) {
	as, bs = -1, -1
	if s == "gone" {
		return 0, 0, as, ae, bs, be, true, true
	}
	pos := 0
	for part := range strings.SplitSeq(s, ", ") {
		w, n, found := strings.Cut(part, " ")
		v, okn := lex.Atoi(n)
		if !found || !okn {
			return 0, 0, -1, 0, -1, 0, false, false
		}
		ns := pos + len(w) + 1
		switch {
		case w == "ahead" && as < 0 && bs < 0:
			ahead, as, ae = v, ns, ns+len(n)
		case w == "behind" && bs < 0:
			behind, bs, be = v, ns, ns+len(n)
		default:
			return 0, 0, -1, 0, -1, 0, false, false
		}
		pos += len(part) + 2
	}
	return ahead, behind, as, ae, bs, be, false, true
}

func parseGitBranch(c *catalog.Context) (any, error) {
	verbose, remotes, showCurrent := 0, false, false
	for _, a := range c.Args.Items {
		switch a.Flag {
		case "-v", "--verbose":
			verbose++
		case "-r", "--remotes":
			remotes = true
		case "-a", "--all":
			remotes = false
		case "--show-current":
			showCurrent = true
		}
	}
	res := &GitBranchResult{Branches: make([]GitBranch, 0, kit.RowCap(c))}
	err := gxRows(c, 4, gmTBranch, &res.Branches, "git branch", func(l string, start int, add gmAdd) (GitBranch, bool) {
		if !showCurrent {
			return gmBranchLine(l, start, verbose, remotes, add)
		}
		if strings.ContainsAny(l, " \t") {
			return GitBranch{}, false
		}
		add(kit.GmfName, start, start+len(l), catalog.TrVerbatim)
		add(gmfCurrent, start, start+len(l), catalog.TrMarker)
		return GitBranch{Name: l, Current: true}, true
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// gmAdd records a span of the branch being read.
type gmAdd = func(uint16, int, int, catalog.SpanTr)

// gmBranchLine reads one line of `git branch` at start: the marker
// ("*" current, "+" in another worktree), the name and, with -v, the
// commit, tracking and message.
func gmBranchLine(l string, start, verbose int, remotes bool, add gmAdd) (GitBranch, bool) {
	var br GitBranch
	if len(l) < 3 || l[1] != ' ' || strings.IndexByte("* +", l[0]) < 0 {
		return br, false
	}
	switch l[0] {
	case '*':
		br.Current = true
		add(gmfCurrent, start, start+1, catalog.TrMarker)
	case '+':
		br.Worktree = true
		add(gmfWorktree, start, start+1, catalog.TrMarker)
	}
	rest, off, ok := gmBranchName(&br, l[2:], start+2, remotes, add)
	if !ok {
		return br, false
	}
	if rest == "" {
		return br, true
	}
	if t, ok := strings.CutPrefix(rest, " -> "); ok {
		if t == "" || strings.Contains(t, " ") {
			return br, false
		}
		br.PointsTo = t
		add(gmfPointsTo, off+4, off+len(rest), catalog.TrVerbatim)
		return br, true
	}
	return br, gmBranchVerbose(&br, rest, off, verbose, add)
}

// gmBranchName reads the branch's name (s, at off), or "(HEAD detached at
// x)"; it returns what follows and where.
func gmBranchName(br *GitBranch, s string, off int, remotes bool, add gmAdd) (string, int, bool) {
	if s[0] != '(' {
		name, _, _ := strings.Cut(s, " ")
		if name == "" {
			return "", 0, false
		}
		br.Name = name
		add(kit.GmfName, off, off+len(name), catalog.TrVerbatim)
		if remotes || strings.HasPrefix(name, "remotes/") {
			br.Remote = true
			add(gmfRemote, off, off+len(name), catalog.TrMarker)
		}
		return s[len(name):], off + len(name), true
	}
	end := strings.IndexByte(s, ')')
	if end < 2 {
		return "", 0, false
	}
	inner := s[1:end]
	br.Detached = true
	add(gmfDetached, off, off+end+1, catalog.TrMarker)
	switch {
	case strings.HasPrefix(inner, "HEAD detached at ") && len(inner) > 17:
		br.Name, br.DetachedAt = "HEAD", inner[17:]
		add(kit.GmfName, off+1, off+5, catalog.TrVerbatim)
		add(gmfDetachedAt, off+18, off+end, catalog.TrVerbatim)
	case strings.HasPrefix(inner, "HEAD detached from ") && len(inner) > 19:
		br.Name, br.DetachedFrom = "HEAD", inner[19:]
		add(kit.GmfName, off+1, off+5, catalog.TrVerbatim)
		add(gmfDetachedFrom, off+20, off+end, catalog.TrVerbatim)
	default:
		br.Name = inner
		add(kit.GmfName, off+1, off+end, catalog.TrVerbatim)
	}
	return s[end+1:], off + end + 1, true
}

// gmBranchVerbose reads what -v adds after the name (rest, at off):
// padding, the commit, then the message with what precedes it (a
// worktree's path, the tracking in brackets).
func gmBranchVerbose(br *GitBranch, rest string, off, verbose int, add gmAdd) bool {
	i := 0
	for i < len(rest) && rest[i] == ' ' {
		i++
	}
	h, msg, _ := strings.Cut(rest[i:], " ")
	if !gxHex(h) || len(h) < 4 {
		return false
	}
	br.Commit = h
	add(gmfCommit, off+i, off+i+len(h), catalog.TrVerbatim)
	ms := off + i + len(h) + 1
	if br.Worktree && strings.HasPrefix(msg, "(") {
		if j := strings.Index(msg, ") "); j > 1 {
			br.WorktreePath = msg[1:j]
			add(gmfWorktreePath, ms+1, ms+j, catalog.TrVerbatim)
			msg, ms = msg[j+2:], ms+j+2
		} else if msg[len(msg)-1] == ')' && len(msg) > 2 {
			br.WorktreePath = msg[1 : len(msg)-1]
			add(gmfWorktreePath, ms+1, ms+len(msg)-1, catalog.TrVerbatim)
			msg, ms = "", ms+len(msg)
		}
	}
	if strings.HasPrefix(msg, "[") {
		msg, ms = gmBranchTrack(br, msg, ms, verbose, add)
	}
	if msg != "" {
		br.Message = msg
		add(gmfMessage, ms, ms+len(msg), catalog.TrVerbatim)
	}
	return true
}

// gmBranchTrack reads the "[upstream: ahead N, behind M]" that begins msg
// (at ms); it returns the message after it, or msg itself when the
// brackets do not read as tracking.
func gmBranchTrack(br *GitBranch, msg string, ms, verbose int, add gmAdd) (string, int) {
	end := strings.Index(msg, "] ")
	if end < 0 && msg[len(msg)-1] == ']' {
		end = len(msg) - 1
	}
	if end <= 1 {
		return msg, ms
	}
	inner := msg[1:end]
	is := ms + 1
	up, track := "", inner
	inSync := false // -vv "[origin/main]": no ahead/behind part
	if verbose >= 2 {
		var tracked bool
		up, track, tracked = strings.Cut(inner, ": ")
		inSync = !tracked
	}
	a, b, as, ae, bs, be, gone, okT := gmTrack(track)
	if inSync {
		okT = true
	}
	if !okT || strings.Contains(up, " ") {
		return msg, ms
	}
	if up != "" {
		br.Upstream = up
		add(gmfUpstream, is, is+len(up), catalog.TrVerbatim)
	}
	ts := is
	if up != "" {
		ts = is + len(up) + 2
	}
	switch {
	case gone:
		br.UpstreamGone = true
		add(gmfUpstreamGone, ts, ts+4, catalog.TrMarker)
	case inSync:
		br.Ahead, br.Behind = catalog.Intp(0), catalog.Intp(0)
		add(gmfAhead, ms, ms+end+1, catalog.TrUpToDate)
		add(gmfBehind, ms, ms+end+1, catalog.TrUpToDate)
	default:
		br.Ahead, br.Behind = catalog.Intp(a), catalog.Intp(b)
		if as >= 0 {
			add(gmfAhead, ts+as, ts+ae, catalog.TrParseInt)
		} else {
			add(gmfAhead, ms, ms+end+1, catalog.TrImpliedZero)
		}
		if bs >= 0 {
			add(gmfBehind, ts+bs, ts+be, catalog.TrParseInt)
		} else {
			add(gmfBehind, ms, ms+end+1, catalog.TrImpliedZero)
		}
	}
	return msg[min(end+2, len(msg)):], ms + min(end+2, len(msg))
}

// GitRemoteResult is the parsed output of `git remote` and `git remote -v`.
type GitRemoteResult struct {
	Remotes []GitRemote `json:"remotes"`
}

// GitRemote is one line: a name, and with -v its URL for one direction
// (fetch or push) and a partial clone's filter.
type GitRemote struct {
	Name      string `json:"name"`
	URL       string `json:"url,omitempty"`
	Direction string `json:"direction,omitempty"`
	Filter    string `json:"filter,omitempty"`
}

var (
	gmTRemote    = catalog.SpanID("remotes/*")
	gmfURL       = catalog.SpanID("url")
	gmfDirection = catalog.SpanID("direction")
	gmfFilter    = catalog.SpanID("filter")
)

var gitRemoteDef = &catalog.Parser{
	ID:         "git-remote",
	Command:    "git",
	Subcommand: "remote",
	Version:    "1",
	Format:     "git remote (names) and git remote -v (name, URL, fetch/push)",
	// Flags checked against git-remote(1) of git 2.39.5: only the
	// listing; every subcommand (show, get-url, add...) is refused
	// with the hint remote -v.
	Flags: catalog.Flags{
		"-C": catalog.Value, "-c": catalog.Value, "--git-dir": catalog.Value, "--work-tree": catalog.Value, "--no-pager": catalog.Bool, "-P": catalog.Bool,
		"--no-optional-locks": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
	},
	MaxPositionals: -1,
	Result:         GitRemoteResult{},
	RowsKey:        "remotes",
	KeyFields:      []string{"name", "direction"},
	Examples:       [][]string{{"remote", "-v"}, {"remote"}},
	Parse:          parseGitRemote,
}

// gitRemoteParsers wires the gitRemoteDef and returns it for the builtin list.
func gitRemoteParsers() []*catalog.Parser {
	gitRemoteDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		for _, a := range argv.Items {
			if a.Flag == "" {
				return catalog.Unsupported([]string{"remote", "-v"}, "git remote %s is not read; git remote -v lists every URL", a.Pos)
			}
		}
		return nil
	}
	return []*catalog.Parser{gitRemoteDef}
}

func parseGitRemote(c *catalog.Context) (any, error) {
	res := &GitRemoteResult{Remotes: []GitRemote{}}
	if err := gxRows(c, 4, gmTRemote, &res.Remotes, "git remote", gmRemoteLine); err != nil {
		return nil, err
	}
	return res, nil
}

// gmRemoteLine reads one line of `git remote`: the name and, with -v, a
// tab, the URL, its filter and "(fetch)" or "(push)".
func gmRemoteLine(l string, start int, add gmAdd) (GitRemote, bool) {
	var r GitRemote
	name, rest, tab := strings.Cut(l, "\t")
	if name == "" || strings.ContainsAny(name, " ") {
		return r, false
	}
	r.Name = name
	add(kit.GmfName, start, start+len(name), catalog.TrVerbatim)
	if !tab {
		return r, true
	}
	u := rest
	us := start + len(name) + 1
	if i := strings.LastIndex(u, ") ["); i > 0 && strings.HasSuffix(u, "]") && len(u) > i+4 {
		r.Filter = u[i+3 : len(u)-1]
		add(gmfFilter, us+i+3, us+len(u)-1, catalog.TrVerbatim)
		u = u[:i+1]
	}
	var dir string
	switch {
	case strings.HasSuffix(u, " (fetch)"):
		dir = "fetch"
	case strings.HasSuffix(u, " (push)"):
		dir = "push"
	default:
		return r, false
	}
	r.URL, r.Direction = u[:len(u)-len(dir)-3], dir
	if r.URL == "" {
		return r, false
	}
	add(gmfURL, us, us+len(r.URL), catalog.TrVerbatim)
	add(gmfDirection, us+len(u)-len(dir)-1, us+len(u)-1, catalog.TrVerbatim)
	return r, true
}
