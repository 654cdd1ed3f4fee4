package bpe

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkCold counts text of unseen pieces with a fresh cache each time:
// the worst case, where most pieces go to the reference encoder.
func BenchmarkCold(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	s := randomText(r, 64<<10)
	ref := encodings[0].codec()
	ranks := VocabularyOf(ref)
	b.Run("ranks", func(b *testing.B) {
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			NewCounter(SplitO200k, ref, ranks).Count(s)
		}
	})
	b.Run("encoder", func(b *testing.B) {
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			NewCounter(SplitO200k, ref, nil).Count(s)
		}
	})
}
