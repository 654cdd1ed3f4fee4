package builtin

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestSpanSetGolden checks, on every golden case, that the compact record
// reads back the same whichever way it is read: Slice (Result.Spans), All
// (what explain_result walks) and Len agree, and Input.Evidence alone
// records the same spans without building them.
func TestSpanSetGolden(t *testing.T) {
	reg := Default()
	for _, gc := range loadGolden(t) {
		in := gc.input(t, true)
		eager := reg.Parse(in)
		in.Spans, in.Evidence = false, true
		lazy := reg.Parse(in)
		name := gc.path
		if lazy.Spans != nil {
			t.Errorf("%s: Evidence alone built %d Spans", name, len(lazy.Spans))
		}
		if eager.Err != nil {
			if lazy.Evidence != nil {
				t.Errorf("%s: a failed parse returned evidence", name)
			}
			continue
		}
		if got, want := lazy.Evidence.Len(), len(eager.Spans); got != want {
			t.Errorf("%s: Len %d, Slice %d", name, got, want)
			continue
		}
		all := slices.Collect(lazy.Evidence.All())
		if len(all) == 0 {
			all = nil
		}
		if !reflect.DeepEqual(all, eager.Spans) {
			t.Errorf("%s: All differs from Slice", name)
		}
	}
}

// TestSpanNamesAreJSONTags checks the names the parsers register for
// their spans (templates and leaves, spelled by hand) against the json
// tags of the result types: every segment of a registered name is a tag
// of some result type, so a misspelt or renamed field fails here even
// when no golden case records a span at it.
func TestSpanNamesAreJSONTags(t *testing.T) {
	tags := map[string]bool{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "" && name != "-" {
				tags[name] = true
			}
			walk(f.Type)
		}
	}
	for _, p := range Default().Parsers() {
		if alts, ok := p.Result.(catalog.OneOf); ok {
			for _, a := range alts {
				walk(reflect.TypeOf(a))
			}
		} else if p.Result != nil {
			walk(reflect.TypeOf(p.Result))
		}
	}
	if len(tags) < 100 {
		t.Fatalf("only %d json tags found in the result types", len(tags))
	}
	for _, name := range catalog.SpanNames[1:] {
		for _, seg := range strings.Split(name, "/") {
			if _, isIndex := strconv.Atoi(seg); seg != "*" && isIndex != nil && !tags[seg] {
				t.Errorf("span name %q: %q is no json tag of a result type", name, seg)
			}
		}
	}
}
