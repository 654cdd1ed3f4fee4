// Package env reads the output of `env` for the catalog: the parser env.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package env

import (
	"strings"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// EnvResult is the parsed output of `env` (or `env -0`). Vars is a JSON
// object, so its keys come out sorted, whatever order env printed them
// in; a name printed twice keeps its last value (with a warning).
type EnvResult struct {
	Vars map[string]string `json:"vars"`
}

var envParserDef = &catalog.Parser{
	ID:      "env",
	Command: "env",
	Version: "1",
	Format:  "env's NAME=value lines (values may run over several lines), or NUL-terminated with -0",
	// Flags checked against GNU coreutils 9.1 env(1) (run here), FreeBSD
	// 14 and macOS 14 env(1) and BusyBox 1.35 env: -v/--debug write to
	// standard error only. -C, -S, -P and signal options only matter with
	// a command, which is refused (env then prints the command's output).
	Flags: catalog.Flags{
		"-0": catalog.Bool, "-i": catalog.Bool, "-u": catalog.Value,
		"--null": catalog.Bool, "--ignore-environment": catalog.Bool, "--unset": catalog.Value,
		"-v": catalog.Bool, "--debug": catalog.Bool,
	},
	MaxPositionals: -1,
	Result:         EnvResult{},
	RowsKey:        "",
	Examples:       [][]string{{}, {"-0"}, {"-u", "PAGER"}},
}

// envParsers wires the envParserDef and returns it for the builtin list.
func envParsers() []*catalog.Parser {
	envParserDef.Check, envParserDef.Parse = envCheck, parseEnv
	return []*catalog.Parser{envParserDef}
}

// envCheck refuses a command operand: env would run it and print its
// output, not the environment.
func envCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	for _, a := range argv.Items {
		if a.Flag == "" && strings.IndexByte(a.Pos, '=') <= 0 {
			return catalog.Unsupported(append([]string{}, args[:a.Index]...),
				"env %s runs a program; the parser reads the environment env prints", a.Pos)
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

func parseEnv(c *catalog.Context) (any, error) {
	res := &EnvResult{Vars: map[string]string{}}
	raw := c.Raw
	null := strings.IndexByte(raw, 0) >= 0
	it := lex.Lines{Raw: raw}
	if null {
		it.NUL = true
	}
	var vars []envVar
	rows, joined := 0, false
	for line, start := range it.All() {
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
		return nil, catalog.Unrecognized("no line of the output reads as NAME=value")
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
			c.Span(v.valStart, v.valEnd, "", "vars", v.name)
		}
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return envParsers() }
