package catalog

import (
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// customSchemas are written for result types whose JSON is not what their
// Go declaration says: a MarshalJSON that adds columns inline or picks one
// array, or a map[string]any whose keys and values follow a rule. Each
// starts from the struct's own schema and states the rest; the schema test
// checks them against every golden output.
var customSchemas map[reflect.Type]func(g *schemaGen, t reflect.Type) *jsonschema.Schema

func init() {
	// Filled here, not in the declaration: the builders call back into the
	// generator, which reads this map.
	customSchemas = map[reflect.Type]func(*schemaGen, reflect.Type) *jsonschema.Schema{
		reflect.TypeFor[KubectlGetResult](): kubectlGetSchema,
		reflect.TypeFor[KubeRow]():          extraColumns("string", "integer"),
		reflect.TypeFor[DockerContainer]():  extraColumns("string"),
		reflect.TypeFor[DockerStat]():       extraColumns("string"),
		reflect.TypeFor[DockerImage]():      extraColumns("string"),
		reflect.TypeFor[PsProcess]():        extraColumns("string"),
		reflect.TypeFor[FreeResult]():       freeSchema,
	}
}

// kubectlGetSchema: MarshalJSON writes kind and exactly one array of rows,
// named after the resource ("pods", "events") or "items", [] when empty.
func kubectlGetSchema(g *schemaGen, t reflect.Type) *jsonschema.Schema {
	s := g.object(t)
	for _, k := range []string{"pods", "events", "items"} {
		s.OneOf = append(s.OneOf, &jsonschema.Schema{Required: []string{k}})
	}
	return s
}

// extraColumns: the row's MarshalJSON writes its known fields, then each
// column the parser has no field for, keyed by its header in snake_case.
func extraColumns(types ...string) func(*schemaGen, reflect.Type) *jsonschema.Schema {
	return func(g *schemaGen, t reflect.Type) *jsonschema.Schema {
		s := g.object(t)
		extra := &jsonschema.Schema{Description: "a column without a field of its own, keyed by its header in snake_case"}
		if len(types) == 1 {
			extra.Type = types[0]
		} else {
			extra.Types = types
		}
		s.AdditionalProperties = extra
		return s
	}
}

// freeSchema: each row maps "<column>_<unit>" to a whole number, or to the
// text free printed for -h ("_human").
func freeSchema(g *schemaGen, t reflect.Type) *jsonschema.Schema {
	s := g.object(t)
	for name, p := range s.Properties {
		row := &jsonschema.Schema{
			Type:        "object",
			Description: p.Description,
			PropertyNames: &jsonschema.Schema{
				Pattern: `^(total|used|free|shared|buff_cache|buffers|cache|available)_(bytes|kib|mib|gib|tib|pib|kb|mb|gb|tb|pb|human)$`,
			},
			PatternProperties: map[string]*jsonschema.Schema{
				`_human$`:              {Type: "string"},
				`_(bytes|[kmgtp]i?b)$`: {Type: "integer", Minimum: jsonschema.Ptr(0.0)},
			},
			AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		}
		s.Properties[name] = row
	}
	return s
}

// OneOf is a Result for a parser whose value takes one of several shapes,
// chosen by the arguments (git status: the long form or the short one).
// Its schema is oneOf the alternatives' schemas, and describe lists the
// fields of all of them.
type OneOf []any
