package catalog

import (
	"reflect"
	"slices"
	"strconv"
	"testing"
)

// TestSpanSetOrder checks that spans recorded one by one and by a
// recorder keep the order they were recorded in, that lines are counted
// as lineNumbers counts them, and that a verbatim span over bytes that are
// not UTF-8 reads as "invalidUTF8".
func TestSpanSetOrder(t *testing.T) {
	raw := "ab\ncd\xff\n\nef"
	c := &Context{Raw: raw}
	c.RecordSpans()
	c.Span(0, 1, "", "first")
	r := c.Rows(1)
	k := r.Name("rows/*")
	r.At(k, 0, NoLeaf, 3, 5, 0)             // "cd": valid
	r.At(k, 1, NoLeaf, 3, 6, 0)             // "cd\xff": not
	r.At(k, 2, NoLeaf, 9, 11, r.TrID("x2")) // "ef"
	r.Finish()
	c.Span(11, 11, "count", "last")
	want := []Span{
		{Pointer: "/first", Start: 0, End: 1, Line: 1},
		{Pointer: "/rows/0", Start: 3, End: 5, Line: 2},
		{Pointer: "/rows/1", Start: 3, End: 6, Line: 2, Transform: "invalidUTF8"},
		{Pointer: "/rows/2", Start: 9, End: 11, Line: 4, Transform: "x2"},
		{Pointer: "/last", Start: 11, End: 11, Line: 4, Transform: "count"},
	}
	set := c.SpanSet()
	if got := set.Slice(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Slice:\n got %+v\nwant %+v", got, want)
	}
	if got := slices.Collect(set.All()); !reflect.DeepEqual(got, want) {
		t.Fatalf("All:\n got %+v\nwant %+v", got, want)
	}
	offs := []int{0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11}
	lines := LineNumbers(raw, offs)
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
	if (&Context{Raw: raw}).SpanSet() != nil {
		t.Fatal("a parse that did not record returned a SpanSet")
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
	r := c.Rows(1)
	k, f := r.Name("rows/*"), r.LocalName("a~b/c")
	deep := r.Name("commits/*/files_changed/*/hunks/*/lines/*")
	r.At(k, 0, NoLeaf, 0, 1, 0)
	r.At(k, 12, f, 1, 2, r.TrID("parseInt"))
	m := r.Mark()
	r.At(k, 13, f, 2, 3, 0)
	r.Retemplate(m, r.Name("total"))
	r.Add(deep, [4]int32{3, 1, 0, 7}, NoLeaf, 3, 4, r.TrID("parseInt*512"))
	r.Begin(skEntries, 4)
	r.Field(sfSizeBytes, 4, 5, TrParseInt)
	r.Begin(skEntries, 5)
	r.Field(sfName, 5, 6, 0)
	r.Discard()
	r.At(k, 1, NoLeaf, 8, 9, 0)
	r.Finish()
	got := []string{}
	for _, s := range c.SpanSet().Slice() {
		got = append(got, s.Pointer+"="+s.Transform)
	}
	want := []string{"/rows/0=", "/rows/12/a~0b~1c=parseInt", "/total/a~0b~1c=",
		"/commits/3/files_changed/1/hunks/0/lines/7=parseInt*512", "/entries/4/size_bytes=parseInt", "/rows/1=invalidUTF8"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	// Not recording: nothing is kept and nothing is registered.
	off := (&Context{Raw: "ab"}).Rows(1)
	if off.Name("x/*") != 0 || off.TrID("y") != 0 {
		t.Fatal("a recorder that does not record registered a name")
	}
	off.At(0, 0, 0, 0, 1, 0)
	if off.Mark() != 0 {
		t.Fatal("a recorder that does not record kept a span")
	}
}

// TestSpanPathIsPtr checks that a pointer recorded as tokens (Span)
// reads back as Ptr spells it, whichever form the recorder keeps it in
// (template and indices, or text), Pointer text spliced in as is; and
// that Mark and Truncate drop the spans of a line given up, in call order
// with the others.
func TestSpanPathIsPtr(t *testing.T) {
	cases := [][]any{
		nil, {""}, {"", ""}, {"a", ""}, {"x"}, {"rows", 3, "a~b/c"}, {"rows", 4, "a~b/c"},
		{"a", 1, "b", 2, "c", 3, "d", 4}, {"a", 1, 2, 3, 4, 5}, {"h*", 1}, {"headers", "*"},
		{"n", int64(7)}, {"total"}, {7}, {"é/ü", 0, "~1"},
		{Pointer("/root")}, {Pointer("/other_roots/3"), "name"}, {Pointer(""), "x"}, {Pointer("")},
		{Pointer("/a"), 2, Pointer("/b~1c"), "d"}, {Pointer("no-slash"), "x"}, {Pointer("/h*"), 1},
		{Pointer("/")}, {"a", Pointer(""), 1},
	}
	c := &Context{Raw: "abcdef"}
	c.RecordSpans()
	m := c.Mark()
	c.Span(0, 1, "dropped", "never")
	c.Truncate(m)
	want := []string{}
	for i, toks := range cases {
		if i == 2 {
			m := c.Mark()
			c.Span(1, 2, "dropped", "line", i)
			c.Span(1, 2, "dropped", Pointer("/line"), i)
			c.Truncate(m)
		}
		c.Span(0, 1, "parseInt", toks...)
		want = append(want, Ptr(toks...)+"=parseInt")
	}
	got := []string{}
	for _, s := range c.SpanSet().Slice() {
		got = append(got, s.Pointer+"="+s.Transform)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	// Ptr itself splices Pointer text between escaped tokens.
	for _, tc := range []struct {
		toks []any
		want string
	}{
		{[]any{Pointer("/a"), 2, Pointer("/b~1c"), "d/e"}, "/a/2/b~1c/d~1e"},
		{[]any{Pointer("")}, ""},
		{[]any{"x", Pointer("/y")}, "/x/y"},
	} {
		if got := Ptr(tc.toks...); got != tc.want {
			t.Errorf("Ptr(%v) = %q, want %q", tc.toks, got, tc.want)
		}
	}
}

// TestTruncateBeforeRows checks that dropping the context's own spans
// recorded before a row recorder finished keeps the rows' spans, after
// the spans that stay.
func TestTruncateBeforeRows(t *testing.T) {
	c := &Context{Raw: "abcdef"}
	c.RecordSpans()
	c.Span(0, 1, "", "kept")
	m := c.Mark()
	c.Span(1, 2, "", "dropped")
	r := c.Rows(1)
	r.At(r.Name("rows/*"), 0, NoLeaf, 2, 3, 0)
	r.Finish()
	c.Truncate(m)
	c.Span(3, 4, "", "after")
	got := []string{}
	for _, s := range c.SpanSet().Slice() {
		got = append(got, s.Pointer)
	}
	if want := []string{"/kept", "/rows/0", "/after"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestSpanAllocs checks that a span costs no allocation when the caller
// did not ask for spans, whatever its path holds (indices boxed into the
// variadic path included), and that recording one allocates only while
// the recorder's buffers grow.
func TestSpanAllocs(t *testing.T) {
	off := &Context{Raw: "abcdef"}
	i, name := 1234, "size_bytes"
	if n := testing.AllocsPerRun(100, func() {
		off.Span(0, 1, "parseInt", "entries", i, name)
		off.Span(0, 1, "", Pointer("/root"), i)
		m := off.Mark()
		off.Truncate(m)
	}); n != 0 {
		t.Errorf("recording off: %v allocations per call, want 0", n)
	} else {
		t.Logf("recording off: %v allocations per call", n)
	}
	on := &Context{Raw: "abcdef"}
	on.RecordSpans()
	on.Span(0, 1, "parseInt", "entries", 0, name) // registers the template
	if n := testing.AllocsPerRun(1000, func() {
		on.Span(0, 1, "parseInt", "entries", i, name)
		i++
	}); n > 0.1 {
		t.Errorf("recording on: %v allocations per span, want about 0 (amortized growth)", n)
	} else {
		t.Logf("recording on: %v allocations per span", n)
	}
}

// TestSpanRecOutOfNames checks that a recorder out of name ids records
// nothing rather than a pointer at the wrong name.
func TestSpanRecOutOfNames(t *testing.T) {
	c := &Context{Raw: "ab"}
	c.RecordSpans()
	r := c.Rows(1)
	r.At(skEntries, 0, sfName, 0, 1, 0)
	for i := 0; i < tmplWhole-localIDs+1; i++ {
		r.At(skEntries, 0, r.LocalName("col"+strconv.Itoa(i)), 0, 1, 0)
	}
	r.Finish()
	if n := c.SpanSet().Len(); n != 0 {
		t.Fatalf("%d spans kept after the recorder ran out of names", n)
	}
}

var (
	skEntries   = SpanID("entries/*")
	sfSizeBytes = SpanID("size_bytes")
	sfName      = SpanID("name")
)
