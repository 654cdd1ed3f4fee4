// Package tree reads the output of `tree` for the catalog: the parser tree.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package tree

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// TreeResult is the parsed output of `tree`: the first directory listed
// (Root) with its entries (Tree), nested as tree drew them.
type TreeResult struct {
	Root string `json:"root,omitempty"`
	// Error is tree's note on the root ("error opening dir").
	Error string     `json:"error,omitempty"`
	Tree  []TreeNode `json:"tree"`
	// OtherRoots are the further directory operands, each a node named
	// after it.
	OtherRoots []TreeNode `json:"other_roots,omitempty"`
	// TotalDirs and TotalFiles are tree's report line ("3 directories, 8
	// files"); absent with --noreport. With -d only TotalDirs is printed.
	TotalDirs  *int64 `json:"total_dirs,omitempty"`
	TotalFiles *int64 `json:"total_files,omitempty"`
}

// TreeNode is one entry. Name is as tree printed it (tree writes
// unprintable bytes as \ooo); a node with children is a directory.
type TreeNode struct {
	Name          string     `json:"name"`
	SymlinkTarget string     `json:"symlink_target,omitempty"`
	Error         string     `json:"error,omitempty"`
	Children      []TreeNode `json:"children,omitempty"`
}

var treeParserDef = &catalog.Parser{
	ID:      "tree",
	Command: "tree",
	Version: "1",
	Format:  "tree's drawing (UTF-8 or ASCII lines) and report line; -J output is JSON and passes through",
	// Flags checked against tree 2.1.0 tree(1) and --help (this machine;
	// the same program macOS and FreeBSD install). Flags that add columns
	// (-p -u -g -s -h -D --du --inodes --device) are refused for -J, which
	// carries them as JSON.
	Flags: catalog.Flags{
		"-a": catalog.Bool, "-d": catalog.Bool, "-f": catalog.Bool, "-x": catalog.Bool, "-l": catalog.Bool, "-q": catalog.Bool, "-Q": catalog.Bool, "-n": catalog.Bool,
		"-v": catalog.Bool, "-t": catalog.Bool, "-c": catalog.Bool, "-U": catalog.Bool, "-r": catalog.Bool,
		"-L": catalog.Value, "-P": catalog.Value, "-I": catalog.Value,
		"--dirsfirst": catalog.Bool, "--filesfirst": catalog.Bool, "--noreport": catalog.Bool, "--prune": catalog.Bool, "--matchdirs": catalog.Bool,
		"--ignore-case": catalog.Bool, "--gitignore": catalog.Bool,
		"--filelimit": catalog.Value, "--charset": catalog.Value, "--sort": catalog.Value, "--gitfile": catalog.Value,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-p": {"-J", "-p"}, "-u": {"-J", "-u"}, "-g": {"-J", "-g"}, "-s": {"-J", "-s"},
		"-h": {"-J", "-h"}, "-D": {"-J", "-D"}, "--du": {"-J", "--du"}, "--inodes": {"-J", "--inodes"},
		"--device": {"-J", "--device"}, "-F": {"-J"}, "-i": {"-f"}, "-C": {"-n"}, "-N": {"-q"},
	},
	Result:   TreeResult{},
	RowsKey:  "tree",
	Examples: [][]string{{}, {"-L", "2"}, {"-a", "src"}, {"-d"}, {"-Q"}},
}

// treeParsers wires the treeParserDef and returns it for the builtin list.
func treeParsers() []*catalog.Parser {
	treeParserDef.Check, treeParserDef.Parse = treeCheck, parseTree
	return []*catalog.Parser{treeParserDef}
}

func treeCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	// tree gives a value-taking letter the next argument even inside a
	// cluster ("-La 2"), unlike getopt: such letters must stand alone,
	// never with a value read as attached.
	for _, a := range argv.Items {
		if a.Attached && len(a.Flag) == 2 && a.Flag[1] != '-' && treeParserDef.Flags[a.Flag] == catalog.Value {
			return catalog.Unsupported(nil, "tree %s must stand alone, its value in the next argument", a.Flag)
		}
	}
	return nil
}

// treePrefixes are the indentation units and branches tree draws, in its
// UTF-8 charset (with no-break spaces) and in ASCII.
var treeUnits = []string{"│\u00a0\u00a0 ", "│   ", "|   ", "    "}

var treeBranches = []string{"├── ", "└── ", "|-- ", "`-- ", "├\u2500\u2500\u00a0", "└\u2500\u2500\u00a0"}

