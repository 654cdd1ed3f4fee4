package pack

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// ManifestFile is the manifest's name inside a pack directory.
const ManifestFile = "parser.toml"

// Pack kinds.
const (
	KindDeclarative = "declarative"
	KindExec        = "exec"
)

// Manifest is parser.toml: what the pack reads and how.
type Manifest struct {
	// Name is the pack's name and the parser's ID; it must equal the
	// directory name once installed.
	Name string `toml:"name"`
	// Kind is "declarative" or "exec".
	Kind string `toml:"kind"`
	// Version of the pack's output contract (default "1").
	Version     string `toml:"version"`
	Description string `toml:"description"`
	Command     string `toml:"command"`
	Subcommand  string `toml:"subcommand"`
	// OS lists the userlands the pack reads (catalog OS ids); empty: all.
	OS []string `toml:"os"`
	// Flags the pack was verified for: "bool" or "value". Any other flag
	// makes the output unsupported_format.
	Flags map[string]string `toml:"flags"`
	// MaxPositionals bounds positional arguments; absent or -1: any.
	MaxPositionals *int `toml:"max_positionals"`
	// HeaderLines are skipped before data (a declarative header mode reads
	// column names from the last of them).
	HeaderLines int `toml:"header_lines"`
	// Noise matches lines that are not data ("^Total ").
	Noise string `toml:"noise"`
	// RowsKey names the top-level array of rows (default "rows").
	RowsKey string `toml:"rows_key"`
	// Schema is the JSON Schema file of the output (default "schema.json").
	Schema string `toml:"schema"`
	// Fixtures is the fixtures directory (default "fixtures").
	Fixtures string `toml:"fixtures"`
	// Examples are argument lists the pack reads, for describe.
	Examples [][]string `toml:"examples"`

	Declarative *Declarative `toml:"declarative"`
	Exec        *ExecSpec    `toml:"exec"`
}

// Declarative describes rows without code.
type Declarative struct {
	// Mode: "columns" (whitespace-split, the last column takes the rest of
	// the line), "header" (columns cut at the positions of the header's
	// names) or "regex" (one regular expression per row, named groups).
	Mode string `toml:"mode"`
	// Columns names the columns in "columns" mode.
	Columns []string `toml:"columns"`
	// Regex is the row expression in "regex" mode (RE2 syntax).
	Regex string `toml:"regex"`
	// Shape "rows" (default) emits {rows_key: [...]}; "object" (regex mode
	// with groups "key" and "value") emits one object of key: value.
	Shape string `toml:"shape"`
	// Fields types and transforms the columns; a column without a field is
	// a trimmed string.
	Fields []Field `toml:"fields"`
}

// Field converts one column or group.
type Field struct {
	// Name is the output field (or, in "object" shape, the key).
	Name string `toml:"name"`
	// From is the column, header name or group read (default Name).
	From string `toml:"from"`
	// Type: string (default), int, float, bool, bytes, timestamp.
	Type string `toml:"type"`
	// Layout is the Go time layout of a timestamp.
	Layout string `toml:"layout"`
	// Transforms apply in order before typing: trim, lower, upper.
	Transforms []string `toml:"transforms"`
	// Split, when set, turns the value into an array split on it.
	Split string `toml:"split"`
	// Optional: an empty value (or "-") becomes null instead of failing the row.
	Optional bool `toml:"optional"`
}

// ExecSpec runs a program in the pack directory.
type ExecSpec struct {
	// Command is the program and its fixed arguments; a relative program
	// path is resolved in the pack directory.
	Command []string `toml:"command"`
	// Args: "env" (default) passes the command's arguments as a JSON array
	// in PARISM_ARGS; "argv" also appends them to the program's arguments.
	Args string `toml:"args"`
}

// ManifestError is a mistake in a manifest, positioned when the TOML
// decoder knows where: "dir/parser.toml:7: flags: ...".
type ManifestError struct {
	File string
	Line int // 0 when unknown
	Key  string
	Msg  string
}

func (e *ManifestError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ReadManifest decodes and checks dir/parser.toml. Unknown keys are errors,
// so a misspelt key is never silently ignored.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestFile)
	b, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &ManifestError{File: path, Msg: "no manifest (a pack directory holds " + ManifestFile + ")"}
		}
		return nil, err
	}
	dec := toml.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, tomlError(path, b, err)
	}
	if err := m.check(); err != nil {
		var me *ManifestError
		if errors.As(err, &me) {
			me.File = path
			me.Line = keyLine(b, me.Key)
		}
		return nil, err
	}
	return &m, nil
}

