package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/internal/boundedfile"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// fileConfig is one layer as written: every field is a pointer (or a map)
// so that a key that is absent stays nil and overrides nothing. The json and
// toml tags are the configuration keys; a test keeps them equal and in sync
// with Keys.
type fileConfig struct {
	TrustProjectConfig *bool          `json:"trust_project_config" toml:"trust_project_config"`
	Guard              *fileGuard     `json:"guard" toml:"guard"`
	Parsers            *fileParsers   `json:"parsers" toml:"parsers"`
	Telemetry          *fileTelemetry `json:"telemetry" toml:"telemetry"`
	Results            *fileResults   `json:"results" toml:"results"`
}

type fileGuard struct {
	AllowedCommands        *[]string                      `json:"allowed_commands" toml:"allowed_commands"`
	AllowedPaths           *[]string                      `json:"allowed_paths" toml:"allowed_paths"`
	Profile                *string                        `json:"profile" toml:"profile"`
	TimeoutMs              *int                           `json:"timeout_ms" toml:"timeout_ms"`
	MaxOutputBytes         *int                           `json:"max_output_bytes" toml:"max_output_bytes"`
	MaxItems               *int                           `json:"max_items" toml:"max_items"`
	DefaultPageSize        *int                           `json:"default_page_size" toml:"default_page_size"`
	MaxPageSize            *int                           `json:"max_page_size" toml:"max_page_size"`
	MaxConcurrentRuns      *int                           `json:"max_concurrent_runs" toml:"max_concurrent_runs"`
	MaxQueuedRuns          *int                           `json:"max_queued_runs" toml:"max_queued_runs"`
	Sandbox                *string                        `json:"sandbox" toml:"sandbox"`
	MaxMemoryMb            *int                           `json:"max_memory_mb" toml:"max_memory_mb"`
	BlockPatterns          *[]string                      `json:"block_patterns" toml:"block_patterns"`
	CommandArgRestrictions map[string]*fileArgRestriction `json:"command_arg_restrictions" toml:"command_arg_restrictions"`
	CommandPolicies        map[string]guard.CommandPolicy `json:"command_policies" toml:"command_policies"`
	Secrets                *fileSecrets                   `json:"secrets" toml:"secrets"`
}

type fileArgRestriction struct {
	BlockedFlags *[]string `json:"blocked_flags" toml:"blocked_flags"`
}

type fileSecrets struct {
	EnvPatterns            *[]string `json:"env_patterns" toml:"env_patterns"`
	OutputRedactionEnabled *bool     `json:"output_redaction_enabled" toml:"output_redaction_enabled"`
	OutputPatterns         *[]string `json:"output_patterns" toml:"output_patterns"`
}

type fileParsers struct {
	StrictSchemas           *bool           `json:"strict_schemas" toml:"strict_schemas"`
	ExternalIsolation       *string         `json:"external_isolation" toml:"external_isolation"`
	ExternalTimeLimitMs     *int            `json:"external_time_limit_ms" toml:"external_time_limit_ms"`
	ExternalMemoryLimitMb   *int            `json:"external_memory_limit_mb" toml:"external_memory_limit_mb"`
	AdaptiveFormatThreshold *fileThresholds `json:"adaptive_format_threshold" toml:"adaptive_format_threshold"`
}

type fileThresholds struct {
	JSON      *int `json:"json" toml:"json"`
	Compact   *int `json:"compact" toml:"compact"`
	JSONNoRaw *int `json:"json_no_raw" toml:"json_no_raw"`
}

type fileResults struct {
	MaxResultBytes *int `json:"max_result_bytes" toml:"max_result_bytes"`
	MaxTotalBytes  *int `json:"max_total_bytes" toml:"max_total_bytes"`
	MaxResults     *int `json:"max_results" toml:"max_results"`
	TTLMs          *int `json:"ttl_ms" toml:"ttl_ms"`
}

type fileTelemetry struct {
	Enabled *bool `json:"enabled" toml:"enabled"`
}

