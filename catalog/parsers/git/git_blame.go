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

var gbTLine = catalog.SpanID("lines/*")

var gbTCommit = catalog.SpanID("commits/*")

var gbfLine = catalog.SpanID("line")

var gbfOrig = catalog.SpanID("orig_line")

var gbfHash = catalog.SpanID("hash")

var gbfFile = catalog.SpanID("filename")

var gbfContent = catalog.SpanID("content")

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

func parseGitBlame(c *catalog.Context) (any, error) {
	res := &GitBlameResult{Lines: []GitBlameLine{}, Commits: []GitBlameCommit{}}
	rec := catalog.NewSpanRec(c, 4)
	commits := map[string]*gbCommit{}
	it := lex.Lines{Raw: c.Raw}
	var cur *gbCommit // commit of the header being read
	var curC *GitBlameCommit
	var line GitBlameLine
	var ls, le, os, oe, hs, he, hdr int // offsets of the current header and its fields
	inHeader := false
	seen := map[string]bool{}
	data, read := 0, 0
	lineFile := false
	var lf string
	var lfs, lfe int
	var lfTr catalog.SpanTr
	for l, start := range it.All() {
		if l == "" {
			continue
		}
		data++
		if l[0] == '\t' {
			if !inHeader {
				c.Unread(start)
				continue
			}
			inHeader = false
			line.Content = l[1:]
			if !lineFile && cur.haveFile {
				lf, lfs, lfe, lfTr = cur.file, cur.fs, cur.fe, cur.fileTr
				lineFile = true
			}
			if !lineFile {
				c.Unread(start)
				continue
			}
			line.Filename = lf
			read++
			if c.Full(len(res.Lines)) {
				c.Omit(1)
				continue
			}
			i := len(res.Lines)
			rec.At(gbTLine, i, gbfHash, hs, he, catalog.TrVerbatim)
			rec.At(gbTLine, i, gbfOrig, os, oe, catalog.TrParseInt)
			rec.At(gbTLine, i, gbfLine, ls, le, catalog.TrParseInt)
			rec.At(gbTLine, i, gbfFile, lfs, lfe, lfTr)
			rec.At(gbTLine, i, gbfContent, start+1, start+len(l), catalog.TrVerbatim)
			res.Lines = append(res.Lines, line)
			continue
		}
		if h, o, n, oS, oE, nS, nE, ok := gbHeader(l); ok {
			if inHeader {
				c.Unread(hdr) // a header without its line
			}
			hdr, inHeader, lineFile = start, true, false
			clear(seen)
			line = GitBlameLine{Hash: h, OrigLine: o, Line: n}
			hs, he, os, oe, ls, le = start, start+len(h), start+oS, start+oE, start+nS, start+nE
			cur = commits[h]
			curC = nil
			if cur == nil {
				cur = &gbCommit{idx: -1}
				commits[h] = cur
			}
			if cur.idx < 0 && !c.Full(len(res.Lines)) {
				cur.idx = len(res.Commits)
				res.Commits = append(res.Commits, GitBlameCommit{Hash: h})
				rec.At(gbTCommit, cur.idx, gbfHash, hs, he, catalog.TrVerbatim)
				curC = &res.Commits[cur.idx]
			}
			continue
		}
		if !inHeader {
			c.Unread(start)
			continue
		}
		key, val, spaced := strings.Cut(l, " ")
		leaf, known := gbKeys[key]
		if !known || spaced == (key == "boundary") {
			c.Unread(start)
			continue
		}
		vs, ve := start+len(key)+1, start+len(l)
		if key == "filename" {
			p, tr, ok := gxPath(val)
			if !ok {
				c.Unread(start)
				continue
			}
			lf, lfs, lfe, lfTr, lineFile = p, vs, ve, tr, true
			cur.file, cur.fs, cur.fe, cur.fileTr, cur.haveFile = p, vs, ve, tr, true
			continue
		}
		if curC == nil {
			continue // line-porcelain repeats a commit already read; a commit past MaxItems
		}
		ci := cur.idx
		if seen[key] {
			c.Unread(start) // a key twice in one header: the first is kept
			continue
		}
		seen[key] = true
		if key != "boundary" && (val == "" || val == "<>") {
			continue // an empty name, summary or email: nothing to keep
		}
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
				c.Unread(start)
				continue
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
				c.Unread(start)
				continue
			}
			if key == "author-time" {
				curC.AuthorTime = catalog.Intp(v)
			} else {
				curC.CommitterTime = catalog.Intp(v)
			}
			rec.At(gbTCommit, ci, leaf, vs, ve, catalog.TrParseInt)
			continue
		case "boundary":
			curC.Boundary = true
			rec.At(gbTCommit, ci, leaf, start, start+len(l), catalog.TrMarker)
			continue
		case "previous":
			h, name, ok := strings.Cut(val, " ")
			p, tr, okp := gxPath(name)
			if !ok || !okp || !gxHex(h) {
				c.Unread(start)
				continue
			}
			curC.PreviousHash, curC.PreviousFilename = h, p
			rec.At(gbTCommit, ci, leaf, vs, vs+len(h), catalog.TrVerbatim)
			rec.At(gbTCommit, ci, gbfPrevFile, vs+len(h)+1, ve, tr)
			continue
		}
		rec.At(gbTCommit, ci, leaf, vs, ve, catalog.TrVerbatim)
	}
	if data > 0 && read == 0 {
		return nil, gxNone("git blame --porcelain")
	}
	rec.Finish()
	return res, nil
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