func tomlError(path string, b []byte, err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		return &ManifestError{File: path, Line: line, Key: strings.Join(de.Key(), "."), Msg: de.Error()}
	}
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := sm.Errors[0]
		line, _ := e.Position()
		return &ManifestError{File: path, Line: line, Key: strings.Join(e.Key(), "."), Msg: "unknown key"}
	}
	return &ManifestError{File: path, Msg: err.Error()}
}

// keyLine finds the line that sets key (its last dotted part), so semantic
// errors point where TOML syntax errors do. 0 when not found.
func keyLine(b []byte, key string) int {
	if key == "" {
		return 0
	}
	last := key[strings.LastIndexByte(key, '.')+1:]
	if i := strings.IndexByte(last, '['); i >= 0 {
		last = last[:i]
	}
	for i, line := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, last+" ") || strings.HasPrefix(t, last+"=") || t == "["+last+"]" || t == "[["+key+"]]" {
			return i + 1
		}
	}
	return 0
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

func (m *Manifest) check() error {
	bad := func(key, format string, a ...any) error {
		return &ManifestError{Key: key, Msg: fmt.Sprintf(format, a...)}
	}
	if !nameRE.MatchString(m.Name) {
		return bad("name", "must be 1-64 of a-z 0-9 . _ - starting with a letter or digit, got %q", m.Name)
	}
	if m.Command == "" || strings.ContainsAny(m.Command, " /\\\x00") {
		return bad("command", "must be a program name without spaces or slashes, got %q", m.Command)
	}
	if strings.ContainsAny(m.Subcommand, " \x00") || strings.HasPrefix(m.Subcommand, "-") {
		return bad("subcommand", "must be one word that is not a flag, got %q", m.Subcommand)
	}
	if m.Version == "" {
		m.Version = "1"
	}
	if m.RowsKey == "" {
		m.RowsKey = "rows"
	}
	if m.Schema == "" {
		m.Schema = "schema.json"
	}
	if m.Fixtures == "" {
		m.Fixtures = "fixtures"
	}
	for _, p := range []struct{ key, v string }{{"schema", m.Schema}, {"fixtures", m.Fixtures}} {
		if filepath.IsAbs(p.v) || strings.HasPrefix(filepath.Clean(p.v), "..") {
			return bad(p.key, "must be a path inside the pack directory, got %q", p.v)
		}
	}
	for _, o := range m.OS {
		switch o {
		case "linux", "darwin", "freebsd", "windows":
		default:
			return bad("os", "unknown os %q (want linux, darwin, freebsd or windows)", o)
		}
	}
	for f, k := range m.Flags {
		if !strings.HasPrefix(f, "-") || f == "-" || f == "--" {
			return bad("flags", "bad flag %q (flags start with -)", f)
		}
		if k != "bool" && k != "value" {
			return bad("flags", "flag %s: kind must be \"bool\" or \"value\", got %q", f, k)
		}
	}
	if m.MaxPositionals != nil && *m.MaxPositionals < -1 {
		return bad("max_positionals", "must be -1 (any) or more, got %d", *m.MaxPositionals)
	}
	if m.HeaderLines < 0 {
		return bad("header_lines", "must not be negative, got %d", m.HeaderLines)
	}
	if m.Noise != "" {
		if _, err := regexp.Compile(m.Noise); err != nil {
			return bad("noise", "%v", err)
		}
	}
	switch m.Kind {
	case KindDeclarative:
		if m.Exec != nil {
			return bad("exec", "a declarative pack has no [exec] table")
		}
		if m.Declarative == nil {
			return bad("declarative", "a declarative pack needs a [declarative] table")
		}
		return m.Declarative.check(m)
	case KindExec:
		if m.Declarative != nil {
			return bad("declarative", "an exec pack has no [declarative] table")
		}
		if m.Exec == nil || len(m.Exec.Command) == 0 || m.Exec.Command[0] == "" {
			return bad("exec.command", "an exec pack needs [exec] command = [\"program\", ...]")
		}
		switch m.Exec.Args {
		case "", "env", "argv":
		default:
			return bad("exec.args", "must be \"env\" or \"argv\", got %q", m.Exec.Args)
		}
		return nil
	}
	return bad("kind", "must be %q or %q, got %q", KindDeclarative, KindExec, m.Kind)
}
