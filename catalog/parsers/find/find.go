// Package find reads the output of `find` for the catalog: the parser find.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package find

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// FindResult is the parsed output of `find` (-print or -print0).
type FindResult struct {
	// Paths are the printed paths in output order, exactly as printed.
	Paths []string `json:"paths"`
}

// findPrimaries are the expression words of GNU, BSD and BusyBox find the
// parser accepts: 0 takes no value, 1 takes one.
var findPrimaries = map[string]int{
	"-print": 0, "-print0": 0, "-prune": 0, "-quit": 0, "-true": 0, "-false": 0, "-empty": 0,
	"-readable": 0, "-writable": 0, "-executable": 0, "-nouser": 0, "-nogroup": 0, "-depth": 0,
	"-d": 0, "-xdev": 0, "-mount": 0, "-noleaf": 0, "-ignore_readdir_race": 0,
	"-noignore_readdir_race": 0, "-daystart": 0, "-not": 0, "-a": 0, "-and": 0, "-o": 0, "-or": 0,
	"-follow": 0, "-acl": 0, "-sparse": 0, "-xattr": 0,
	"-name": 1, "-iname": 1, "-path": 1, "-ipath": 1, "-wholename": 1, "-iwholename": 1,
	"-regex": 1, "-iregex": 1, "-lname": 1, "-ilname": 1, "-perm": 1, "-user": 1, "-group": 1,
	"-fstype": 1, "-context": 1, "-type": 1, "-xtype": 1, "-regextype": 1, "-maxdepth": 1,
	"-mindepth": 1, "-uid": 1, "-gid": 1, "-links": 1, "-inum": 1, "-mtime": 1, "-atime": 1,
	"-ctime": 1, "-mmin": 1, "-amin": 1, "-cmin": 1, "-used": 1, "-size": 1, "-newer": 1,
	"-anewer": 1, "-cnewer": 1, "-mnewer": 1, "-samefile": 1, "-files0-from": 1,
	"-Bmin": 1, "-Bnewer": 1, "-Btime": 1, "-flags": 1, "-xattrname": 1,
	"-nowarn": 0, "-warn": 0,
}

// findOutputPrimaries print something other than one path per line.
var findOutputPrimaries = map[string]int{
	"-printf": 1, "-fprintf": 2, "-ls": 0, "-fls": 1, "-fprint": 1, "-fprint0": 1,
	"-exec": -1, "-execdir": -1, "-ok": -1, "-okdir": -1, "-delete": 0,
}

// findFlags are find's leading options, read by the one reader before the
// starting points (LeadingOptions): GNU -H -L -P -D debugopts -Olevel, BSD
// -E -X -s -x -d -f path (getopt "EHLPXdf:sx"). The expression after the
// starting points is not options but find's own little language (its
// words are operators and primaries whose argument count depends on the
// primary, "(" and "!"), so findRead reads it from the operands.
var findFlags = catalog.Flags{
	"-H": catalog.Bool, "-L": catalog.Bool, "-P": catalog.Bool, "-D": catalog.Value, "-O": catalog.Optional,
	"-E": catalog.Bool, "-X": catalog.Bool, "-s": catalog.Bool, "-x": catalog.Bool, "-d": catalog.Bool, "-f": catalog.Value,
}

var findParserDef = &catalog.Parser{
	ID:      "find",
	Command: "find",
	Version: "1",
	Format:  "find paths, one per line (-print, the default) or NUL-terminated (-print0); GNU, BSD, BusyBox",
	// Primaries (findPrimaries) checked against GNU findutils 4.9.0 find
	// --help and find(1) (this machine), BusyBox 1.35 find --help, FreeBSD
	// 14 and macOS 14 find(1) (-Bmin, -Bnewer, -flags, -xattr, -s, -x, -E,
	// -f). Output primaries (-printf, -ls, -fprint*, -exec, -ok, -delete)
	// are refused, with -print in place of -printf and -ls.
	Flags:          findFlags,
	LeadingOptions: true,
	// Starting points and expression words are all operands to the reader.
	MaxPositionals: -1,
	Alternatives:   map[string][]string{},
	Result:         FindResult{},
	RowsKey:        "paths",
	Examples:       [][]string{{"."}, {".", "-name", "*.go"}, {"src", "-type", "f", "-maxdepth", "2"}, {".", "-print0"}},
	Parse:          ParseFind,
}

// findParsers wires the findParserDef and returns it for the builtin list.
func findParsers() []*catalog.Parser {
	findParserDef.Check = findCheck
	return []*catalog.Parser{findParserDef}
}

// findArgs is what find's arguments say: its starting points and whether
// paths end in NUL.
type findArgs struct {
	starts []string
	print0 bool
	print  bool
}