// keyLines maps a dotted key to the line where it is written.
type keyLines map[string]int

// maxFileBytes bounds a configuration file: the largest real one is a few
// KB, and a project's file is the repository's to choose.
const maxFileBytes = 1 << 20

// readFile reads and decodes one configuration file, chosen by extension.
// project marks the project's file, which the repository chooses: it is
// read only when it is (or links to) a file inside its own directory.
func readFile(path string, project bool) (*fileConfig, keyLines, error) {
	data, err := readBounded(path, project)
	if err != nil {
		return nil, nil, err
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return decodeJSON(path, data)
	case ".toml":
		return decodeTOML(path, data)
	}
	return nil, nil, &Error{File: path, Message: "unsupported file type: the name must end in .json or .toml"}
}

// readBounded reads a configuration file that must be a regular file of
// at most maxFileBytes. The file is opened without blocking (a FIFO in its
// place would hold the server's start forever, before any timeout exists)
// and checked on the descriptor read, so nothing swapped in between is
// read. A project's file linking out of its directory is refused: the
// server reads it unconfined, and its mistakes are reported to the agent.
func readBounded(path string, project bool) ([]byte, error) {
	fail := func(msg string) error { return &Error{File: path, Message: msg} }
	if project {
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil, fail("cannot read: " + unwrapPathError(err))
		}
		if dir := resolveLinks(filepath.Dir(path)); !within(real, dir) {
			return nil, fail("is a symbolic link out of the project directory (to " + real + "): not read")
		}
	}
	data, err := boundedfile.Read(path, maxFileBytes)
	switch {
	case errors.Is(err, boundedfile.ErrNotRegular):
		return nil, fail("is " + strings.TrimPrefix(err.Error(), "not a regular file: ") + ", not a regular file: not read")
	case errors.Is(err, boundedfile.ErrTooLarge):
		return nil, fail(fmt.Sprintf("is larger than a configuration file's %d bytes: not read", maxFileBytes))
	case err != nil:
		return nil, fail("cannot read: " + unwrapPathError(err))
	}
	return data, nil
}

func unwrapPathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// decodeJSON decodes a JSON layer. A first pass reads the document as
// tokens to find each key's line and refuse duplicate keys; a shape check
// then names the exact key of an unknown field or a wrong type (key names
// are matched case-sensitively, unlike encoding/json); finally the document
// is decoded strictly into fileConfig.
func decodeJSON(path string, data []byte) (*fileConfig, keyLines, error) {
	var tree any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		return nil, nil, jsonSyntaxError(path, data, err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		line := lineAt(data, int(dec.InputOffset()))
		msg := "unexpected data after the top-level object"
		if err == nil {
			msg = fmt.Sprintf("unexpected %v after the top-level object", tok)
		}
		return nil, nil, &Error{File: path, Line: line, Message: "malformed JSON: " + msg}
	}
	lines, err := jsonKeyLines(path, data)
	if err != nil {
		return nil, nil, err
	}
	if err := checkShape(path, lines, "", tree, reflect.TypeFor[fileConfig]()); err != nil {
		return nil, nil, err
	}
	var fc fileConfig
	dec = json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fc); err != nil {
		return nil, nil, jsonDecodeError(path, data, err)
	}
	return &fc, lines, nil
}

func jsonSyntaxError(path string, data []byte, err error) *Error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return &Error{File: path, Line: lineAt(data, int(se.Offset)), Message: "malformed JSON: " + se.Error()}
	case errors.Is(err, io.EOF):
		return &Error{File: path, Message: "malformed JSON: the file is empty (write {} for no settings)"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{File: path, Line: lineAt(data, len(data)), Message: "malformed JSON: unexpected end of file"}
	}
	return &Error{File: path, Message: "malformed JSON: " + err.Error()}
}

