package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitBlameResult is the parsed output of `git blame --porcelain` and
// `git blame --line-porcelain`: one row per line of the file, and each
// commit that last touched one of them once.
type GitBlameResult struct {
	Lines   []GitBlameLine   `json:"lines"`
	Commits []GitBlameCommit `json:"commits"`
}

// GitBlameLine is one line of the blamed file.
type GitBlameLine struct {
	// Line is the line's number in the file as blamed; OrigLine its
	// number in the commit that last changed it.
	Line     int64  `json:"line"`
	OrigLine int64  `json:"orig_line"`
	Hash     string `json:"hash"`
	// Filename is the file's name in that commit (it differs after a
	// rename).
	Filename string `json:"filename"`
	Content  string `json:"content"`
}

// GitBlameCommit is what porcelain output tells of a commit. The hash of
// all zeros is "Not Committed Yet" (a change in the working tree).
type GitBlameCommit struct {
	Hash        string `json:"hash"`
	Author      string `json:"author,omitempty"`
	AuthorEmail string `json:"author_email,omitempty"`
	// AuthorTime and CommitterTime are Unix seconds; the zones are as
	// printed ("+0100").
	AuthorTime     *int64 `json:"author_time,omitempty"`
	AuthorTZ       string `json:"author_tz,omitempty"`
	Committer      string `json:"committer,omitempty"`
	CommitterEmail string `json:"committer_email,omitempty"`
	CommitterTime  *int64 `json:"committer_time,omitempty"`
	CommitterTZ    string `json:"committer_tz,omitempty"`
	Summary        string `json:"summary,omitempty"`
	// Boundary: the commit is the boundary of the range blamed (a root
	// commit without --root, or the bottom of A..B).
	Boundary         bool   `json:"boundary,omitempty"`
	PreviousHash     string `json:"previous_hash,omitempty"`
	PreviousFilename string `json:"previous_filename,omitempty"`
}

// Flags checked against git-blame(1) of git 2.39 (and builtin/blame.c's
// emit_porcelain): these change which lines and commits are reported, not
// the porcelain form. -M and -C take an optional attached number.
var gitBlameDef = &catalog.Parser{
	ID:         "git-blame",
	Command:    "git",
	Subcommand: "blame",
	Version:    "1",
	Format:     "git blame --porcelain / --line-porcelain (-p): lines with their commit, commits with author, committer, summary, previous",
	Flags: gxFlags(catalog.Flags{
		"-p": catalog.Bool, "--porcelain": catalog.Bool, "--line-porcelain": catalog.Bool, "-L": catalog.Value, "-w": catalog.Bool, "-M": catalog.Optional, "-C": catalog.Optional,
		"--root": catalog.Bool, "--first-parent": catalog.Bool, "--reverse": catalog.Bool, "--no-ignore-revs-file": catalog.Bool, "--minimal": catalog.Bool, "--contents": catalog.Value,
		"--ignore-rev": catalog.Value, "--ignore-revs-file": catalog.Value, "--no-textconv": catalog.Bool, "--no-ext-diff": catalog.Bool,
		"-S": catalog.Value, "--since": catalog.Value, "--encoding": catalog.Value,
	}),
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--incremental": {"--porcelain"}, "-t": {}, "-l": {}, "-s": {}, "-e": {}, "--show-email": {}, "-f": {},
		"--show-name": {}, "-n": {}, "--show-number": {}, "-c": {"--porcelain"}, "-b": {}, "--date": {},
		"--show-stats": {}, "--abbrev": {},
	},
	Result:    GitBlameResult{},
	RowsKey:   "lines",
	KeyFields: []string{"line"},
	Examples:  [][]string{{"blame", "--porcelain", "main.go"}, {"blame", "--line-porcelain", "-L", "10,20", "main.go"}},
	Parse:     parseGitBlame,
}

// gitBlameParsers wires gitBlameDef and returns it for the builtin list.
func gitBlameParsers() []*catalog.Parser {
	gitBlameDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		if !argv.Has("-p", "--porcelain", "--line-porcelain") {
			return catalog.Unsupported(gxHint([]string{"blame"}, argv, gitBlameDef.Flags, nil, "--line-porcelain"),
				"git blame's default form pads and cuts names; --porcelain and --line-porcelain are read")
		}
		return nil
	}
	return []*catalog.Parser{gitBlameDef}
}

var (
	gbTLine    = catalog.SpanID("lines/*")
	gbTCommit  = catalog.SpanID("commits/*")
	gbfLine    = catalog.SpanID("line")
	gbfOrig    = catalog.SpanID("orig_line")
	gbfHash    = catalog.SpanID("hash")
	gbfFile    = catalog.SpanID("filename")
	gbfContent = catalog.SpanID("content")
)

