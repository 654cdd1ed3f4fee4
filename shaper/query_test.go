package shaper

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// rowsDoc is the listing most query tests run on. Row c has no size, row
// d a null target, row e a huge size; sizes are integers but for b.
const rowsDoc = `{"path":"/tmp","entries":[
 {"name":"a.log","type":"file","size_bytes":2000000,"hidden":false,"target":"x","permissions":{"owner":"rwx"},"tags":["log","big"]},
 {"name":"b.txt","type":"file","size_bytes":12.5,"hidden":true,"permissions":{"owner":"rw-"},"tags":[]},
 {"name":"c","type":"directory","hidden":false,"permissions":{"owner":"rwx"}},
 {"name":"d.log","type":"symlink","size_bytes":4096,"hidden":false,"target":null,"permissions":{"owner":"r--"},"tags":["log"]},
 {"name":".e","type":"file","size_bytes":123456789012345678901234567890,"hidden":true,"permissions":{"owner":"rw-"}}
],"warnings":["w1"]}`

func names(t *testing.T, v any) string {
	t.Helper()
	o, ok := v.(*Object)
	if !ok {
		t.Fatalf("result is %T", v)
	}
	arr, ok := o.Get("entries")
	if !ok {
		arr, _ = o.Get(TopLevelArray)
	}
	var ns []string
	for _, r := range arr.([]any) {
		n, _ := lookup(r, "name")
		ns = append(ns, fmt.Sprint(n))
	}
	return strings.Join(ns, ",")
}

func where(field, op string, value any) Query {
	return Query{Where: []Cond{{Field: field, Op: op, Value: value}}}
}

func num(s string) json.Number { return json.Number(s) }