// jsonDecodeError maps an encoding/json error to an Error. The shape check
// normally catches these first; this is the backstop.
func jsonDecodeError(path string, data []byte, err error) *Error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &Error{File: path, Key: te.Field, Line: lineAt(data, int(te.Offset)),
			Message: fmt.Sprintf("expected %s, got %s", typeName(te.Type), te.Value)}
	}
	if msg, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		key, _ := strconv.Unquote(msg)
		return &Error{File: path, Key: key, Message: "unknown key"}
	}
	return jsonSyntaxError(path, data, err)
}

// jsonKeyLines walks the JSON tokens, recording the line of every key path
// and refusing a key written twice in one object.
func jsonKeyLines(path string, data []byte) (keyLines, error) {
	lines := keyLines{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var walk func(prefix string) error
	walk = func(prefix string) error {
		tok, err := dec.Token()
		if err != nil {
			return jsonSyntaxError(path, data, err)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return jsonSyntaxError(path, data, err)
				}
				key := joinKey(prefix, kt.(string))
				line := lineAt(data, int(dec.InputOffset()))
				if first, dup := lines[key]; dup {
					return &Error{File: path, Key: key, Line: line,
						Message: fmt.Sprintf("duplicate key (first set on line %d)", first)}
				}
				lines[key] = line
				if err := walk(key); err != nil {
					return err
				}
			}
			_, err = dec.Token() // '}'
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(fmt.Sprintf("%s[%d]", prefix, i)); err != nil {
					return err
				}
			}
			_, err = dec.Token() // ']'
		}
		if err != nil {
			return jsonSyntaxError(path, data, err)
		}
		return nil
	}
	return lines, walk("")
}

// decodeTOML decodes a TOML layer: first into a generic tree (syntax
// errors, duplicate keys), then a pass over the syntax tree for key lines,
// the shape check (exact key names, types), and finally a strict decode.
func decodeTOML(path string, data []byte) (*fileConfig, keyLines, error) {
	var tree map[string]any
	if err := toml.Unmarshal(data, &tree); err != nil {
		return nil, nil, tomlError(path, err, "malformed TOML: ")
	}
	lines := tomlKeyLines(data)
	if err := checkShape(path, lines, "", tree, reflect.TypeFor[fileConfig]()); err != nil {
		return nil, nil, err
	}
	var fc fileConfig
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fc); err != nil {
		return nil, nil, tomlError(path, err, "")
	}
	return &fc, lines, nil
}

// tomlError maps a go-toml error to an Error with key and line.
func tomlError(path string, err error, prefix string) *Error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		de := sm.Errors[0]
		line, _ := de.Position()
		return &Error{File: path, Key: strings.Join(de.Key(), "."), Line: line, Message: "unknown key"}
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		return &Error{File: path, Key: strings.Join(de.Key(), "."), Line: line, Message: prefix + msg}
	}
	return &Error{File: path, Message: prefix + err.Error()}
}

// tomlKeyLines records the line of every key path written in a TOML
// document, through tables, dotted keys and inline tables. The document has
// already parsed, so parser errors are not expected here.
func tomlKeyLines(data []byte) keyLines {
	lines := keyLines{}
	var p unstable.Parser
	p.Reset(data)
	record := func(prefix []string, it unstable.Iterator) []string {
		parts := slices.Clone(prefix)
		for it.Next() {
			n := it.Node()
			parts = append(parts, string(n.Data))
			key := strings.Join(parts, ".")
			if _, ok := lines[key]; !ok {
				lines[key] = p.Shape(n.Raw).Start.Line
			}
		}
		return parts
	}
	var keyValue func(prefix []string, kv *unstable.Node)
	keyValue = func(prefix []string, kv *unstable.Node) {
		parts := record(prefix, kv.Key())
		if v := kv.Value(); v.Kind == unstable.InlineTable {
			it := v.Children()
			for it.Next() {
				keyValue(parts, it.Node())
			}
		}
	}
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = record(nil, e.Key())
		case unstable.KeyValue:
			keyValue(table, e)
		}
	}
	return lines
}

