package kit

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestReadersAllocs checks that the readers taking a value's path cost
// no allocation for the path when spans are off: the indices boxed into
// the variadic path stay on the caller's stack. Int, Float and Scaled
// allocate their result (one pointer) and nothing more.
func TestReadersAllocs(t *testing.T) {
	c := &catalog.Context{Raw: "1234 5.5 host"}
	i, key := 4321, "size_bytes" // i changes on each run: not a constant the compiler boxes once
	for _, tc := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"Text", 0, func() { _ = Text(c, 9, 13, "entries", i, key) }},
		{"FloatVal", 0, func() { _, _ = FloatVal(c, 5, 8, "entries", i, key) }},
		{"Int", 1, func() { _ = Int(c, 0, 4, "entries", i, key) }},
		{"Float", 1, func() { _ = Float(c, 5, 8, "entries", i, key) }},
		{"Scaled", 1, func() { _ = Scaled(c, 0, 4, 1024, "parseInt*1024", "entries", i, key) }},
	} {
		if n := testing.AllocsPerRun(100, func() { tc.f(); i++ }); n > tc.max {
			t.Errorf("%s with spans off: %v allocations, want at most %v", tc.name, n, tc.max)
		}
	}
	// With spans on the same calls record, and read back as Ptr spells them.
	on := &catalog.Context{Raw: c.Raw}
	on.RecordSpans()
	_ = Text(on, 9, 13, "entries", i, key)
	_ = Int(on, 0, 4, "entries", i, key)
	got := on.SpanSet().Slice()
	if len(got) != 2 || got[0].Pointer != catalog.Ptr("entries", i, key) || got[1].Transform != "parseInt" {
		t.Fatalf("spans on: %+v", got)
	}
}