// treeDepth reads the drawing before a name: depth 0 is a root line.
func treeDepth(line string) (depth, nameAt int, ok bool) {
	i := 0
outer:
	for {
		for _, b := range treeBranches {
			if strings.HasPrefix(line[i:], b) {
				return depth + 1, i + len(b), true
			}
		}
		for _, u := range treeUnits {
			if strings.HasPrefix(line[i:], u) {
				depth++
				i += len(u)
				continue outer
			}
		}
		break
	}
	return 0, 0, depth == 0
}

// treeReport reads "3 directories, 8 files", "1 directory" and the like.
func treeReport(line string) (dirs, files [2]int, ok bool) {
	f := lex.Fields(nil, line, 0)
	dirs, files = [2]int{-1, -1}, [2]int{-1, -1}
	if len(f) != 2 && len(f) != 4 {
		return dirs, files, false
	}
	for i := 0; i < len(f); i += 2 {
		n, w := line[f[i].Start:f[i].End], line[f[i+1].Start:f[i+1].End]
		if !lex.IsDigits(n) {
			return dirs, files, false
		}
		if len(f) == 4 && i == 0 {
			if !strings.HasSuffix(w, ",") {
				return dirs, files, false
			}
			w = w[:len(w)-1]
		}
		switch w {
		case "directory", "directories":
			if i != 0 {
				return dirs, files, false
			}
			dirs = [2]int{f[i].Start, f[i].End}
		case "file", "files":
			files = [2]int{f[i].Start, f[i].End}
		default:
			return dirs, files, false
		}
	}
	return dirs, files, true
}

type treeParser struct {
	c           *catalog.Context
	quoted      bool
	warned      bool
	warnedArrow bool
	nodes       int
	// The open branch's nodes and the siblings read before them stand on
	// one stack, reused: a directory's children are copied off it once,
	// into a slice of their size, when the directory ends (appending to
	// the nested slices copied a 40 k-entry directory about five times;
	// a flat list of every node nested at the end, twice the memory: 1 MB
	// tree 8 MB allocated, 57-62 MB/cpu-s).
	stack    []TreeNode
	levels   []int // where the siblings at depth d+1 begin on the stack
	curRoot  int   // 0 the root, k+1 other_roots[k]
	path     []int // indices along the current branch
	toks     []any // a span's pointer, reused
	hasRoot  bool
	res      *TreeResult
	seenRoot int
}

