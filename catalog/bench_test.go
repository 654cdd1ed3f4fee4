package catalog

import (
	"strings"
	"testing"
)

// BenchmarkSpanFloor is the floor under building every Span of 1 MB of
// ls -l at once (SpanSet.Slice, BenchmarkSpanRead): only allocating and
// filling 200,000 Spans (about eleven scalar fields a row) with their
// pointers in one string. A Span is 56 bytes holding two strings, so this
// costs about as much as the parse itself, which is why parses keep spans
// compact and build them only when read.
func BenchmarkSpanFloor(b *testing.B) {
	const n, ptr = 200000, "/entries/12345/modified_at"
	b.ReportAllocs()
	for b.Loop() {
		var sb strings.Builder
		sb.Grow(n * len(ptr))
		for range n {
			sb.WriteString(ptr)
		}
		all := sb.String()
		out := make([]Span, 0, n)
		for i := range n {
			out = append(out, Span{Pointer: all[i*len(ptr) : (i+1)*len(ptr)], Start: i, End: i + 5, Transform: "parseInt"})
		}
		if len(out) != n {
			b.Fatal(len(out))
		}
	}
}
