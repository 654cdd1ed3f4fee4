package catalog

import (
	"strings"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// The environment family: env, pwd and which.

// ---------------------------------------------------------------- env

// EnvResult is the parsed output of `env` (or `env -0`). Vars is a JSON
// object, so its keys come out sorted, whatever order env printed them
// in; a name printed twice keeps its last value (with a warning).
type EnvResult struct {
	Vars map[string]string `json:"vars"`
}

var envParserDef = &Parser{
	ID:      "env",
	Command: "env",
	Version: "1",
	Format:  "env's NAME=value lines (values may run over several lines), or NUL-terminated with -0",
	// Flags checked against GNU coreutils 9.1 env(1) (run here), FreeBSD
	// 14 and macOS 14 env(1) and BusyBox 1.35 env: -v/--debug write to
	// standard error only. -C, -S, -P and signal options only matter with
	// a command, which is refused (env then prints the command's output).
	Flags: Flags{
		"-0": Bool, "-i": Bool, "-u": Value,
		"--null": Bool, "--ignore-environment": Bool, "--unset": Value,
		"-v": Bool, "--debug": Bool,
	},
	MaxPositionals: -1,
	Result:         EnvResult{},
	RowsKey:        "",
	Examples:       [][]string{{}, {"-0"}, {"-u", "PAGER"}},
}

// envParsers wires the envParserDef and returns it for the builtin list.
func envParsers() []*Parser {
	envParserDef.Check, envParserDef.Parse = envCheck, parseEnv
	return []*Parser{envParserDef}
}

// envCheck refuses a command operand: env would run it and print its
// output, not the environment.
func envCheck(args []string, _ OS) *ParseError {
	scanned := scanArgs(args, fsKinds(envParserDef.Flags), false)
	for _, a := range scanned {
		if a.flag == "" && strings.IndexByte(a.pos, '=') <= 0 {
			return Unsupported(append([]string{}, args[:a.index]...),
				"env %s runs a program; the parser reads the environment env prints", a.pos)
		}
	}
	return nil
}

// envName reports whether s can be the name of a variable env printed on a
// line of its own (anything but '=', spaces and control characters).
func envName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f {
			return false
		}
	}
	return true
}

// envVar is one NAME=value as printed: the value is Raw[valStart:valEnd].
type envVar struct {
	name             string
	valStart, valEnd int
}

func parseEnv(c *Context) (any, error) {
	res := &EnvResult{Vars: map[string]string{}}
	raw := c.Raw
	null := strings.IndexByte(raw, 0) >= 0
	it := fsRecords{raw: raw, sep: '\n'}
	if null {
		it.sep = 0
	}
	var vars []envVar
	rows, joined := 0, false
	for {
		line, start, ok := it.next()
		if !ok {
			break
		}
		if line == "" && (null || len(vars) == 0) {
			continue
		}
		rows++
		eq := strings.IndexByte(line, '=')
		if eq > 0 && !utf8.ValidString(line[:eq]) {
			// A JSON key cannot hold these bytes: reported, not mangled.
			c.Unread(start)
			continue
		}
		if eq > 0 && (null || envName(line[:eq])) {
			vars = append(vars, envVar{line[:eq], start + eq + 1, start + len(line)})
			continue
		}
		if len(vars) > 0 && !null {
			// A value holding a newline: env printed it as it is.
			vars[len(vars)-1].valEnd = start + len(line)
			joined = true
			continue
		}
		c.Unread(start)
	}
	if rows > 0 && len(vars) == 0 {
		return nil, Unrecognized("no line of the output reads as NAME=value")
	}
	if joined {
		c.Warn("a value ran over several lines and was joined; env -0 separates variables exactly")
	}
	last := make(map[string]int, len(vars))
	for i, v := range vars {
		if _, dup := last[v.name]; dup {
			c.Warn("variable " + v.name + " is printed more than once; the last value is kept")
		}
		last[v.name] = i
	}
	kept := 0
	for i, v := range vars {
		if last[v.name] != i {
			continue
		}
		if c.Full(kept) {
			c.Omit(1)
			continue
		}
		kept++
		res.Vars[v.name] = raw[v.valStart:v.valEnd]
		if c.Recording() {
			c.spanPath(v.valStart, v.valEnd, "", "vars", v.name)
		}
	}
	return res, nil
}

// ---------------------------------------------------------------- pwd

// PwdResult is the parsed output of `pwd`.
type PwdResult struct {
	Path string `json:"path,omitempty"`
}

