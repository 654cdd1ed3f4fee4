// Package diff reads the output of `diff` for the catalog: the parser diff.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package diff

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DiffResult is the parsed output of GNU `diff -u` (and -r, -N, -q, -s):
// one entry per pair of files compared, and the files found on one side
// only of a recursive comparison.
type DiffResult struct {
	Files  []DiffFile   `json:"files"`
	OnlyIn []DiffOnlyIn `json:"only_in,omitempty"`
}

// DiffFile is one pair of files. OldTime and NewTime are the header's
// timestamps as printed (absent with --label). Binary: "Binary files A
// and B differ"; Differ: -q's "Files A and B differ"; Identical: -s's
// "Files A and B are identical".
type DiffFile struct {
	OldPath   string     `json:"old_path"`
	NewPath   string     `json:"new_path"`
	OldTime   string     `json:"old_time,omitempty"`
	NewTime   string     `json:"new_time,omitempty"`
	Binary    bool       `json:"binary,omitempty"`
	Differ    bool       `json:"differ,omitempty"`
	Identical bool       `json:"identical,omitempty"`
	Hunks     []DiffHunk `json:"hunks,omitempty"`
}

// DiffHunk is one "@@ -a,b +c,d @@ header" hunk; Lines keep their prefix
// (" ", "+", "-", and "\ No newline at end of file") exactly, as git-diff's
// hunks do.
type DiffHunk struct {
	OldStart int64    `json:"old_start"`
	OldLines int64    `json:"old_lines"`
	NewStart int64    `json:"new_start"`
	NewLines int64    `json:"new_lines"`
	Header   string   `json:"header,omitempty"`
	Lines    []string `json:"lines"`
}

// DiffOnlyIn is "Only in DIR: NAME".
type DiffOnlyIn struct {
	Dir  string `json:"dir"`
	Name string `json:"name"`
}

// Flags checked against diff(1) and the diffutils 3.8 manual ("Unified
// Format", "Detailed Unified", "Comparing Directories", "Invoking diff"):
// the unified form (-u, -U N, --unified[=N]) and the brief reports (-q,
// -s); the others choose what is compared, not how it is printed.
var diffFlags = catalog.Flags{
	"-u": catalog.Bool, "-U": catalog.Value, "--unified": catalog.Optional, "-r": catalog.Bool, "--recursive": catalog.Bool, "-N": catalog.Bool, "--new-file": catalog.Bool,
	"--unidirectional-new-file": catalog.Bool, "-a": catalog.Bool, "--text": catalog.Bool, "-w": catalog.Bool, "--ignore-all-space": catalog.Bool,
	"-b": catalog.Bool, "--ignore-space-change": catalog.Bool, "-B": catalog.Bool, "--ignore-blank-lines": catalog.Bool, "-i": catalog.Bool,
	"--ignore-case": catalog.Bool, "-E": catalog.Bool, "--ignore-tab-expansion": catalog.Bool, "-Z": catalog.Bool, "--ignore-trailing-space": catalog.Bool,
	"--strip-trailing-cr": catalog.Bool, "-q": catalog.Bool, "--brief": catalog.Bool, "-s": catalog.Bool, "--report-identical-files": catalog.Bool,
	"-p": catalog.Bool, "--show-c-function": catalog.Bool, "-F": catalog.Value, "--show-function-line": catalog.Value, "--label": catalog.Value,
	"-x": catalog.Value, "--exclude": catalog.Value, "-X": catalog.Value, "--exclude-from": catalog.Value, "-d": catalog.Bool, "--minimal": catalog.Bool,
	"--speed-large-files": catalog.Bool, "--horizon-lines": catalog.Value, "--no-dereference": catalog.Bool, "-I": catalog.Value,
	"--ignore-matching-lines": catalog.Value, "--ignore-file-name-case": catalog.Bool, "--no-ignore-file-name-case": catalog.Bool,
	"--from-file": catalog.Value, "--to-file": catalog.Value, "-S": catalog.Value, "--starting-file": catalog.Value, "--color": catalog.Optional,
	"--suppress-blank-empty": catalog.Bool,
}

