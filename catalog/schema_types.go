package catalog

import (
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// SchemaExtender is implemented by a result type whose JSON is not what its
// Go declaration says: a MarshalJSON that adds columns inline or picks one
// array, or a map[string]any whose keys and values follow a rule.
// ExtendSchema receives the schema generated from the struct and states
// the rest; the schema test checks it against every golden output.
type SchemaExtender interface {
	ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema
}

var schemaExtender = reflect.TypeFor[SchemaExtender]()

// ExtraColumns is the ExtendSchema of a row whose MarshalJSON writes its
// known fields, then each column the parser has no field for, keyed by its
// header in snake_case, as a value of one of types. Such a row writes
// MarshalJSON and JSONInline from one pair through kit.MarshalInline, so
// that the shaper reads it without encoding it (shaper.Inliner).
func ExtraColumns(s *jsonschema.Schema, types ...string) *jsonschema.Schema {
	extra := &jsonschema.Schema{Description: "a column without a field of its own, keyed by its header in snake_case"}
	if len(types) == 1 {
		extra.Type = types[0]
	} else {
		extra.Types = types
	}
	s.AdditionalProperties = extra
	return s
}

// OneOf is a Result for a parser whose value takes one of several shapes,
// chosen by the arguments (git status: the long form or the short one).
// Its schema is oneOf the alternatives' schemas, and describe lists the
// fields of all of them.
type OneOf []any
