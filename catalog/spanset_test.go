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
	c.Span("/first", 0, 1, "")
	r := NewSpanRec(c, 1)
	k := r.Name("rows/*")
	r.At(k, 0, NoLeaf, 3, 5, 0)             // "cd": valid
	r.At(k, 1, NoLeaf, 3, 6, 0)             // "cd\xff": not
	r.At(k, 2, NoLeaf, 9, 11, r.TrID("x2")) // "ef"
	r.Finish()
	c.Span("/last", 11, 11, "count")
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
	r := NewSpanRec(c, 1)
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
	off := NewSpanRec(&Context{Raw: "ab"}, 1)
	if off.Name("x/*") != 0 || off.TrID("y") != 0 {
		t.Fatal("a recorder that does not record registered a name")
	}
	off.At(0, 0, 0, 0, 1, 0)
	if off.Mark() != 0 {
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
	h := c.Hold()
	h.Add(0, 1, "dropped", "never")
	h = c.Hold()
	want := []string{}
	for i, toks := range cases {
		if i == 2 {
			h.Add(1, 2, "held", "held", i)
			want = append(want, "/held/2=held")
		}
		c.SpanPath(0, 1, "parseInt", toks...)
		want = append(want, Ptr(toks...)+"=parseInt")
		if i == 4 {
			h.Commit()
		}
	}
	// Reorder want: the held span is recorded when committed (after case 4).
	want = append(append(append([]string{}, want[:2]...), want[3:6]...), append([]string{want[2]}, want[6:]...)...)
	got := []string{}
	for _, s := range c.SpanSet().Slice() {
		got = append(got, s.Pointer+"="+s.Transform)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// TestSpanRecOutOfNames checks that a recorder out of name ids records
// nothing rather than a pointer at the wrong name.
func TestSpanRecOutOfNames(t *testing.T) {
	c := &Context{Raw: "ab"}
	c.RecordSpans()
	r := NewSpanRec(c, 1)
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