var diffDef = &catalog.Parser{
	ID:             "diff",
	Command:        "diff",
	Version:        "1",
	Format:         "GNU diff -u/-U N (files, hunks, lines), with -r, -N, Binary files, Only in, -q/-s reports",
	Flags:          diffFlags,
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-c": {"-u"}, "-C": {"-u"}, "--context": {"-u"}, "-y": {"-u"}, "--side-by-side": {"-u"}, "-e": {"-u"},
		"--ed": {"-u"}, "-n": {"-u"}, "--rcs": {"-u"}, "-D": {"-u"}, "--ifdef": {"-u"}, "--normal": {"-u"},
		"-t": {}, "--expand-tabs": {}, "-T": {}, "--initial-tab": {}, "-l": {}, "--paginate": {},
	},
	Result:    DiffResult{},
	RowsKey:   "files",
	KeyFields: []string{"old_path", "new_path"},
	Examples:  [][]string{{"-u", "a.txt", "b.txt"}, {"-ruN", "old", "new"}, {"-rq", "old", "new"}},
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, Means: "the inputs differ",
		Source: "diff(1) GNU diffutils 3.8: exit status is 0 if inputs are the same, 1 if different, 2 if trouble"}},
	Parse: parseDiff,
}

func diffParsers() []*catalog.Parser {
	diffDef.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		unified, brief := false, false
		for _, a := range argv.Items {
			switch a.Flag {
			case "-u", "-U", "--unified":
				unified = true
			case "-q", "--brief", "-s", "--report-identical-files":
				brief = true
			case "--color":
				if !a.HasValue || a.Value != "never" && a.Value != "auto" {
					return catalog.Unsupported(nil, "diff --color=%s writes terminal colour escapes; --color=never", a.Value)
				}
			}
		}
		if !unified && !brief {
			return catalog.UnsupportedFlag("--normal", []string{"-u"}, "diff's normal form is not read; -u (unified) is")
		}
		return nil
	}
	return []*catalog.Parser{diffDef}
}

var (
	dfTFile   = catalog.SpanID("files/*")
	dfTHunk   = catalog.SpanID("files/*/hunks/*")
	dfTLine   = catalog.SpanID("files/*/hunks/*/lines/*")
	dfTOnly   = catalog.SpanID("only_in/*")
	dffOld    = catalog.SpanID("old_path")
	dffNew    = catalog.SpanID("new_path")
	dffOldT   = catalog.SpanID("old_time")
	dffNewT   = catalog.SpanID("new_time")
	dffBinary = catalog.SpanID("binary")
	dffDiffer = catalog.SpanID("differ")
	dffIdent  = catalog.SpanID("identical")
	dffOS     = catalog.SpanID("old_start")
	dffOL     = catalog.SpanID("old_lines")
	dffNS     = catalog.SpanID("new_start")
	dffNL     = catalog.SpanID("new_lines")
	dffHeader = catalog.SpanID("header")
	dffDir    = catalog.SpanID("dir")
	dffName   = catalog.SpanID("name")
)

// dfName reads a header's "NAME[\tTIME]"; diff C-quotes names holding
// unusual bytes.
func dfName(s string) (name string, tr catalog.SpanTr, n int, time string, ok bool) {
	if strings.HasPrefix(s, "\"") {
		u, k, ok := lex.CUnquote(s)
		if !ok || k < len(s) && s[k] != '\t' {
			return "", 0, 0, "", false
		}
		if k < len(s) {
			time = s[k+1:]
		}
		return u, catalog.TrUnquote, k, time, true
	}
	name, time, _ = strings.Cut(s, "\t")
	return name, catalog.TrVerbatim, len(name), time, name != ""
}

// dfRange reads "a,b" or "a" (b is then 1).
func dfRange(s string) (start, n int64, startE int, ok bool) {
	a, b, comma := strings.Cut(s, ",")
	start, ok = lex.Atoi(a)
	if !ok {
		return 0, 0, 0, false
	}
	if !comma {
		return start, 1, len(a), true
	}
	n, ok = lex.Atoi(b)
	return start, n, len(a), ok
}

type diffReader struct {
	c      *catalog.Context
	rec    *catalog.SpanRec
	res    *DiffResult
	kept   bool // the current file is kept (not past MaxItems)
	rows   int
	nOnly  int
	cur    *DiffFile
	fileAt int
}

