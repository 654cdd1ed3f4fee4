package git

import (
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// glfDiffOptions print a diff section after each commit, which these
// forms are not read with.
var glfDiffOptions = map[string]bool{
	"-p": true, "-u": true, "--patch": true, "--stat": true, "--numstat": true, "--shortstat": true,
	"--name-only": true, "--name-status": true, "--patch-with-stat": true, "--cc": true, "-W": true,
	"--function-context": true, "-U": true, "--unified": true,
}

// glfForm returns "reference" or "raw" when the last format option of a
// git log command line chooses one, with the arguments as read.
func glfForm(argv catalog.Args) (string, []catalog.CmdArg) {
	scanned := argv.Items
	form := ""
	for _, a := range scanned {
		switch a.Flag {
		case "--pretty", "--format":
			form = a.Value
			if !a.HasValue {
				form = "medium"
			}
		case "--oneline":
			form = "oneline"
		}
	}
	if form != "reference" && form != "raw" {
		form = ""
	}
	return form, scanned
}

// gitLogFormsParsers wraps gitLogParser; it registers nothing of its own.
func gitLogFormsParsers() []*catalog.Parser {
	p := GitLogParser
	baseCheck, baseParse := p.Check, p.Parse
	p.Check = func(argv catalog.Args, os catalog.OS) *catalog.ParseError {
		form, scanned := glfForm(argv)
		if form == "" {
			return baseCheck(argv, os)
		}
		if perr := glfCheckFlags(p, scanned); perr != nil {
			return perr
		}
		for _, a := range scanned {
			switch {
			case glfDiffOptions[a.Flag]:
				return catalog.Unsupported(gxHint([]string{"log"}, argv, p.Flags, func(f string) bool { return f == "--pretty" || f == "--format" }, "--pretty=fuller"),
					"git log --pretty=%s is read without diff output; --pretty=fuller carries the same fields with it", form)
			case a.Flag == "--date" && form == "reference" && a.Value != "short":
				return catalog.Unsupported(gxHint([]string{"log"}, argv, p.Flags, func(f string) bool { return f == "--date" }),
					"git log --pretty=reference is read with its own short dates")
			case a.Flag == "--color" && (!a.HasValue || a.Value == "always" || a.Value == "true"):
				return catalog.Unsupported(gxHint([]string{"log"}, argv, p.Flags, func(f string) bool { return f == "--color" }, "--no-color"),
					"git log --color writes terminal colour escapes")
			case a.Flag == "-c" && strings.HasPrefix(strings.ToLower(a.Value), "color."):
				return catalog.Unsupported(nil, "git -c %s may write terminal colour escapes", a.Value)
			}
		}
		return nil
	}
	p.Parse = func(c *catalog.Context) (any, error) {
		switch form, _ := glfForm(c.Args); form {
		case "reference":
			return parseGitLogReference(c)
		case "raw":
			return parseGitLogRaw(c)
		}
		return baseParse(c)
	}
	p.Format += "; --pretty=reference (hash, subject, short date) and --pretty=raw (tree, parents, Unix times with zones)"
	p.Examples = append(p.Examples, []string{"log", "--pretty=reference", "-n", "10"}, []string{"log", "--pretty=raw", "-n", "3"})
	return nil
}

// glfCheckFlags refuses undeclared flags the core let through as the value
// of an optional-value flag.
func glfCheckFlags(p *catalog.Parser, scanned []catalog.CmdArg) *catalog.ParseError {
	for _, a := range scanned {
		if a.Flag == "" || a.Flag == "-#" {
			continue
		}
		if _, ok := p.Flags[a.Flag]; !ok {
			return p.UnsupportedFlag(a.Flag)
		}
	}
	return nil
}

var (
	glTCommit  = catalog.SpanID("commits/*")
	glTParent  = catalog.SpanID("commits/*/parents/*")
	glTRef     = catalog.SpanID("commits/*/refs/*")
	glfHash    = catalog.SpanID("hash")
	glfTree    = catalog.SpanID("tree")
	glfAName   = catalog.SpanID("author_name")
	glfAEmail  = catalog.SpanID("author_email")
	glfDate    = catalog.SpanID("date")
	glfCName   = catalog.SpanID("committer_name")
	glfCEmail  = catalog.SpanID("committer_email")
	glfCDate   = catalog.SpanID("committer_date")
	glfMessage = catalog.SpanID("message")
	glfBody    = catalog.SpanID("body")
	glfNotes   = catalog.SpanID("notes")
)

func parseGitLogReference(c *catalog.Context) (any, error) {
	res := &GitLogResult{Commits: []GitCommit{}}
	if err := gxRows(c, 3, glTCommit, &res.Commits, "git log --pretty=reference", glReferenceLine); err != nil {
		return nil, err
	}
	return res, nil
}

// glReferenceLine reads one line of git log --pretty=reference:
// "HASH (SUBJECT, DATE)".
func glReferenceLine(l string, start int, add gmAdd) (GitCommit, bool) {
	h, inner, ok := strings.Cut(l, " (")
	inner, closed := strings.CutSuffix(inner, ")")
	comma := strings.LastIndex(inner, ", ")
	if !ok || !closed || comma < 0 || !gxHex(h) {
		return GitCommit{}, false
	}
	subj, date := inner[:comma], inner[comma+2:]
	if _, err := time.Parse("2006-01-02", date); err != nil {
		return GitCommit{}, false
	}
	is := start + len(h) + 2
	add(glfHash, start, start+len(h), catalog.TrVerbatim)
	if subj != "" {
		add(glfMessage, is, is+comma, catalog.TrVerbatim)
	}
	add(glfDate, is+comma+2, is+len(inner), catalog.TrVerbatim)
	return GitCommit{Hash: h, Message: subj, Date: date}, true
}

// glfIdent reads "NAME <EMAIL> SECS ZONE" into the name, the email and an
// ISO 8601 time in the printed zone, with their offsets in v.
func glfIdent(v string) (name, email, date string, ne, es, ee, ds int, ok bool) {
	gt := strings.LastIndexByte(v, '>')
	lt := strings.LastIndexByte(v[:max(gt, 0)], '<')
	if gt < 0 || lt < 0 || gt+1 >= len(v) || v[gt+1] != ' ' {
		return "", "", "", 0, 0, 0, 0, false
	}
	secs, zone, ok := strings.Cut(v[gt+2:], " ")
	n, isNum := lex.Atoi(secs)
	if !ok || !isNum || len(zone) != 5 || zone[0] != '+' && zone[0] != '-' || !lex.IsDigits(zone[1:]) {
		return "", "", "", 0, 0, 0, 0, false
	}
	off := (int(zone[1]-'0')*10+int(zone[2]-'0'))*3600 + (int(zone[3]-'0')*10+int(zone[4]-'0'))*60
	if zone[0] == '-' {
		off = -off
	}
	date = time.Unix(n, 0).In(time.FixedZone("", off)).Format("2006-01-02T15:04:05-07:00")
	name = strings.TrimSuffix(v[:lt], " ")
	return name, v[lt+1 : gt], date, len(name), lt + 1, gt, gt + 2, true
}

// gitLogRaw is `git log --pretty=raw` being read: the commit being read
// and its message lines, gathered until the next commit.
type gitLogRaw struct {
	c    *catalog.Context
	res  *GitLogResult
	rec  *catalog.SpanRec
	cur  *GitCommit
	i    int  // cur's index in res.Commits
	kept bool // cur is answered (not over MaxItems)
	// state: 0 before a commit, 1 in the header, 2 in the message, 3 in notes
	state          int
	body, notes    []string
	bodyS, bodyE   int
	notesS, notesE int
	data, read     int // lines that are not blank, lines read
}

func parseGitLogRaw(c *catalog.Context) (any, error) {
	g := gitLogRaw{c: c, res: &GitLogResult{Commits: []GitCommit{}}, rec: c.Rows(8), i: -1}
	it := lex.Lines{Raw: c.Raw}
	for l, start := range it.All() {
		if hash, ok := strings.CutPrefix(l, "commit "); ok {
			g.commit(hash, start)
			continue
		}
		switch g.state {
		case 0:
			if !lex.IsBlank(l) {
				g.data++
				c.Unread(start)
			}
		case 1:
			if l == "" {
				g.state = 2
				continue
			}
			g.data++
			if !g.header(l, start) {
				c.Unread(start)
			}
		case 2, 3:
			g.message(l, start)
		}
	}
	g.end()
	if g.data > 0 && g.read == 0 {
		return nil, gxNone("git log --pretty=raw")
	}
	g.rec.Finish()
	return g.res, nil
}

// end answers the commit read, with its body and notes.
func (g *gitLogRaw) end() {
	cur, rec, i := g.cur, g.rec, g.i
	if cur == nil {
		return
	}
	if g.kept {
		if b := strings.TrimRight(strings.Join(g.body, "\n"), "\n"); b != "" {
			cur.Body = b
			rec.At(glTCommit, i, glfBody, g.bodyS, g.bodyE, catalog.TrDedent)
		}
		if n := strings.Join(g.notes, "\n"); n != "" {
			cur.Notes = n
			rec.At(glTCommit, i, glfNotes, g.notesS, g.notesE, catalog.TrDedent)
		}
		g.res.Commits = append(g.res.Commits, *cur)
	}
	g.cur, g.body, g.notes = nil, g.body[:0], g.notes[:0]
}

// commit reads "commit <hash> [(refs)]", the line (at start) after its
// "commit ", which begins a commit.
func (g *gitLogRaw) commit(hash string, start int) {
	c, rec := g.c, g.rec
	g.end()
	g.data++
	refs := ""
	if h, r, ok := strings.Cut(hash, " ("); ok && strings.HasSuffix(r, ")") {
		hash, refs = h, r[:len(r)-1]
	}
	if !gxHex(hash) {
		c.Unread(start)
		g.state = 0
		return
	}
	g.read++
	g.kept = !c.Full(len(g.res.Commits))
	if !g.kept {
		c.Omit(1)
	}
	i := len(g.res.Commits)
	g.i = i
	mark := rec.Mark()
	cur := &GitCommit{Hash: hash}
	g.cur = cur
	rec.At(glTCommit, i, glfHash, start+7, start+7+len(hash), catalog.TrVerbatim)
	if refs != "" {
		rs := start + 7 + len(hash) + 2
		for j, r := range strings.Split(refs, ", ") {
			cur.Refs = append(cur.Refs, r)
			rec.Add(glTRef, [4]int32{int32(i), int32(j)}, catalog.NoLeaf, rs, rs+len(r), catalog.TrVerbatim)
			rs += len(r) + 2
		}
	}
	if !g.kept {
		rec.Truncate(mark)
	}
	g.state = 1
}

// header reads a header line of the commit: tree, parent, author,
// committer; false for another (encoding, gpgsig and mergetag, with their
// continuation lines, are not read).
func (g *gitLogRaw) header(l string, start int) bool {
	cur, rec, i := g.cur, g.rec, g.i
	key, v, _ := strings.Cut(l, " ")
	vs := start + len(key) + 1
	switch key {
	case "tree":
		if !gxHex(v) {
			return false
		}
		if g.kept {
			cur.Tree = v
			rec.At(glTCommit, i, glfTree, vs, vs+len(v), catalog.TrVerbatim)
		}
	case "parent":
		if !gxHex(v) {
			return false
		}
		if g.kept {
			rec.Add(glTParent, [4]int32{int32(i), int32(len(cur.Parents))}, catalog.NoLeaf, vs, vs+len(v), catalog.TrVerbatim)
			cur.Parents = append(cur.Parents, v)
		}
	case "author", "committer":
		name, email, date, ne, es, ee, ds, ok := glfIdent(v)
		if !ok {
			return false
		}
		if !g.kept {
			return true
		}
		lName, lEmail, lDate := glfAName, glfAEmail, glfDate
		if key == "committer" {
			lName, lEmail, lDate = glfCName, glfCEmail, glfCDate
			cur.CommitterName, cur.CommitterEmail, cur.CommitterDate = name, email, date
		} else {
			cur.AuthorName, cur.AuthorEmail, cur.Date = name, email, date
		}
		if name != "" {
			rec.At(glTCommit, i, lName, vs, vs+ne, catalog.TrVerbatim)
		}
		if email != "" {
			rec.At(glTCommit, i, lEmail, vs+es, vs+ee, catalog.TrVerbatim)
		}
		rec.At(glTCommit, i, lDate, vs+ds, start+len(l), catalog.TrTimestamp)
	default:
		return false
	}
	return true
}

// message reads a line of the message or of the notes: indented by four
// spaces, the first one the subject.
func (g *gitLogRaw) message(l string, start int) {
	if l == "" {
		return
	}
	g.data++
	if g.state == 2 && (l == "Notes:" || strings.HasPrefix(l, "Notes (") && strings.HasSuffix(l, "):")) {
		g.state = 3
		return
	}
	text, ok := strings.CutPrefix(l, "    ")
	if !ok {
		g.c.Unread(start)
		return
	}
	if !g.kept {
		return
	}
	switch {
	case g.state == 3:
		if len(g.notes) == 0 {
			g.notesS = start
		}
		g.notes = append(g.notes, text)
		g.notesE = start + len(l)
	case g.cur.Message == "" && len(g.body) == 0 && text != "":
		g.cur.Message = text
		g.rec.At(glTCommit, g.i, glfMessage, start+4, start+len(l), catalog.TrVerbatim)
	case len(g.body) == 0 && text == "":
		// the blank line between the subject and the body
	default:
		if len(g.body) == 0 {
			g.bodyS = start
		}
		g.body = append(g.body, text)
		g.bodyE = start + len(l)
	}
}