func parseTree(c *catalog.Context) (any, error) {
	p := &treeParser{c: c, res: &TreeResult{Tree: []TreeNode{}}}
	p.stack = make([]TreeNode, 0, kit.RowCap(c)) // a node a line at most
	p.quoted = c.Args.Has("-Q")
	it := lex.Lines{Raw: c.Raw}
	read := 0
	report := false
	for line, start := range it.NonBlankLines() {
		if report {
			c.Unread(start)
			continue
		}
		depth, at, ok := treeDepth(line)
		if !ok {
			c.Unread(start)
			continue
		}
		if depth == 0 {
			if dirs, files, ok := treeReport(line); ok && p.hasRoot {
				p.setReport(line, start, dirs, files)
				report = true
				read++
				continue
			}
			if !p.root(line, start) {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		if !p.hasRoot || depth > len(p.path)+1 {
			c.Unread(start)
			continue
		}
		if c.Full(p.nodes) {
			c.Omit(1)
			continue
		}
		p.node(line, start, at, depth)
		read++
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as tree output; if it is localized, rerun under LC_ALL=C")
	}
	p.closeTo(0)
	return p.res, nil
}

// closeTo ends the directories of the current branch deeper than depth:
// each takes its children off the stack. Depth 0 ends the root list too.
func (p *treeParser) closeTo(depth int) {
	for len(p.levels) > depth {
		from := p.levels[len(p.levels)-1]
		var kids []TreeNode
		if from == 0 && 2*len(p.stack) >= cap(p.stack) {
			// The root list fills most of the stack: the stack becomes
			// the answer, not a copy of it.
			kids, p.stack = p.stack[:len(p.stack):len(p.stack)], nil
		} else {
			kids = append([]TreeNode(nil), p.stack[from:]...)
			p.stack = p.stack[:from]
		}
		p.levels = p.levels[:len(p.levels)-1]
		switch {
		case from > 0:
			p.stack[from-1].Children = kids
		case p.curRoot == 0:
			p.res.Tree = kids
		default:
			p.res.OtherRoots[p.curRoot-1].Children = kids
		}
	}
}

// split reads a name with tree's notes: a trailing "  [error ...]" and a
// symlink's " -> target" (quoted with -Q).
func (p *treeParser) split(text string) (name, target, errText [2]int) {
	name, target, errText = [2]int{0, len(text)}, [2]int{-1, -1}, [2]int{-1, -1}
	if strings.HasSuffix(text, "]") {
		if i := strings.LastIndex(text, "  ["); i > 0 && i+3 < len(text)-1 {
			errText = [2]int{i + 3, len(text) - 1}
			name[1] = i
		}
	}
	t := text[:name[1]]
	if p.quoted && len(t) >= 2 && t[0] == '"' {
		if i := strings.Index(t, "\" -> \""); i > 0 && t[len(t)-1] == '"' && i+6 < len(t)-1 {
			return [2]int{1, i}, [2]int{i + 6, len(t) - 1}, errText
		}
		if t[len(t)-1] == '"' {
			return [2]int{1, len(t) - 1}, target, errText
		}
	}
	switch strings.Count(t, " -> ") {
	case 0:
	case 1:
		if strings.HasSuffix(t, " -> ") {
			break // no target: kept whole
		}
		if !p.warnedArrow {
			p.warnedArrow = true
			p.c.Warn("symlinks are read from \"name -> target\"; a file name holding \" -> \" reads the same: tree -Q quotes them apart")
		}
		i := strings.Index(t, " -> ")
		return [2]int{0, i}, [2]int{i + 4, len(t)}, errText
	default:
		if !p.warned {
			p.warned = true
			p.c.Warn("a name holds \" -> \" more than once; it is kept whole: tree -Q quotes names and targets apart")
		}
	}
	return name, target, errText
}

func (p *treeParser) root(line string, start int) bool {
	name, _, errText := p.split(line)
	if name[0] >= name[1] {
		return false
	}
	c := p.c
	p.closeTo(0)
	if !p.hasRoot {
		p.hasRoot = true
		p.res.Root = line[name[0]:name[1]]
		c.Span(start+name[0], start+name[1], "", "root")
		if errText[0] >= 0 {
			p.res.Error = line[errText[0]:errText[1]]
			c.Span(start+errText[0], start+errText[1], "", "error")
		}
		p.curRoot = 0
		p.path = p.path[:0]
		return true
	}
	k := len(p.res.OtherRoots)
	n := TreeNode{Name: line[name[0]:name[1]]}
	c.Span(start+name[0], start+name[1], "", "other_roots", k, "name")
	if errText[0] >= 0 {
		n.Error = line[errText[0]:errText[1]]
		c.Span(start+errText[0], start+errText[1], "", "other_roots", k, "error")
	}
	p.res.OtherRoots = append(p.res.OtherRoots, n)
	p.curRoot = k + 1
	p.path = p.path[:0]
	return true
}

func (p *treeParser) node(line string, start, at, depth int) {
	name, target, errText := p.split(line[at:])
	n := TreeNode{Name: line[at+name[0] : at+name[1]]}
	if target[0] >= 0 {
		n.SymlinkTarget = line[at+target[0] : at+target[1]]
	}
	if errText[0] >= 0 {
		n.Error = line[at+errText[0] : at+errText[1]]
	}
	// The parent is the last node at depth-1: the directories below it
	// end; the node is the first of its parent's children or the next.
	p.closeTo(depth)
	if len(p.levels) < depth {
		p.levels = append(p.levels, len(p.stack))
	}
	idx := len(p.stack) - p.levels[depth-1]
	p.stack = append(p.stack, n)
	p.path = append(p.path[:depth-1], idx)
	p.nodes++
	if p.c.Recording() {
		// The pointer as tokens, its indices as ints: the recorder keeps
		// them in a template (to four deep) rather than a text per node.
		t := p.toks[:0]
		if p.curRoot == 0 {
			t = append(t, "tree")
		} else {
			t = append(t, "other_roots", p.curRoot-1, "children")
		}
		for i, k := range p.path {
			if i > 0 {
				t = append(t, "children")
			}
			t = append(t, k)
		}
		n := len(t)
		p.c.Span(start+at+name[0], start+at+name[1], "", append(t, "name")...)
		if target[0] >= 0 {
			p.c.Span(start+at+target[0], start+at+target[1], "", append(t[:n], "symlink_target")...)
		}
		if errText[0] >= 0 {
			p.c.Span(start+at+errText[0], start+at+errText[1], "", append(t[:n], "error")...)
		}
		p.toks = t[:0]
	}
}

func (p *treeParser) setReport(line string, start int, dirs, files [2]int) {
	if dirs[0] >= 0 {
		n, _ := lex.Atoi(line[dirs[0]:dirs[1]])
		p.res.TotalDirs = catalog.Intp(n)
		p.c.Span(start+dirs[0], start+dirs[1], "parseInt", "total_dirs")
	}
	if files[0] >= 0 {
		n, _ := lex.Atoi(line[files[0]:files[1]])
		p.res.TotalFiles = catalog.Intp(n)
		p.c.Span(start+files[0], start+files[1], "parseInt", "total_files")
	}
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return treeParsers() }
