package catalog

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

// SchemaDialect is the JSON Schema draft every parser schema is written in.
const SchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// schemaEntry is one parser's schema, built on first use. A parser's Result
// is read once: changing it after the first Schema call changes nothing.
type schemaEntry struct {
	once     sync.Once
	schema   *jsonschema.Schema
	Resolved *jsonschema.Resolved
	json     []byte
	version  string
	err      error
}

// schemas caches by parser rather than by Result type: two parsers sharing a
// type share nothing but the cost of a second build, which is small, and the
// Parser struct stays a plain value without a lock in it.
var schemas sync.Map

func (p *Parser) SchemaEntry() *schemaEntry {
	v, ok := schemas.Load(p)
	if !ok {
		v, _ = schemas.LoadOrStore(p, &schemaEntry{})
	}
	e := v.(*schemaEntry)
	e.once.Do(func() {
		e.schema = SchemaOf(p.Result)
		e.schema.Schema = SchemaDialect
		if p.ID != "" {
			e.schema.Title = p.ID
		}
		if e.json, e.err = json.Marshal(e.schema); e.err != nil {
			return
		}
		sum := sha256.Sum256(e.json)
		e.version = hex.EncodeToString(sum[:6])
		e.Resolved, e.err = e.schema.Resolve(nil)
	})
	return e
}

// Schema returns the JSON Schema (draft 2020-12) of the value p's Parse
// returns, generated from p.Result the way encoding/json writes it: struct
// fields are properties, required unless tagged omitempty or omitzero, and
// no other property is allowed; pointers may be null; arrays and maps are
// never null (parsers emit [] and {}); map values and interface fields are
// as loose as their Go type. Result types with a custom MarshalJSON have a
// schema written for them here, others of that kind are left unconstrained.
//
// The schema is built once per parser and cached; the returned value is a
// copy the caller may change. A parser without a Result has the schema that
// accepts anything.
func (p *Parser) Schema() *jsonschema.Schema {
	e := p.SchemaEntry()
	if e.err != nil {
		return &jsonschema.Schema{}
	}
	return e.schema.CloneSchemas()
}

// SchemaJSON returns p.Schema() as JSON, with properties in field order.
func (p *Parser) SchemaJSON() []byte {
	e := p.SchemaEntry()
	if e.err != nil {
		return []byte("true")
	}
	return bytes.Clone(e.json)
}

// SchemaVersion is a short hash of p's schema: it changes exactly when the
// shape of the output changes, so a stored result can name the contract it
// was validated against.
func (p *Parser) SchemaVersion() string { return p.SchemaEntry().version }