// gbKeys are the commit lines of porcelain output, by key.
var gbKeys = map[string]uint16{
	"author": catalog.SpanID("author"), "author-mail": catalog.SpanID("author_email"), "author-time": catalog.SpanID("author_time"),
	"author-tz": catalog.SpanID("author_tz"), "committer": catalog.SpanID("committer"), "committer-mail": catalog.SpanID("committer_email"),
	"committer-time": catalog.SpanID("committer_time"), "committer-tz": catalog.SpanID("committer_tz"), "summary": catalog.SpanID("summary"),
	"boundary": catalog.SpanID("boundary"), "previous": catalog.SpanID("previous_hash"), "filename": 0,
}

var gbfPrevFile = catalog.SpanID("previous_filename")

type gbCommit struct {
	idx      int // in Commits, -1 when not kept
	file     string
	fs, fe   int
	fileTr   catalog.SpanTr
	haveFile bool
}

// gitBlame is `git blame --porcelain` being read: the commits met so far,
// the header being read and the file its lines are in.
type gitBlame struct {
	c       *catalog.Context
	res     *GitBlameResult
	rec     *catalog.SpanRec
	commits map[string]*gbCommit
	cur     *gbCommit       // commit of the header being read
	curC    *GitBlameCommit // its entry, when this header adds it
	line    GitBlameLine
	// offsets of the current header and its fields
	ls, le, os, oe, hs, he, hdr int
	inHeader                    bool
	seen                        map[string]bool // the keys of this header
	data, read                  int
	// the file of the current line: its own filename line or its commit's
	lineFile bool
	lf       string
	lfs, lfe int
	lfTr     catalog.SpanTr
}

func parseGitBlame(c *catalog.Context) (any, error) {
	g := gitBlame{c: c, res: &GitBlameResult{Lines: []GitBlameLine{}, Commits: []GitBlameCommit{}},
		rec: c.Rows(4), commits: map[string]*gbCommit{}, seen: map[string]bool{}}
	it := lex.Lines{Raw: c.Raw}
	for l, start := range it.All() {
		if l == "" {
			continue
		}
		g.data++
		if l[0] == '\t' {
			if !g.content(l, start) {
				c.Unread(start)
			}
			continue
		}
		if h, o, n, oS, oE, nS, nE, ok := gbHeader(l); ok {
			if g.inHeader {
				c.Unread(g.hdr) // a header without its line
			}
			g.hdr, g.inHeader, g.lineFile = start, true, false
			clear(g.seen)
			g.line = GitBlameLine{Hash: h, OrigLine: o, Line: n}
			g.hs, g.he, g.os, g.oe, g.ls, g.le = start, start+len(h), start+oS, start+oE, start+nS, start+nE
			g.commit(h)
			continue
		}
		if !g.inHeader || !g.key(l, start) {
			c.Unread(start)
		}
	}
	if g.data > 0 && g.read == 0 {
		return nil, gxNone("git blame --porcelain")
	}
	g.rec.Finish()
	return g.res, nil
}

// content reads the tab-indented line that ends a header: the line of the
// file itself; false when no header or no file name came before it.
func (g *gitBlame) content(l string, start int) bool {
	if !g.inHeader {
		return false
	}
	c, rec, cur := g.c, g.rec, g.cur
	g.inHeader = false
	g.line.Content = l[1:]
	if !g.lineFile && cur.haveFile {
		g.lf, g.lfs, g.lfe, g.lfTr = cur.file, cur.fs, cur.fe, cur.fileTr
		g.lineFile = true
	}
	if !g.lineFile {
		return false
	}
	g.line.Filename = g.lf
	g.read++
	if c.Full(len(g.res.Lines)) {
		c.Omit(1)
		return true
	}
	i := len(g.res.Lines)
	rec.At(gbTLine, i, gbfHash, g.hs, g.he, catalog.TrVerbatim)
	rec.At(gbTLine, i, gbfOrig, g.os, g.oe, catalog.TrParseInt)
	rec.At(gbTLine, i, gbfLine, g.ls, g.le, catalog.TrParseInt)
	rec.At(gbTLine, i, gbfFile, g.lfs, g.lfe, g.lfTr)
	rec.At(gbTLine, i, gbfContent, start+1, start+len(l), catalog.TrVerbatim)
	g.res.Lines = append(g.res.Lines, g.line)
	return true
}

