package pack

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/parism-go/parism/catalog"
)

// Pack is a loaded pack: its manifest and the parser built from it.
type Pack struct {
	Dir      string
	Manifest *Manifest
	// Parser is registered like a built-in parser; its ID is the pack name.
	Parser *catalog.Parser
	// Schema is the output's JSON Schema as written in the pack.
	Schema *jsonschema.Schema

	resolved *jsonschema.Resolved
	exec     *execRunner
}

// Kind is "declarative" or "exec".
func (p *Pack) Kind() string { return p.Manifest.Kind }

// FixturesDir is where the pack keeps its fixtures.
func (p *Pack) FixturesDir() string { return filepath.Join(p.Dir, p.Manifest.Fixtures) }

// LoadPack reads the pack in dir and builds its parser. Every mistake is
// reported here, none on the first call.
func LoadPack(dir string, opts Options) (*Pack, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	p := &Pack{Dir: dir, Manifest: m}
	if err := p.loadSchema(); err != nil {
		return nil, err
	}
	if m.Kind == KindExec {
		p.exec = newExecRunner(m, dir, opts)
		prog := p.exec.argv[0]
		if strings.ContainsRune(m.Exec.Command[0], '/') {
			if st, err := os.Stat(prog); err != nil || st.IsDir() || (st.Mode()&0o111 == 0 && !isWindows()) {
				return nil, &ManifestError{File: filepath.Join(dir, ManifestFile), Line: 0, Key: "exec.command",
					Msg: fmt.Sprintf("%s is not an executable file in the pack", m.Exec.Command[0])}
			}
		} else if _, err := lookPath(prog); err != nil {
			return nil, &ManifestError{File: filepath.Join(dir, ManifestFile), Key: "exec.command", Msg: err.Error()}
		}
	}
	p.Parser = p.buildParser(opts)
	return p, nil
}

func (p *Pack) loadSchema() error {
	path := filepath.Join(p.Dir, p.Manifest.Schema)
	b, err := os.ReadFile(path)
	if err != nil {
		return &ManifestError{File: filepath.Join(p.Dir, ManifestFile), Key: "schema", Msg: fmt.Sprintf("cannot read the output schema: %v", err)}
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(b, &s); err != nil {
		return &ManifestError{File: path, Msg: fmt.Sprintf("not a JSON Schema: %v", err)}
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return &ManifestError{File: path, Msg: fmt.Sprintf("invalid JSON Schema: %v", err)}
	}
	p.Schema, p.resolved = &s, rs
	return nil
}

func (p *Pack) buildParser(opts Options) *catalog.Parser {
	m := p.Manifest
	parser := &catalog.Parser{
		ID: m.Name, Command: m.Command, Subcommand: m.Subcommand, Version: m.Version,
		Format: "pack (" + m.Kind + ")", RowsKey: m.RowsKey, MaxPositionals: -1, Examples: m.Examples,
	}
	if m.Description != "" {
		parser.Format += ": " + m.Description
	}
	if m.MaxPositionals != nil {
		parser.MaxPositionals = *m.MaxPositionals
	}
	if m.Declarative != nil && m.Declarative.Shape == ShapeObject {
		parser.RowsKey = ""
	}
	for _, o := range m.OS {
		parser.OS = append(parser.OS, catalog.OS(o))
	}
	if len(m.Flags) > 0 {
		parser.Flags = catalog.Flags{}
		for f, k := range m.Flags {
			parser.Flags[f] = catalog.Bool
			if k == "value" {
				parser.Flags[f] = catalog.Value
			}
		}
	}
	var parse func(*catalog.Context) (any, error)
	if p.exec != nil {
		parse = p.exec.parse
	} else {
		parse = compileDeclarative(m).parse
	}
	if opts.StrictSchemas {
		inner := parse
		parse = func(c *catalog.Context) (any, error) {
			v, err := inner(c)
			if err != nil {
				return nil, err
			}
			if err := p.Validate(v); err != nil {
				return nil, &catalog.ParseError{Reason: catalog.ReasonSchemaViolation, Message: fmt.Sprintf("pack %s: %v", m.Name, err)}
			}
			return v, nil
		}
	}
	parser.Parse = parse
	return parser
}

// Validate checks a value against the pack's schema. The value is first
// put through JSON, so it is checked exactly as an agent would receive it.
func (p *Pack) Validate(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return err
	}
	return p.resolved.Validate(doc)
}

// Fields lists the output's fields from the schema ("rows[].name"), for
// describe.
func (p *Pack) Fields() []string {
	out := []string{}
	schemaFields(p.Schema, "", &out, 0)
	return out
}

func schemaFields(s *jsonschema.Schema, prefix string, out *[]string, depth int) {
	if s == nil || depth > 2 {
		return
	}
	for _, name := range slices.Sorted(mapKeys(s.Properties)) {
		ps := s.Properties[name]
		if ps != nil && ps.Items != nil && len(ps.Items.Properties) > 0 {
			schemaFields(ps.Items, prefix+name+"[].", out, depth+1)
			continue
		}
		*out = append(*out, prefix+name)
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// LoadPacks loads every pack directly under dir. A pack that fails to load
// is reported in errs and never stops the others; directories starting
// with "." (an add in progress) are skipped. A missing dir is no packs.
func LoadPacks(dir string, opts Options) (packs []*Pack, errs []error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, []error{err}
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p, err := LoadPack(filepath.Join(dir, e.Name()), opts)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if p.Manifest.Name != e.Name() {
			errs = append(errs, &ManifestError{File: filepath.Join(dir, e.Name(), ManifestFile), Key: "name",
				Msg: fmt.Sprintf("the pack is named %q but installed as %q", p.Manifest.Name, e.Name())})
			continue
		}
		packs = append(packs, p)
	}
	return packs, errs
}

// Home is Parism's own directory: $PARISM_HOME, else ~/.parism.
func Home() string {
	if h := os.Getenv("PARISM_HOME"); h != "" {
		return h
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ".parism"
	}
	return filepath.Join(home, ".parism")
}

// ParsersDir is where installed packs live: Home()/parsers.
func ParsersDir() string { return filepath.Join(Home(), "parsers") }

// FixturesDir is where `parism capture` saves fixtures: Home()/fixtures.
func FixturesDir() string { return filepath.Join(Home(), "fixtures") }