var pwdParserDef = &Parser{
	ID:      "pwd",
	Command: "pwd",
	Version: "1",
	Format:  "pwd's one path (a path holding a newline is read whole)",
	// Flags checked against GNU coreutils 9.1 pwd(1), FreeBSD/macOS
	// pwd(1) and BusyBox 1.35 (no flags).
	Flags:          Flags{"-L": Bool, "-P": Bool, "--logical": Bool, "--physical": Bool},
	MaxPositionals: 0,
	Result:         PwdResult{},
	Examples:       [][]string{{}, {"-P"}},
	Parse:          parsePwd,
}

// pwdParsers wires the pwdParserDef and returns it for the builtin list.
func pwdParsers() []*Parser {
	return []*Parser{pwdParserDef}
}

func parsePwd(c *Context) (any, error) {
	raw := c.Raw
	end := len(raw)
	if end > 0 && raw[end-1] == '\n' {
		end--
		if end > 0 && raw[end-1] == '\r' {
			end--
		}
	}
	if end == 0 {
		return &PwdResult{}, nil
	}
	if raw[0] != '/' && !(len(raw) > 2 && raw[1] == ':' && (raw[2] == '\\' || raw[2] == '/')) {
		return nil, Unrecognized("pwd printed %q, not an absolute path", firstLine(raw))
	}
	c.Span("/path", 0, end, "")
	return &PwdResult{Path: raw[:end]}, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// ---------------------------------------------------------------- which

// WhichResult is the parsed output of `which`.
type WhichResult struct {
	// Paths are the printed paths in output order (several per name with -a).
	Paths []string `json:"paths"`
	// Missing lists the operands no path was printed for (which writes
	// nothing on standard output for them). Absent when a printed line
	// matches no operand, since then the mapping is unknown.
	Missing []string `json:"missing,omitempty"`
}

var whichParserDef = &Parser{
	ID:      "which",
	Command: "which",
	Version: "1",
	Format:  "which's paths, one per line (-a: every match)",
	// Flags checked against debianutils 5.7 which (run here: -a, -s),
	// FreeBSD/macOS which(1) (-a, -s), BusyBox 1.35 which (-a) and GNU
	// which 2.21's --help (--all and the --skip-* options keep the form;
	// --read-alias/--read-functions add alias and function text, not
	// admitted).
	Flags: Flags{"-a": Bool, "-s": Bool, "--all": Bool, "--skip-alias": Bool, "--skip-functions": Bool,
		"--skip-dot": Bool, "--skip-tilde": Bool},
	MaxPositionals: -1,
	Result:         WhichResult{},
	RowsKey:        "paths",
	Examples:       [][]string{{"go"}, {"-a", "python3", "node"}},
	ExitAnswers: []ExitAnswer{{Code: 1, Means: "one or more names were not found (missing lists them when the output allows)",
		Source: "debianutils which(1) EXIT STATUS (2 is an invalid option); FreeBSD/macOS which(1) EXIT STATUS"}},
}

// whichParsers wires the whichParserDef and returns it for the builtin list.
func whichParsers() []*Parser {
	whichParserDef.Parse = parseWhich
	return []*Parser{whichParserDef}
}

func parseWhich(c *Context) (any, error) {
	scanned := scanArgs(c.Args, fsKinds(whichParserDef.Flags), false)
	names := fsOperands(scanned)
	silent := fsHasFlag(scanned, "-s")
	r := newSpanRec(c, 1)
	kPaths := r.name("paths/*")
	res := &WhichResult{Paths: []string{}}
	found := make([]bool, len(names))
	mapped := true
	rows := 0
	it := lex.Lines{Raw: c.Raw}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		rows++
		if strings.IndexByte(line, '/') < 0 && strings.IndexByte(line, '\\') < 0 {
			c.Unread(start) // not a path: a shell's "x not found" or an alias
			continue
		}
		hit := false
		for i, n := range names {
			if line == n || strings.HasSuffix(line, "/"+n) || strings.HasSuffix(line, "\\"+n) {
				found[i], hit = true, true
			}
		}
		mapped = mapped && hit
		if c.Full(len(res.Paths)) {
			c.Omit(1)
			continue
		}
		r.at(kPaths, len(res.Paths), 0, start, start+len(line), 0)
		res.Paths = append(res.Paths, line)
	}
	if rows > 0 && len(res.Paths) == 0 {
		return nil, Unrecognized("no line of the output is a path")
	}
	if mapped && !silent && len(c.UnreadOffsets()) == 0 {
		for i, n := range names {
			if !found[i] {
				// No byte of the output says so: the span is empty, at the end.
				c.spanPath(len(c.Raw), len(c.Raw), "absentFromOutput", "missing", len(res.Missing))
				res.Missing = append(res.Missing, n)
			}
		}
	}
	r.finish()
	return res, nil
}
