package pack

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
)

// FixtureVersion is the fixture_version this package writes and reads.
const FixtureVersion = 1

// Fixture is one captured run of a command: what a parser read and,
// optionally, what a human says it should have produced. `parism capture`
// writes it, `parism test` replays it offline.
type Fixture struct {
	FixtureVersion int    `json:"fixture_version"`
	Command        string `json:"command"`
	// Args are the arguments after masking.
	Args []string `json:"args"`
	// OS is the catalog OS id the output came from.
	OS string `json:"os"`
	// Cwd has the home directory replaced by "~".
	Cwd        string    `json:"cwd,omitempty"`
	CapturedAt time.Time `json:"captured_at"`
	ExitCode   int       `json:"exit_code"`
	// Raw is stdout after masking: exactly what parsers read.
	Raw        string      `json:"raw"`
	Stderr     string      `json:"stderr,omitempty"`
	Redactions []Redaction `json:"redactions,omitempty"`
	// Parser is the parser that matched at capture time; nil if none.
	Parser   *ParserRef `json:"parser"`
	Expected *Expected  `json:"expected,omitempty"`
}

// Redaction records one masking applied at capture time.
type Redaction struct {
	// Kind is "secret", "home" or "arg_value".
	Kind string `json:"kind"`
	// Where is "stdout", "stderr", "cwd" or "args[N]".
	Where string `json:"where"`
	Count int    `json:"count"`
	Note  string `json:"note,omitempty"`
}

// ParserRef names a parser and the version of its output contract.
type ParserRef struct {
	ID      string `json:"id"`
	Version string `json:"version"`
}

// Expected is what the parser should produce. Without ReviewedBy it is a
// proposal (capture fills Parsed from the parser that ran) and never counts
// as a failure.
type Expected struct {
	// Parsed is the whole parsed document, compared in full: fields it
	// lacks are reported as extra.
	Parsed     json.RawMessage `json:"parsed,omitempty"`
	ReviewedBy string          `json:"reviewed_by,omitempty"`
	Note       string          `json:"note,omitempty"`
	Evidence   *Evidence       `json:"evidence,omitempty"`
}

// Reviewed reports whether a human vouched for the expectation.
func (e *Expected) Reviewed() bool { return e != nil && strings.TrimSpace(e.ReviewedBy) != "" }

// Evidence expects spans for some pointers of the parsed document. Only the
// given pointers are checked unless Exhaustive is set.
type Evidence struct {
	Pointers   map[string]EvidenceSpan `json:"pointers"`
	Exhaustive bool                    `json:"exhaustive,omitempty"`
}

// EvidenceSpan is the expected source of one value: "verbatim" with the
// exact source text, or "derived" (a transform was applied).
type EvidenceSpan struct {
	SourceKind string `json:"source_kind"`
	Text       string `json:"text,omitempty"`
}

// Redaction kinds.
const (
	RedactSecret   = "secret"
	RedactHome     = "home"
	RedactArgValue = "arg_value"
)

// Evidence source kinds.
const (
	SourceVerbatim = "verbatim"
	SourceDerived  = "derived"
)

// FieldError is a validation error naming the file and the field.
type FieldError struct {
	File  string // may be empty when validating in memory
	Field string // JSON path of the field: "expected.parsed", "redactions[0].kind"
	Msg   string
}

func (e *FieldError) Error() string {
	if e.File == "" {
		return e.Field + ": " + e.Msg
	}
	return e.File + ": " + e.Field + ": " + e.Msg
}

// ErrFixture is matched by every fixture validation and decoding error
// (errors.Is), so callers tell a bad fixture from an I/O failure.
var ErrFixture = errors.New("invalid fixture")

func (e *FieldError) Is(target error) bool { return target == ErrFixture }

