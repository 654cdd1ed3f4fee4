package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/shaper"
)

// maxToolsListTokens bounds what tools/list costs an agent, in o200k_base
// tokens: every conversation pays it (the Node original's four tools cost
// 680; ours were 9,281 with output schemas).
const maxToolsListTokens = 3000

// checkToolsListCost measures the tools/list result as a client receives
// it; TestToolsList, the schema snapshot test, calls it.
func checkToolsListCost(t *testing.T, res *mcp.ListToolsResult) {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := shaper.TokenizerByName(shaper.TokenizerO200k)
	if err != nil {
		t.Fatal(err)
	}
	n := tok.Count(b)
	t.Logf("tools/list: %d bytes, %d o200k_base tokens", len(b), n)
	if n > maxToolsListTokens {
		t.Errorf("tools/list costs %d o200k_base tokens, more than %d: shorten descriptions, do not repeat prose across tools", n, maxToolsListTokens)
	}
}

// TestSchemasPortable checks every schema tools/list publishes against the
// rules below, which keep a schema within what strict clients take: the
// MCP Inspector's --strict lint, Gemini's function declarations (an
// OpenAPI 3.0 subset: one type per schema, string enums, no $ref) and
// OpenAI's function calling.
func TestSchemasPortable(t *testing.T) {
	e, _ := newEngine(t, nil)
	cs := connect(t, e, nil, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) == 0 {
		t.Fatal("no tools listed")
	}
	for _, tl := range res.Tools {
		if !toolName.MatchString(tl.Name) {
			t.Errorf("tool name %q: want %s (Gemini and OpenAI function names)", tl.Name, toolName)
		}
		for kind, s := range map[string]any{"inputSchema": tl.InputSchema, "outputSchema": tl.OutputSchema} {
			if s == nil {
				continue
			}
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			for _, p := range unportable(v, kind) {
				t.Errorf("%s: %s", tl.Name, p)
			}
		}
	}
}

// TestUnportable shows that each rule catches what it is for.
func TestUnportable(t *testing.T) {
	obj := func(props string) string {
		return `{"type":"object","additionalProperties":false,"properties":` + props + `}`
	}
	for _, c := range []struct {
		schema, want string
	}{
		{obj(`{"a":{"type":"string","description":"x"}}`), ""},
		{obj(`{"a":true}`), "bare true"},
		{obj(`{"a":false}`), "bare false"},
		{obj(`{"a":{"type":["null","array"],"items":{"type":"string"}}}`), "type array"},
		{obj(`{"a":{"description":"x"}}`), "no type"},
		{`{"properties":{}}`, "no type"},
		{obj(`{"a":{"type":"date"}}`), "unknown type"},
		{obj(`{"a":{"type":"array"}}`), "array without items"},
		{`{"type":"object"}`, "object without properties"},
		{obj(`{"a":{"type":"integer","enum":[1,2]}}`), "enum"},
		{obj(`{"a":{"type":"string","enum":["x",1]}}`), "enum"},
		{obj(`{"a":{"$ref":"#/$defs/b"}}`), "keyword $ref"},
		{obj(`{"a":{"type":"string","oneOf":[{"type":"string"}]}}`), "keyword oneOf"},
		{obj(`{"a":{"anyOf":[{"type":["string","null"]}]}}`), "type array"},
		{obj(`{"a":{"anyOf":[{"type":"string"},{"anyOf":[{"type":"null"}]}]}}`), "nested anyOf"},
		{obj(`{"a":{"type":"string","anyOf":[{"type":"string"}]}}`), "both type and anyOf"},
		{`{"type":"object","properties":{},"required":["a"]}`, "required names a missing property"},
		{`{"type":"object","properties":{},"additionalProperties":{"type":"string"}}`, "additionalProperties"},
	} {
		var v any
		if err := json.Unmarshal([]byte(c.schema), &v); err != nil {
			t.Fatalf("%s: %v", c.schema, err)
		}
		got := strings.Join(unportable(v, "s"), "; ")
		switch {
		case c.want == "" && got != "":
			t.Errorf("%s: %s, want no finding", c.schema, got)
		case c.want != "" && !strings.Contains(got, c.want):
			t.Errorf("%s: findings %q, want one saying %q", c.schema, got, c.want)
		}
	}
}

