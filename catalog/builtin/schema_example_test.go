package builtin_test

import (
	"fmt"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
)

func ExampleParser_Schema() {
	r := builtin.Default().Parse(catalog.Input{Cmd: "wc", Args: []string{"-l"}, Raw: "  42 notes.txt\n", OS: catalog.Linux})
	if r.Err != nil {
		fmt.Println(r.Err)
		return
	}
	s := r.Parser.Schema()
	row := s.Properties["entries"].Items
	extra, _ := row.AdditionalProperties.MarshalJSON()
	fmt.Println(s.Required, row.Properties["lines"].Types, string(extra)) // no other field
	fmt.Println(r.Parser.ValidateValue(r.Value))
	fmt.Println(r.Parser.ValidateValue(map[string]any{"entries": []any{map[string]any{"lines": "42"}}}) != nil)
	// Output:
	// [entries] [null integer] false
	// <nil>
	// true
}
