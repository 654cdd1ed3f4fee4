package builtin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

var parseErrorSchema = func() *jsonschema.Resolved {
	s := catalog.SchemaFor(reflect.TypeFor[catalog.ParseError]())
	s.Schema = catalog.SchemaDialect
	r, err := s.Resolve(nil)
	if err != nil {
		panic(err)
	}
	return r
}()

// TestSchemaGolden: every golden output validates against its parser's
// schema, and every golden parse_error against ParseError's.
func TestSchemaGolden(t *testing.T) {
	parsers := map[string]*catalog.Parser{}
	for _, p := range Default().Parsers() {
		parsers[p.ID] = p
	}
	n := 0
	for _, gc := range loadGolden(t) {
		p := parsers[gc.parser]
		if p == nil {
			t.Errorf("%s: no parser %q", gc.path, gc.parser)
			continue
		}
		doc := catalogtest.Decode(t, gc.spec.Expected)
		var err error
		if m, ok := doc.(map[string]any); ok && len(m) == 1 && m["parse_error"] != nil {
			err = parseErrorSchema.Validate(m["parse_error"])
		} else {
			err = p.SchemaEntry().Resolved.Validate(doc)
			n++
		}
		if err != nil {
			t.Errorf("%s: does not validate against the %s schema: %v", gc.path, p.ID, err)
		}
	}
	if n < 100 {
		t.Errorf("only %d golden values validated", n)
	}
}

