package engine

import (
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog"
)

var fieldsCache sync.Map // *catalog.Parser -> []string

// fieldsOf lists what a parser returns, read from its JSON Schema so that
// describe shows the contract the schema test holds every golden output
// to: "path:type", with "." into objects, "[]" for arrays ("entries[].
// size_bytes:int"), "*" for keys a map or a row's extra columns choose
// ("processes[].*"). Strings carry no type, which keeps the list inside
// describe's 2 KB; a field that several output forms share is listed once.
func fieldsOf(p *catalog.Parser) []string {
	if f, ok := fieldsCache.Load(p); ok {
		return slices.Clone(f.([]string))
	}
	s := p.Schema()
	w := fieldWalker{defs: s.Defs, seen: map[string]bool{}, out: []string{}}
	w.walk(s, "", 0)
	fieldsCache.Store(p, w.out)
	return slices.Clone(w.out)
}

type fieldWalker struct {
	defs  map[string]*jsonschema.Schema
	seen  map[string]bool
	out   []string
	inRef []string // $defs being walked, so a tree stops at its children
}

// maxFieldDepth bounds nesting: deeper fields are named by their parent.
const maxFieldDepth = 4

func (w *fieldWalker) add(f string) {
	if !w.seen[f] {
		w.seen[f] = true
		w.out = append(w.out, f)
	}
}

// walk lists the fields of s, an object (or oneOf objects), under prefix.
func (w *fieldWalker) walk(s *jsonschema.Schema, prefix string, depth int) {
	for _, alt := range s.OneOf {
		w.walk(w.deref(alt), prefix, depth)
	}
	for _, name := range propertyNames(s) {
		w.field(s.Properties[name], prefix+name, depth)
	}
	if x := extraKeys(s); x != nil && len(s.Properties) > 0 {
		w.field(x, prefix+"*", depth)
	}
}

// field lists one property: itself if it is a leaf, else what it holds.
func (w *fieldWalker) field(s *jsonschema.Schema, path string, depth int) {
	if ref := refOf(s); ref != "" {
		if slices.Contains(w.inRef, ref) || ref == "#" {
			// A tree: the children have the shape of their parent.
			w.add(path + ":recursive")
			return
		}
		w.inRef = append(w.inRef, ref)
		defer func() { w.inRef = w.inRef[:len(w.inRef)-1] }()
		s = w.deref(s)
	}
	switch typ := schemaType(s); {
	case typ == "array" && s.Items != nil:
		if ref := refOf(s.Items); ref != "" && (slices.Contains(w.inRef, ref) || ref == "#") {
			w.add(path + "[]:recursive")
			return
		}
		if item := w.deref(s.Items); schemaType(item) == "object" && len(item.Properties) > 0 && depth < maxFieldDepth {
			if ref := refOf(s.Items); ref != "" {
				w.inRef = append(w.inRef, ref)
				defer func() { w.inRef = w.inRef[:len(w.inRef)-1] }()
			}
			w.walk(item, path+"[].", depth+1)
			return
		}
		w.field(s.Items, path+"[]", depth+1)
	case typ == "object" && len(s.Properties) > 0 && depth < maxFieldDepth:
		w.walk(s, path+".", depth+1)
	case typ == "object" && extraKeys(s) != nil && depth < maxFieldDepth:
		w.field(extraKeys(s), path+".*", depth+1)
	default:
		if t := shortType(s); t != "" {
			path += ":" + t
		}
		w.add(path)
	}
}

// refOf is the $ref of s, or of the non-null branch of a nullable ref.
func refOf(s *jsonschema.Schema) string {
	if len(s.AnyOf) == 2 && s.AnyOf[1].Ref != "" {
		return s.AnyOf[1].Ref
	}
	return s.Ref
}

// deref follows a local $ref into $defs.
func (w *fieldWalker) deref(s *jsonschema.Schema) *jsonschema.Schema {
	if len(s.AnyOf) == 2 && s.AnyOf[1].Ref != "" {
		s = s.AnyOf[1]
	}
	if d, ok := w.defs[strings.TrimPrefix(s.Ref, "#/$defs/")]; ok && s.Ref != "" {
		return d
	}
	return s
}

// propertyNames is the properties in the schema's order (field order).
func propertyNames(s *jsonschema.Schema) []string {
	names := slices.Clone(s.PropertyOrder)
	var rest []string
	for k := range s.Properties {
		if !slices.Contains(names, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(names, rest...)
}

// extraKeys is the schema of the keys an object takes besides its
// properties (a map's values, a row's extra columns), nil if none.
func extraKeys(s *jsonschema.Schema) *jsonschema.Schema {
	if ap := s.AdditionalProperties; ap != nil && ap.Not == nil {
		return ap
	}
	if len(s.PatternProperties) == 0 {
		return nil
	}
	// The union of the patterns' types (free: integers, or strings with -h).
	u := &jsonschema.Schema{}
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range s.PatternProperties {
			if !yield(k) {
				return
			}
		}
	}) {
		for _, t := range typesOf(s.PatternProperties[k]) {
			if !slices.Contains(u.Types, t) {
				u.Types = append(u.Types, t)
			}
		}
	}
	return u
}

func typesOf(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

// schemaType is the one non-null type of s, or "".
func schemaType(s *jsonschema.Schema) string {
	var t string
	for _, x := range typesOf(s) {
		if x == "null" {
			continue
		}
		if t != "" {
			return ""
		}
		t = x
	}
	return t
}

// shortType names a leaf's type for describe: "" for strings (the common
// case), int, num, bool, any, or a union such as "int|string".
func shortType(s *jsonschema.Schema) string {
	var parts []string
	for _, t := range typesOf(s) {
		switch t {
		case "null":
			continue
		case "integer":
			t = "int"
		case "number":
			t = "num"
		case "boolean":
			t = "bool"
		}
		parts = append(parts, t)
	}
	switch {
	case len(parts) == 0:
		return "any"
	case len(parts) == 1 && parts[0] == "string":
		return ""
	}
	slices.Sort(parts)
	return strings.Join(parts, "|")
}
