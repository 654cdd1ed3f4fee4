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

var glTCommit = catalog.SpanID("commits/*")

var glTParent = catalog.SpanID("commits/*/parents/*")

var glTRef = catalog.SpanID("commits/*/refs/*")

var glfHash = catalog.SpanID("hash")

var glfTree = catalog.SpanID("tree")

var glfAName = catalog.SpanID("author_name")

var glfAEmail = catalog.SpanID("author_email")

var glfDate = catalog.SpanID("date")

var glfCName = catalog.SpanID("committer_name")

var glfCEmail = catalog.SpanID("committer_email")

var glfCDate = catalog.SpanID("committer_date")

var glfMessage = catalog.SpanID("message")

var glfBody = catalog.SpanID("body")

var glfNotes = catalog.SpanID("notes")

func parseGitLogReference(c *catalog.Context) (any, error) {
	res := &GitLogResult{Commits: []GitCommit{}}
	rec := catalog.NewSpanRec(c, 3)
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for l, start := range it.NonBlankLines() {
		h, inner, ok := strings.Cut(l, " (")
		inner, closed := strings.CutSuffix(inner, ")")
		comma := strings.LastIndex(inner, ", ")
		if !ok || !closed || comma < 0 || !gxHex(h) {
			c.Unread(start)
			continue
		}
		subj, date := inner[:comma], inner[comma+2:]
		if _, err := time.Parse("2006-01-02", date); err != nil {
			c.Unread(start)
			continue
		}
		read++
		i := len(res.Commits)
		if c.Full(i) {
			c.Omit(1)
			continue
		}
		is := start + len(h) + 2
		rec.At(glTCommit, i, glfHash, start, start+len(h), catalog.TrVerbatim)
		if subj != "" {
			rec.At(glTCommit, i, glfMessage, is, is+comma, catalog.TrVerbatim)
		}
		rec.At(glTCommit, i, glfDate, is+comma+2, is+len(inner), catalog.TrVerbatim)
		res.Commits = append(res.Commits, GitCommit{Hash: h, Message: subj, Date: date})
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, gxNone("git log --pretty=reference")
	}
	rec.Finish()
	return res, nil
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

func parseGitLogRaw(c *catalog.Context) (any, error) {
	res := &GitLogResult{Commits: []GitCommit{}}
	rec := catalog.NewSpanRec(c, 8)
	it := lex.Lines{Raw: c.Raw}
	var cur *GitCommit
	i, data, read := -1, 0, 0
	kept := false
	mark := 0
	// state: 0 before a commit, 1 in the header, 2 in the message, 3 in notes
	state := 0
	var body []string
	bodyS, bodyE := 0, 0
	var notes []string
	notesS, notesE := 0, 0
	end := func() {
		if cur == nil {
			return
		}
		if kept {
			if b := strings.TrimRight(strings.Join(body, "\n"), "\n"); b != "" {
				cur.Body = b
				rec.At(glTCommit, i, glfBody, bodyS, bodyE, catalog.TrDedent)
			}
			if n := strings.Join(notes, "\n"); n != "" {
				cur.Notes = n
				rec.At(glTCommit, i, glfNotes, notesS, notesE, catalog.TrDedent)
			}
			res.Commits = append(res.Commits, *cur)
		}
		cur, body, notes = nil, body[:0], notes[:0]
	}
	for l, start := range it.All() {
		if hash, ok := strings.CutPrefix(l, "commit "); ok {
			end()
			data++
			refs := ""
			if h, r, ok := strings.Cut(hash, " ("); ok && strings.HasSuffix(r, ")") {
				hash, refs = h, r[:len(r)-1]
			}
			if !gxHex(hash) {
				c.Unread(start)
				state = 0
				continue
			}
			read++
			kept = !c.Full(len(res.Commits))
			if !kept {
				c.Omit(1)
			}
			i = len(res.Commits)
			mark = rec.Mark()
			cur = &GitCommit{Hash: hash}
			rec.At(glTCommit, i, glfHash, start+7, start+7+len(hash), catalog.TrVerbatim)
			if refs != "" {
				rs := start + 7 + len(hash) + 2
				for j, r := range strings.Split(refs, ", ") {
					cur.Refs = append(cur.Refs, r)
					rec.Add(glTRef, [4]int32{int32(i), int32(j)}, catalog.NoLeaf, rs, rs+len(r), catalog.TrVerbatim)
					rs += len(r) + 2
				}
			}
			if !kept {
				rec.Truncate(mark)
			}
			state = 1
			continue
		}
		switch state {
		case 0:
			if !lex.IsBlank(l) {
				data++
				c.Unread(start)
			}
			continue
		case 1:
			if l == "" {
				state = 2
				continue
			}
			data++
			key, v, _ := strings.Cut(l, " ")
			vs := start + len(key) + 1
			good := true
			switch key {
			case "tree":
				good = gxHex(v)
				if good && kept {
					cur.Tree = v
					rec.At(glTCommit, i, glfTree, vs, vs+len(v), catalog.TrVerbatim)
				}
			case "parent":
				good = gxHex(v)
				if good && kept {
					rec.Add(glTParent, [4]int32{int32(i), int32(len(cur.Parents))}, catalog.NoLeaf, vs, vs+len(v), catalog.TrVerbatim)
					cur.Parents = append(cur.Parents, v)
				}
			case "author", "committer":
				name, email, date, ne, es, ee, ds, ok := glfIdent(v)
				good = ok
				if !ok || !kept {
					break
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
				// encoding, gpgsig and mergetag (with their continuation
				// lines) are not read
				good = false
			}
			if !good {
				c.Unread(start)
			}
		case 2, 3:
			if l == "" {
				continue
			}
			data++
			if state == 2 && (l == "Notes:" || strings.HasPrefix(l, "Notes (") && strings.HasSuffix(l, "):")) {
				state = 3
				continue
			}
			text, ok := strings.CutPrefix(l, "    ")
			if !ok {
				c.Unread(start)
				continue
			}
			if !kept {
				continue
			}
			switch {
			case state == 3:
				if len(notes) == 0 {
					notesS = start
				}
				notes = append(notes, text)
				notesE = start + len(l)
			case cur.Message == "" && len(body) == 0 && text != "":
				cur.Message = text
				rec.At(glTCommit, i, glfMessage, start+4, start+len(l), catalog.TrVerbatim)
			case len(body) == 0 && text == "":
				// the blank line between the subject and the body
			default:
				if len(body) == 0 {
					bodyS = start
				}
				body = append(body, text)
				bodyE = start + len(l)
			}
		}
	}
	end()
	if data > 0 && read == 0 {
		return nil, gxNone("git log --pretty=raw")
	}
	rec.Finish()
	return res, nil
}