// findRead reads find's arguments: the leading options as the reader
// read them, then, from the first operand, the starting points and the
// expression. It returns a refusal for words it does not know.
func findRead(argv catalog.Args, os catalog.OS) (findArgs, *catalog.ParseError) {
	var fa findArgs
	args := argv.Rest()
	i := len(args) // where the starting points begin
	for _, it := range argv.Items {
		if it.Flag == "" {
			i = it.Index
			break
		}
		if !os.BsdLike() && (it.Flag == "-d" || it.Flag == "-f") {
			i = it.Index // GNU's -d is a primary (-depth); the expression starts there
			break
		}
		tok := args[it.Index]
		switch {
		case it.Flag == "-O" && len(it.Value) == 1 && it.Value[0] >= '0' && it.Value[0] <= '9':
		case tok != it.Flag, it.Attached, (it.Flag == "-D" || it.Flag == "-f") && !it.HasValue:
			// a group ("-HL"), "-Dtree", "-O" without its level: find
			// reads no such option
			return fa, catalog.Unsupported(nil, "find: %s is not a primary the parser knows", tok)
		case it.Flag == "-f":
			fa.starts = append(fa.starts, it.Value)
		}
	}
	for ; i < len(args); i++ {
		a := args[i]
		if (len(a) > 1 && a[0] == '-') || a == "(" || a == "!" || a == ")" || a == "," {
			break
		}
		fa.starts = append(fa.starts, a)
	}
	for ; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			continue // "(", "!", values of -size and the like
		}
		if k, ok := findPrimaries[a]; ok {
			switch a {
			case "-print0":
				fa.print0 = true
			case "-print":
				fa.print = true
			}
			i += k
			continue
		}
		if len(a) == 8 && strings.HasPrefix(a, "-newer") {
			i++ // -newerXY reference
			continue
		}
		if _, ok := findOutputPrimaries[a]; ok {
			return fa, findRefuse(args, i)
		}
		return fa, catalog.Unsupported(nil, "find: %s is not a primary the parser knows", a)
	}
	if fa.print0 && fa.print {
		return fa, catalog.Unsupported(findReplace(args, "-print", "-print0"), "find with both -print and -print0 mixes line and NUL endings")
	}
	return fa, nil
}

// findRefuse explains why an output primary is not read and proposes the
// same expression printing paths.
func findRefuse(args []string, i int) *catalog.ParseError {
	a := args[i]
	switch a {
	case "-printf", "-ls":
		var hint []string
		n := 1
		if a == "-printf" {
			n = 2
		}
		if i+n <= len(args) {
			print := "-print"
			if slices.Contains(args, "-print0") {
				print = "-print0"
			}
			hint = append(append(append([]string{}, args[:i]...), print), args[i+n:]...)
		}
		return catalog.Unsupported(hint, "find %s prints a custom format; the parser reads paths (-print, -print0)", a)
	}
	return catalog.Unsupported(nil, "find %s does not print paths to standard output", a)
}

// findReplace replaces every argument equal to from.
func findReplace(args []string, from, to string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == from {
			a = to
		}
		out[i] = a
	}
	return out
}

func findCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	_, perr := findRead(argv, os)
	return perr
}

// findUnder reports whether path is a starting point or below one: find
// prints nothing else, so a line that is not is the rest of a name that
// held a newline.
func findUnder(path string, starts []string) bool {
	for _, s := range starts {
		if !strings.HasPrefix(path, s) {
			continue
		}
		if len(path) == len(s) || s[len(s)-1] == '/' || path[len(s)] == '/' {
			return true
		}
	}
	return false
}

func ParseFind(c *catalog.Context) (any, error) {
	fa, _ := findRead(c.Args, c.OS)
	raw := c.Raw
	r := c.Rows(1)
	kPaths := r.Name("paths/*")
	res := &FindResult{}
	if strings.IndexByte(raw, 0) >= 0 {
		// -print0: every path ends in NUL, and may hold anything else.
		res.Paths = make([]string, 0, min(strings.Count(raw, "\x00")+1, 1<<20))
		for pos := 0; pos < len(raw); {
			end := strings.IndexByte(raw[pos:], 0)
			if end < 0 {
				end = len(raw)
			} else {
				end += pos
			}
			p := raw[pos:end]
			s := pos
			pos = end + 1
			if p == "" {
				c.Unread(s) // find never prints an empty path
				continue
			}
			if c.Full(len(res.Paths)) {
				c.Omit(1)
				continue
			}
			r.At(kPaths, len(res.Paths), 0, s, end, 0)
			res.Paths = append(res.Paths, p)
		}
		r.Finish()
		return res, nil
	}
	starts := fa.starts
	if len(starts) == 0 {
		starts = []string{"."}
	}
	for _, s := range starts {
		if s == "" {
			starts = nil // no prefix to check against
		}
	}
	res.Paths = make([]string, 0, min(lex.CountLines(raw), 1<<20))
	last := -1 // start offset of the last kept path, for continuations
	lastOmitted := false
	warned := false
	it := lex.Lines{Raw: raw}
	for line, start := range it.All() {
		if starts != nil && !findUnder(line, starts) && (last >= 0 || lastOmitted) {
			// The rest of a name holding a newline: find printed it whole.
			if lastOmitted {
				continue
			}
			end := start + len(line)
			res.Paths[len(res.Paths)-1] = raw[last:end]
			r.Extend(end)
			if !warned {
				warned = true
				c.Warn("a path held a newline and was joined with the line before it; -print0 gives exact paths")
			}
			continue
		}
		if line == "" {
			c.Unread(start)
			continue
		}
		if c.Full(len(res.Paths)) {
			c.Omit(1)
			lastOmitted, last = true, -1
			continue
		}
		lastOmitted = false
		last = start
		r.At(kPaths, len(res.Paths), 0, start, start+len(line), 0)
		res.Paths = append(res.Paths, line)
	}
	r.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return findParsers() }
