package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
)

// describe's fields are read from the parser's schema: types, nested
// objects, maps, extra columns, trees and the union of a OneOf.
func TestDescribeFieldsFromSchema(t *testing.T) {
	type node struct {
		Name     string `json:"name"`
		Children []node `json:"children,omitempty"`
	}
	type inner struct {
		Major *int64 `json:"major,omitempty"`
	}
	type long struct {
		Branch string            `json:"branch"`
		Ahead  *int64            `json:"ahead,omitempty"`
		Dev    *inner            `json:"device,omitempty"`
		Env    map[string]string `json:"env"`
		Tree   []node            `json:"tree"`
		Sizes  []float64         `json:"sizes"`
		Any    any               `json:"any"`
		Hidden string            `json:"-"`
	}
	type short struct {
		Branch  string `json:"branch"`
		Entries []struct {
			XY     string `json:"xy"`
			Quoted bool   `json:"quoted,omitempty"`
		} `json:"entries"`
	}
	p := &catalog.Parser{ID: "probe", Command: "probe", Result: catalog.OneOf{long{}, short{}},
		Parse: func(*catalog.Context) (any, error) { return nil, nil }}
	want := []string{"branch", "ahead:int", "device.major:int", "env.*", "tree[].name", "tree[].children[]:recursive",
		"sizes[]:num", "any:any", "entries[].xy", "entries[].quoted:bool"}
	if got := fieldsOf(p); !slices.Equal(got, want) {
		t.Errorf("fields\n got %q\nwant %q", got, want)
	}

	e, _ := newTestEngine(t, nil)
	cases := []struct {
		cmd  string
		want []string
	}{
		{"git status", []string{"branch", "ahead:int", "staged[].path", "untracked[]", "entries[].xy", "entries[].quoted:bool"}},
		{"tree", []string{"tree[].name", "tree[].children[]:recursive", "total_dirs:int"}},
		{"ps", []string{"processes[].pid:int", "processes[].cpu_percent:num", "processes[].command", "processes[].*"}},
		{"free", []string{"mem.*:int|string"}},
		{"wc", []string{"entries[].lines:int", "total.lines:int"}},
	}
	for _, c := range cases {
		t.Run(c.cmd, func(t *testing.T) {
			info := e.DescribeCommand(c.cmd)
			if len(info.Parsers) == 0 {
				t.Fatalf("no parser: %s", mustMarshal(t, info))
			}
			fields := expandFields(info.Parsers[0].Fields)
			for _, f := range c.want {
				if !slices.Contains(fields, f) {
					t.Errorf("fields %q lack %q", fields, f)
				}
			}
			if b, _ := Marshal(info); len(b) > describeLimit {
				t.Errorf("%d bytes", len(b))
			}
		})
	}

	// Every field of every parser names a path its schema has.
	for _, ps := range builtin.Default().Parsers() {
		schema := string(ps.SchemaJSON())
		for _, f := range fieldsOf(ps) {
			path, _, _ := strings.Cut(f, ":")
			for _, part := range strings.FieldsFunc(path, func(r rune) bool { return r == '.' || r == '[' || r == ']' }) {
				if part != "*" && !strings.Contains(schema, `"`+part+`":`) {
					t.Errorf("%s: field %q: %q is not a property of the schema", ps.ID, f, part)
				}
			}
		}
	}
}