// file starts a new file row; it reports whether the row is kept.
func (d *diffReader) file(f DiffFile) *DiffFile {
	d.rows++
	if d.c.Full(len(d.res.Files)) {
		d.c.Omit(1)
		d.kept, d.cur = false, nil
		return nil
	}
	d.res.Files = append(d.res.Files, f)
	d.fileAt = len(d.res.Files) - 1
	d.kept, d.cur = true, &d.res.Files[d.fileAt]
	return d.cur
}

// pair reads "PREFIX A and B SUFFIX" when " and " splits it once.
func (d *diffReader) pair(l string, start int, prefix, suffix string, set func(*DiffFile, int, int)) bool {
	mid, ok := strings.CutPrefix(l, prefix)
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, suffix)
	if !ok || strings.Count(mid, " and ") != 1 {
		return false
	}
	a, b, _ := strings.Cut(mid, " and ")
	if a == "" || b == "" {
		return false
	}
	if f := d.file(DiffFile{OldPath: a, NewPath: b}); f != nil {
		i := d.fileAt
		as := start + len(prefix)
		d.rec.At(dfTFile, i, dffOld, as, as+len(a), catalog.TrVerbatim)
		d.rec.At(dfTFile, i, dffNew, as+len(a)+5, as+len(mid), catalog.TrVerbatim)
		set(f, i, start)
	}
	return true
}

func parseDiff(c *catalog.Context) (any, error) {
	d := &diffReader{c: c, rec: c.Rows(2), res: &DiffResult{Files: []DiffFile{}}}
	rec := d.rec
	it := lex.Lines{Raw: c.Raw}
	data := 0
	for l, start := range it.All() {
		if l == "" {
			continue
		}
		data++
		switch {
		case strings.HasPrefix(l, "diff "):
			d.rows++ // the command line of a recursive diff, before each pair
			continue
		case strings.HasPrefix(l, "Only in "):
			dir, name, ok := strings.Cut(l[8:], ": ")
			if !ok || dir == "" || name == "" {
				c.Unread(start)
				continue
			}
			d.rows++
			d.res.OnlyIn = append(d.res.OnlyIn, DiffOnlyIn{Dir: dir, Name: name})
			rec.At(dfTOnly, d.nOnly, dffDir, start+8, start+8+len(dir), catalog.TrVerbatim)
			rec.At(dfTOnly, d.nOnly, dffName, start+10+len(dir), start+len(l), catalog.TrVerbatim)
			d.nOnly++
			continue
		case d.pair(l, start, "Binary files ", " differ", func(f *DiffFile, i, s int) {
			f.Binary = true
			rec.At(dfTFile, i, dffBinary, s, s+6, catalog.TrMarker)
		}):
			continue
		case d.pair(l, start, "Files ", " differ", func(f *DiffFile, i, s int) {
			f.Differ = true
			rec.At(dfTFile, i, dffDiffer, s+len(l)-6, s+len(l), catalog.TrMarker)
		}):
			continue
		case d.pair(l, start, "Files ", " are identical", func(f *DiffFile, i, s int) {
			f.Identical = true
			rec.At(dfTFile, i, dffIdent, s+len(l)-9, s+len(l), catalog.TrMarker)
		}):
			continue
		case strings.HasPrefix(l, "--- "):
			l2, start2, ok2 := it.Next()
			if !ok2 || !strings.HasPrefix(l2, "+++ ") {
				c.Unread(start)
				if ok2 {
					it.Pos = start2
				}
				continue
			}
			data++
			on, otr, on2, ot, ok3 := dfName(l[4:])
			nn, ntr, nn2, nt, ok4 := dfName(l2[4:])
			if !ok3 || !ok4 {
				c.Unread(start)
				c.Unread(start2)
				continue
			}
			if f := d.file(DiffFile{OldPath: on, NewPath: nn, OldTime: ot, NewTime: nt}); f != nil {
				i := d.fileAt
				rec.At(dfTFile, i, dffOld, start+4, start+4+on2, otr)
				rec.At(dfTFile, i, dffNew, start2+4, start2+4+nn2, ntr)
				if ot != "" {
					rec.At(dfTFile, i, dffOldT, start+5+on2, start+len(l), catalog.TrVerbatim)
				}
				if nt != "" {
					rec.At(dfTFile, i, dffNewT, start2+5+nn2, start2+len(l2), catalog.TrVerbatim)
				}
			}
			// the hunks of this pair
			for {
				save := it.Pos
				h, hs, ok := it.Next()
				if !ok || !strings.HasPrefix(h, "@@ -") {
					it.Pos = save
					break
				}
				data++
				if !d.hunk(&it, h, hs, &data) {
					c.Unread(hs)
				}
			}
			continue
		}
		c.Unread(start)
	}
	if data > 0 && d.rows == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as diff -u output")
	}
	rec.Finish()
	return d.res, nil
}

