package catalog

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
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

// TestSpanSetOrder checks that spans recorded one by one and by a
// recorder keep the order they were recorded in, that lines are counted
// as lineNumbers counts them, and that a verbatim span over bytes that are
// not UTF-8 reads as "invalidUTF8".
func TestSpanSetOrder(t *testing.T) {
	raw := "ab\ncd\xff\n\nef"
	c := &Context{Raw: raw}
	c.RecordSpans()
	c.Span("/first", 0, 1, "")
	r := newSpanRec(c, 1)
	k := r.name("rows/*")
	r.at(k, 0, noLeaf, 3, 5, 0)             // "cd": valid
	r.at(k, 1, noLeaf, 3, 6, 0)             // "cd\xff": not
	r.at(k, 2, noLeaf, 9, 11, r.trID("x2")) // "ef"
	r.finish()
	c.Span("/last", 11, 11, "count")
	want := []Span{
		{Pointer: "/first", Start: 0, End: 1, Line: 1},
		{Pointer: "/rows/0", Start: 3, End: 5, Line: 2},
		{Pointer: "/rows/1", Start: 3, End: 6, Line: 2, Transform: "invalidUTF8"},
		{Pointer: "/rows/2", Start: 9, End: 11, Line: 4, Transform: "x2"},
		{Pointer: "/last", Start: 11, End: 11, Line: 4, Transform: "count"},
	}
	set := c.spanSet()
	if got := set.Slice(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Slice:\n got %+v\nwant %+v", got, want)
	}
	if got := slices.Collect(set.All()); !reflect.DeepEqual(got, want) {
		t.Fatalf("All:\n got %+v\nwant %+v", got, want)
	}
	offs := []int{0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11}
	lines := lineNumbers(raw, offs)
	for i, off := range offs {
		if got := set.line(off); got != lines[i] {
			t.Errorf("line(%d) = %d, lineNumbers says %d", off, got, lines[i])
		}
	}
	// Stopping early stops the walk.
	n := 0
	for range set.All() {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("walked %d", n)
	}
	var none *SpanSet
	if none.Len() != 0 || none.Slice() != nil || len(slices.Collect(none.All())) != 0 {
		t.Fatal("a nil SpanSet is not empty")
	}
	if (&Context{Raw: raw}).spanSet() != nil {
		t.Fatal("a parse that did not record returned a SpanSet")
	}
}