// commit finds or adds the commit h of the header being read.
func (g *gitBlame) commit(h string) {
	g.cur = g.commits[h]
	g.curC = nil
	if g.cur == nil {
		g.cur = &gbCommit{idx: -1}
		g.commits[h] = g.cur
	}
	if g.cur.idx < 0 && !g.c.Full(len(g.res.Lines)) {
		g.cur.idx = len(g.res.Commits)
		g.res.Commits = append(g.res.Commits, GitBlameCommit{Hash: h})
		g.rec.At(gbTCommit, g.cur.idx, gbfHash, g.hs, g.he, catalog.TrVerbatim)
		g.curC = &g.res.Commits[g.cur.idx]
	}
}

// key reads a "key value" line of a header; false when it is not read.
func (g *gitBlame) key(l string, start int) bool {
	key, val, spaced := strings.Cut(l, " ")
	leaf, known := gbKeys[key]
	if !known || spaced == (key == "boundary") {
		return false
	}
	vs, ve := start+len(key)+1, start+len(l)
	if key == "filename" {
		p, tr, ok := gxPath(val)
		if !ok {
			return false
		}
		g.lf, g.lfs, g.lfe, g.lfTr, g.lineFile = p, vs, ve, tr, true
		cur := g.cur
		cur.file, cur.fs, cur.fe, cur.fileTr, cur.haveFile = p, vs, ve, tr, true
		return true
	}
	if g.curC == nil {
		return true // line-porcelain repeats a commit already read; a commit past MaxItems
	}
	if g.seen[key] {
		return false // a key twice in one header: the first is kept
	}
	g.seen[key] = true
	if key == "boundary" {
		g.curC.Boundary = true
		g.rec.At(gbTCommit, g.cur.idx, leaf, start, start+len(l), catalog.TrMarker)
		return true
	}
	if val == "" || val == "<>" {
		return true // an empty name, summary or email: nothing to keep
	}
	return g.value(key, val, leaf, vs, ve)
}

// value sets the commit's field of key to val (at vs..ve); false when val
// does not read as the key's kind.
func (g *gitBlame) value(key, val string, leaf uint16, vs, ve int) bool {
	curC, rec, ci := g.curC, g.rec, g.cur.idx
	switch key {
	case "author":
		curC.Author = val
	case "committer":
		curC.Committer = val
	case "summary":
		curC.Summary = val
	case "author-tz":
		curC.AuthorTZ = val
	case "committer-tz":
		curC.CommitterTZ = val
	case "author-mail", "committer-mail":
		if len(val) < 2 || val[0] != '<' || val[len(val)-1] != '>' {
			return false
		}
		val, vs, ve = val[1:len(val)-1], vs+1, ve-1
		if key == "author-mail" {
			curC.AuthorEmail = val
		} else {
			curC.CommitterEmail = val
		}
	case "author-time", "committer-time":
		v, ok := lex.Atoi(val)
		if !ok {
			return false
		}
		if key == "author-time" {
			curC.AuthorTime = catalog.Intp(v)
		} else {
			curC.CommitterTime = catalog.Intp(v)
		}
		rec.At(gbTCommit, ci, leaf, vs, ve, catalog.TrParseInt)
		return true
	case "previous":
		h, name, ok := strings.Cut(val, " ")
		p, tr, okp := gxPath(name)
		if !ok || !okp || !gxHex(h) {
			return false
		}
		curC.PreviousHash, curC.PreviousFilename = h, p
		rec.At(gbTCommit, ci, leaf, vs, vs+len(h), catalog.TrVerbatim)
		rec.At(gbTCommit, ci, gbfPrevFile, vs+len(h)+1, ve, tr)
		return true
	}
	rec.At(gbTCommit, ci, leaf, vs, ve, catalog.TrVerbatim)
	return true
}

// gbHeader reads "HASH ORIG FINAL[ COUNT]".
func gbHeader(l string) (hash string, orig, final int64, oS, oE, nS, nE int, ok bool) {
	f := strings.Split(l, " ")
	if len(f) != 3 && len(f) != 4 || !gxHex(f[0]) || len(f[0]) != 40 && len(f[0]) != 64 {
		return "", 0, 0, 0, 0, 0, 0, false
	}
	o, ok1 := lex.Atoi(f[1])
	n, ok2 := lex.Atoi(f[2])
	if !ok1 || !ok2 || len(f) == 4 && !lex.IsDigits(f[3]) {
		return "", 0, 0, 0, 0, 0, 0, false
	}
	oS = len(f[0]) + 1
	nS = oS + len(f[1]) + 1
	return f[0], o, n, oS, oS + len(f[1]), nS, nS + len(f[2]), true
}