// hunk reads "@@ -a,b +c,d @@[ header]" and its lines.
func (d *diffReader) hunk(it *lex.Lines, h string, hs int, data *int) bool {
	body, ok := strings.CutPrefix(h, "@@ -")
	end := strings.Index(body, " @@")
	if !ok || end < 0 {
		return false
	}
	olds, news, ok := strings.Cut(body[:end], " +")
	if !ok {
		return false
	}
	os, ol, osE, ok1 := dfRange(olds)
	ns, nl, nsE, ok2 := dfRange(news)
	if !ok1 || !ok2 {
		return false
	}
	hk := DiffHunk{OldStart: os, OldLines: ol, NewStart: ns, NewLines: nl, Lines: []string{}}
	header := body[end+3:]
	if strings.HasPrefix(header, " ") {
		header = header[1:]
	}
	hk.Header = header
	var spans [][2]int
	needOld, needNew := ol, nl
	for needOld > 0 || needNew > 0 || d.nextIsNoNewline(it) {
		save := it.Pos
		l, s, ok := it.Next()
		if !ok {
			break
		}
		k := byte(' ')
		if l != "" {
			k = l[0]
		}
		switch {
		case k == ' ' && needOld > 0 && needNew > 0:
			needOld--
			needNew--
		case k == '-' && needOld > 0:
			needOld--
		case k == '+' && needNew > 0:
			needNew--
		case k == '\\':
		default:
			it.Pos = save
			needOld, needNew = -1, -1
		}
		if needOld < 0 {
			break
		}
		*data++
		hk.Lines = append(hk.Lines, l)
		spans = append(spans, [2]int{s, s + len(l)})
	}
	if needOld != 0 || needNew != 0 {
		// the hunk ended before its counts: its lines are not trusted
		d.c.Unread(hs)
		for _, sp := range spans {
			d.c.Unread(sp[0])
		}
		return true
	}
	d.rows++
	if !d.kept {
		return true
	}
	f := d.cur
	fi, hi := d.fileAt, len(f.Hunks)
	f.Hunks = append(f.Hunks, hk)
	idx := [4]int32{int32(fi), int32(hi)}
	b := hs + 4
	d.rec.Add(dfTHunk, idx, dffOS, b, b+osE, catalog.TrParseInt)
	if strings.Contains(olds, ",") {
		d.rec.Add(dfTHunk, idx, dffOL, b+osE+1, b+len(olds), catalog.TrParseInt)
	} else {
		d.rec.Add(dfTHunk, idx, dffOL, b, b+osE, catalog.TrImpliedDefault) // "a" alone is "a,1"
	}
	nb := b + len(olds) + 2
	d.rec.Add(dfTHunk, idx, dffNS, nb, nb+nsE, catalog.TrParseInt)
	if strings.Contains(news, ",") {
		d.rec.Add(dfTHunk, idx, dffNL, nb+nsE+1, nb+len(news), catalog.TrParseInt)
	} else {
		d.rec.Add(dfTHunk, idx, dffNL, nb, nb+nsE, catalog.TrImpliedDefault) // "a" alone is "a,1"
	}
	if header != "" {
		d.rec.Add(dfTHunk, idx, dffHeader, hs+len(h)-len(header), hs+len(h), catalog.TrVerbatim)
	}
	for j, sp := range spans {
		d.rec.Add(dfTLine, [4]int32{int32(fi), int32(hi), int32(j)}, catalog.NoLeaf, sp[0], sp[1], catalog.TrVerbatim)
	}
	return true
}

// nextIsNoNewline reports whether the next line is "\ No newline at end
// of file" (or its translation: any line starting with "\ "), which ends
// the hunk's last line.
func (d *diffReader) nextIsNoNewline(it *lex.Lines) bool {
	save := it.Pos
	l, _, ok := it.Next()
	it.Pos = save
	return ok && strings.HasPrefix(l, "\\ ")
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return diffParsers() }