// checkShape compares a generic decoded tree (from encoding/json with
// UseNumber, or from go-toml) with the Go type it will be decoded into, so
// that an unknown key or a wrong type is reported with its full dotted key
// (encoding/json's unknown-field error has no path and drops map keys from
// type errors) and key names are matched exactly.
func checkShape(path string, lines keyLines, key string, v any, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	fail := func(format string, args ...any) error {
		line := lines.near(key)
		if key == "" {
			line = 1 // the document itself
		}
		return &Error{File: path, Key: key, Line: line, Message: fmt.Sprintf(format, args...)}
	}
	switch t.Kind() {
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return fail("expected a boolean, got %s", valueKind(path, v))
		}
	case reflect.Int:
		if _, ok := intValue(v); !ok {
			return fail("expected an integer, got %s", valueKind(path, v))
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return fail("expected a string, got %s", valueKind(path, v))
		}
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			return fail("expected a list of strings, got %s", valueKind(path, v))
		}
		for i, e := range list {
			if _, ok := e.(string); !ok {
				return fail("expected a list of strings, but entry %d is %s", i+1, valueKind(path, e))
			}
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return fail("expected %s, got %s", tableName(path), valueKind(path, v))
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := checkShape(path, lines, joinKey(key, k), obj[k], t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return fail("expected %s, got %s", tableName(path), valueKind(path, v))
		}
		fields := map[string]reflect.Type{}
		var names []string
		for f := range t.Fields() {
			name := tagName(f)
			fields[name] = f.Type
			names = append(names, name)
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			sub := joinKey(key, k)
			ft, known := fields[k]
			if !known {
				msg := "unknown key"
				for _, n := range names {
					if strings.EqualFold(n, k) {
						msg += fmt.Sprintf(" (did you mean %q?)", n)
					}
				}
				return &Error{File: path, Key: sub, Line: lines.near(sub), Message: msg}
			}
			if err := checkShape(path, lines, sub, obj[k], ft); err != nil {
				return err
			}
		}
	default:
		panic("config: unexpected field type " + t.String())
	}
	return nil
}

// tagName is the key of a fileConfig field (its json tag; a test checks the
// toml tag is the same).
func tagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

func tableName(path string) string {
	if strings.EqualFold(filepath.Ext(path), ".toml") {
		return "a table"
	}
	return "an object"
}

// intValue accepts a JSON number written as an integer or a TOML integer
// that fits in an int.
func intValue(v any) (int, bool) {
	switch n := v.(type) {
	case json.Number:
		i, err := strconv.ParseInt(string(n), 10, 0)
		return int(i), err == nil
	case int64:
		if n < math.MinInt || n > math.MaxInt {
			return 0, false
		}
		return int(n), true
	}
	return 0, false
}

// valueKind describes a decoded value for an error message.
func valueKind(path string, v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprintf("boolean %v", x)
	case string:
		return "string " + strconv.Quote(x)
	case json.Number:
		return "number " + x.String()
	case int64:
		return "integer " + strconv.FormatInt(x, 10)
	case float64:
		return "float " + strconv.FormatFloat(x, 'g', -1, 64)
	case []any:
		return "a list"
	case map[string]any:
		return tableName(path)
	case time.Time, toml.LocalDate, toml.LocalTime, toml.LocalDateTime:
		return "a date/time"
	}
	return fmt.Sprintf("%T", v)
}

func typeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "a boolean"
	case reflect.Int:
		return "an integer"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "a list of strings"
	}
	return "an object"
}

func joinKey(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// near returns the line of key, or of its closest recorded parent.
func (l keyLines) near(key string) int {
	for key != "" {
		if n, ok := l[key]; ok {
			return n
		}
		i := strings.LastIndexAny(key, ".[")
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return 0
}

// lineAt returns the 1-based line of a byte offset.
func lineAt(data []byte, offset int) int {
	offset = min(max(offset, 0), len(data))
	return bytes.Count(data[:offset], []byte("\n")) + 1
}
