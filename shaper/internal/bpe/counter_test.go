package bpe

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

func TestCounterMatchesEncoder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var inputs []string
	for range 3000 {
		inputs = append(inputs, randomText(r, 1+r.IntN(300)))
	}
	// Long pieces skip the cache, and the longest the counter's own merging.
	inputs = append(inputs,
		strings.Repeat("abcdefghij", 50),
		strings.Repeat("x", 1000),
		strings.Repeat("한국어", 200),
		strings.Repeat(" ", 500)+"x",
		strings.Repeat("\n \t", 100),
		strings.Repeat("9", 101),
		"\xff\xfe invalid \xc3 utf8 \xe2\x82",
		"a\x80b", "\xed\xa0\x80", // surrogate half
	)
	for _, enc := range encodings {
		ref := enc.codec()
		ranks := VocabularyOf(ref)
		for _, mode := range []struct {
			name  string
			ranks Ranks
		}{{"encoder", nil}, {"ranks", ranks}} {
			t.Run(enc.name+"/"+mode.name, func(t *testing.T) {
				countAll(t, NewCounter(enc.split, ref, mode.ranks), ref, inputs)
			})
		}
	}
}

func countAll(t *testing.T, c *Counter, ref Encoder, inputs []string) {
	t.Helper()
	for pass := range 2 { // the second pass runs from the cache
		for _, s := range inputs {
			want, err := ref.Count(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Count(s); got != want {
				t.Fatalf("pass %d: Count(%q) = %d, encoder %d", pass, s, got, want)
			}
		}
	}
}

// TestRanksMerge holds the counter's own merging to the encoder's, piece
// by piece, on the pieces of random text and on long runs up to the
// length it merges itself.
func TestRanksMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, enc := range encodings {
		ref := enc.codec()
		ranks := VocabularyOf(ref)
		var pieces []string
		for range 2000 {
			pieces = append(pieces, splitPieces(enc.split, randomText(r, 200))...)
		}
		for n := 1; n <= maxMergeLen; n += 17 {
			pieces = append(pieces, randomLetters(r, n), strings.Repeat("ab", n/2), strings.Repeat(" ", n))
		}
		for _, p := range pieces {
			want, _ := ref.Count(p)
			if got := ranks.count(p); got != want {
				t.Fatalf("%s: count(%q) = %d, encoder %d", enc.name, p, got, want)
			}
		}
	}
}

func randomLetters(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

func TestCounterConcurrent(t *testing.T) {
	ref := encodings[0].codec()
	c := NewCounter(SplitO200k, ref, VocabularyOf(ref))
	r := rand.New(rand.NewPCG(5, 6))
	inputs := make([]string, 400)
	want := make([]int, len(inputs))
	for i := range inputs {
		inputs[i] = randomText(r, 200)
		want[i], _ = ref.Count(inputs[i])
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range inputs {
				k := (i + g*97) % len(inputs)
				if got := c.Count(inputs[k]); got != want[k] {
					t.Errorf("Count = %d, want %d", got, want[k])
				}
			}
		})
	}
	wg.Wait()
}

// TestVocabularyOf fails when tiktoken-go no longer keeps its vocabulary
// where VocabularyOf looks: counting stays exact, but unseen pieces go to
// the slow encoder.
func TestVocabularyOf(t *testing.T) {
	for _, enc := range encodings {
		ref := enc.codec()
		v := VocabularyOf(ref)
		if len(v) < 100000 {
			t.Fatalf("%s: %d entries", enc.name, len(v))
		}
		ids, _, _ := ref.Encode(" hello")
		if len(ids) != 1 || v[" hello"] != ids[0] {
			t.Fatalf("%s: \" hello\" is %v, vocabulary says %d", enc.name, ids, v[" hello"])
		}
	}
	if VocabularyOf(struct{}{}) != nil || VocabularyOf(&struct{ vocabulary map[string]int }{}) != nil {
		t.Fatal("VocabularyOf must refuse other types")
	}
}