func TestWhere(t *testing.T) {
	cases := []struct {
		name string
		q    Query
		want string
	}{
		{"eq string", where("type", "eq", "file"), "a.log,b.txt,.e"},
		{"ne string includes rows without it", where("target", "ne", "x"), "b.txt,c,d.log,.e"},
		{"prefix string", where("name", "prefix", "a."), "a.log"},
		{"contains string", where("name", "contains", ".lo"), "a.log,d.log"},
		{"eq number float64", where("size_bytes", "eq", 4096.0), "d.log"},
		{"eq number json.Number", where("size_bytes", "eq", num("4096")), "d.log"},
		{"eq number by value", where("size_bytes", "eq", num("4.096e3")), "d.log"},
		{"eq fraction", where("size_bytes", "eq", 12.5), "b.txt"},
		{"eq huge integer exactly", where("size_bytes", "eq", num("123456789012345678901234567890")), ".e"},
		{"ne huge integer off by one", where("size_bytes", "eq", num("123456789012345678901234567891")), ""},
		{"ne number", where("size_bytes", "ne", 4096), "a.log,b.txt,c,.e"},
		{"prefix number text", where("size_bytes", "prefix", 20), "a.log"},
		{"contains number text", where("size_bytes", "contains", "09"), "d.log"},
		{"gt", where("size_bytes", "gt", 4096), "a.log,.e"},
		{"gte", where("size_bytes", "gte", 4096), "a.log,d.log,.e"},
		{"lt", where("size_bytes", "lt", 4096), "b.txt"},
		{"lte", where("size_bytes", "lte", num("4096")), "b.txt,d.log"},
		{"gt 1e6 as float", where("size_bytes", "gt", 1e6), "a.log,.e"},
		{"lt negative", where("size_bytes", "lt", -1), ""},
		{"eq bool", where("hidden", "eq", true), "b.txt,.e"},
		{"ne bool", where("hidden", "ne", true), "a.log,c,d.log"},
		{"prefix bool text", where("hidden", "prefix", "tr"), "b.txt,.e"},
		{"eq null matches null and missing", where("target", "eq", nil), "b.txt,c,d.log,.e"},
		{"ne null matches present values", where("target", "ne", nil), "a.log"},
		{"eq missing number field is null", where("size_bytes", "eq", nil), "c"},
		{"nested path", where("permissions.owner", "eq", "rwx"), "a.log,c"},
		{"contains on an array", where("tags", "contains", "log"), "a.log,d.log"},
		{"all conditions hold", Query{Where: []Cond{{"type", "eq", "file"}, {"hidden", "eq", false}}}, "a.log"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, sum, err := Apply(mustDecode(t, rowsDoc), c.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(t, out); got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			if sum.Total != 5 || sum.Matched != strings.Count(c.want, ",")+btoi(c.want != "") {
				t.Fatalf("summary %+v", sum)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestQueryErrors(t *testing.T) {
	limit := -1
	cases := []struct {
		name   string
		doc    string
		q      Query
		reason string
		field  string
		words  []string // the message must hold these
	}{
		{"unknown where field", rowsDoc, where("sise_bytes", "eq", 1), ReasonUnknownField, "sise_bytes", []string{`"sise_bytes"`, "size_bytes", "permissions.owner"}},
		{"unknown sort field", rowsDoc, Query{SortBy: &SortBy{Field: "nam"}}, ReasonUnknownField, "nam", []string{`"nam"`, "sort_by"}},
		{"unknown select field", rowsDoc, Query{Select: []string{"name", "mode"}}, ReasonUnknownField, "mode", []string{`"mode"`, "select[1]"}},
		{"unknown nested field", rowsDoc, where("permissions.world", "eq", "r"), ReasonUnknownField, "permissions.world", nil},
		{"gt on a string field", rowsDoc, where("name", "gt", 3), ReasonTypeMismatch, "name", []string{`"name"`, "string", "gt"}},
		{"gt with a string value", rowsDoc, where("size_bytes", "gt", "3"), ReasonTypeMismatch, "size_bytes", []string{"string", `"3"`}},
		{"eq string on a number field", rowsDoc, where("size_bytes", "eq", "4096"), ReasonTypeMismatch, "size_bytes", []string{"number", "string"}},
		{"eq number on a bool field", rowsDoc, where("hidden", "eq", 1), ReasonTypeMismatch, "hidden", []string{"boolean", "number"}},
		{"eq on an object field", rowsDoc, where("permissions", "eq", "rwx"), ReasonTypeMismatch, "permissions", []string{"object"}},
		{"prefix null", rowsDoc, where("name", "prefix", nil), ReasonTypeMismatch, "name", []string{"null"}},
		{"prefix on an object field", rowsDoc, where("permissions", "prefix", "r"), ReasonTypeMismatch, "permissions", nil},
		{"object value", rowsDoc, where("name", "eq", map[string]any{}), ReasonTypeMismatch, "name", nil},
		{"unknown op", rowsDoc, where("name", "like", "a"), ReasonInvalidArgument, "where[0]", []string{`"like"`, "eq"}},
		{"empty field", rowsDoc, where("", "eq", "a"), ReasonInvalidArgument, "where[0]", nil},
		{"negative limit", rowsDoc, Query{Limit: &limit}, ReasonInvalidArgument, "limit", []string{"-1"}},
		{"bad order", rowsDoc, Query{SortBy: &SortBy{Field: "name", Order: "up"}}, ReasonInvalidArgument, "sort_by.order", nil},
		{"ambiguous array", `{"a":[{"x":1}],"b":[{"y":1}]}`, Query{}, ReasonAmbiguousArray, "array", []string{"a, b"}},
		{"ambiguous with empty arrays", `{"a":[],"b":[]}`, Query{}, ReasonAmbiguousArray, "array", nil},
		{"no array", `{"a":1}`, Query{}, ReasonNoArray, "array", nil},
		{"scalar result", `"text"`, Query{}, ReasonNoArray, "array", []string{"string"}},
		{"array not found", rowsDoc, Query{Array: "files"}, ReasonNoArray, "array", []string{`"files"`, "entries, warnings"}},
		{"array is not an array", rowsDoc, Query{Array: "path"}, ReasonNoArray, "array", []string{"string"}},
		{"array on a bare array", `[{"a":1}]`, Query{Array: "rows"}, ReasonNoArray, "array", nil},
		{"rows are not objects", `{"lines":["a","b"]}`, where("x", "eq", 1), ReasonUnknownField, "x", []string{"not objects"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _, err := Apply(mustDecode(t, c.doc), c.q)
			if err == nil {
				t.Fatalf("no error; got %s", encode(t, out))
			}
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error is %T: %v", err, err)
			}
			if e.Reason != c.reason || e.Field != c.field || ReasonOf(err) != c.reason {
				t.Fatalf("got %s/%s, want %s/%s: %v", e.Reason, e.Field, c.reason, c.field, err)
			}
			for _, w := range c.words {
				if !strings.Contains(e.Message, w) {
					t.Errorf("message %q lacks %q", e.Message, w)
				}
			}
		})
	}
}

func TestEmptyArrayAnswersAnyQuery(t *testing.T) {
	limit := 3
	q := Query{Where: []Cond{{"nope", "gt", 1}}, SortBy: &SortBy{Field: "x"}, Limit: &limit, Select: []string{"y"}, Filter: "size > 1"}
	out, sum, err := Apply(mustDecode(t, `{"entries":[]}`), q)
	if err != nil {
		t.Fatal(err)
	}
	if got := encode(t, out); got != `{"_summary":{"total":0,"matched":0,"shown":0},"entries":[]}` {
		t.Fatal(got)
	}
	if sum != (Summary{Array: "entries"}) {
		t.Fatalf("%+v", sum)
	}
}

func TestSort(t *testing.T) {
	doc := `[{"n":"a","k":2},{"n":"b"},{"n":"c","k":1},{"n":"d","k":null},{"n":"e","k":2},{"n":"f","k":"x"},{"n":"g","k":10},{"n":"h","k":true},{"n":"i","k":1.0}]`
	cases := []struct {
		order, want string
	}{
		// equal keys keep their order (a before e, c before i); missing and
		// null last; numbers, then strings, then booleans.
		{"", "c,i,a,e,g,f,h,b,d"},
		{"asc", "c,i,a,e,g,f,h,b,d"},
		{"desc", "h,f,g,a,e,c,i,b,d"},
	}
	for _, c := range cases {
		out, _, err := Apply(mustDecode(t, doc), Query{SortBy: &SortBy{Field: "k", Order: c.order}})
		if err != nil {
			t.Fatal(err)
		}
		var ns []string
		arr, _ := out.(*Object).Get(TopLevelArray)
		for _, r := range arr.([]any) {
			n, _ := lookup(r, "n")
			ns = append(ns, n.(string))
		}
		if got := strings.Join(ns, ","); got != c.want {
			t.Errorf("order %q: got %s, want %s", c.order, got, c.want)
		}
	}
}

func TestSortNumbersByValue(t *testing.T) {
	doc := `{"r":[{"n":"big","v":18446744073709551617},{"n":"neg","v":-1e3},{"n":"small","v":9007199254740993},{"n":"frac","v":0.5},{"n":"big2","v":18446744073709551616}]}`
	out, _, err := Apply(mustDecode(t, doc), Query{SortBy: &SortBy{Field: "v"}})
	if err != nil {
		t.Fatal(err)
	}
	arr, _ := out.(*Object).Get("r")
	var ns []string
	for _, r := range arr.([]any) {
		n, _ := lookup(r, "n")
		ns = append(ns, n.(string))
	}
	if got := strings.Join(ns, ","); got != "neg,frac,small,big2,big" {
		t.Fatal(got)
	}
}

func TestLimitSelectArray(t *testing.T) {
	two, zero := 2, 0
	cases := []struct {
		name string
		doc  string
		q    Query
		want string
	}{
		{"limit", rowsDoc, Query{Limit: &two, Select: []string{"name"}},
			`{"_summary":{"total":5,"matched":5,"shown":2},"path":"/tmp","entries":[{"name":"a.log"},{"name":"b.txt"}],"warnings":["w1"]}`},
		{"limit zero", rowsDoc, Query{Limit: &zero},
			`{"_summary":{"total":5,"matched":5,"shown":0},"path":"/tmp","entries":[],"warnings":["w1"]}`},
		{"select keeps its order and nesting, skips missing", rowsDoc,
			Query{Where: []Cond{{"name", "prefix", "c"}}, Select: []string{"permissions.owner", "size_bytes", "name"}},
			`{"_summary":{"total":5,"matched":1,"shown":1},"path":"/tmp","entries":[{"permissions":{"owner":"rwx"},"name":"c"}],"warnings":["w1"]}`},
		{"select whole wins over part", rowsDoc,
			Query{Limit: &two, Select: []string{"permissions.owner", "permissions", "name", "name"}},
			`{"_summary":{"total":5,"matched":5,"shown":2},"path":"/tmp","entries":[{"permissions":{"owner":"rwx"},"name":"a.log"},{"permissions":{"owner":"rw-"},"name":"b.txt"}],"warnings":["w1"]}`},
		{"array index path", `{"pods":[{"c":[{"name":"x"},{"name":"y"}]}]}`, Query{Select: []string{"c.1.name"}},
			`{"_summary":{"total":1,"matched":1,"shown":1},"pods":[{"c.1.name":"y"}]}`},
		{"dotted key", `{"pods":[{"labels":{"app.kubernetes.io/name":"web"}}]}`, Query{Where: []Cond{{"labels.app.kubernetes.io/name", "eq", "web"}}, Select: []string{"labels.app.kubernetes.io/name"}},
			`{"_summary":{"total":1,"matched":1,"shown":1},"pods":[{"labels":{"app.kubernetes.io/name":"web"}}]}`},
		{"explicit array", `{"a":[{"x":1},{"x":2}],"b":[{"y":1}]}`, Query{Array: "a", Where: []Cond{{"x", "gt", 1}}},
			`{"_summary":{"total":2,"matched":1,"shown":1},"a":[{"x":2}],"b":[{"y":1}]}`},
		{"default: the only array of objects", rowsDoc, Query{Limit: &zero},
			`{"_summary":{"total":5,"matched":5,"shown":0},"path":"/tmp","entries":[],"warnings":["w1"]}`},
		{"default: the only array", `{"lines":["a","b","c"]}`, Query{Limit: &two},
			`{"_summary":{"total":3,"matched":3,"shown":2},"lines":["a","b"]}`},
		{"bare array", `[{"a":1},{"a":2}]`, Query{Where: []Cond{{"a", "eq", 2}}},
			`{"_summary":{"total":2,"matched":1,"shown":1},"items":[{"a":2}]}`},
		{"old summary replaced", `{"_summary":{"total":9},"e":[{"a":1}]}`, Query{},
			`{"_summary":{"total":1,"matched":1,"shown":1},"e":[{"a":1}]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := mustDecode(t, c.doc)
			before := encode(t, in)
			out, _, err := Apply(in, c.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := encode(t, out); got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
			if encode(t, in) != before {
				t.Fatal("Apply modified its input")
			}
		})
	}
}

func TestQueryIsZero(t *testing.T) {
	zero := 0
	if !(Query{}).IsZero() {
		t.Fatal("zero query")
	}
	for _, q := range []Query{{Limit: &zero}, {Array: "a"}, {Filter: "x"}, {Select: []string{"a"}}, {SortBy: &SortBy{}}, {Where: []Cond{{}}}} {
		if q.IsZero() {
			t.Errorf("%+v is not zero", q)
		}
	}
	q := Query{Select: []string{"name"}}.WithFields("path", "name")
	if strings.Join(q.Select, ",") != "name,path" {
		t.Fatal(q.Select)
	}
	if (Query{}).WithFields("path").Select != nil {
		t.Fatal("WithFields must not start a projection")
	}
}

func TestFilter(t *testing.T) {
	cases := []struct {
		filter, want string
	}{
		{`size_bytes > 1e6 && name endsWith ".log"`, "a.log"},
		{`size_bytes > 1000`, "a.log,d.log,.e"},
		{`type in ["directory", "symlink"]`, "c,d.log"},
		{`permissions.owner == "rw-" && hidden`, "b.txt,.e"},
		{`"log" in tags`, "a.log,d.log"},
		{`len(tags) == 0`, "b.txt"},
		{`any(tags, # startsWith "b")`, "a.log"},
		{`upper(name) matches "^[A-Z]\\.LOG$"`, "a.log,d.log"},
		{`target == nil`, "b.txt,c,d.log,.e"},        // missing reads as nil
		{`size_bytes < 5000`, "b.txt,d.log"},         // c has no size: not a match, not an error
		{`$env["name"] == "c"`, "c"},                 // names that are not identifiers
		{`not hidden and type != "file"`, "c,d.log"}, // word operators
		// the string makers, size-checked
		{`replace(name, ".log", "") in ["a", "d"]`, "a.log,d.log"},
		{`join(split(name, "."), "-") == "b-txt"`, "b.txt"},
		{`join(["x", name]) == "xc"`, "c"},
		{`string(size_bytes) == "4096"`, "d.log"},
		{`hidden and string(hidden) == "true"`, "b.txt,.e"},
	}
	for _, c := range cases {
		out, _, err := Apply(mustDecode(t, rowsDoc), Query{Filter: c.filter})
		if err != nil {
			t.Errorf("%s: %v", c.filter, err)
			continue
		}
		if got := names(t, out); got != c.want {
			t.Errorf("%s: got %s, want %s", c.filter, got, c.want)
		}
	}
	// Where applies before the filter, the filter before sort and limit.
	one := 1
	out, sum, err := Apply(mustDecode(t, rowsDoc), Query{Where: []Cond{{"type", "eq", "file"}}, Filter: "hidden",
		SortBy: &SortBy{Field: "name", Order: "desc"}, Limit: &one})
	if err != nil || names(t, out) != "b.txt" || sum != (Summary{5, 2, 1, "entries"}) {
		t.Fatalf("%v %s %+v", err, names(t, out), sum)
	}
}

func TestFilterErrors(t *testing.T) {
	cases := []struct {
		filter string
		words  []string
	}{
		{`size_bytes >`, []string{"column 12", "^"}},
		{`size_bytes > 1 &&& x`, []string{"column"}},
		{`sise_bytes > 1`, []string{"unknown name sise_bytes", "column 1", "size_bytes"}},
		{`name`, []string{"bool"}},
		{`name > 1`, []string{"column 6", "mismatched types"}},
		{`now() > 0`, []string{"now is not available"}},
		{`date("2024-01-01") != nil`, []string{"date is not available"}},
		{`len(repeat(name, 1000000)) > 0`, []string{"repeat is not available"}},
		{`reduce(tags, #acc + #acc, name) != ""`, []string{"reduce is not available"}},
		{`toJSON(permissions) != ""`, []string{"toJSON is not available"}},
		{`timezone("UTC") != nil`, []string{"timezone is not available"}},
		{`env("HOME") != ""`, []string{"env is not available"}},
		{`let s = name + name; len(s) > 0`, []string{"let is not available"}},
		{strings.Repeat("1 + ", 300) + "1 > 0", []string{"exceeds maximum allowed nodes"}},
		{`all(1..10000000, # > 0)`, []string{"memory budget exceeded"}},
		// strings past filterMaxString, asked for in one call: gigabytes
		// before the check
		{`len(replace(replace(replace(name, "", "` + strings.Repeat("x", 4000) + `"), "", "` + strings.Repeat("y", 4000) + `"), "", "z")) > 0`,
			[]string{"replace would make a string of", "past the"}},
		{`any(1..100, len(join(split(name, ""), "` + strings.Repeat("s", 14000) + `")) < 0)`, []string{"join would make a string of"}},
		{`len(string(1..10)) > 0`, []string{"string takes a number, a boolean or a string"}},
		// every result counts, not each alone: 2,000 results of 1 KB
		{`any(1..2000, len(replace(name, "", "` + strings.Repeat("r", 200) + `")) < 0)`, []string{"replace would make a string of", "on one row"}},
		{`len(map(1..45000, name)) > 0`, []string{"map is not available"}},
	}
	for _, c := range cases {
		_, _, err := Apply(mustDecode(t, rowsDoc), Query{Filter: c.filter})
		if ReasonOf(err) != ReasonInvalidFilter {
			t.Errorf("%.40s: got %v, want invalid_filter", c.filter, err)
			continue
		}
		for _, w := range c.words {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%.40s: message %q lacks %q", c.filter, err, w)
			}
		}
	}
}

func TestFilterTimeLimit(t *testing.T) {
	defer func(d time.Duration) { filterTimeLimit = d }(filterTimeLimit)
	filterTimeLimit = 5 * time.Millisecond
	rows := make([]any, 2000)
	for i := range rows {
		rows[i] = &Object{Keys: []string{"n"}, Vals: []any{json.Number(fmt.Sprint(i))}}
	}
	// Each row walks a range of 50,000: within the memory budget, slow in
	// total.
	start := time.Now()
	_, _, err := Apply(rows, Query{Filter: `all(1..50000, # > 0) && n >= 0`})
	if ReasonOf(err) != ReasonInvalidFilter || !strings.Contains(err.Error(), "time limit") {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("stopped after %v", d)
	}
}

// TestApplyTargets checks the shaping target on a 500-entry listing:
// select of two fields with limit 50 cuts o200k tokens by 95% or more.
func TestApplyTargets(t *testing.T) {
	tok, _ := TokenizerByName(TokenizerO200k)
	var ls []byte
	for _, d := range corpus(7, 500) {
		if d.name == "ls" {
			ls = d.data
		}
	}
	fifty := 50
	out, _, err := Apply(mustDecode(t, string(ls)), Query{Select: []string{"name", "size_bytes"}, Limit: &fifty})
	if err != nil {
		t.Fatal(err)
	}
	full, cut := tok.Count(ls), tok.Count(mustJSON(out))
	t.Logf("500 entries: %d tokens; select name,size_bytes limit 50: %d tokens (%.1f%% less)", full, cut, 100-100*float64(cut)/float64(full))
	if float64(cut) > 0.05*float64(full) {
		t.Errorf("the cut is below 95%%: %d -> %d", full, cut)
	}
}

// FuzzApply runs arbitrary queries on arbitrary JSON: no panics, either a
// result with a consistent summary or an *Error, and without a filter the
// answer of the general path (see scanApply).
func FuzzApply(f *testing.F) {
	f.Add(rowsDoc, "size_bytes", "gt", `1000`, "size_bytes > 1e6", "name", "desc", 2, "name")
	f.Add(`[{"a":1},{"a":"x"},{"b":null}]`, "a", "eq", `null`, "", "a", "", -1, "a.b")
	f.Add(`{"x":[1,2,{"y":[]}]}`, "y.0", "contains", `"z"`, "len(y) > 0", "y", "asc", 0, "")
	f.Add(`{"a":[],"b":[{}]}`, "", "ne", `true`, "$env", "", "up", 5, "")
	f.Fuzz(func(t *testing.T, doc, field, op, value, filter, sortField, order string, limit int, sel string) {
		v, err := Decode([]byte(doc))
		if err != nil {
			return
		}
		var val any
		if err := json.Unmarshal([]byte(value), &val); err != nil {
			val = value
		}
		q := Query{Filter: filter}
		if field != "" || op != "" {
			q.Where = []Cond{{field, op, val}}
		}
		if sortField != "" {
			q.SortBy = &SortBy{sortField, order}
		}
		if limit >= -1 {
			q.Limit = &limit
		}
		if sel != "" {
			q.Select = strings.Split(sel, ",")
		}
		out, sum, err := Apply(v, q)
		if q.Filter == "" {
			bothPaths(t, v, q)
		}
		if err != nil {
			if ReasonOf(err) == "" {
				t.Fatalf("error is not an *Error: %v", err)
			}
			return
		}
		if !(sum.Shown <= sum.Matched && sum.Matched <= sum.Total) {
			t.Fatalf("summary %+v", sum)
		}
		if _, err := marshal(out); err != nil {
			t.Fatal(err)
		}
	})
}

func BenchmarkApply(b *testing.B) {
	es := lsEntries(newRand(5), 10000)
	v, err := Generic(map[string]any{"entries": es})
	if err != nil {
		b.Fatal(err)
	}
	q := Query{
		Where:  []Cond{{Field: "type", Op: "eq", Value: "file"}, {Field: "size_bytes", Op: "gt", Value: 1000.0}},
		SortBy: &SortBy{Field: "size_bytes", Order: "desc"},
		Select: []string{"name", "size_bytes", "permissions.owner"},
	}
	b.Run("where+sort+select+compact/10000", func(b *testing.B) {
		b.ReportAllocs()
		cpu := processCPU()
		for b.Loop() {
			out, _, err := Apply(v, q)
			if err != nil {
				b.Fatal(err)
			}
			Compact(out)
		}
		if cpu > 0 {
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		}
	})
	b.Run("filter/10000", func(b *testing.B) {
		b.ReportAllocs()
		fq := Query{Filter: `size_bytes > 1e3 && name endsWith ".log"`}
		for b.Loop() {
			if _, _, err := Apply(v, fq); err != nil {
				b.Fatal(err)
			}
		}
	})
}
