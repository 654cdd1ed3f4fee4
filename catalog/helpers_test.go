package catalog

import (
	"strconv"
	"testing"
)

// TestTextArena checks that the strings a textArena hands out keep their
// text while later ones fill the chunk and replace it with new chunks,
// including texts longer than a chunk, and that an empty text is "".
func TestTextArena(t *testing.T) {
	a := textArena{chunk: 40}
	var got, want []string
	for i := range 200 {
		s := "text-" + strconv.Itoa(i)
		if i%37 == 0 {
			s += string(make([]byte, 100)) // longer than a chunk
		}
		if i%2 == 0 {
			got = append(got, a.keep([]byte(s)))
		} else {
			b := a.take(len(s))
			copy(b, s)
			got = append(got, a.str(b))
		}
		want = append(want, s)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d reads %q, want %q", i, got[i], want[i])
		}
	}
	if s := a.str(a.take(0)); s != "" {
		t.Fatalf("empty text %q", s)
	}
	// take's slice cannot grow into the next text.
	b := a.take(3)
	if cap(b) != 3 {
		t.Fatalf("cap %d", cap(b))
	}
}

// TestInt64SlabPair checks that pair's two slots are distinct, hold their
// values and survive the chunk being replaced.
func TestInt64SlabPair(t *testing.T) {
	var s int64Slab
	var ps []*int64
	for i := range 1500 {
		a, b := s.pair(int64(2*i), int64(2*i+1))
		if a == b {
			t.Fatal("one slot for two values")
		}
		ps = append(ps, a, b)
	}
	for i, p := range ps {
		if *p != int64(i) {
			t.Fatalf("slot %d holds %d", i, *p)
		}
	}
}