// Validate checks the fixture's fields. It returns the first problem as a
// *FieldError.
func (f *Fixture) Validate() error {
	bad := func(field, format string, a ...any) error {
		return &FieldError{Field: field, Msg: fmt.Sprintf(format, a...)}
	}
	switch {
	case f.FixtureVersion != FixtureVersion:
		return bad("fixture_version", "got %d, want %d", f.FixtureVersion, FixtureVersion)
	case f.Command == "" || strings.ContainsAny(f.Command, " /\x00"):
		return bad("command", "must be a program name without spaces or slashes, got %q", f.Command)
	}
	if _, err := catalog.ParseOS(f.OS); err != nil {
		return bad("os", "%v", err)
	}
	for i, r := range f.Redactions {
		field := fmt.Sprintf("redactions[%d]", i)
		switch r.Kind {
		case RedactSecret, RedactHome, RedactArgValue:
		default:
			return bad(field+".kind", "must be secret, home or arg_value, got %q", r.Kind)
		}
		if !validWhere(r.Where) {
			return bad(field+".where", "must be stdout, stderr, cwd or args[N], got %q", r.Where)
		}
		if r.Count < 1 {
			return bad(field+".count", "must be at least 1, got %d", r.Count)
		}
	}
	if f.Parser != nil && f.Parser.ID == "" {
		return bad("parser.id", "empty (use null when no parser matched)")
	}
	if e := f.Expected; e != nil {
		if len(e.Parsed) == 0 && e.Evidence == nil {
			return bad("expected", "has neither parsed nor evidence")
		}
		if len(e.Parsed) > 0 && !json.Valid(e.Parsed) {
			return bad("expected.parsed", "not valid JSON")
		}
		if ev := e.Evidence; ev != nil {
			for p, s := range ev.Pointers {
				field := "expected.evidence.pointers[" + p + "]"
				if p != "" && p[0] != '/' {
					return bad(field, "a JSON pointer must start with /")
				}
				switch s.SourceKind {
				case SourceVerbatim, SourceDerived:
				default:
					return bad(field+".source_kind", "must be verbatim or derived, got %q", s.SourceKind)
				}
			}
		}
	}
	return nil
}

func validWhere(w string) bool {
	switch w {
	case "stdout", "stderr", "cwd":
		return true
	}
	n, ok := strings.CutPrefix(w, "args[")
	n, ok2 := strings.CutSuffix(n, "]")
	if !ok || !ok2 || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Load reads and validates one fixture file. Unknown fields are an error:
// a misspelt "reviewd_by" must not silently turn a contract into a proposal.
func Load(path string) (*Fixture, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(path, b)
}

// Decode parses and validates fixture JSON; name is used in errors.
func Decode(name string, b []byte) (*Fixture, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f Fixture
	if err := dec.Decode(&f); err != nil {
		return nil, &FieldError{File: name, Field: jsonErrField(err), Msg: jsonErrMsg(b, err)}
	}
	if dec.More() {
		return nil, &FieldError{File: name, Field: "(document)", Msg: "trailing data after the fixture object"}
	}
	if err := f.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			fe.File = name
		}
		return nil, err
	}
	return &f, nil
}

func jsonErrField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return strings.Trim(f, `"`)
	}
	return "(document)"
}

func jsonErrMsg(b []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(b[:min(int(se.Offset), len(b))], []byte("\n"))
		return fmt.Sprintf("line %d: %v", line, err)
	}
	if strings.HasPrefix(err.Error(), "json: unknown field ") {
		return "unknown field"
	}
	return err.Error()
}

// Save validates f and writes it as indented JSON, atomically (a temporary
// file renamed into place), creating the directory if needed.
func (f *Fixture) Save(path string) error {
	if err := f.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			fe.File = path
		}
		return err
	}
	if f.Args == nil {
		f.Args = []string{} // "args": [] reads better than null for a human reviewer
	}
	b, err := Marshal(f)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fixture-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Marshal renders a fixture as indented JSON without HTML escaping, so raw
// output containing < > & stays readable when a human reviews the file.
func Marshal(f *Fixture) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// LoadDir loads every *.json fixture directly in dir, sorted by name. A file
// that fails to load is returned in errs and does not stop the others.
func LoadDir(dir string) (fixtures []*Fixture, paths []string, errs []error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, nil, []error{err}
	}
	for _, p := range names {
		f, err := Load(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		fixtures = append(fixtures, f)
		paths = append(paths, p)
	}
	return fixtures, paths, errs
}
