package engine

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/config"
)

// TestStrictSchemasBuiltin: with parsers.strict_schemas a built-in parser's
// output is checked against its schema; a parser that breaks its contract
// answers schema_violation instead of handing the agent a wrong shape.
func TestStrictSchemasBuiltin(t *testing.T) {
	type row struct {
		Name string `json:"name"`
	}
	type out struct {
		Rows []row `json:"rows"`
	}
	reg := catalog.NewRegistry()
	bad := false
	p := &catalog.Parser{ID: "strictcheck", Command: "strictcheck", Version: "1", Format: "test", MaxPositionals: -1,
		Result: out{}, RowsKey: "rows",
		Parse: func(c *catalog.Context) (any, error) {
			if bad {
				// A field the schema does not have: the contract is broken.
				return map[string]any{"rows": []any{map[string]any{"name": "a", "surprise": 1}}}, nil
			}
			return out{Rows: []row{{Name: "a"}}}, nil
		}}
	if err := reg.Register(p); err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{false, true} {
		e, _ := newTestEngine(t, func(c *config.Config) { c.Parsers.StrictSchemas = strict }, WithRegistry(reg))
		for _, b := range []bool{false, true} {
			bad = b
			env := e.Parse(ParseRequest{Cmd: "strictcheck", Raw: "a\n", Format: "json"})
			violated := env.Stdout.ParseError != nil && env.Stdout.ParseError.Reason == catalog.ReasonSchemaViolation
			if want := strict && b; violated != want {
				t.Errorf("strict=%v bad=%v: schema_violation=%v, want %v (parse_error %+v)", strict, b, violated, want, env.Stdout.ParseError)
			}
			if violated && (env.Stdout.Parsed != nil || env.Failure == nil || env.Failure.Reason != "schema_violation") {
				t.Errorf("strict=%v bad=%v: parsed %v, failure %+v", strict, b, env.Stdout.Parsed, env.Failure)
			}
		}
	}
}