// ValidateValue checks a parsed value (as Parse returns it, or decoded from
// its JSON) against p's schema. The error names the first offending
// location; a nil error means the value keeps the parser's contract.
func (p *Parser) ValidateValue(v any) error {
	e := p.SchemaEntry()
	if e.err != nil {
		return fmt.Errorf("catalog: parser %s: schema: %w", p.ID, e.err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("catalog: parser %s: %w", p.ID, err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("catalog: parser %s: %w", p.ID, err)
	}
	return e.Resolved.Validate(doc)
}

// schemaGen builds one schema. Types that refer to themselves (tree nodes)
// go to $defs and are referred to by name.
type schemaGen struct {
	root     reflect.Type
	building map[reflect.Type]bool
	recurse  map[reflect.Type]bool
	defs     map[string]*jsonschema.Schema
}

// SchemaOf is the schema of a Result: a zero value, a OneOf of several,
// or nil (anything).
func SchemaOf(result any) *jsonschema.Schema {
	g := &schemaGen{building: map[reflect.Type]bool{}, recurse: map[reflect.Type]bool{}, defs: map[string]*jsonschema.Schema{}}
	var s *jsonschema.Schema
	switch r := result.(type) {
	case nil:
		return &jsonschema.Schema{}
	case OneOf:
		s = &jsonschema.Schema{}
		for _, alt := range r {
			if alt == nil {
				return &jsonschema.Schema{}
			}
			s.OneOf = append(s.OneOf, g.root1(reflect.TypeOf(alt), false))
		}
	default:
		s = g.root1(reflect.TypeOf(r), true)
	}
	if len(g.defs) > 0 {
		s.Defs = g.defs
	}
	return s
}

// SchemaFor is schemaOf for a type.
func SchemaFor(t reflect.Type) *jsonschema.Schema { return SchemaOf(reflect.Zero(t).Interface()) }

// root1 builds one top-level type. A pointer is followed: Parse returns a
// value, never null. The root, when it contains itself, is referred to as
// "#"; the alternatives of a OneOf go to $defs instead.
func (g *schemaGen) root1(t reflect.Type, isRoot bool) *jsonschema.Schema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if isRoot {
		g.root = t
	}
	return g.typ(t)
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

func (g *schemaGen) typ(t reflect.Type) *jsonschema.Schema {
	if t.Kind() == reflect.Pointer {
		return nullable(g.typ(t.Elem()))
	}
	if g.building[t] {
		g.recurse[t] = true
		if t == g.root {
			return &jsonschema.Schema{Ref: "#"}
		}
		return &jsonschema.Schema{Ref: "#/$defs/" + defName(t)}
	}
	if s, ok := knownSchemas[t]; ok {
		return s.CloneSchemas()
	}
	if t.Kind() == reflect.Struct && t.Implements(schemaExtender) {
		ext := reflect.Zero(t).Interface().(SchemaExtender)
		return g.named(t, func() *jsonschema.Schema { return ext.ExtendSchema(g.object(t)) })
	}
	switch {
	case t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler):
		return &jsonschema.Schema{} // its own encoding, unknown here
	case t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler):
		return &jsonschema.Schema{Type: "string"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return &jsonschema.Schema{Type: "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &jsonschema.Schema{Type: "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &jsonschema.Schema{Type: "integer", Minimum: jsonschema.Ptr(0.0)}
	case reflect.Float32, reflect.Float64:
		return &jsonschema.Schema{Type: "number"}
	case reflect.String:
		return &jsonschema.Schema{Type: "string"}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !reflect.PointerTo(t.Elem()).Implements(jsonMarshaler) {
			return &jsonschema.Schema{Type: "string", ContentEncoding: "base64"}
		}
		return &jsonschema.Schema{Type: "array", Items: g.typ(t.Elem())}
	case reflect.Array:
		return &jsonschema.Schema{Type: "array", Items: g.typ(t.Elem()), MinItems: jsonschema.Ptr(t.Len()), MaxItems: jsonschema.Ptr(t.Len())}
	case reflect.Map:
		return &jsonschema.Schema{Type: "object", AdditionalProperties: g.typ(t.Elem())}
	case reflect.Struct:
		return g.named(t, func() *jsonschema.Schema { return g.object(t) })
	}
	// Interfaces hold anything; func, chan and complex values do not
	// encode at all, so nothing more can be said of them.
	return &jsonschema.Schema{}
}

// named builds a struct-like type, moving it to $defs when it turned out to
// contain itself.
func (g *schemaGen) named(t reflect.Type, build func() *jsonschema.Schema) *jsonschema.Schema {
	g.building[t] = true
	s := build()
	delete(g.building, t)
	if !g.recurse[t] || t == g.root {
		return s
	}
	g.defs[defName(t)] = s
	return &jsonschema.Schema{Ref: "#/$defs/" + defName(t)}
}

// object is a struct's schema as encoding/json writes it, ignoring any
// MarshalJSON of t itself (custom schemas start from it).
func (g *schemaGen) object(t reflect.Type) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
	if d := typeDocs[t.Name()]; d != "" && inCatalog(t) {
		s.Description = d
	}
	for _, f := range reflect.VisibleFields(t) {
		tag, hasTag := f.Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if name == "" && ft.Kind() == reflect.Struct {
				continue // promoted: its fields are visited on their own
			}
			if !f.IsExported() {
				continue
			}
		}
		if len(f.Index) > 1 && !promoted(t, f) {
			continue
		}
		if name == "" || !hasTag {
			name = f.Name
		}
		if _, dup := s.Properties[name]; dup {
			continue // the shallower field wins, as in encoding/json
		}
		fs := g.typ(f.Type)
		if hasOpt(opts, "string") {
			fs = stringEncoded(fs)
		}
		if d := f.Tag.Get("jsonschema"); d != "" {
			fs.Description = d
		} else if d := fieldDocs[t.Name()+"."+f.Name]; d != "" && inCatalog(t) {
			fs.Description = d
		}
		s.Properties[name] = fs
		s.PropertyOrder = append(s.PropertyOrder, name)
		if !hasOpt(opts, "omitempty") && !hasOpt(opts, "omitzero") {
			s.Required = append(s.Required, name)
		}
	}
	return s
}

// promoted reports whether a field of an embedded struct reaches t's JSON:
// every struct on the way must be embedded without a JSON name.
func promoted(t reflect.Type, f reflect.StructField) bool {
	cur := t
	for _, i := range f.Index[:len(f.Index)-1] {
		sf := cur.Field(i)
		if n, _, _ := strings.Cut(sf.Tag.Get("json"), ","); n != "" || sf.Tag.Get("json") == "-" {
			return false
		}
		cur = sf.Type
		if cur.Kind() == reflect.Pointer {
			cur = cur.Elem()
		}
	}
	return true
}

func hasOpt(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// stringEncoded is the ",string" option: scalars are written as strings.
func stringEncoded(s *jsonschema.Schema) *jsonschema.Schema {
	switch s.Type {
	case "integer", "number", "boolean":
		return &jsonschema.Schema{Type: "string", Description: s.Description}
	}
	return s
}

// nullable lets s be null too.
func nullable(s *jsonschema.Schema) *jsonschema.Schema {
	switch {
	case s.Type != "":
		s.Types, s.Type = []string{"null", s.Type}, ""
	case len(s.Types) > 0:
		if !containsStr(s.Types, "null") {
			s.Types = append([]string{"null"}, s.Types...)
		}
	case s.Ref != "":
		s = &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "null"}, s}}
	}
	return s // an unconstrained schema already admits null
}

func containsStr(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func defName(t reflect.Type) string {
	if t.Name() != "" {
		return t.Name()
	}
	return strings.NewReplacer("[", "_", "]", "_", "*", "_", ".", "_", " ", "_").Replace(t.String())
}

var catalogPkg = reflect.TypeFor[Parser]().PkgPath()

// inCatalog reports whether t is declared in the catalog module (the
// contract or a parser package), whose doc comments schema_docs.go holds.
func inCatalog(t reflect.Type) bool {
	p := t.PkgPath()
	return p == catalogPkg || strings.HasPrefix(p, catalogPkg+"/")
}

// knownSchemas are library types whose JSON form differs from their kind.
var knownSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[time.Time]():       {Type: "string", Format: "date-time"},
	reflect.TypeFor[time.Duration]():   {Type: "integer", Description: "nanoseconds"},
	reflect.TypeFor[json.Number]():     {Type: "number"},
	reflect.TypeFor[json.RawMessage](): {},
}