// TestSpanSetConcurrent reads one SpanSet from several goroutines, as
// explain_result calls on one stored result may (run with -race).
func TestSpanSetConcurrent(t *testing.T) {
	raw := benchLs()
	raw = raw[:strings.IndexByte(raw[1<<16:], '\n')+1<<16+1]
	c := &Context{Raw: raw, Args: []string{"-la"}, OS: Linux, Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), Location: time.UTC}
	c.RecordSpans()
	if _, err := parseLs(c); err != nil || len(c.UnreadOffsets()) != 0 {
		t.Fatal(err, c.UnreadOffsets())
	}
	want := c.spanSet().Slice()
	set := c.spanSet() // fresh: its line index and UTF-8 check are built by the readers below
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for range 4 {
		wg.Go(func() {
			if got := slices.Collect(set.All()); !reflect.DeepEqual(got, want) {
				errs <- "concurrent All differs"
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestSpanRecPointers checks the pointers the one recorder builds: a
// template's "*" take the indices in order, the leaf follows, names met at
// parse time are escaped (localName) or taken as they are (name), a row's
// spans can be dropped, spans can move to another template, and
// transforms unknown to the table keep their name.
func TestSpanRecPointers(t *testing.T) {
	c := &Context{Raw: "abcdefgh\xff"}
	c.RecordSpans()
	r := newSpanRec(c, 1)
	k, f := r.name("rows/*"), r.localName("a~b/c")
	deep := r.name("commits/*/files_changed/*/hunks/*/lines/*")
	r.at(k, 0, noLeaf, 0, 1, 0)
	r.at(k, 12, f, 1, 2, r.trID("parseInt"))
	m := r.mark()
	r.at(k, 13, f, 2, 3, 0)
	r.retemplate(m, r.name("total"))
	r.add(deep, [4]int32{3, 1, 0, 7}, noLeaf, 3, 4, r.trID("parseInt*512"))
	r.begin(skEntries, 4)
	r.field(sfSizeBytes, 4, 5, trParseInt)
	r.begin(skEntries, 5)
	r.field(sfName, 5, 6, 0)
	r.discard()
	r.at(k, 1, noLeaf, 8, 9, 0)
	r.finish()
	got := []string{}
	for _, s := range c.spanSet().Slice() {
		got = append(got, s.Pointer+"="+s.Transform)
	}
	want := []string{"/rows/0=", "/rows/12/a~0b~1c=parseInt", "/total/a~0b~1c=",
		"/commits/3/files_changed/1/hunks/0/lines/7=parseInt*512", "/entries/4/size_bytes=parseInt", "/rows/1=invalidUTF8"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	// Not recording: nothing is kept and nothing is registered.
	off := newSpanRec(&Context{Raw: "ab"}, 1)
	if off.name("x/*") != 0 || off.trID("y") != 0 {
		t.Fatal("a recorder that does not record registered a name")
	}
	off.at(0, 0, 0, 0, 1, 0)
	if off.mark() != 0 {
		t.Fatal("a recorder that does not record kept a span")
	}
}

// TestSpanPathIsPtr checks that a pointer recorded as tokens (spanPath,
// held spans) reads back as Ptr spells it, whichever form the recorder
// keeps it in (template and indices, or text), and that held spans are
// kept only when committed, in call order with the others.
func TestSpanPathIsPtr(t *testing.T) {
	cases := [][]any{
		nil, {""}, {"", ""}, {"a", ""}, {"x"}, {"rows", 3, "a~b/c"}, {"rows", 4, "a~b/c"},
		{"a", 1, "b", 2, "c", 3, "d", 4}, {"a", 1, 2, 3, 4, 5}, {"h*", 1}, {"headers", "*"},
		{"n", int64(7)}, {"total"}, {7}, {"é/ü", 0, "~1"},
	}
	c := &Context{Raw: "abcdef"}
	c.RecordSpans()
	h := c.hold()
	h.add(0, 1, "dropped", "never")
	h = c.hold()
	want := []string{}
	for i, toks := range cases {
		if i == 2 {
			h.add(1, 2, "held", "held", i)
			want = append(want, "/held/2=held")
		}
		c.spanPath(0, 1, "parseInt", toks...)
		want = append(want, Ptr(toks...)+"=parseInt")
		if i == 4 {
			h.commit()
		}
	}
	// Reorder want: the held span is recorded when committed (after case 4).
	want = append(append(append([]string{}, want[:2]...), want[3:6]...), append([]string{want[2]}, want[6:]...)...)
	got := []string{}
	for _, s := range c.spanSet().Slice() {
		got = append(got, s.Pointer+"="+s.Transform)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
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
		if alts, ok := p.Result.(OneOf); ok {
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
	for _, name := range spanNames[1:] {
		for _, seg := range strings.Split(name, "/") {
			if _, isIndex := strconv.Atoi(seg); seg != "*" && isIndex != nil && !tags[seg] {
				t.Errorf("span name %q: %q is no json tag of a result type", name, seg)
			}
		}
	}
}

// TestSpanRecOutOfNames checks that a recorder out of name ids records
// nothing rather than a pointer at the wrong name.
func TestSpanRecOutOfNames(t *testing.T) {
	c := &Context{Raw: "ab"}
	c.RecordSpans()
	r := newSpanRec(c, 1)
	r.at(skEntries, 0, sfName, 0, 1, 0)
	for i := 0; i < tmplWhole-localIDs+1; i++ {
		r.at(skEntries, 0, r.localName("col"+strconv.Itoa(i)), 0, 1, 0)
	}
	r.finish()
	if n := c.spanSet().Len(); n != 0 {
		t.Fatalf("%d spans kept after the recorder ran out of names", n)
	}
}