var toolName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`)

// portableKeywords are the only keywords a published schema may use: the
// ones Gemini's OpenAPI subset and OpenAI's function calling both read
// (anyOf only as a union of single-type branches, the Inspector's advice
// for a value of several types; additionalProperties only as false, which
// keeps unknown parameters refused). $ref/$defs are left out: Gemini does
// not resolve them and each tool's schema stands alone anyway.
var portableKeywords = []string{"type", "description", "properties", "required", "items", "enum",
	"minimum", "maximum", "additionalProperties", "anyOf"}

var jsonTypes = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

// unportable returns what breaks the rules in schema v, one finding each:
//   - every schema is an object (a bare true or false is an Inspector
//     --strict error, and dialects without boolean schemas reject it);
//   - type is one name (a type array is an Inspector warning, rejected by
//     single-type dialects), and every schema has one: an untyped schema
//     accepts anything and Gemini requires a type;
//   - or, instead of type, anyOf of single-type branches, not nested;
//   - an array has items, an object has properties (Gemini and OpenAI
//     require both), required names only declared properties;
//   - enum only on strings, with string values (Gemini's enum is a string
//     format);
//   - no keyword outside portableKeywords; additionalProperties is false.
func unportable(v any, path string) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, path+": "+fmt.Sprintf(format, args...)) }
	m, ok := v.(map[string]any)
	if !ok {
		if b, isBool := v.(bool); isBool {
			bad("bare %t where a schema object is expected", b)
		} else {
			bad("%T where a schema object is expected", v)
		}
		return out
	}
	for k := range m {
		if !slices.Contains(portableKeywords, k) {
			bad("keyword %s is not portable", k)
		}
	}
	typ, hasType := m["type"]
	branches, hasAnyOf := m["anyOf"].([]any)
	switch {
	case hasType && hasAnyOf:
		bad("both type and anyOf")
	case hasAnyOf:
		for i, b := range branches {
			bp := fmt.Sprintf("%s.anyOf[%d]", path, i)
			if bm, ok := b.(map[string]any); ok && bm["anyOf"] != nil {
				out = append(out, bp+": nested anyOf")
				continue
			}
			out = append(out, unportable(b, bp)...)
		}
		return out
	case !hasType:
		bad("no type")
		return out
	}
	name, isString := typ.(string)
	switch {
	case !isString:
		bad("type array %v: use one type (optional instead of nullable, or anyOf)", typ)
		return out
	case !slices.Contains(jsonTypes, name):
		bad("unknown type %q", name)
	}
	if enum, ok := m["enum"].([]any); ok {
		if name != "string" {
			bad("enum on a %s (only string enums are portable)", name)
		}
		for _, e := range enum {
			if _, ok := e.(string); !ok {
				bad("enum value %v is not a string", e)
			}
		}
	}
	if ap, ok := m["additionalProperties"]; ok && ap != false {
		bad("additionalProperties %v: only false is portable", ap)
	}
	switch name {
	case "array":
		items, ok := m["items"]
		if !ok {
			bad("array without items")
			break
		}
		out = append(out, unportable(items, path+".items")...)
	case "object":
		props, ok := m["properties"].(map[string]any)
		if !ok {
			bad("object without properties")
			break
		}
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, unportable(props[k], path+".properties."+k)...)
		}
		req, _ := m["required"].([]any)
		for _, r := range req {
			if s, _ := r.(string); props[s] == nil {
				bad("required names a missing property %v", r)
			}
		}
	}
	return out
}