// TestSchemaOutputs feeds each parser every golden input of its own under
// each of its example argument lists, and empty and blank output, and
// validates whatever comes out: more shapes of real output than the
// goldens pin (other flags, empty rows, arrays that could be null).
func TestSchemaOutputs(t *testing.T) {
	raws := map[string][]goldenCase{}
	for _, gc := range loadGolden(t) {
		raws[gc.parser] = append(raws[gc.parser], gc)
	}
	reg := Default()
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	checked := 0
	for _, p := range reg.Parsers() {
		oses := p.OS
		if len(oses) == 0 {
			oses = []catalog.OS{catalog.Linux}
		}
		inputs := []goldenCase{{name: "empty", raw: ""}, {name: "blank", raw: "\n \n"}}
		inputs = append(inputs, raws[p.ID]...)
		examples := p.Examples
		if len(examples) == 0 {
			examples = [][]string{nil}
		}
		for _, in := range inputs {
			for _, args := range examples {
				for _, o := range oses {
					if in.path != "" && in.os != o {
						continue
					}
					r := reg.Parse(catalog.Input{Cmd: p.Command, Args: args, Raw: in.raw, OS: o, Now: now, Location: time.UTC})
					if r.Err != nil || r.Parser == nil {
						continue
					}
					checked++
					if err := r.Parser.ValidateValue(r.Value); err != nil {
						t.Errorf("%s %q on %s input %s%s: %v", p.Command, args, o, in.name, in.path, err)
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d outputs validated", checked)
	}
}

func TestSchemaEveryParser(t *testing.T) {
	hex12 := regexp.MustCompile(`^[0-9a-f]{12}$`)
	for _, p := range Default().Parsers() {
		t.Run(p.ID, func(t *testing.T) {
			s := p.Schema()
			if props(s) == 0 {
				t.Fatalf("schema has no properties: %s", p.SchemaJSON())
			}
			if s.Schema != catalog.SchemaDialect || s.Title != p.ID {
				t.Errorf("$schema %q, title %q", s.Schema, s.Title)
			}
			if v := p.SchemaVersion(); !hex12.MatchString(v) {
				t.Errorf("schema version %q", v)
			}
			// The JSON form is a schema too, and the same one.
			var back jsonschema.Schema
			if err := json.Unmarshal(p.SchemaJSON(), &back); err != nil {
				t.Fatal(err)
			}
			if _, err := back.Resolve(nil); err != nil {
				t.Fatalf("the JSON schema does not resolve: %v", err)
			}
			// Callers get copies.
			s.Properties, s.OneOf = nil, nil
			if props(p.Schema()) == 0 {
				t.Error("changing the returned schema changed the parser's")
			}
		})
	}
	var none catalog.Parser
	if err := none.ValidateValue(map[string]any{"x": 1}); err != nil {
		t.Errorf("a parser without Result should accept anything: %v", err)
	}
}

// props counts the properties of an object schema, or of all the objects
// a oneOf allows.
func props(s *jsonschema.Schema) int {
	n := 0
	if s.Type == "object" {
		n += len(s.Properties)
	}
	for _, alt := range s.OneOf {
		if alt.Ref != "" {
			alt = s.Defs[strings.TrimPrefix(alt.Ref, "#/$defs/")]
		}
		n += props(alt)
	}
	return n
}

// TestSchemaCatches proves the validation above can fail: values that
// break the contract in each way the schemas state.
func TestSchemaCatches(t *testing.T) {
	reg := Default()
	byID := map[string]*catalog.Parser{}
	for _, p := range reg.Parsers() {
		byID[p.ID] = p
	}
	cases := []struct {
		parser, doc string
		bad         string // substring of the error; "" when the value is valid
	}{
		{"ls", `{"entries":[{"name":"a","type":"file","size_bytes":3}]}`, ""},
		{"ls", `{"entries":[{"name":"a","type":"file","size_bytes":"3"}]}`, "size_bytes"},
		{"ls", `{"entries":[{"name":"a","type":"file","color":"red"}]}`, "color"},
		{"ls", `{"entries":[],"extra":1}`, "extra"},
		{"ls", `{"entries":null}`, "entries"},
		{"ls", `{}`, "entries"},
		{"ps", `{"processes":[{"pid":1,"command":"init","psr_x":"3"}]}`, ""},
		{"ps", `{"processes":[{"pid":1.5}]}`, "pid"},
		{"ps", `{"processes":[{"pid":1,"psr_x":3}]}`, "additionalProperties"},
		{"kubectl-get", `{"kind":"pods","pods":[{"name":"web","restarts":2,"custom_col":"x"}]}`, ""},
		{"kubectl-get", `{"kind":"pods","pods":[],"items":[]}`, "oneOf"},
		{"kubectl-get", `{"kind":"pods"}`, "oneOf"},
		{"free", `{"mem":{"total_bytes":1024,"used_human":"1Gi"}}`, ""},
		{"git-status", `{"branch":"main","staged":[],"modified":[],"untracked":[],"unmerged":[]}`, ""},
		{"git-status", `{"branch":"main","entries":[{"xy":"M.","index":"modified","worktree":"unmodified","path":"a"}]}`, ""},
		{"git-status", `{"branch":"main","entries":[],"staged":[]}`, "oneOf"},
		{"free", `{"mem":{"total_bytes":"1024"}}`, "patternProperties"},
		{"free", `{"mem":{"total_furlongs":1}}`, "total_furlongs"},
	}
	for _, c := range cases {
		t.Run(c.parser+" "+c.doc, func(t *testing.T) {
			p := byID[c.parser]
			if p == nil {
				t.Fatalf("no parser %s", c.parser)
			}
			err := p.SchemaEntry().Resolved.Validate(catalogtest.Decode(t, []byte(c.doc)))
			switch {
			case c.bad == "" && err != nil:
				t.Errorf("valid value refused: %v", err)
			case c.bad != "" && err == nil:
				t.Errorf("invalid value accepted; want an error about %q", c.bad)
			case c.bad != "" && !strings.Contains(err.Error(), c.bad):
				t.Errorf("error %q does not name %q", err, c.bad)
			}
		})
	}
}

// The generator on the Go shapes result types use.
type schemaNode struct {
	Name     string       `json:"name"`
	Children []schemaNode `json:"children,omitempty"`
}

type schemaInner struct {
	Deep string `json:"deep"`
}

type schemaNamed struct {
	X int `json:"x"`
}

type schemaProbe struct {
	schemaInner                    // promoted
	Named        schemaNamed       `json:"named"`
	Str          string            `json:"str"`
	Opt          string            `json:"opt,omitempty"`
	Zero         time.Time         `json:"zero,omitzero"`
	Ptr          *int64            `json:"ptr,omitempty"`
	Env          map[string]string `json:"env"`
	Any          any               `json:"any"`
	Raw          json.RawMessage   `json:"raw"`
	Bytes        []byte            `json:"bytes"`
	Quoted       int               `json:"quoted,string"`
	Fixed        [2]float64        `json:"fixed"`
	Tree         *schemaNode       `json:"tree"`
	Skip         string            `json:"-"`
	hidden       string
	NoTag        uint8
	Hint         *schemaNamed `json:"hint,omitempty"`
	Numbers      []int        `json:"numbers"`
	OptionalList []string     `json:"optional_list,omitempty"`
}

func TestSchemaGenerator(t *testing.T) {
	s := catalog.SchemaFor(reflect.TypeFor[*schemaProbe]())
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	_ = schemaProbe{}.hidden
	want := `{"type":"object",` +
		`"properties":{"deep":{"type":"string"},` +
		`"named":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false},` +
		`"str":{"type":"string"},"opt":{"type":"string"},` +
		`"zero":{"type":"string","format":"date-time"},` +
		`"ptr":{"type":["null","integer"]},` +
		`"env":{"type":"object","additionalProperties":{"type":"string"}},` +
		`"any":true,"raw":true,` +
		`"bytes":{"type":"string","contentEncoding":"base64"},` +
		`"quoted":{"type":"string"},` +
		`"fixed":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2},` +
		`"tree":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/schemaNode"}]},` +
		`"NoTag":{"type":"integer","minimum":0},` +
		`"hint":{"type":["null","object"],"properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false},` +
		`"numbers":{"type":"array","items":{"type":"integer"}},` +
		`"optional_list":{"type":"array","items":{"type":"string"}}},` +
		`"required":["deep","named","str","env","any","raw","bytes","quoted","fixed","tree","NoTag","numbers"],` +
		`"additionalProperties":false,` +
		`"$defs":{"schemaNode":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/schemaNode"}}},"required":["name"],"additionalProperties":false}}}`
	if got := catalogtest.Canonical(t, b); got != catalogtest.Canonical(t, []byte(want)) {
		t.Errorf("schema differs\n%s", catalogtest.LineDiff(catalogtest.Canonical(t, []byte(want)), got))
	}
	// The recursive definition resolves and validates nested values.
	s.Schema = catalog.SchemaDialect
	r, err := s.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	good := `{"deep":"d","named":{"x":1},"str":"","env":{"A":"1"},"any":[1],"raw":{"k":null},"bytes":"AQI=","quoted":"7",` +
		`"fixed":[1,2.5],"tree":{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]},"NoTag":3,"numbers":[]}`
	if err := r.Validate(catalogtest.Decode(t, []byte(good))); err != nil {
		t.Errorf("valid value refused: %v", err)
	}
	bad := strings.Replace(good, `{"name":"c"}`, `{"name":"c","size":1}`, 1)
	if err := r.Validate(catalogtest.Decode(t, []byte(bad))); err == nil {
		t.Error("an extra field three levels down was accepted")
	}
}

// TestSchemaDocs keeps schema_docs.go (the result types' doc comments,
// which become the schemas' descriptions) in step with the source:
// go test -run TestSchemaDocs -update rewrites it.
func TestSchemaDocs(t *testing.T) {
	types, fields := collectDocs(t)
	got := renderDocs(types, fields)
	if *update {
		if err := os.WriteFile(docsFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, got) {
		t.Errorf("schema_docs.go is stale: run go test -run TestSchemaDocs -update\n%s",
			catalogtest.LineDiff(string(got), string(have)))
	}
	// A description reaches the schema.
	p := findParser(t, "ls")
	if p.Schema().Description == "" {
		t.Error("the ls schema has no description")
	}
}

// docsFile is the generated table of the result types' doc comments, in
// the catalog package (the schema generator reads it).
var docsFile = filepath.Join("..", "schema_docs.go")

// collectDocs reads the doc comments of every exported struct type of the
// package that has JSON-tagged fields, and of those fields.
func collectDocs(t testing.TB) (types, fields map[string]string) {
	t.Helper()
	fset := token.NewFileSet()
	var files []string
	for _, pat := range []string{"*.go", filepath.Join("internal", "*", "*.go"), filepath.Join("parsers", "*", "*.go")} {
		m, err := filepath.Glob(filepath.Join("..", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	types, fields = map[string]string{}, map[string]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == docsFile {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				ts := sp.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok || !ts.Name.IsExported() {
					continue
				}
				tagged := false
				for _, fl := range st.Fields.List {
					if fl.Tag == nil || !strings.Contains(fl.Tag.Value, `json:"`) || strings.Contains(fl.Tag.Value, `json:"-"`) {
						continue
					}
					tagged = true
					doc := fl.Doc
					if doc == nil {
						doc = fl.Comment
					}
					for _, n := range fl.Names {
						if txt := docText(doc); txt != "" {
							fields[ts.Name.Name+"."+n.Name] = txt
						}
					}
				}
				doc := ts.Doc
				if doc == nil {
					doc = gd.Doc
				}
				if txt := docText(doc); tagged && txt != "" {
					types[ts.Name.Name] = txt
				}
			}
		}
	}
	return types, fields
}

func docText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	return strings.Join(strings.Fields(g.Text()), " ")
}

func renderDocs(types, fields map[string]string) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by go test -run TestSchemaDocs -update; DO NOT EDIT.\n\npackage catalog\n\n")
	b.WriteString("// typeDocs and fieldDocs are the doc comments of the result types, which\n")
	b.WriteString("// become the schemas' descriptions (the running program has no source).\n")
	for _, m := range []struct {
		name string
		docs map[string]string
	}{{"typeDocs", types}, {"fieldDocs", fields}} {
		fmt.Fprintf(&b, "var %s = map[string]string{\n", m.name)
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range m.docs {
				if !yield(k) {
					return
				}
			}
		}) {
			fmt.Fprintf(&b, "\t%s: %s,\n", strconv.Quote(k), strconv.Quote(m.docs[k]))
		}
		b.WriteString("}\n")
		if m.name == "typeDocs" {
			b.WriteString("\n")
		}
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		panic(err) // strconv.Quote output always formats
	}
	return out
}

// BenchmarkSchema measures building every parser's schema (cold, what the
// first describe pays) and validating a parsed ls listing.
func BenchmarkSchema(b *testing.B) {
	b.Run("build-all", func(b *testing.B) {
		ps := Default().Parsers()
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range ps {
				if s := catalog.SchemaOf(p.Result); s == nil {
					b.Fatal("no schema")
				}
			}
		}
	})
	b.Run("validate-ls", func(b *testing.B) {
		var raw strings.Builder
		for i := range 200 {
			fmt.Fprintf(&raw, "-rw-r--r-- 1 alice staff %d Mar  6 09:23 file%d.txt\n", i*100, i)
		}
		r := Default().Parse(catalog.Input{Cmd: "ls", Args: []string{"-l"}, Raw: raw.String(), OS: catalog.Linux})
		if r.Err != nil {
			b.Fatal(r.Err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if err := r.Parser.ValidateValue(r.Value); err != nil {
				b.Fatal(err)
			}
		}
	})
}
